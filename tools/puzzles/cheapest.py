"""Look for long puzzles in the recorded positions whose proof is cheapest, cheapest first.

    nice -n 15 .venv/bin/python tools/puzzles/cheapest.py TABLE OUT.jsonl [--side SIDE]
        [--length N] [--budget B] [--proof-budget P] [--games DIR]

Every position of every recorded game (not only the last plies, as generate.py looks), the
side to move the game's winner and with more than one legal move, ordered by the number of
its moves times the average number of replies: the positions where an exhaustive proof costs
least. Each is searched for a win within ``--length`` moves under ``--budget`` positions,
and a win in exactly that many proven under ``--proof-budget`` more, so that only the puzzles the
tests can prove again quickly are kept. Each puzzle found is one line of OUT.jsonl, as
generate.py writes a puzzle; a run goes on from the puzzles already there and in the table's
file. Stop it when it has found enough: the positions further down cost more.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from generate import OUT, TABLES, entry, games, key_of, winner

from game.games import rules_for
from game.position import DRAW_PLIES, Position, Side
from game.puzzles import NotAPuzzleError, OverBudgetError, Prover, mirrored
from game.record import GameRecord
from game.setup import Start


def candidates(prefix: str, known: set, side: Side | None, extra: Path | None) -> list:
    """The positions not yet known, each as (cost, moves before it), cheapest first."""
    game, geese = TABLES[prefix]
    rules = rules_for(game, geese)
    found: dict[tuple, tuple[float, list[str]]] = {}
    for moves in games(prefix, extra):
        won = winner(rules, moves)
        pos = Position(rules)
        for i, text in enumerate(moves):
            if pos.outcome() is None and won in (None, pos.turn) and side in (None, pos.turn):
                key = mirrored(pos)
                mine = pos.legal_moves()
                if key not in known and key not in found and len(mine) > 1:
                    replies = 0
                    for move in mine:
                        pos.push(move)
                        replies += len(pos.legal_moves())
                        pos.pop()
                    # Moves times the average number of replies: the replies, all of them.
                    found[key] = (float(replies), moves[:i])
            pos.push(pos.parse_move(text))
    return sorted(found.values(), key=lambda c: c[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", choices=list(TABLES))
    parser.add_argument("out", type=Path)
    parser.add_argument("--side", choices=[s.value for s in Side])
    parser.add_argument("--length", type=int, default=5, help="the puzzles' length, in moves")
    parser.add_argument("--budget", type=int, default=40000, help="positions per search")
    parser.add_argument("--proof-budget", type=int, default=100000, help="positions per proof")
    parser.add_argument("--games", type=Path, help="a folder of more games (selfplay.py)")
    args = parser.parse_args()
    game, geese = TABLES[args.table]
    known = {
        key_of(p["record"])
        for p in json.loads((OUT / f"{game}-{geese}.json").read_text())["puzzles"]
    }
    if args.out.exists():
        known |= {key_of(json.loads(line)["record"]) for line in args.out.read_text().splitlines()}
    side = Side(args.side) if args.side else None
    for _, moves in candidates(args.table, known, side, args.games):
        record = GameRecord(game, geese, moves=tuple(moves))
        prover = Prover(record.replay(), budget=args.budget)
        if prover.repeated or prover.clock + 2 * args.length + 2 >= DRAW_PLIES:
            # As generate.py does: the position set up without the history that bars it.
            record = record.with_moves(()).with_start(Start.of(record.replay()))
            prover = Prover(record.replay(), budget=args.budget)
        start = time.process_time()
        try:
            if prover.distance(args.length) != args.length:
                continue
            prover.budget = prover.nodes + args.proof_budget
            proof = prover.prove(args.length)
        except (NotAPuzzleError, OverBudgetError) as error:
            print("no puzzle:", type(error).__name__, error, flush=True)
            continue
        spent = time.process_time() - start
        print(proof.side.value, proof.length, proof.theme.value, f"{spent:.1f} s", flush=True)
        with args.out.open("a") as f:
            f.write(json.dumps(entry(record, proof)) + "\n")


if __name__ == "__main__":
    main()
