"""Exact values of the small new games (docs/solver.md, "The new games"), on the rules of the
independent reference (tests/reference_engine.py, ``GraphRef``), not the engine's.

    python tools/solver/small.py fox-and-hounds [--first fox|geese] [--fox POINT]
                                 [--no-goal] [--fox-pass] [--json OUT]
    python tools/solver/small.py kaooa [--optional-capture] [--json OUT]

Enumerates every position that can arise from the start (with ``--fox`` the fox starts there;
``--first`` says who moves first) and solves them all by retrograde analysis: a finished
position is a win for the side the rules name; a position is won, with the plies to the end,
when some move reaches a position lost for the side then to move, lost when every move reaches
a position the other side wins, and what is never decided is a draw. The value is that of the
game without the two draw rules (no history: a position as it stands), as for the C solvers.
Wins are the quickest, losses the longest: a breadth-first retrograde reaches every position
in the order of its plies to the end.

Variants, to check a published claim rather than to play: ``--no-goal`` drops the fox's goal
(reaching a hound's start point), leaving only "a side that cannot move loses", the rule of
*Winning Ways*; ``--fox-pass`` lets the fox pass once in the game, instead of a move.
``--optional-capture`` makes Kaooa's vulture free not to jump.

Prints the start's value and the counts of positions by side to move and value.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.reference_engine import NEW_GAMES, GraphRef  # noqa: E402


class Game:
    """The reference's moves, with the variants above. A state is the reference's state, plus
    with ``fox_pass`` whether the fox may still pass."""

    def __init__(self, ref: GraphRef, fox_pass: bool):
        self.ref, self.fox_pass = ref, fox_pass
        self.start = (ref.start, True) if fox_pass else ref.start

    def winner(self, state) -> str | None:
        if not self.fox_pass:
            return self.ref.winner(state)
        inner, may_pass = state
        if self.ref.winner(inner) is None or inner[2] == "geese" or not may_pass:
            return self.ref.winner(inner)
        # A fox that could not move but may pass has a move after all.
        foxes, geese, _turn, _fh, goose_hand = inner
        if len(geese) + goose_hand < self.ref.below or foxes & self.ref.goal:
            return "fox"
        return None

    def moves(self, state) -> list:
        if not self.fox_pass:
            return [s for _, s in self.ref.moves(state)]
        if self.winner(state):
            return []
        inner, may_pass = state
        out = [(s, may_pass) for _, s in self.ref._moves(inner)]
        if inner[2] == "fox" and may_pass:
            out.append(((*inner[:2], "geese", *inner[3:]), False))
        return out


def turn(state) -> str:
    return state[0][2] if isinstance(state[0], tuple) and len(state) == 2 else state[2]


def solve(game: Game):
    """Every position reachable from the start: {state: (value, plies)}, value "fox", "geese"
    or "draw" (plies None)."""
    index = {game.start: 0}
    states, succ = [game.start], []
    i = 0
    while i < len(states):
        nxt = []
        for s in game.moves(states[i]):
            if s not in index:
                index[s] = len(states)
                states.append(s)
            nxt.append(index[s])
        succ.append(nxt)
        i += 1
    preds: list[list[int]] = [[] for _ in states]
    for a, nxt in enumerate(succ):
        for b in set(nxt):
            preds[b].append(a)
    value: list[str | None] = [None] * len(states)
    plies: list[int] = [0] * len(states)
    left = [len(set(n)) for n in succ]
    queue: deque[int] = deque()
    for a, s in enumerate(states):
        w = game.winner(s)
        if w:
            value[a] = w
            queue.append(a)
    while queue:
        b = queue.popleft()
        for a in preds[b]:
            if value[a] is not None:
                continue
            mover = turn(states[a])
            if value[b] == mover:
                value[a], plies[a] = mover, plies[b] + 1
                queue.append(a)
            else:
                left[a] -= 1
                if left[a] == 0:
                    value[a], plies[a] = value[b], plies[b] + 1
                    queue.append(a)
    return {s: ((value[a], plies[a]) if value[a] else ("draw", None)) for a, s in enumerate(states)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["fox-and-hounds", "kaooa"])
    parser.add_argument("--first", choices=["fox", "geese"])
    parser.add_argument("--fox", help="the fox's start point (Fox and Hounds)")
    parser.add_argument("--no-goal", action="store_true")
    parser.add_argument("--fox-pass", action="store_true")
    parser.add_argument("--optional-capture", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    spec = dict(NEW_GAMES[args.game])
    if args.first:
        spec["first"] = args.first
    if args.fox:
        spec["foxes"] = args.fox
    if args.no_goal:
        spec["fox_goal"] = ""
    if args.optional_capture:
        spec["forced"] = False
    NEW_GAMES[f"{args.game} (this run)"] = spec
    ref = GraphRef(f"{args.game} (this run)")
    game = Game(ref, args.fox_pass)

    t = time.process_time()
    values = solve(game)
    cpu = time.process_time() - t
    counts = Counter((turn(s), v) for s, (v, _p) in values.items())
    start = values[game.start]
    print(f"{args.game}: start {start[0]}" + (f" in {start[1]} plies" if start[1] else ""))
    longest = max((p for v, p in values.values() if v != "draw"), default=0)
    print(f"{len(values)} positions reachable, {cpu:.1f} CPU s; the longest win {longest} plies")
    for side in ("fox", "geese"):
        row = ", ".join(f"{v} {counts[(side, v)]}" for v in ("fox", "geese", "draw"))
        print(f"  {side} to move: {row}")
    if args.json:
        summary = {
            "game": args.game,
            "variant": {k: v for k, v in vars(args).items() if k not in ("game", "json")},
            "start": {"winner": start[0], "plies": start[1]},
            "positions": len(values),
            "longest_win_plies": longest,
            "by_side_to_move": {
                side: {v: counts[(side, v)] for v in ("fox", "geese", "draw")}
                for side in ("fox", "geese")
            },
        }
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
