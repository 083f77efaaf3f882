"""Perft speed: leaves per second at depth 5 (default) for every game, in this Python.

python benchmarks/perft.py [--depth N] [--repeat N]
"""

import argparse
import sys
import time

from game import Position, perft, rules_for

CONFIGS = [
    ("fox-and-geese", 13, False),
    ("fox-and-geese", 17, True),
    ("two-foxes", None, False),
    ("large-cross", None, False),
    ("asalto", None, False),
    ("bagh-chal", None, False),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs")
    args = parser.parse_args()
    print(
        f"{sys.implementation.name} {sys.version.split()[0]}, "
        f"depth {args.depth}, best of {args.repeat}"
    )
    print(f"{'game':<28}{'leaves':>10}{'seconds':>10}{'leaves/s':>12}")
    for game, geese, sideways in CONFIGS:
        best, leaves = float("inf"), 0
        for _ in range(args.repeat):
            position = Position(rules_for(game, geese, sideways))
            start = time.perf_counter()
            leaves = perft(position, args.depth)
            best = min(best, time.perf_counter() - start)
        label = game + (f" ({geese}{' sideways' if sideways else ''})" if geese else "")
        print(f"{label:<28}{leaves:>10}{best:>10.3f}{leaves / best:>12,.0f}")


if __name__ == "__main__":
    main()
