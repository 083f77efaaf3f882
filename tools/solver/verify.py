"""Cross-check the C solver's tables against the engine's exact search (game/solve.py).

    python tools/solver/verify.py DIR MAXK COUNT [SEED] [--games] [--logic]

Draws COUNT random positions with 4..MAXK geese (as many geese wins as the
table finds, one in twenty of the fox wins), answers each with the pure Python
search (skipping those beyond its budget) and with ``solver query DIR``,
and prints the counts. Exit status 1 on any disagreement. With ``--games`` the
positions are the last plies of random games from the 13-, 15- and 17-geese
starts instead, which reach the big layers where the search can still finish.

With ``--logic`` each position (drawn as above, from any ply of the games
with ``--games``) is checked one ply deep instead of by the
search, so every layer can be checked, however far from the end: its value in
the table must be what the engine's own legal moves and outcomes make of the
table's values one move later (the side to move wins iff some move reaches a
position it wins). This checks the solver's moves and its layer wiring against
the engine's rules where the Python search cannot reach the end.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.games import rules_for  # noqa: E402
from game.position import Position, Side  # noqa: E402
from game.solve import Solver  # noqa: E402

RULES = rules_for("fox-and-geese")
POINTS = sorted(RULES.board.points)
INDEX = {sq: i for i, sq in enumerate(POINTS)}


def random_position(rng: random.Random, maxk: int) -> Position:
    geese = rng.randint(4, maxk)
    if rng.random() < 0.5:
        # Geese high up leave few goose moves, so the Python search stays within its budget.
        room = [sq for sq in POINTS if sq // 16 + 1 >= rng.choice([3, 4, 4, 5])]
        squares = rng.sample(room if len(room) > geese else POINTS, geese)
        fox = rng.choice([sq for sq in POINTS if sq not in squares])
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
        pos = Position(rules_for("fox-and-geese", rng.choice([13, 15, 17])))
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


def main() -> int:
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
        fox = INDEX[pos.foxes[0]]
        geese = " ".join(str(INDEX[sq]) for sq in pos.goose_squares())
        query.stdin.write(f"{fox} {geese} {pos.turn.value}\n")
        query.stdin.flush()
        return query.stdout.readline().strip()

    def by_the_rules(pos: Position) -> str | None:
        """The winner as one ply of the engine's moves makes it from the table, or None
        where a position one move later is not in the tables."""
        outcome = pos.outcome()
        if outcome is not None:
            assert outcome.winner is not None  # forward-only: no draws
            return outcome.winner.value
        mover = pos.turn.value
        for move in pos.legal_moves():
            pos.push(move)
            after = pos.outcome()
            value = after.winner.value if after and after.winner else table(pos)
            pos.pop()
            if value == "?":
                return None
            if value == mover:
                return mover
        return pos.turn.other.value

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

    logic = "--logic" in sys.argv
    check, agree, unknown = (
        (by_the_rules, "consistent", "not in the tables")
        if logic
        else (by_search, "agree", "beyond the Python budget")
    )

    def draw() -> Position:
        # One ply deep, every ply of a game can be checked; the search reaches only the end.
        return game_tail(rng, maxk, 0 if logic else 12) if games else random_position(rng, maxk)

    for i in range(count):
        if i % 100 == 0:
            print(i, dict(tally), file=sys.stderr, flush=True)
        # Geese wins are rare among random positions: keep every one the table finds and
        # one fox win in twenty, so both answers are checked often.
        pos = draw()
        # "?": not in the tables (a top layer keeps no geese-to-move table).
        while (answer := table(pos)) == "?" or (answer == "fox" and rng.random() > 0.05):
            pos = draw()
        expected = check(pos)
        if expected is None:
            tally[unknown] += 1
        elif answer == expected:
            tally[f"{agree}: {answer} wins, {pos.geese:2d} geese"] += 1
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
