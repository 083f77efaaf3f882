"""Find puzzles in recorded games and write them to content/puzzles/.

    nice -n 15 .venv/bin/python tools/puzzles/generate.py [--seconds S] [--budget B]
        [--games DIR] [--no-benchmarks] [--keep K] [--side SIDE] [--threats] [TABLE ...]

Every position near the end of a recorded game (benchmarks/results/*.games.txt,
and the games in ``--games DIR`` that selfplay.py writes) is searched for a
forced win of the side to move; those that ``game.puzzles`` proves to have
exactly one winning first move are kept, one per position up to the board's
mirror image, each with the record of the game that led to it. Where that game's
history would bar the puzzle (a position before it seen twice, or the hundred-ply
counter too far on), the record starts from the position itself instead, set up
without history (a version 3 record, docs/notation.md): the same pieces and side
to move, where the draw rules cannot come into play within the line. Each table
gets ``--seconds`` of search. The puzzles already in the table's file count as
found (a run adds to them), and the set written is varied: at most ``--keep``
puzzles, taken in turn from each kind (side, length and theme), so that a
hundred quick captures do not crowd out the rest. ``--side geese --threats`` looks
only at the geese's positions where the fox threatens a capture: where it does not,
the geese nearly always have several winning moves, and no puzzle.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

from game.games import Rules, rules_for
from game.position import DRAW_PLIES, Position, Side
from game.puzzles import NotAPuzzleError, OverBudgetError, Proof, Prover, mirrored
from game.record import GameRecord
from game.setup import Start

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
OUT = ROOT / "content" / "puzzles"
TABLES = {
    "fg13": ("fox-and-geese", 13),
    "fg15": ("fox-and-geese", 15),
    "fg17": ("fox-and-geese", 17),
    "tf": ("two-foxes", 20),
    "lc": ("large-cross", 18),
    "as": ("asalto", 24),
    "bc": ("bagh-chal", 20),
}


def games(prefix: str, extra: Path | None = None, benchmarks: bool = True) -> list[list[str]]:
    records = []
    paths = []
    if benchmarks:
        # Benchmarks name a game of one table by the game itself ("bagh-chal-hard-medium").
        game, _ = TABLES[prefix]
        names = {prefix} if game == "fox-and-geese" else {prefix, game}
        paths = sorted(p for name in names for p in RESULTS.glob(f"{name}-*.games.txt"))
    if extra is not None:
        paths += sorted(extra.glob(f"{prefix}-*.games.txt"))
    for path in paths:
        for line in path.read_text().splitlines():
            head, _, moves = line.rpartition(": ")
            if head and moves:
                records.append(moves.split())
    return records


def winner(rules: Rules, moves: list[str]) -> Side | None:
    """The side that won the recorded game, if it ended in a win."""
    pos = Position(rules)
    for m in moves:
        pos.push(pos.parse_move(m))
    outcome = pos.outcome()
    return outcome.winner if outcome else None


def threatened(pos: Position) -> bool:
    """Whether the fox could capture were it its turn, the geese to move: then most of the
    geese's moves lose the win and the one that keeps it makes a puzzle, where with the fox
    helpless nearly every move wins within two more (no puzzle)."""
    return pos.turn is Side.GEESE and any(pos.can_jump(fox) for fox in pos.foxes)


def entry(record: GameRecord, proof: Proof) -> dict:
    """A puzzle as the tables' files keep it."""
    return {
        "record": record.encode(),
        "side": proof.side.value,
        "length": proof.length,
        "theme": proof.theme.value,
        "line": [str(s.move) for s in proof.line],
        "also": [[str(m) for m in s.also] for s in proof.line[::2]],
        # None: the move loses at once (officers huffed off the board).
        "refutations": {
            str(m): str(r) if r else None
            for m, r in sorted(proof.refutations.items(), key=lambda i: str(i[0]))
        },
    }


def restore(path: Path, found: dict[tuple, dict]) -> None:
    """Add the puzzles of an older file (``git show REV:content/puzzles/...``) that the prover
    now refuses for their game's history, each proven again from its position set up
    without history."""
    for puzzle in json.loads(path.read_text())["puzzles"]:
        key = key_of(puzzle["record"])
        if key in found:
            continue
        position = GameRecord.decode(puzzle["record"]).replay()
        record = GameRecord.decode(puzzle["record"]).with_moves(()).with_start(Start.of(position))
        try:
            proof = Prover(record.replay()).prove(puzzle["length"])
        except NotAPuzzleError as error:
            print("not restored:", puzzle["record"], error, flush=True)
            continue
        found[key] = entry(record, proof)


def key_of(record: str) -> tuple:
    return mirrored(GameRecord.decode(record).replay())


