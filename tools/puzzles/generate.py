"""Find puzzles in the benchmark game records and write them to content/puzzles/.

    nice -n 15 .venv/bin/python tools/puzzles/generate.py [--seconds S] [--budget B]

Every position near the end of a recorded game (benchmarks/results/*.games.txt)
is searched for a forced win of the side to move; those that ``game.puzzles``
proves to have exactly one winning first move are kept, one per position up to
the board's mirror image, each with the record of the game that led to it (so a
page can play on from it). Each table gets ``--seconds`` of search.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from game.games import rules_for
from game.position import Position
from game.puzzles import NotAPuzzleError, OverBudgetError, Prover, mirrored
from game.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
OUT = ROOT / "content" / "puzzles"
TABLES = {
    "fg13": ("fox-and-geese", 13),
    "fg15": ("fox-and-geese", 15),
    "fg17": ("fox-and-geese", 17),
    "tf": ("two-foxes", 20),
    "lc": ("large-cross", 18),
}


def games(prefix: str) -> list[list[str]]:
    records = []
    for path in sorted(RESULTS.glob(f"{prefix}-*.games.txt")):
        for line in path.read_text().splitlines():
            head, _, moves = line.rpartition(": ")
            if head and moves:
                records.append(moves.split())
    return records


def scan(prefix: str, seconds: float, budget: int, tail: int, longest: int) -> list[dict]:
    game, geese = TABLES[prefix]
    rules = rules_for(game, geese)
    found: dict[tuple, dict] = {}
    stop = time.perf_counter() + seconds
    records = games(prefix)
    # Round-robin over the games, from the end backwards: short wins first, then longer.
    for back in range(1, tail + 1):
        for moves in records:
            if time.perf_counter() > stop or back > len(moves):
                continue
            prefix_moves = moves[: len(moves) - back]
            pos = Position(rules)
            for m in prefix_moves:
                pos.push(pos.parse_move(m))
            if pos.outcome() is not None:
                continue
            key = mirrored(pos)
            if key in found:
                continue
            prover = Prover(pos, budget=budget)
            try:
                length = prover.distance(longest)
                if length is None:
                    continue
                proof = prover.prove(length)
            except (NotAPuzzleError, OverBudgetError):
                continue
            record = GameRecord(game, geese, moves=tuple(prefix_moves)).encode()
            found[key] = {
                "record": record,
                "side": proof.side.value,
                "length": proof.length,
                "theme": proof.theme.value,
                "line": [str(s.move) for s in proof.line],
                "also": [[str(m) for m in s.also] for s in proof.line[::2]],
                "refutations": {
                    str(m): str(r)
                    for m, r in sorted(proof.refutations.items(), key=lambda i: str(i[0]))
                },
            }
            print(prefix, proof.side.value, proof.length, proof.theme.value, flush=True)
    return sorted(found.values(), key=lambda p: (p["length"], p["side"], p["record"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="search time per table")
    parser.add_argument("--budget", type=int, default=3000, help="positions per search")
    parser.add_argument("--tail", type=int, default=40, help="plies from each game's end")
    parser.add_argument("--longest", type=int, default=6, help="longest puzzle looked for")
    parser.add_argument("tables", nargs="*", default=list(TABLES))
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for prefix in args.tables:
        game, geese = TABLES[prefix]
        puzzles = scan(prefix, args.seconds, args.budget, args.tail, args.longest)
        path = OUT / f"{game}-{geese}.json"
        data = {"game": game, "geese": geese, "puzzles": puzzles}
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(path.name, len(puzzles), flush=True)


if __name__ == "__main__":
    main()
