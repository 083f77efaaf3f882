"""Exact values of forward-only positions (game/solve.py, docs/solver.md)."""

import importlib.util
import json
import math
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.boards import parse_square
from game.games import rules_for
from game.position import Position, Side
from game.solve import best_move, solve
from tests.helpers import finished_game

RULES = rules_for("fox-and-geese")


def position(fox, geese, turn=Side.FOX):
    return Position(RULES, [parse_square(fox)], [parse_square(g) for g in geese.split()], turn)


def test_a_trapped_fox_has_lost():
    # d7: every neighbour holds a goose and d5 stops the only jump (the others leave the board).
    assert solve(position("d7", "c7 e7 c6 d6 e6 d5")) == (Side.GEESE, 0)


def test_geese_that_cannot_move_have_lost():
    # Row 7 is the end of the board and nothing leads forward from a5.
    assert solve(position("d4", "c7 d7 e7 a5", Side.GEESE)) == (Side.FOX, 0)


def test_capturing_the_fourth_last_goose_wins_at_once():
    assert solve(position("d4", "d5 c1 d1 e1")) == (Side.FOX, 1)


def test_the_geese_close_the_trap_in_one_move():
    value = best_move(position("d7", "c7 e7 c6 e6 d5 c5", Side.GEESE))
    assert value is not None
    move, (winner, plies) = value
    assert (str(move), winner, plies) == ("c5-d6", Side.GEESE, 1)


def test_fewer_than_four_geese_is_a_fox_win_with_nothing_to_play():
    assert solve(position("d4", "c1 d1 e1", Side.GEESE)) == (Side.FOX, 0)


def _wins(pos, seen):
    """Whether the side to move wins: win or loss only, from the engine's moves alone."""
    key = (tuple(pos.goose_squares()), tuple(pos.foxes), pos.turn)
    if key not in seen:
        moves = pos.legal_moves()
        if not moves:
            seen[key] = pos.outcome().winner is pos.turn
        else:
            seen[key] = False
            for move in moves:
                pos.push(move)
                lost = not _wins(pos, seen)
                pos.pop()
                if lost:
                    seen[key] = True
                    break
    return seen[key]


def random_position(rng, geese, low_row):
    points = [p for p in RULES.board.points if p // 16 + 1 >= low_row]
    squares = rng.sample(points, geese + 1)
    return Position(RULES, squares[:1], squares[1:], rng.choice([Side.FOX, Side.GEESE]))


def test_values_agree_with_plain_minimax_and_with_the_values_after_each_move():
    rng = random.Random(25)
    for _ in range(20):
        pos = random_position(rng, 4, 4)
        value = solve(pos)
        assert value is not None
        winner, plies = value
        assert (winner is pos.turn) == _wins(pos, {})
        moves = pos.legal_moves()
        assert (plies == 0) == (not moves)
        after = []
        for move in moves:
            pos.push(move)
            after.append(solve(pos))
            pos.pop()
        mine = [p for w, p in after if w is pos.turn]
        # The winner hurries, the loser delays.
        if mine:
            assert (winner, plies) == (pos.turn, min(mine) + 1)
        elif moves:
            assert (winner, plies) == (pos.turn.other, max(p for _, p in after) + 1)


def test_a_budget_too_small_gives_no_answer_and_not_a_guess():
    start = Position(RULES)
    assert solve(start, budget=1000) is None and best_move(start, budget=1000) is None


@pytest.mark.parametrize("game", ["two-foxes", "large-cross"])
def test_games_with_sideways_steps_are_refused(game):
    with pytest.raises(ValueError, match="not forward-only"):
        solve(Position(rules_for(game)))
    with pytest.raises(ValueError, match="not forward-only"):
        solve(Position(rules_for("fox-and-geese", sideways=True)))


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "game", "solve", *args], capture_output=True, text=True, check=False
    )


def test_cli_prints_the_value_of_the_position_after_the_moves():
    record = finished_game("fox-and-geese", 3)
    for cut in (0, 2, 5):
        moves = record.moves[: len(record.moves) - cut]
        winner, plies = solve(record.with_moves(moves).replay())
        out = run("fox-and-geese", *moves)
        assert (out.returncode, out.stdout) == (0, f"{winner.value} {plies}\n")


