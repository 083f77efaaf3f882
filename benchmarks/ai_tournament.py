"""Computer-opponent tournament: each level against the next weaker one and against random play.

Each pairing plays both sides in turn (half the games with the stronger level
as the fox side, half as the geese). Prints win/draw/loss for the stronger
level, its score (win 1, draw 1/2) and the mean seconds per move of each level.

    python3 benchmarks/ai_tournament.py --games 20 --seconds 1.0 --jobs 1
    python3 benchmarks/ai_tournament.py --only fox-and-geese --pairings hard-medium --games 10
    python3 benchmarks/ai_tournament.py --pairings hard-hard --opening 2 --games 10
    python3 benchmarks/ai_tournament.py --speed        # nodes per second of the hard search

``hard-hard`` shows which side a game favours: hard has no noise, so its
games differ only through ``--opening``, a few random plies played first.

Goals: hard >= 70% against medium, medium >= 70% against easy, every level
>= 95% against random, hard <= 1 s per move. Games are seeded (``--seed``);
with a time budget the depth the hard level reaches depends on machine load,
so repeated runs can differ slightly. The full default run (400 games) takes
about 40 minutes at ``--seconds 0.3 --jobs 1`` (18 at ``--jobs 2`` on two idle
cores) and well over an hour at 1 s (44 minutes at ``--jobs 2``). At 20 games
a row can move by 20 points from one ``--seed`` to the next (medium-easy rows
measured at seeds 1-3).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Position, Side, rules_for
from game.ai import choose_move, search

CONFIGS = (("fox-and-geese", 13), ("fox-and-geese", 17), ("two-foxes", None), ("large-cross", None))
PAIRINGS = "hard-medium,medium-easy,easy-random,medium-random,hard-random"


def play(task):
    """One game; returns (task, winner side or None, plies, {level: [seconds, moves, longest]})."""
    game, geese, strong, weak, strong_side, seed, seconds, opening = task
    pos = Position(rules_for(game, geese))
    rng = random.Random(seed)
    while pos.ply < opening and pos.outcome() is None:
        pos.push(rng.choice(pos.legal_moves()))
    players = {strong_side: strong, strong_side.other: weak}
    timing = {strong: [0.0, 0, 0.0], weak: [0.0, 0, 0.0]}
    while (outcome := pos.outcome()) is None:
        level = players[pos.turn]
        t = time.perf_counter()
        if level == "random":
            move = rng.choice(pos.legal_moves())
        else:
            move = choose_move(pos, level, seconds, seed=rng.getrandbits(32))
        took = time.perf_counter() - t
        timing[level][0] += took
        timing[level][1] += 1
        timing[level][2] = max(timing[level][2], took)
        pos.push(move)
    return task, outcome.winner, pos.ply, timing


def speed(seconds: float) -> None:
    """Nodes per second and depth reached by one hard search, from the start and from mid-game."""
    print(f"{'game':<17} {'position':<22} {'depth':>5} {'nodes':>7} {'nodes/s':>8}")
    for game, geese in CONFIGS:
        rng = random.Random(7)
        pos = Position(rules_for(game, geese))
        for label, plies in (
            ("start, fox to move", 0),
            ("start, geese to move", 1),
            ("after 20 random plies", 19),
        ):
            while pos.ply < plies and pos.outcome() is None:
                pos.push(rng.choice(pos.legal_moves()))
            t = time.perf_counter()
            _, _, depth, nodes = search(pos, seconds=seconds)
            rate = nodes / (time.perf_counter() - t)
            print(
                f"{game + ('/' + str(geese) if geese else ''):<17} {label:<22} {depth:>5} {nodes:>7} {rate:>8.0f}"
            )


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=20, help="games per pairing and game (even)")
    ap.add_argument("--seconds", type=float, default=1.0, help="time budget per move")
    ap.add_argument("--jobs", type=int, default=2, help="games played in parallel")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairings", default=PAIRINGS, help="comma-separated STRONG-WEAK level pairs")
    ap.add_argument(
        "--opening", type=int, default=0, help="random plies played before the levels take over"
    )
    ap.add_argument(
        "--only",
        help="restrict to game ids / pairings containing this text, e.g. two-foxes or hard",
    )
    ap.add_argument(
        "--speed", action="store_true", help="only measure the hard search's nodes per second"
    )
    args = ap.parse_args(argv)
    if args.speed:
        speed(args.seconds)
        return
    tasks = []
    for game, geese in CONFIGS:
        for strong, weak in (pair.split("-") for pair in args.pairings.split(",")):
            label = f"{game}{'/' + str(geese) if geese else ''} {strong}-{weak}"
            if args.only and args.only not in label:
                continue
            for i in range(args.games):
                side = Side.FOX if i % 2 == 0 else Side.GEESE
                tasks.append(
                    (
                        game,
                        geese,
                        strong,
                        weak,
                        side,
                        args.seed * 100_003 + i,
                        args.seconds,
                        args.opening,
                    )
                )
    started = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        for result in pool.imap_unordered(play, tasks):
            results.append(result)
            print(f"\r{len(results)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    results.sort(key=lambda r: tasks.index(r[0]))  # table rows in task order
    rows: dict[tuple, dict] = {}
    for (game, geese, strong, weak, side, *_), winner, plies, timing in results:
        row = rows.setdefault(
            (game, geese, strong, weak),
            {
                "fox": [0, 0, 0],
                "geese": [0, 0, 0],
                "plies": 0,
                "n": 0,
                "time": {strong: [0.0, 0, 0.0], weak: [0.0, 0, 0.0]},
            },
        )
        wdl = row[side.value]
        wdl[0 if winner is side else 1 if winner is None else 2] += 1
        row["plies"] += plies
        row["n"] += 1
        for level, (secs, count, longest) in timing.items():
            row["time"][level][0] += secs
            row["time"][level][1] += count
            row["time"][level][2] = max(row["time"][level][2], longest)
    print(
        f"{len(tasks)} games, --seconds {args.seconds}, --seed {args.seed}, "
        f"--opening {args.opening}, {time.perf_counter() - started:.0f} s wall\n"
    )
    head = (
        f"{'game':<17} {'pairing':<14} {'as fox W/D/L':>12} {'as geese W/D/L':>14} {'score':>6} "
        f"{'s/move':>13} {'max s':>5} {'plies':>5}"
    )
    print(head)
    print("-" * len(head))
    for (game, geese, strong, weak), row in rows.items():
        name = f"{game}{'/' + str(geese) if geese else ''}"
        w = row["fox"][0] + row["geese"][0]
        d = row["fox"][1] + row["geese"][1]
        score = (w + d / 2) / row["n"]
        per = [row["time"][lv][0] / max(1, row["time"][lv][1]) for lv in (strong, weak)]
        print(
            f"{name:<17} {strong + '-' + weak:<14} {'/'.join(map(str, row['fox'])):>12} "
            f"{'/'.join(map(str, row['geese'])):>14} {score:>6.0%} "
            f"{per[0]:>6.2f} {per[1]:>6.2f} {row['time'][strong][2]:>5.2f} {row['plies'] / row['n']:>5.0f}"
        )
    print(
        "\nW/D/L and score are for the first (stronger) level; s/move: mean seconds per move of the\n"
        "first and second level; max s: the first level's longest move."
    )


if __name__ == "__main__":
    main()
