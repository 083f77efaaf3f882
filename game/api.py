"""Stateless, JSON-friendly entry points for the browser worker.

Every call takes the game as its record string and answers with plain dicts,
so the page can keep the record in its URL and a restarted worker needs
nothing but that string. Errors come back as values, never as exceptions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .boards import square_name
from .codes import RecordCode, Termination
from .position import FOX, GOOSE, Position
from .record import GameRecord, RecordError


def state(record: GameRecord, position: Position | None = None) -> dict[str, Any]:
    position = record.replay() if position is None else position
    outcome = position.outcome()
    cells = position.cells
    points = position.rules.board.points
    return {
        "record": record.encode(),
        "game": record.game,
        "geese": record.geese,
        "sideways": record.sideways,
        "side": record.side,
        "ply": position.ply,
        "moves": list(record.moves),
        "last": record.moves[-1] if record.moves else None,
        "to_move": position.turn.value,
        "legal": sorted(str(m) for m in position.legal_moves()),
        "result": outcome.result if outcome else None,
        "reason": outcome.termination.value if outcome else None,
        "pieces": {
            "fox": [square_name(sq) for sq in points if cells[sq] == FOX],
            "goose": [square_name(sq) for sq in points if cells[sq] == GOOSE],
        },
        "geese_left": position.geese,
        "end": end_points(position, record.moves[-1] if record.moves else None),
    }


def end_points(position: Position, last: str | None = None) -> list[str]:
    """The points that show why the game ended: the trapped foxes, the filled pen, the
    blocked geese, or the fox that made the last capture (``last``, the move that led to
    ``position``, in notation). Empty while the game goes on or after a draw."""
    outcome = position.outcome()
    reason = outcome.termination if outcome else None
    cells = position.cells
    if reason == Termination.FOX_TRAPPED:
        squares = [sq for sq in position.rules.board.points if cells[sq] == FOX]
    elif reason == Termination.GEESE_BLOCKED:
        squares = [sq for sq in position.rules.board.points if cells[sq] == GOOSE]
    elif reason == Termination.PEN_FULL:
        squares = list(position.rules.pen)
    elif reason == Termination.GOOSE_COUNT and last:
        return [last.replace("-", "x").split("x")[-1]]
    else:
        squares = []
    return [square_name(sq) for sq in squares]


def _error(exc: RecordError) -> dict[str, Any]:
    return {
        "error": {
            "code": exc.code,
            "message": str(exc),
            "ply": exc.ply,
            "move": exc.move,
            "reason": exc.reason,
            "valid_prefix": exc.prefix.encode() if exc.prefix else None,
        }
    }


def new_game(
    game: str, geese: int | None = None, sideways: bool = False, side: str | None = None
) -> dict[str, Any]:
    """A new game; ``side`` is set for a game played by link: the side its sender plays."""
    try:
        return state(GameRecord.new(game, geese, sideways, side))
    except RecordError as exc:
        return _error(exc)


def load(record: str, ply: int | None = None, side: str | None = None) -> dict[str, Any]:
    """The state of a record from a link or storage, or why it is rejected.

    ``ply``: the state after that many moves instead (for looking back through a game);
    ``side``: the record rewritten as sent by the player of that side (play by link), or
    without a side when it is ``""``.
    """
    try:
        parsed = GameRecord.parse(record)
        if ply is not None:
            parsed = parsed.with_moves(parsed.moves[: max(0, ply)])
        if side is not None:
            parsed = parsed.with_side(side or None)
        return state(parsed)
    except RecordError as exc:
        return _error(exc)


def play(record: str, move: str) -> dict[str, Any]:
    """The state after ``move``, or an error whose ``reason`` says why it is illegal."""
    try:
        base = GameRecord.parse(record)
        return state(base.with_moves((*base.moves, move)))
    except RecordError as exc:
        return _error(exc)


def ai_move(
    record: str, level: str = "hard", seconds: float = 1.0, seed: int | None = None
) -> dict[str, Any]:
    """The computer's move in the record's final position, as ``{"move": notation}``."""
    # The search is only loaded when a computer plays: it is not part of the start-up.
    from .levels import choose_move  # noqa: PLC0415

    try:
        position = GameRecord.parse(record).replay()
    except RecordError as exc:
        return _error(exc)
    if not position.legal_moves():
        return {
            "error": {
                "code": RecordCode.GAME_OVER,
                "message": "the game is over",
                "ply": None,
                "move": None,
                "reason": None,
                "valid_prefix": None,
            }
        }
    return {"move": str(choose_move(position, level=level, seconds=seconds, seed=seed))}


CALLS = {f.__name__: f for f in (new_game, load, play, ai_move)}


def call(method: str, params: str) -> str:
    """The worker's single entry point: a method name and JSON keyword arguments in, JSON out."""
    return json.dumps(CALLS[method](**json.loads(params)))


# -- analysis (game/analysis.py): loaded, like the search, only when asked for ---------------


def hint(record: str, seconds: float = 1.0) -> dict[str, Any]:
    """A good move for the side to move and why: ``{"move", "reason", ...data}``."""
    from .analysis import hint as find_hint  # noqa: PLC0415

    try:
        position = GameRecord.parse(record).replay()
    except RecordError as exc:
        return _error(exc)
    if not position.legal_moves():
        return _error(RecordError(RecordCode.GAME_OVER, "the game is over"))
    return find_hint(position, seconds).as_dict()


def review(
    record: str,
    until: int | None = None,
    seconds: float = 1.0,
    rows: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The moves before ply ``until`` (None: all) reviewed from the last back, for about
    ``seconds``: ``{"rows", "next", "turn"}``; call again with ``until=next`` and the rows so
    far (``rows``, used for ``turn``, the ply where the game turned) until ``next`` is None."""
    from .analysis import review as review_moves  # noqa: PLC0415
    from .analysis import turning_point  # noqa: PLC0415

    try:
        done = review_moves(GameRecord.parse(record), until, seconds)
    except RecordError as exc:
        return _error(exc)
    new = [row.as_dict() for row in done.rows]
    return {"rows": new, "next": done.next, "turn": turning_point([*new, *(rows or [])])}


def check_setup(
    game: str,
    foxes: list[str],
    geese: list[str],
    to_move: str,
    geese_option: int | None = None,
    sideways: bool = False,
) -> dict[str, Any]:
    """A position set up by hand: ``{"setup": {...}}`` to play, or ``{"problems": [...]}``."""
    from .analysis import check_setup as check  # noqa: PLC0415

    found = check(game, foxes, geese, to_move, geese_option, sideways)
    if isinstance(found, list):
        return {"problems": [p.as_dict() for p in found]}
    return {"setup": found.as_dict()}


_ANALYSIS: dict[str, Callable[..., dict[str, Any]]] = {
    f.__name__: f for f in (hint, review, check_setup)
}
CALLS.update(_ANALYSIS)