def scan(
    prefix: str,
    seconds: float,
    budget: int,
    tail: int,
    longest: int,
    found: dict[tuple, dict],
    extra: Path | None = None,
    benchmarks: bool = True,
    side: Side | None = None,
    skip: int = 0,
    save: Callable[[dict[tuple, dict]], object] | None = None,
    losers: bool = False,
    threats: bool = False,
) -> dict[tuple, dict]:
    """Add to ``found`` (by mirror key) the puzzles met in the table's games; ``save`` is
    called with them after each find, so that a long run stopped early keeps its work."""
    game, geese = TABLES[prefix]
    rules = rules_for(game, geese)
    # Processor time, not the clock: the same work on a busy machine.
    stop = time.process_time() + seconds
    records = [(moves, winner(rules, moves)) for moves in games(prefix, extra, benchmarks)]
    # Round-robin over the games, from the end backwards: short wins first, then longer.
    for back in range(1 + skip, tail + 1):
        for moves, won in records:
            if time.process_time() > stop or back > len(moves):
                continue
            prefix_moves = moves[: len(moves) - back]
            pos = Position(rules)
            for m in prefix_moves:
                pos.push(pos.parse_move(m))
            # A side that went on to lose seldom has a forced win: its searches are skipped
            # unless asked for (a side whose wins are rare, its missed ones).
            if pos.outcome() is not None or (not losers and won not in (None, pos.turn)):
                continue
            if side is not None and pos.turn is not side:
                continue
            if threats and not threatened(pos):
                continue
            key = mirrored(pos)
            if key in found:
                continue
            record = GameRecord(game, geese, moves=tuple(prefix_moves))
            prover = Prover(pos, budget=budget)
            if prover.repeated or prover.clock + 2 * longest - 2 >= DRAW_PLIES:
                record = record.with_moves(()).with_start(Start.of(pos))
                prover = Prover(record.replay(), budget=budget)
            try:
                length = prover.distance(longest)
                if length is None:
                    continue
                proof = prover.prove(length)
            except (NotAPuzzleError, OverBudgetError):
                continue
            found[key] = entry(record, proof)
            print(prefix, proof.side.value, proof.length, proof.theme.value, flush=True)
            if save is not None:
                save(found)
    return found


def varied(found: dict[tuple, dict], keep: int) -> list[dict]:
    """At most ``keep`` puzzles, taken in turn from each kind (side, length and theme), so
    that the rare kinds are all kept and the common ones fill what is left; within a kind the
    shortest records first (the earliest positions of their games, so the least alike)."""
    kinds: dict[tuple, list[dict]] = {}
    for puzzle in sorted(found.values(), key=lambda p: (len(p["record"]), p["record"])):
        kinds.setdefault((puzzle["side"], puzzle["length"], puzzle["theme"]), []).append(puzzle)
    groups = [kinds[k] for k in sorted(kinds)]
    chosen: list[dict] = []
    for i in range(max(map(len, groups), default=0)):
        chosen += [group[i] for group in groups if i < len(group)][: keep - len(chosen)]
    return sorted(chosen, key=lambda p: (p["length"], p["side"], p["record"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0, help="processor time per table")
    parser.add_argument("--budget", type=int, default=3000, help="positions per search")
    parser.add_argument("--tail", type=int, default=40, help="plies from each game's end")
    parser.add_argument("--longest", type=int, default=6, help="longest puzzle looked for")
    parser.add_argument("--games", type=Path, help="a folder of more games (selfplay.py)")
    parser.add_argument(
        "--no-benchmarks", action="store_true", help="only the --games (benchmarks done before)"
    )
    parser.add_argument("--skip", type=int, default=0, help="plies at each game's end not tried")
    parser.add_argument(
        "--losers", action="store_true", help="search the side that lost the game too"
    )
    parser.add_argument(
        "--threats",
        action="store_true",
        help="only positions of the geese to move with a capture of the fox threatening",
    )
    parser.add_argument("--side", choices=[s.value for s in Side], help="puzzles of one side")
    parser.add_argument("--keep", type=int, default=48, help="puzzles per table, at most")
    parser.add_argument(
        "--restore", type=Path, help="an older file of the table whose puzzles are proven again"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="where the tables' files are")
    parser.add_argument("tables", nargs="*", default=list(TABLES))
    args = parser.parse_intermixed_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for prefix in args.tables:
        game, geese = TABLES[prefix]
        path = args.out / f"{game}-{geese}.json"
        known = json.loads(path.read_text())["puzzles"] if path.exists() else []
        found = {key_of(p["record"]): p for p in known}
        if args.restore is not None:
            restore(args.restore, found)

        def save(found: dict[tuple, dict], path: Path = path, table: tuple = (game, geese)) -> int:
            puzzles = varied(found, args.keep)
            data = {"game": table[0], "geese": table[1], "puzzles": puzzles}
            path.write_text(json.dumps(data, indent=1) + "\n")
            return len(puzzles)

        found = scan(
            prefix,
            args.seconds,
            args.budget,
            args.tail,
            args.longest,
            found,
            args.games,
            not args.no_benchmarks,
            Side(args.side) if args.side else None,
            args.skip,
            save,
            args.losers,
            args.threats,
        )
        print(path.name, save(found), flush=True)


if __name__ == "__main__":
    main()