def test_cli_exit_status_3_beyond_what_is_solved():
    out = run("fox-and-geese", "--geese", "17", "--budget", "1000", "d4-d5")
    assert out.returncode == 3 and out.stdout == ""
    assert "beyond what is solved" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    "args", [["two-foxes"], ["fox-and-geese", "--sideways"], ["fox-and-geese", "d4-d7"]]
)
def test_cli_refuses_what_has_no_exact_value_with_status_2(args):
    out = run(*args)
    assert (
        out.returncode == 2 and out.stderr.startswith("error: ") and "Traceback" not in out.stderr
    )


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def c_tables(tmp_path_factory):
    """tools/solver/solver.c, built here, and its tables of every position with 4-6 geese."""
    directory = tmp_path_factory.mktemp("solver")
    binary, tables = directory / "solver", directory / "tables"
    subprocess.run(["cc", str(ROOT / "tools/solver/solver.c"), "-O2", "-o", binary], check=True)
    subprocess.run([binary, "solve", tables, "6"], check=True, capture_output=True)
    return binary, tables


def test_the_c_solver_agrees_with_the_search(c_tables):
    """The C solver's tables against game/solve.py on positions with 4-6 geese."""
    binary, tables = c_tables
    index = {sq: i for i, sq in enumerate(sorted(RULES.board.points))}
    rng = random.Random(6)
    positions = [
        position("d7", "c7 e7 c6 d6 e6 d5"),
        position("d7", "c7 e7 c6 e6 d5 c5", Side.GEESE),
        position("d7", "c7 e7 c6 e6 d5 c5"),
        *(random_position(rng, rng.choice([4, 5, 6]), 5) for _ in range(30)),
    ]
    lines = [
        " ".join(
            [str(index[p.foxes[0]]), *(str(index[g]) for g in p.goose_squares()), p.turn.value]
        )
        for p in positions
    ]
    out = subprocess.run(
        [binary, "query", tables],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    expected = [solve(p)[0].value for p in positions]
    assert out.stdout.split() == expected
    assert {"fox", "geese"} <= set(expected)


def verify_logic(tables) -> subprocess.CompletedProcess:
    script = ROOT / "tools/solver/verify.py"
    argv = [sys.executable, script, tables, "6", "100", "1", "--logic"]
    return subprocess.run(argv, capture_output=True, text=True, check=False)


def test_the_one_ply_check_passes_the_tables_and_catches_a_damaged_one(c_tables, tmp_path):
    # verify.py --logic reaches layers the search cannot; here it must tell good tables from bad.
    _, tables = c_tables
    good = verify_logic(tables)
    assert good.returncode == 0, good.stdout
    assert "consistent: fox wins,  6 geese" in good.stdout
    assert "DISAGREE" not in good.stdout
    damaged = tmp_path / "damaged"
    shutil.copytree(tables, damaged)
    layer = damaged / "F6.bin"  # every fox-to-move value with six geese turned round
    layer.write_bytes(bytes(b ^ 0xFF for b in layer.read_bytes()))
    bad = verify_logic(damaged)
    assert bad.returncode == 1
    assert "DISAGREE" in bad.stdout


SIDEWAYS = rules_for("fox-and-geese", sideways=True)


def _verify_module():
    spec = importlib.util.spec_from_file_location("verify", ROOT / "tools/solver/verify.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sideways_tables(tmp_path_factory):
    """The C solver's win/loss/draw tables with sideways steps, every position with 4-6 geese."""
    directory = tmp_path_factory.mktemp("sideways")
    binary, tables = directory / "solver", directory / "tables"
    subprocess.run(["cc", str(ROOT / "tools/solver/solver.c"), "-O2", "-o", binary], check=True)
    subprocess.run([binary, "solve", tables, "6", "--sideways"], check=True, capture_output=True)
    return binary, tables


def query(binary, tables, keys):
    """The tables' answers for positions given as ((fox,), geese, side to move)."""
    index = {sq: i for i, sq in enumerate(sorted(RULES.board.points))}
    lines = [
        " ".join([str(index[fox]), *(str(index[g]) for g in geese), turn.value])
        for (fox,), geese, turn in keys
    ]
    out = subprocess.run(
        [binary, "query", tables],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def sideways_position(fox, geese, turn):
    return Position(SIDEWAYS, [parse_square(fox)], [parse_square(g) for g in geese.split()], turn)


def test_sideways_tables_agree_with_a_python_retrograde(sideways_tables):
    """Every position that can follow a trap of six geese, solved in Python from the engine's
    moves (tools/solver/verify.py, written apart from the C solver), against the tables."""
    binary, tables = sideways_tables
    root = sideways_position("d7", "c7 e7 c6 e6 d5 c5", Side.GEESE)
    values = _verify_module().retrograde(root, 60_000)
    assert values is not None
    keys = list(values)
    assert query(binary, tables, keys) == [values[k] for k in keys]
    # All three values are among them, the start among the geese wins (c5-d6 traps the fox).
    assert {"fox", "geese", "draw"} <= set(values.values())
    assert values[((root.foxes[0],), tuple(root.goose_squares()), root.turn)] == "geese"


def test_the_python_retrograde_finds_draws_wins_and_losses():
    retrograde = _verify_module().retrograde

    def value(fox, geese, turn):
        pos = sideways_position(fox, geese, turn)
        return retrograde(pos, 60_000)[((pos.foxes[0],), tuple(pos.goose_squares()), turn)]

    # Trapped; the trap closed by c5-d6; blocked geese lose.
    assert value("d7", "c7 e7 c6 d6 e6 d5", Side.FOX) == "geese"
    assert value("d7", "c7 e7 c6 e6 d5 c5", Side.GEESE) == "geese"
    assert value("d4", "c7 d7 e7 a5", Side.GEESE) == "fox"
    # Three geese stuck on row 7 and two on row 5 that can shuffle sideways for ever but
    # never trap the fox: a draw, where without sideways steps they would be blocked at once.
    assert value("d4", "c7 d7 e7 a5 b5", Side.GEESE) == "draw"


def verify_sideways(tables) -> subprocess.CompletedProcess:
    script = ROOT / "tools/solver/verify.py"
    argv = [sys.executable, script, tables, "6", "60", "1", "--sideways", "--logic"]
    return subprocess.run(argv, capture_output=True, text=True, check=False)


def test_the_sideways_one_ply_check_passes_the_tables_and_catches_a_damaged_one(
    sideways_tables, tmp_path
):
    _, tables = sideways_tables
    good = verify_sideways(tables)
    assert good.returncode == 0, good.stdout
    assert "consistent: a draw,  6 geese" in good.stdout and "consistent: fox wins" in good.stdout
    damaged = tmp_path / "damaged"
    shutil.copytree(tables, damaged)
    # Every fox-to-move position with six geese made a fox win (the win bits come first).
    for layer in damaged.glob("F6_*.bin"):
        data = layer.read_bytes()
        layer.write_bytes(b"\xff" * (len(data) // 2) + data[len(data) // 2 :])
    bad = verify_sideways(damaged)
    assert bad.returncode == 1 and "DISAGREE" in bad.stdout


def test_the_summary_adds_up_every_position_of_each_layer(sideways_tables, tmp_path):
    binary, tables = sideways_tables
    target = tmp_path / "summary.json"
    script = ROOT / "tools/solver/summary.py"
    subprocess.run([sys.executable, script, tables, "13", binary, target], check=True)
    summary = json.loads(target.read_text())
    # Layer 13 is not solved here: no value of the start rather than a guess.
    assert summary["start_fox_to_move"] is None and sorted(summary["layers"]) == ["4", "5", "6"]
    for k, layer in summary["layers"].items():
        for side in ("fox", "geese"):
            values = [layer[f"{side}_to_move_{v}"] for v in ("win", "loss", "draw")]
            assert sum(values) == math.comb(33, int(k)) * (33 - int(k))
    assert summary["layers"]["6"]["geese_to_move_win"] > 0


def test_the_forward_summary_counts_each_layer_and_the_later_run_of_a_layer(c_tables, tmp_path):
    binary, tables = c_tables
    run = tmp_path / "tables"
    shutil.copytree(tables, run)
    # A run with --start 17 rewrites layer 6 (the next layers need its G): its line replaces
    # the earlier one for the 17-geese start only.
    stats = (run / "stats.txt").read_text()
    line6 = next(line for line in stats.splitlines() if line.startswith("layer 6 start 0 "))
    rerun = line6.replace("start 0", "start 17").replace(" sets ", " sets 1").split()
    (run / "stats.txt").write_text(stats + " ".join(rerun) + "\n")
    script = ROOT / "tools/solver/summary.py"
    summaries = {}
    for maxk in (13, 17):
        target = tmp_path / f"forward-{maxk}.json"
        subprocess.run([sys.executable, script, run, str(maxk), binary, target], check=True)
        summaries[maxk] = json.loads(target.read_text())
    for summary in summaries.values():
        assert summary["sideways"] is False and summary["start_fox_to_move"] is None
        assert sorted(summary["layers"]) == ["4", "5", "6"]
        for k, layer in summary["layers"].items():
            positions = math.comb(33, int(k)) * (33 - int(k))
            assert layer["positions_per_side"] == positions
            for side in ("fox", "geese"):
                assert layer[f"{side}_to_move_win"] + layer[f"{side}_to_move_loss"] == positions
    # Six geese can trap the fox (docs/solver.md): some geese wins, as the tables have them.
    assert summaries[13]["layers"]["6"]["fox_to_move_loss"] == 12
    assert summaries[13]["layers"]["6"]["geese_to_move_win"] == 57
    six = summaries[13]["layers"]["6"]["sets"]
    assert (summaries[13]["layers"]["6"]["start"], summaries[17]["layers"]["6"]["start"]) == (0, 17)
    assert summaries[17]["layers"]["6"]["sets"] == int(f"1{six}")


def test_a_sideways_run_stopped_and_resumed_writes_the_same_tables(sideways_tables, tmp_path):
    _, tables = sideways_tables
    # Saving at every check, so a stop finds a sub-layer in progress to save and resume. Up to
    # layer 5 (a fifth of the work of layer 6): stopping and resuming is the same in any layer.
    binary, run = tmp_path / "solver", tmp_path / "run"
    source = ROOT / "tools/solver/solver.c"
    build = ["cc", str(source), "-O2", "-DCHECKPOINT_SECONDS=0", "-o", binary]
    subprocess.run(build, check=True)
    argv = [binary, "solve", run, "5", "--sideways"]
    first = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True)
    while first.poll() is None and not list(run.glob("progress5_*.part")):
        time.sleep(0.01)
    first.send_signal(signal.SIGTERM)
    assert first.wait() == 0
    assert list(run.glob("progress*.part")), "the stop saved no sub-layer in progress"
    resumed = subprocess.run(argv, capture_output=True, text=True, check=True)
    assert "resuming" in resumed.stderr
    assert not list(run.glob("*.part"))
    names = sorted(p.name for p in tables.glob("*.bin") if p.name[1:].startswith(("4_", "5_")))
    assert names == sorted(p.name for p in run.glob("*.bin"))
    for name in names:
        assert (run / name).read_bytes() == (tables / name).read_bytes(), name


def test_plies_bounds_every_win_and_flags_a_win_that_is_not_there(sideways_tables, tmp_path):
    binary, tables = sideways_tables
    good = subprocess.run(
        [binary, "solve", tables, "6", "--plies"], capture_output=True, text=True, check=False
    )
    assert good.returncode == 0, good.stdout + good.stderr
    last = good.stdout.splitlines()[-1]
    assert last.startswith("up to layer 6: at most ")
    assert last.endswith(" 0 decided positions unmarked")
    # A draw claimed as a fox win (both bits of a fox-to-move position read as win) has no
    # finite win behind it: the marking never reaches it. (In layer 5, marked in a fifth of
    # the time of layer 6.)
    damaged = tmp_path / "damaged"
    shutil.copytree(tables, damaged)
    for layer in damaged.glob("F5_*.bin"):
        data = layer.read_bytes()
        layer.write_bytes(b"\xff" * (len(data) // 2) + data[len(data) // 2 :])
    bad = subprocess.run(
        [binary, "solve", damaged, "5", "--plies"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 1
    assert not bad.stdout.splitlines()[-1].endswith(" 0 decided positions unmarked")


# -- Bagh-Chal's movement phase (tools/solver/bagh.c) ------------------------------------

BAGH_CHAL = rules_for("bagh-chal")
# The small instance the tests solve: any capture wins, so only the layer of twenty goats.
ANY_CAPTURE = replace(BAGH_CHAL, fox_wins_below=20)
BAGH_POINTS = sorted(BAGH_CHAL.board.points)
TIGER_OR_GOAT = {"fox": "tigers", "geese": "goats", "draw": "draw"}


@pytest.fixture(scope="module")
def bagh_tables(tmp_path_factory):
    """Win/loss/draw of every position with twenty goats on the board when any capture wins."""
    directory = tmp_path_factory.mktemp("bagh")
    binary, tables = directory / "bagh", directory / "tables"
    subprocess.run(["cc", str(ROOT / "tools/solver/bagh.c"), "-O2", "-o", binary], check=True)
    subprocess.run([binary, "solve", tables, "20"], check=True, capture_output=True)
    return binary, tables


def bagh_query(binary, tables, positions):
    index = {sq: i for i, sq in enumerate(BAGH_POINTS)}
    lines = [
        " ".join(str(index[sq]) for sq in [*sorted(p.foxes), *p.goose_squares()])
        + (" tigers" if p.turn is Side.FOX else " goats")
        for p in positions
    ]
    out = subprocess.run(
        [binary, "query", tables],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def bagh_position(tigers, goats, turn, rules=ANY_CAPTURE):
    return Position(rules, [parse_square(t) for t in tigers.split()], goats, turn)


def test_bagh_chal_tables_agree_with_a_python_retrograde(bagh_tables):
    """The positions whose value the Python retrograde over the engine's moves proves, from
    random roots (its graph cut at a few thousand positions), against the tables."""
    binary, tables = bagh_tables
    rng = random.Random(5)
    checked = []
    for _ in range(3):
        chosen = rng.sample(BAGH_POINTS, 24)
        root = Position(ANY_CAPTURE, chosen[:4], sorted(chosen[4:]), rng.choice(list(Side)))
        values = _verify_module().retrograde(root, 3_000, partial=True)
        checked += [(Position(ANY_CAPTURE, *k), v) for k, v in values.items() if len(k[1]) == 20]
    answers = bagh_query(binary, tables, [p for p, _ in checked])
    assert answers == [TIGER_OR_GOAT[v] for _, v in checked]
    assert len(checked) > 1_000 and {"tigers", "goats"} <= set(answers)


def test_bagh_chal_tables_know_a_trap_and_a_capture(bagh_tables):
    binary, tables = bagh_tables

    def full_board_but(tigers, hole, turn):
        taken = {parse_square(sq) for sq in [*tigers.split(), hole]}
        return bagh_position(tigers, [sq for sq in BAGH_POINTS if sq not in taken], turn)

    # Tigers in the corners, the empty point c2: no step, every jump blocked.
    trapped = full_board_but("a1 e1 a5 e5", "c2", Side.FOX)
    assert trapped.outcome().winner is Side.GEESE
    # The empty point c1: a1 jumps b1, and any capture wins here.
    capture = full_board_but("a1 e1 a5 e5", "c1", Side.FOX)
    assert bagh_query(binary, tables, [trapped, capture]) == ["goats", "tigers"]


def test_a_bagh_chal_draw_has_a_move_to_a_draw_and_none_to_a_loss(bagh_tables):
    """Draws are rare (under 1% here): found among random positions, each checked one ply
    deep with the engine's moves."""
    binary, tables = bagh_tables
    rng = random.Random(7)
    sample = []
    for _ in range(3_000):
        chosen = rng.sample(BAGH_POINTS, 24)
        sample.append(Position(ANY_CAPTURE, chosen[:4], chosen[4:], rng.choice(list(Side))))
    values = bagh_query(binary, tables, sample)
    draws = [p for p, v in zip(sample, values, strict=True) if v == "draw"][:5]
    assert draws
    for pos in draws:
        after = []
        for move in pos.legal_moves():
            pos.push(move)
            after.append(Position(ANY_CAPTURE, pos.foxes, pos.goose_squares(), pos.turn))
            pos.pop()
        values = bagh_query(binary, tables, after)
        mover = "tigers" if pos.turn is Side.FOX else "goats"
        assert "draw" in values and mover not in values


def verify_bagh(tables) -> subprocess.CompletedProcess:
    script = ROOT / "tools/solver/verify.py"
    argv = [sys.executable, script, tables, "60", "1", "--bagh-chal", "--logic"]
    return subprocess.run(argv, capture_output=True, text=True, check=False)


def test_the_bagh_chal_one_ply_check_passes_the_tables_and_catches_a_damaged_one(
    bagh_tables, tmp_path
):
    _, tables = bagh_tables
    good = verify_bagh(tables)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "consistent: goats, 20 goats" in good.stdout
    assert "consistent: tigers, 20 goats" in good.stdout
    damaged = tmp_path / "damaged"
    shutil.copytree(tables, damaged)
    # Every tigers-to-move position made a tiger win (two bits each, 1: the mover wins).
    layer = damaged / "T20.bin"
    layer.write_bytes(b"\x55" * len(layer.read_bytes()))
    bad = verify_bagh(damaged)
    assert bad.returncode == 1 and "DISAGREE" in bad.stdout
