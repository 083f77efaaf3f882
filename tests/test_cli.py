"""The command line contract in docs/architecture.md ("Contracts tests rely on")."""

import json
import subprocess
import sys

import pytest

from game import VARIANTS
from game.record import GameRecord
from game.view import view
from tests.helpers import finished_game


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (["fox-and-geese", "3"], 572),
        (["two-foxes", "3"], 778),
        (["large-cross", "3"], 438),
        (["fox-and-geese", "2", "--geese", "17", "--sideways"], 99),
        (["asalto", "4"], 8710),
        (["bagh-chal", "3"], 5052),
    ],
)
def test_perft(args, count):
    out = run("perft", *args)
    assert out.returncode == 0 and out.stdout == f"{count}\n"


def test_replay_prints_one_state_per_ply():
    out = run("replay", "fox-and-geese", "d4-d5", "c3-c4")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["ply"] for line in lines] == [0, 1, 2]
    assert [line["to_move"] for line in lines] == ["fox", "geese", "fox"]
    moves = [[m["move"] for m in line["legal"]] for line in lines]
    assert moves[0] == ["d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"]
    assert moves[1] == sorted(moves[1]) and "c3-c4" in moves[1]
    assert all(line["result"] is None and line["reason"] is None for line in lines)
    # Each line is the engine's one view of the position (game/view.py), as the API gives it.
    position = GameRecord.new("fox-and-geese").with_moves(["d4-d5", "c3-c4"]).replay()
    assert lines[2] == view(position)
    assert lines[2]["last"] == {"move": "c3-c4", "path": ["c3", "c4"], "captures": []}


@pytest.mark.parametrize("game", list(VARIANTS))
def test_replay_reports_the_result(game):
    record = finished_game(game, 5)
    outcome = record.replay().outcome()
    out = run("replay", game, *record.moves)
    last = json.loads(out.stdout.splitlines()[-1])
    assert (last["ply"], last["legal"]) == (len(record.moves), [])
    assert (last["result"], last["reason"]) == (outcome.result, outcome.termination.value)


@pytest.mark.parametrize(
    ("moves", "ply", "move"),
    [
        (["d4-d5", "d3-d2"], 2, "d3-d2"),  # illegal: backward
        (["d4-d5", "nonsense"], 2, "nonsense"),  # malformed
        (["d4-d7"], 1, "d4-d7"),
    ],
)
def test_replay_rejects_bad_moves_with_one_line_and_status_2(moves, ply, move):
    out = run("replay", "fox-and-geese", *moves)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert f"ply {ply}" in out.stderr and move in out.stderr
    assert len(out.stdout.splitlines()) == ply  # states up to the bad move


def test_every_command_starts_from_a_set_up_position():
    """--start is a version 3 record's start (docs/notation.md): every game, geese in hand."""
    for record in (
        "3.fox-and-geese.13s.-.d4-c1d1e1c3d3e3-geese",
        "3.bagh-chal.20.-.a1e1a5e5-c3-fox-19",
    ):
        parsed = GameRecord.decode(record)
        start = record.split(".")[4]
        options = ["--geese", str(parsed.geese), *(["--sideways"] if parsed.sideways else [])]
        out = run("replay", parsed.game, *options, "--start", start)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == view(parsed.replay())
        legal = len(parsed.replay().legal_moves())
        assert run("perft", parsed.game, "1", *options, "--start", start).stdout == f"{legal}\n"
    out = run("replay", "asalto", "--start", "c6d6e6-a3b3c3d3e3f3g3a4b4c4-geese")
    assert out.returncode == 2 and "fox-count" in out.stderr and "Traceback" not in out.stderr
    bad = run("replay", "fox-and-geese", "--start", "d4-c1d1e1c3d3e3-geese", "c3-c2")
    assert bad.returncode == 2 and "ply 1" in bad.stderr


def test_bad_options_fail_cleanly():
    out = run("perft", "fox-and-geese", "2", "--geese", "14")
    assert out.returncode == 2 and "14" in out.stderr and "Traceback" not in out.stderr


def test_ai_prints_a_legal_move_with_moves_before_or_after_the_options():
    for args in (
        ["two-foxes", "c7-d6", "--level", "easy", "--seed", "1"],
        ["two-foxes", "--level", "easy", "--seed", "1", "c7-d6"],
    ):
        out = run("ai", *args)
        assert out.returncode == 0, out.stderr
        legal = json.loads(run("replay", "two-foxes", "c7-d6").stdout.splitlines()[-1])["legal"]
        assert out.stdout.strip() in [m["move"] for m in legal]


def test_unknown_options_are_still_refused():
    out = run("perft", "fox-and-geese", "2", "--bogus")
    assert out.returncode == 2 and "--bogus" in out.stderr


def test_hint_prints_a_legal_move_and_its_reason():
    done = run("hint", "fox-and-geese", "--seconds", "0.2", "d4-d5", "c3-c4")
    assert done.returncode == 0, done.stderr
    hint = json.loads(done.stdout)
    state = json.loads(run("replay", "fox-and-geese", "d4-d5", "c3-c4").stdout.splitlines()[-1])
    assert hint["move"] in [m["move"] for m in state["legal"]] and hint["reason"]


def test_review_prints_a_row_per_move_then_the_turn():
    done = run("review", "two-foxes", "--nodes", "200", "c7-c6", "c4-c5")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [r["move"] for r in lines[:-1]] == ["c7-c6", "c4-c5"]
    assert set(lines[-1]) == {"turn"}
    assert run("review", "fox-and-geese", "d4-d5", "d5-d6").returncode == 2
