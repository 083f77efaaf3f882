"""Stateless, JSON-friendly entry points for the browser worker.

Every call takes the game as its record string and answers with plain dicts,
so the page can keep the record in its URL and a restarted worker needs
nothing but that string. Errors come back as values, never as exceptions.
"""

from __future__ import annotations

import json
from typing import Any

from .boards import square_name
from .codes import MoveEvent, RecordCode, Termination
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
        "in_hand": position.hand,
        # Geese taken so far, and how many the fox side needs (Bagh-Chal: "captured 2 of 5").
        "captured": position.rules.total_geese - position.geese - position.hand,
        "captures_to_win": position.rules.captures_to_win,
        # The points of the foxes the last move removed by huffing, with its event.
        "huffed": [square_name(sq) for sq in position.huffed],
        "events": [MoveEvent.HUFF.value] if position.huffed else [],
        "end": end_points(position, record.moves[-1] if record.moves else None),
    }


def end_points(position: Position, last: str | None = None) -> list[str]:
    """The points that show why the game ended: the trapped foxes, the filled pen, the
    blocked geese, the foxes huffed off the board, or the fox that made the last capture
    (``last``, the move that led to ``position``, in notation). Empty while the game goes on
    or after a draw."""
    outcome = position.outcome()
    reason = outcome.termination if outcome else None
    cells = position.cells
    if reason == Termination.FOX_TRAPPED:
        squares = [sq for sq in position.rules.board.points if cells[sq] == FOX]
    elif reason == Termination.GEESE_BLOCKED:
        squares = [sq for sq in position.rules.board.points if cells[sq] == GOOSE]
    elif reason == Termination.PEN_FULL:
        squares = list(position.rules.pen)
    elif reason == Termination.FOXES_GONE:
        squares = list(position.huffed)
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
