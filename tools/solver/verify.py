"""Cross-check the C solver's tables against the engine's exact search (game/solve.py).

    python tools/solver/verify.py DIR MAXK COUNT [SEED] [--games] [--logic] [--sideways]

Draws COUNT random positions with 4..MAXK geese (as many geese wins as the
table finds, one in twenty of the fox wins), answers each with the pure Python
search (skipping those beyond its budget) and with ``solver query DIR``,
and prints the counts. Exit status 1 on any disagreement. With ``--games`` the
positions are the last plies of random games from the 13-, 15- and 17-geese
starts instead, which reach the big layers where the search can still finish.

With ``--sideways`` the tables are those of ``solver solve DIR MAXK --sideways``
(geese may also step sideways; values fox, geese or draw). The search is then
an independent retrograde analysis in Python over the engine's own moves: every
position that can follow the drawn one (at most ``--budget`` of them, default
20,000; the draw rules play no part, as in the tables) is solved, and each of
them is checked against the tables, so one drawn position checks thousands.
The positions are drawn near the end (geese in the top rows), where that
graph is small.

With ``--logic`` each position (drawn as above, from any ply of the games
with ``--games``) is checked one ply deep instead of by the
search, so every layer can be checked, however far from the end: its value in
the table must be what the engine's own legal moves and outcomes make of the
table's values one move later (the side to move wins iff some move reaches a
position it wins). This checks the solver's moves and its layer wiring against
the engine's rules where the Python search cannot reach the end.

    python tools/solver/verify.py DIR COUNT [SEED] --bagh-chal [--logic] [--budget N]
    python tools/solver/verify.py DIR --bagh-chal --whole-layer

Bagh-Chal's movement phase (``bagh solve DIR [LOW]``, tools/solver/bagh.c): COUNT
positions of random games (placement, then movement with captures), each checked one
ply deep with ``--logic``; without it, positions of the lowest layer (one capture from
the end) checked by the Python retrograde cut at ``--budget`` positions, every position
whose win or loss it proves checked against the tables. ``--whole-layer`` needs tables
solved with LOW 20 (any capture wins): the Python retrograde solves all 531,300
positions of that layer, draws included, and each is checked.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.games import Rules, rules_for  # noqa: E402
from game.position import Position, Side  # noqa: E402
from game.solve import Solver  # noqa: E402

SIDEWAYS = "--sideways" in sys.argv
RULES = rules_for("fox-and-geese", sideways=SIDEWAYS)
POINTS = sorted(RULES.board.points)
INDEX = {sq: i for i, sq in enumerate(POINTS)}


def random_position(rng: random.Random, maxk: int, near_end: bool = False) -> Position:
    geese = rng.randint(4, maxk)
    # With sideways steps only geese in the top rows leave a graph small enough to solve.
    if near_end or rng.random() < 0.5:
        # Geese high up leave few goose moves, so the Python search stays within its budget.
        lowest = rng.choice([5, 6, 6]) if SIDEWAYS else rng.choice([3, 4, 4, 5])
        room = [sq for sq in POINTS if sq // 16 + 1 >= lowest]
        squares = rng.sample(room if len(room) > geese else POINTS, geese)
        # The fox among the geese half the time, where they can trap it.
        near = [sq for sq in room if sq not in squares] if rng.random() < 0.5 else []
        fox = rng.choice(near or [sq for sq in POINTS if sq not in squares])
    else:
        # The fox high up with geese around it: the positions the geese can win.
        fox = rng.choice([sq for sq in POINTS if sq // 16 >= 4])
        near = [
            sq
            for sq in POINTS
            if sq != fox and abs(sq // 16 - fox // 16) <= 2 and abs(sq % 16 - fox % 16) <= 2
        ]
        squares = rng.sample(near, min(geese, len(near)))
    return Position(RULES, [fox], squares, rng.choice([Side.FOX, Side.GEESE]))


def game_tail(rng: random.Random, maxk: int, tail: int = 12) -> Position:
    """A position from the last ``tail`` plies of a random forward-only game (0: any ply)."""
    while True:
        pos = Position(rules_for("fox-and-geese", rng.choice([13, 15, 17]), sideways=SIDEWAYS))
        seen = []
        while moves := pos.legal_moves():
            # A fox that rarely captures lets the geese climb, as in real games.
            quiet = [m for m in moves if not m.jump]
            pool = quiet if quiet and rng.random() < 0.8 else moves
            pos.push(rng.choice(pool))
            if pos.geese <= maxk:
                seen.append(Position(RULES, pos.foxes, pos.goose_squares(), pos.turn))
        if seen:
            return rng.choice(seen[-tail:] if tail else seen)


Key = tuple[tuple[int, ...], tuple[int, ...], Side]


def key_of(pos: Position) -> Key:
    return tuple(sorted(pos.foxes)), tuple(pos.goose_squares()), pos.turn


def retrograde(
    root: Position, budget: int, *more: Position, partial: bool = False
) -> dict[Key, str] | None:
    """Win / loss / draw of every position that can follow ``root`` (and ``more``), ignoring
    the draw rules (a fresh position per node: no history, no clock, no geese in hand), or
    None beyond ``budget``. With ``partial``, beyond the budget the graph is cut: positions
    past the cut stay unknown, and only the positions whose win or loss is proven
    whatever they hold are returned (no draws: a draw needs the whole graph).

    Written apart from the C solvers: the graph from the engine's moves, then the
    textbook retrograde with a counter of undecided moves per position.
    """
    successors: dict[Key, list[Key]] = {}
    predecessors: dict[Key, list[Key]] = {}
    winner: dict[Key, Side] = {}
    todo = [key_of(p) for p in (root, *more)]
    seen = set(todo)
    cut = False
    while todo:
        node = todo.pop()
        pos = Position(root.rules, node[0], node[1], node[2])
        outcome = pos.outcome()
        successors[node] = []
        if outcome is not None:
            assert outcome.winner is not None  # a fresh position: no draw rule applies
            winner[node] = outcome.winner
            continue
        for move in pos.legal_moves():
            pos.push(move)
            after = key_of(pos)
            pos.pop()
            successors[node].append(after)
            predecessors.setdefault(after, []).append(node)
            if after not in seen:
                if len(seen) >= budget:
                    if not partial:
                        return None
                    cut = True
                    continue
                seen.add(after)
                todo.append(after)
    undecided = {node: len(moves) for node, moves in successors.items()}
    queue = list(winner)
    while queue:
        node = queue.pop()
        for before in predecessors.get(node, []):
            if before in winner:
                continue
            if before[2] is winner[node]:
                winner[before] = winner[node]  # a move to a won position
                queue.append(before)
            else:
                undecided[before] -= 1
                if undecided[before] == 0:  # every move loses
                    winner[before] = winner[node]
                    queue.append(before)
    if cut:
        return {node: side.value for node, side in winner.items() if node in successors}
    return {node: winner[node].value if node in winner else "draw" for node in successors}


BAGH_CHAL = rules_for("bagh-chal")
TIGER_OR_GOAT = {"fox": "tigers", "geese": "goats", "draw": "draw"}


def bagh_sample(rules: Rules, rng: random.Random) -> Position:
    """A position of the movement phase with at least as many goats as the tables hold:
    half of them uniform, half from random games (the placement, then moves, captures
    taken one time in three while the tables still hold the goats left)."""
    points = sorted(rules.board.points)
    fewest = rules.fox_wins_below
    if rng.random() < 0.5:
        chosen = rng.sample(points, 4 + rng.randint(fewest, 20))
        return Position(rules, chosen[:4], sorted(chosen[4:]), rng.choice(list(Side)))
    while True:
        pos, seen = Position(BAGH_CHAL), []
        while (moves := pos.legal_moves()) and pos.ply < 300 and pos.geese + pos.hand >= fewest:
            jumps = [m for m in moves if m.jump]
            take = jumps and pos.geese + pos.hand > fewest and rng.random() < 0.3
            pos.push(rng.choice(jumps if take else [m for m in moves if not m.jump] or moves))
            if pos.hand == 0 and pos.geese >= fewest:
                seen.append(Position(rules, pos.foxes, pos.goose_squares(), pos.turn))
        if seen:
            return rng.choice(seen)


def bagh_main(directory: str) -> int:
    # A folder of its own: runs at the same time (the tests) each build their binary.
    binary = Path(tempfile.mkdtemp(prefix="bagh-verify-")) / "bagh"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(ROOT / "tools/solver/bagh.c")], check=True)
    query = subprocess.Popen(
        [str(binary), "query", directory], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    points = sorted(BAGH_CHAL.board.points)
    index = {sq: i for i, sq in enumerate(points)}
    tally: Counter[str] = Counter()

    def table(pos: Position) -> str:
        assert query.stdin and query.stdout
        pieces = [*sorted(pos.foxes), *pos.goose_squares()]
        side = "tigers" if pos.turn is Side.FOX else "goats"
        query.stdin.write(" ".join(str(index[sq]) for sq in pieces) + f" {side}\n")
        query.stdin.flush()
        return query.stdout.readline().strip()

    def check(pos: Position, expected: str, what: str) -> None:
        answer = table(pos)
        if answer == expected:
            tally[f"{what}: {answer}, {pos.geese} goats"] += 1
        else:
            tally["DISAGREE"] += 1
            print("disagree:", key_of(pos), answer, expected)

    def by_the_rules(pos: Position) -> str | None:
        outcome = pos.outcome()
        if outcome is not None:
            assert outcome.winner is not None
            return TIGER_OR_GOAT[outcome.winner.value]
        mover = "tigers" if pos.turn is Side.FOX else "goats"
        values = set()
        for move in pos.legal_moves():
            pos.push(move)
            after = pos.outcome()
            value = TIGER_OR_GOAT[after.winner.value] if after and after.winner else table(pos)
            pos.pop()
            if value == "?":
                return None
            if value == mover:
                return mover
            values.add(value)
        return "draw" if "draw" in values else ("goats" if mover == "tigers" else "tigers")

    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 1)
    # The tables' lowest layer: fewer goats than that is a tiger win (five captures: 16).
    low = min(int(name.stem[1:]) for name in Path(directory).glob("G*.bin"))
    rules = replace(BAGH_CHAL, fox_wins_below=low)
    if "--whole-layer" in sys.argv:
        # Every position of the 20-goat layer when any capture wins: one retrograde over all.
        assert low == 20, "--whole-layer needs tables solved with LOW 20"
        starts = [
            Position(rules, tigers, [p for p in points if p not in tigers and p != hole], turn)
            for tigers in combinations(points, 4)
            for hole in points
            if hole not in tigers
            for turn in (Side.FOX, Side.GEESE)
        ]
        # The captures' ends (19 goats, tiger wins by the rule) are in the graph as well.
        values = retrograde(starts[0], 4 * len(starts), *starts[1:])
        assert values is not None
        for node, value in values.items():
            if len(node[1]) == 20:
                check(Position(rules, *node), TIGER_OR_GOAT[value], "agree")
    else:
        count = int(sys.argv[2])
        budget = int(sys.argv[sys.argv.index("--budget") + 1]) if "--budget" in sys.argv else 20_000
        # Tiger wins are most of the positions: keep every other value, one tiger win in five.
        keep = {"goats": 1.0, "draw": 1.0, "tigers": 0.2}
        for _ in range(count):
            if "--logic" in sys.argv:
                pos = bagh_sample(rules, rng)
                while rng.random() > keep.get(table(pos), 1.0):
                    pos = bagh_sample(rules, rng)
                expected = by_the_rules(pos)
                if expected is None:
                    tally["not in the tables"] += 1
                else:
                    check(pos, expected, "consistent")
                continue
            # One capture from the end: any capture wins, so the graph stays in the layer.
            chosen = rng.sample(points, 4 + low)
            pos = Position(rules, chosen[:4], sorted(chosen[4:]), rng.choice(list(Side)))
            values = retrograde(pos, budget, partial=True)
            assert values is not None
            tally["retrograde roots"] += 1
            for node, value in values.items():
                if len(node[1]) >= low:  # not the captures' ends, tiger wins by the rule
                    check(Position(rules, *node), TIGER_OR_GOAT[value], "agree (proven)")
    assert query.stdin
    query.stdin.close()
    query.wait()
    for key in sorted(tally):
        print(f"{tally[key]:7d}  {key}")
    return 1 if tally["DISAGREE"] else 0


def main() -> int:
    if "--bagh-chal" in sys.argv:
        return bagh_main(sys.argv[1])
    directory, maxk, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    games = "--games" in sys.argv
    binary = Path("/tmp/solver-verify-bin")
    subprocess.run(
        ["cc", "-O2", "-o", str(binary), str(ROOT / "tools/solver/solver.c")], check=True
    )
    query = subprocess.Popen(
        [str(binary), "query", directory],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert query.stdin and query.stdout
    tally: Counter[str] = Counter()

    def table(pos: Position) -> str:
        assert query.stdin and query.stdout
        if pos.geese < RULES.fox_wins_below:
            return "fox"
        fox = INDEX[pos.foxes[0]]
        geese = " ".join(str(INDEX[sq]) for sq in pos.goose_squares())
        query.stdin.write(f"{fox} {geese} {pos.turn.value}\n")
        query.stdin.flush()
        return query.stdout.readline().strip()

    def by_the_rules(pos: Position) -> str | None:
        """The winner as one ply of the engine's moves makes it from the table, or None
        where a position one move later is not in the tables."""
        pos = Position(RULES, pos.foxes, pos.goose_squares(), pos.turn)  # no history
        outcome = pos.outcome()
        if outcome is not None:
            assert outcome.winner is not None  # a fresh position: no draw rule applies
            return outcome.winner.value
        mover, values = pos.turn.value, set()
        for move in pos.legal_moves():
            pos.push(move)
            after = pos.outcome()
            value = after.winner.value if after and after.winner else table(pos)
            pos.pop()
            if value == "?":
                return None
            if value == mover:
                return mover
            values.add(value)
        # With sideways steps a move to a drawn position saves the side to move from losing.
        return "draw" if "draw" in values else pos.turn.other.value

    solver = Solver()

    def by_search(pos: Position) -> str | None:
        """The winner by the Python search, or None beyond its budget."""
        nonlocal solver
        if len(solver.memo) > 2_000_000:
            solver = Solver()  # bounded memory
        # A few thousand new positions each: the search is slow, the sample is what counts.
        solver.budget = len(solver.memo) + 5_000
        value = solver.solve(pos)
        return None if value is None else value[0].value

    budget = 20_000
    if "--budget" in sys.argv:
        budget = int(sys.argv[sys.argv.index("--budget") + 1])

    def by_retrograde(pos: Position) -> str | None:
        """With sideways steps: the retrograde's value of ``pos``; every other position it
        solved is checked against the tables on the way (counted apart)."""
        values = retrograde(pos, budget)
        if values is None:
            return None
        root = key_of(pos)
        for node, value in values.items():
            if node == root:
                continue
            after = Position(RULES, node[0], node[1], node[2])
            answer = table(after)
            if answer == value:
                tally[f"agree, after it: {value}, {after.geese:2d} geese"] += 1
            elif answer != "?":
                tally["DISAGREE"] += 1
                print("disagree:", node, answer, value)
        return values[root]

    logic = "--logic" in sys.argv
    check, agree, unknown = (
        (by_the_rules, "consistent", "not in the tables")
        if logic
        else (by_retrograde if SIDEWAYS else by_search, "agree", "beyond the Python budget")
    )

    def draw() -> Position:
        # One ply deep, every ply of a game can be checked; the search reaches only the end.
        if games:
            return game_tail(rng, maxk, 0 if logic else 12)
        return random_position(rng, maxk, near_end=SIDEWAYS and not logic)

    # Geese wins are rare among random positions: keep every one the table finds and
    # one fox win in twenty (draws, with sideways steps, one in three).
    keep = {"geese": 1.0, "draw": 0.3, "fox": 0.05}
    for i in range(count):
        if i % 100 == 0:
            print(i, dict(tally), file=sys.stderr, flush=True)
        pos = draw()
        # "?": not in the tables (a top layer keeps no geese-to-move table).
        while (answer := table(pos)) == "?" or rng.random() > keep[answer]:
            pos = draw()
        expected = check(pos)
        if expected is None:
            tally[unknown] += 1
        elif answer == expected:
            won = "a draw" if answer == "draw" else f"{answer} wins"
            tally[f"{agree}: {won}, {pos.geese:2d} geese"] += 1
        else:
            tally["DISAGREE"] += 1
            print("disagree:", pos.foxes, pos.goose_squares(), pos.turn, answer, expected)
    query.stdin.close()
    query.wait()
    for key in sorted(tally):
        print(f"{tally[key]:7d}  {key}")
    return 1 if tally["DISAGREE"] else 0


if __name__ == "__main__":
    sys.exit(main())
