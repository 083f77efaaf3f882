"""Command line: ``python -m game perft|replay|ai|solve|hint|review``.

See docs/architecture.md, "Contracts"."""

from __future__ import annotations

import argparse
import json
import sys

from .games import VARIANTS
from .levels import LEVELS
from .position import Position, perft
from .record import GameRecord, RecordError
from .view import view


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description="Fox & Geese rules engine")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help)
        sub.add_argument("game", choices=sorted(VARIANTS))
        sub.add_argument(
            "--geese", type=int, default=None, help="number of geese (standard game: 13, 15, 17)"
        )
        sub.add_argument("--sideways", action="store_true", help="geese may move sideways")
        sub.add_argument(
            "--start",
            default=None,
            help="a position set up by hand to start from, written as in a version 3 record "
            "(docs/notation.md): fox points-goose points-side to move[-geese in hand]",
        )
        return sub

    command("perft", "count move sequences of exactly DEPTH plies").add_argument("depth", type=int)
    command(
        "replay", "play moves from the start: the engine's view (game/view.py) per line"
    ).add_argument("moves", nargs="*")
    ai = command("ai", "print the computer's move after MOVES")
    ai.add_argument("--level", choices=tuple(LEVELS), default="hard")
    ai.add_argument("--seconds", type=float, default=1.0)
    ai.add_argument("--seed", type=int, default=None)
    ai.add_argument("moves", nargs="*")
    solve = command("solve", "print the exact value after MOVES: fox|geese, plies to the end")
    solve.add_argument("--budget", type=int, default=None, help="positions the search may store")
    solve.add_argument("moves", nargs="*")
    hint = command("hint", "print a good move after MOVES and why, as JSON")
    hint.add_argument("--seconds", type=float, default=1.0)
    hint.add_argument("moves", nargs="*")
    review = command("review", "review MOVES: one JSON row per move, then where the game turned")
    review.add_argument("--nodes", type=int, default=None, help="search nodes per position")
    review.add_argument("moves", nargs="*")
    return parser


def _review(record: GameRecord, nodes: int | None) -> int:
    from .analysis import REVIEW_NODES, Reviewer, turning_point
    from .levels import Endgame

    reviewer = Reviewer(Endgame())  # kept between the calls, as the worker keeps its own

    rows: list[dict[str, object]] = []
    until: int | None = len(record.moves)
    while until is not None:
        done = reviewer.review(record, until, None, REVIEW_NODES if nodes is None else nodes)
        rows = [row.as_dict() for row in done.rows] + rows
        until = done.next
    for row in rows:
        print(json.dumps(row))
    print(json.dumps({"turn": turning_point(rows)}))
    return 0


def _line(position: Position) -> str:
    return json.dumps(view(position))


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _solve(position: Position, budget: int | None) -> int:
    from .solve import DEFAULT_BUDGET, solve

    try:
        value = solve(position, DEFAULT_BUDGET if budget is None else budget)
    except ValueError as exc:
        return _fail(str(exc))
    if value is None:
        print(
            "error: beyond what is solved: the exact search needs more positions than its "
            "budget (--budget) and there is no table for this position",
            file=sys.stderr,
        )
        return 3
    print(value[0].value, value[1])
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    # Moves may also follow the options (``ai GAME --level hard d4-d5``); argparse alone
    # stops collecting a positional list at the first option.
    args, extra = parser.parse_known_args(argv)
    if extra and not hasattr(args, "moves"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        args.moves = [*args.moves, *extra]
    try:
        start = GameRecord.new(args.game, args.geese, args.sideways)
        if args.start is not None:
            start = start.with_start(start.read_start(args.start))
    except RecordError as exc:
        return _fail(str(exc))
    record = start.with_moves(getattr(args, "moves", ()))

    if args.command == "perft":
        print(perft(start.replay(), args.depth))
        return 0

    if args.command == "replay":
        position = start.replay()
        print(_line(position))
        for ply, text in enumerate(record.moves, 1):
            try:
                position.push(position.parse_move(text))
            except ValueError as exc:
                return _fail(f"ply {ply}: move {text!r}: {exc}")
            print(_line(position))
        return 0

    try:
        position = record.replay()
    except RecordError as exc:
        return _fail(str(exc))
    if args.command == "solve":
        return _solve(position, args.budget)
    if args.command == "review":
        return _review(record, args.nodes)
    if not position.legal_moves():
        return _fail("the game is over: there is no move to make")
    if args.command == "hint":
        from .analysis import hint

        print(json.dumps(hint(position, args.seconds).as_dict()))
        return 0
    from .levels import choose_move

    print(choose_move(position, level=args.level, seconds=args.seconds, seed=args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
