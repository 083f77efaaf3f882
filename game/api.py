"""Stateless, JSON-friendly entry points for the browser worker.

Every call takes the game as its record string and answers with plain dicts,
so the page can keep the record in its URL and a restarted worker needs
nothing but that string. Errors come back as values, never as exceptions, in the one shape
of game/codes.py: ``{"error": {"code", "detail", "ply", "move", "reason", "valid_prefix"}}``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import setup
from .boards import parse_square
from .codes import RecordCode
from .position import IllegalMoveError, Move, NotationError, Position
from .record import GameRecord, RecordError
from .record_text import TextError, read_text, record_text
from .view import view

if TYPE_CHECKING:
    from .analysis import Reviewer
    from .levels import Endgame


def state(record: GameRecord, position: Position | None = None) -> dict[str, Any]:
    """The record's header and moves, with the engine's view of its last position."""
    position = record.replay() if position is None else position
    return {
        "record": record.encode(),
        "game": record.game,
        "geese": record.geese,
        "sideways": record.sideways,
        "side": record.side,
        # Where a game from a position set up by hand starts (a version 3 record's start
        # part), or None: two records of one table are one game's only if these are equal.
        "start": record.start.encode(record.rules()) if record.start else None,
        "moves": list(record.moves),
        **view(position),
    }


def _error(exc: RecordError) -> dict[str, Any]:
    return {
        "error": {
            "code": exc.code,
            "detail": str(exc),
            "ply": exc.ply,
            "move": exc.move,
            "reason": exc.reason,
            "valid_prefix": exc.prefix.encode() if exc.prefix else None,
            "problems": [p.as_dict() for p in exc.problems],
            # A game's text: the line at fault (game/record_text.py).
            **({"line": exc.line} if isinstance(exc, TextError) else {}),
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


def play(record: str, move: str | None = None, path: list[str] | None = None) -> dict[str, Any]:
    """The state after a move, or an error whose ``reason`` says why it is illegal.

    The move is ``move``, in notation (typed, or from a link), or ``path``: the points a
    player clicked, the piece's first (``Position.move_for_path`` reads it).
    """
    try:
        base = GameRecord.parse(record)
        if path is None:
            return state(base.with_moves((*base.moves, move or "")))
        position = base.replay()
        chosen = _move_for_path(position, path, len(base.moves) + 1)
        position.push(chosen)
        return state(base.with_moves((*base.moves, str(chosen))), position)
    except RecordError as exc:
        return _error(exc)


def _move_for_path(position: Position, path: object, ply: int) -> Move:
    try:
        if not isinstance(path, list):
            raise NotationError(f"not a path: {path!r}")
        return position.move_for_path([parse_square(p) for p in path])
    except IllegalMoveError as exc:
        raise RecordError(RecordCode.ILLEGAL_MOVE, str(exc), ply=ply, reason=exc.code) from None
    except (NotationError, ValueError, TypeError):
        raise RecordError(
            RecordCode.BAD_NOTATION, f"not a path of points: {str(path)[:80]}", ply=ply
        ) from None


# The page gives a computer move a budget for the whole call: replaying the record in the
# worker and the answer's way back take this much of it, the search the rest.
ROUND_TRIP_SECONDS = 0.05


@functools.cache
def _endgame() -> Endgame:
    """Hard's exact endgame search, kept for the worker's life: every game of a table reuses
    what earlier moves solved (values never change)."""
    from .levels import Endgame  # noqa: PLC0415

    return Endgame()


@functools.cache
def _reviewer() -> Reviewer:
    """The review's state between the page's short calls, kept for the worker's life, over the
    same exact search as the computer's moves."""
    from .analysis import Reviewer  # noqa: PLC0415

    return Reviewer(_endgame())


def ai_move(
    record: str, level: str = "hard", seconds: float = 1.0, seed: int | None = None
) -> dict[str, Any]:
    """The state after the computer's move in the record's final position: one call, whose
    ``last`` is the move it chose. ``seconds``: the page's budget for the whole call."""
    # The search is only loaded when a computer plays: it is not part of the start-up.
    from .levels import choose_move  # noqa: PLC0415

    try:
        base = GameRecord.parse(record)
        position = base.replay()
    except RecordError as exc:
        return _error(exc)
    if not position.legal_moves():
        return _error(RecordError(RecordCode.GAME_OVER, "the game is over"))
    search_seconds = max(seconds - ROUND_TRIP_SECONDS, seconds / 2)
    move = choose_move(position, level, search_seconds, seed, endgame=_endgame())
    position.push(move)
    return state(base.with_moves((*base.moves, str(move))), position)


def as_text(
    record: str, head: list[str] | None = None, tail: list[str] | None = None
) -> dict[str, Any]:
    """The record as text to copy (game/record_text.py): ``{"text"}``, or an error. ``head``
    and ``tail``: the page's notes for the reader, in its language, before and after."""
    try:
        parsed = GameRecord.parse(record)
        parsed.replay()  # a record whose moves cannot be played is refused, not written out
        return {"text": record_text(parsed, head or (), tail or ())}
    except RecordError as exc:
        return _error(exc)


def open_text(text: str) -> dict[str, Any]:
    """The state of the game a pasted text holds, or an error naming its ``line``."""
    try:
        return state(*read_text(text))
    except RecordError as exc:
        return _error(exc)


CALLS = {f.__name__: f for f in (new_game, load, play, ai_move, as_text, open_text)}


def call(method: str, params: str) -> str:
    """The worker's single entry point: a method name and JSON keyword arguments in, JSON out."""
    return json.dumps(CALLS[method](**json.loads(params)))


# -- analysis (game/analysis.py): loaded, like the search, only when asked for; and the check
# of a position set up by hand (game/setup.py), which records of such games use anyway -------


def hint(record: str, seconds: float = 1.0) -> dict[str, Any]:
    """A good move for the side to move and why: ``{"move", "reason", ...data}``.
    ``seconds``: the page's budget for the whole call, as for ``ai_move``."""
    from .analysis import hint as find_hint  # noqa: PLC0415

    try:
        position = GameRecord.parse(record).replay()
    except RecordError as exc:
        return _error(exc)
    if not position.legal_moves():
        return _error(RecordError(RecordCode.GAME_OVER, "the game is over"))
    search_seconds = max(seconds - ROUND_TRIP_SECONDS, seconds / 2)
    return find_hint(position, search_seconds, endgame=_endgame()).as_dict()


def review(
    record: str,
    until: int | None = None,
    seconds: float = 1.0,
    rows: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The moves before ply ``until`` (None: all) reviewed from the last back, for about
    ``seconds``: ``{"rows", "next", "turn"}``; call again with ``until=next`` and the rows so
    far (``rows``, used for ``turn``, the ply where the game turned) until ``next`` is None."""
    from .analysis import turning_point  # noqa: PLC0415

    try:
        done = _reviewer().review(GameRecord.parse(record), until, seconds)
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
    hand: int = 0,
) -> dict[str, Any]:
    """A position set up by hand: ``{"setup": {..., "record"}}`` to play (the record of a
    game from it, with no side), or ``{"problems": [...]}``."""
    found = setup.check_setup(game, foxes, geese, to_move, geese_option, sideways, hand)
    if isinstance(found, list):
        return {"problems": [p.as_dict() for p in found]}
    record = GameRecord.new(game, geese_option, sideways).with_start(found.start)
    return {"setup": {**found.as_dict(), "record": record.encode()}}


_ANALYSIS: dict[str, Callable[..., dict[str, Any]]] = {
    f.__name__: f for f in (hint, review, check_setup)
}
CALLS.update(_ANALYSIS)
