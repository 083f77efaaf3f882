"""Play games for the puzzle generator: the computer against itself from varied openings.

    nice -n 19 .venv/bin/python tools/puzzles/selfplay.py OUT_DIR [--games N] [TABLE ...]

``--pair FOX GEESE`` fixes the levels, to aim at one side's wins (hard geese against an easy
fox give the geese-side puzzles the benchmark games lack). The benchmark records come from a
few openings and mostly end the same way (a fox taking
the last goose it needs in Two Foxes and Large Cross). These games start with a few random
moves, and pair levels unevenly (medium against easy, hard against medium, either way round)
so that both sides win and the endings differ. Each game is one line of
``OUT_DIR/<table>-selfplay.games.txt`` in the benchmark records' format, which
``generate.py --games OUT_DIR`` reads next to the benchmark records.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from generate import TABLES

from game.games import rules_for
from game.levels import choose_move
from game.position import Position

PAIRS = (
    ("medium", "easy"),
    ("easy", "medium"),
    ("medium", "medium"),
    ("hard", "medium"),
    ("medium", "hard"),
)
NODES = 4000  # per move: the same games on a busy machine
MAX_PLIES = 400


def play(
    prefix: str, seed: int, pair: tuple[str, str] | None = None, nodes: int = NODES
) -> tuple[str, list[str]]:
    game, geese = TABLES[prefix]
    rng = random.Random(seed)
    fox_level, geese_level = pair or PAIRS[seed % len(PAIRS)]
    pos = Position(rules_for(game, geese))
    moves: list[str] = []
    opening = rng.randint(2, 10)
    while pos.outcome() is None and len(moves) < MAX_PLIES:
        if len(moves) < opening:
            move = rng.choice(pos.legal_moves())
        else:
            level = fox_level if pos.turn.value == "fox" else geese_level
            move = choose_move(pos, level, seconds=30.0, seed=rng.randrange(1 << 30), nodes=nodes)
        moves.append(str(move))
        pos.push(move)
    outcome = pos.outcome()
    result = outcome.result if outcome else "unfinished"
    head = f"{game}/{geese} selfplay {fox_level}-{geese_level} seed {seed}: {result}"
    return head, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=20, help="games per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pair",
        nargs=2,
        metavar=("FOX", "GEESE"),
        help="the levels of the two sides in every game (to aim at one side's wins)",
    )
    parser.add_argument("--nodes", type=int, default=NODES, help="search nodes per move")
    parser.add_argument("tables", nargs="*", default=list(TABLES))
    args = parser.parse_intermixed_args()
    args.out.mkdir(parents=True, exist_ok=True)
    # Table by table in turn, so that an interrupted run still covers every table.
    for i in range(args.games):
        for prefix in args.tables:
            head, moves = play(prefix, args.seed + i, args.pair, args.nodes)
            with (args.out / f"{prefix}-selfplay.games.txt").open("a") as f:
                f.write(f"{head}: {' '.join(moves)}\n")
            print(head, len(moves), flush=True)


if __name__ == "__main__":
    main()
