"""Where a player lost a forward-only game: a blunder, or lost before the end came into view.

Reads the games written by ``ai_tournament.py --records FILE`` and, for every
game the player lost in a forward-only table (no sideways steps: the standard
game), walks back from the end with the exact search (``game/solve.py``,
docs/solver.md) until a position is beyond its budget. The last position the
loser could still win is the losing move; when there is none in that stretch
the loser was already lost (with best play) there, and, since 13 and 15 geese
are fox wins from the start, possibly from the first move.

    python3 benchmarks/ai_losses.py benchmarks/results/fg13-hard-waiting.games.txt
    python3 benchmarks/ai_losses.py FILE --player hard --budget 300000
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from game import Position, Side, rules_for
from game.solve import Solver, forward_only

LINE = re.compile(
    r"^(?P<game>[\w-]+)(?:/(?P<geese>\d+))? (?P<pair>\S+) seed (?P<seed>\d+): "
    r"(?P<player>\w+) as (?P<side>fox|geese) (?P<result>won|lost|draw) in \d+ plies[^:]*: "
    r"(?P<moves>.*)$"
)


def explain(game: str, geese: int | None, side: Side, moves: list[str], budget: int) -> str:
    pos = Position(rules_for(game, geese))
    for text in moves:
        pos.push(pos.parse_move(text))
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is side.other, "not a loss"
    end = f"{outcome.termination.value}, {pos.geese} geese left"
    if not forward_only(pos):
        return end + " (not a forward-only table: no exact values)"
    solver = Solver(budget)
    lost_since = pos.ply
    while pos.ply:
        played = pos.pop()
        value = solver.solve(pos)
        if value is None:
            break
        if value[0] is side:
            best = solver.best_move(pos)
            assert best is not None
            return (
                f"{end}; ply {pos.ply + 1} ({pos.geese} geese) {played} lost a won position "
                f"(the win: {best[0]}, {value[1]} plies to the end)"
            )
        lost_since = pos.ply
    if lost_since == 0:
        return f"{end}; lost with best play from the start"
    return f"{end}; lost with best play from ply {lost_since + 1} on (earlier: beyond the budget)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("records", nargs="+", help="files written by ai_tournament.py --records")
    ap.add_argument("--player", default="hard", help="whose losses to explain")
    ap.add_argument("--budget", type=int, default=300_000, help="positions the exact search keeps")
    args = ap.parse_args(argv)
    for name in args.records:
        for line in Path(name).read_text().splitlines():
            m = LINE.match(line)
            if not m or m["player"] != args.player or m["result"] != "lost":
                continue
            geese = int(m["geese"]) if m["geese"] else None
            why = explain(m["game"], geese, Side(m["side"]), m["moves"].split(), args.budget)
            label = f"{m['game']}{'/' + m['geese'] if m['geese'] else ''} {m['pair']}"
            print(f"{label} seed {m['seed']}: {m['player']} as {m['side']}: {why}", flush=True)


if __name__ == "__main__":
    main()
