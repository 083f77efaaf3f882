"""The engine's one view of a position: everything a board, a lesson or a script shows.

A plain dict of JSON values with snake_case keys, built here and nowhere else, so that the
play page, the lessons (built at build time) and the command line read the same facts in the
same words. Moves come as objects that say what they are, ``{"move", "path", "captures"}``
(the notation, the points visited, the points whose geese it takes), so nothing outside the
engine parses notation or decides whether a path is a step or a jump.
"""

from __future__ import annotations

from typing import Any

from .boards import square_name
from .codes import IllegalReason, MoveEvent, Termination
from .position import FOX, GOOSE, IllegalMoveError, Move, Position, Side


def move_view(move: Move) -> dict[str, Any]:
    """A move as the page uses it: its notation, the points it visits, the points it takes."""
    return {
        "move": str(move),
        "path": [square_name(sq) for sq in move.path],
        "captures": [square_name(sq) for sq in move.captures],
    }


def view(position: Position) -> dict[str, Any]:
    """The position as every reader of the engine sees it (docs/architecture.md, "Contracts").

    ``last`` is the move that led here when ``position`` was reached by moves (a record
    replayed, a lesson's history), else None.
    """
    outcome = position.outcome()
    legal = sorted(position.legal_moves(), key=str)
    last = position.moves[-1] if position.ply else None
    return {
        "ply": position.ply,
        "to_move": position.turn.value,
        "pieces": pieces(position),
        "geese_left": position.geese,
        "in_hand": position.hand,
        # Geese taken so far, and how many the fox side needs (Bagh-Chal: "captured 2 of 5").
        "captured": position.rules.total_geese - position.geese - position.hand,
        "captures_to_win": position.rules.captures_to_win,
        # The points of the foxes the last move removed by huffing (Asalto), and its events.
        "huffed": [square_name(sq) for sq in position.huffed],
        "events": [MoveEvent.HUFF.value] if position.huffed else [],
        "legal": [move_view(m) for m in legal],
        "must_jump": must_jump(legal),
        "last": move_view(last) if last else None,
        "result": outcome.result if outcome else None,
        "reason": outcome.termination.value if outcome else None,
        "end": end_points(position),
    }


def pieces(position: Position) -> dict[str, list[str]]:
    cells, points = position.cells, position.rules.board.points
    return {
        "fox": [square_name(sq) for sq in points if cells[sq] == FOX],
        "goose": [square_name(sq) for sq in points if cells[sq] == GOOSE],
    }


def must_jump(legal: list[Move]) -> list[str]:
    """The foxes that must jump: those that can, when every legal move is a jump."""
    if not legal or not all(m.jump for m in legal):
        return []
    return sorted({square_name(m.origin) for m in legal})


def end_points(position: Position) -> list[str]:
    """The points that show why the game ended: the trapped foxes, the filled pen, the
    blocked geese, the foxes huffed off the board, or where the fox that made the last
    capture landed. Empty while the game goes on or after a draw."""
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
    elif reason == Termination.GOOSE_COUNT and position.ply:
        squares = [position.moves[-1].target]
    else:
        squares = []
    return [square_name(sq) for sq in squares]


def refusals(position: Position) -> dict[tuple[int, ...], IllegalReason]:
    """Why each path a player can click and have refused is refused, by path.

    A board built on this view extends a path only along legal moves: a piece of the side
    to move, then each landing point of a chain so far. Clicked next, a point that no legal
    move visits next or ends at is refused (``Position.move_for_path``): these are those
    paths, for a page that has no engine to ask (the lessons, built ahead).
    """
    legal = position.legal_moves()
    mine = FOX if position.turn is Side.FOX else GOOSE
    points = position.rules.board.points
    own = [sq for sq in points if position.cells[sq] == mine]
    starts: set[tuple[int, ...]] = {(sq,) for sq in own}
    for move in legal:
        starts |= {move.path[:k] for k in range(2, len(move.path))}
    refused: dict[tuple[int, ...], IllegalReason] = {}
    if position.hand and position.turn is Side.GEESE:
        # A placement is one point clicked: every point no goose may be placed on is refused.
        placements = {m.path for m in legal}
        for sq in points:
            if (sq,) not in placements:
                try:
                    position.move_for_path((sq,))
                except IllegalMoveError as exc:
                    refused[(sq,)] = exc.code
    for start in sorted(starts):
        n = len(start)
        going = [m for m in legal if len(m.path) > n and m.path[:n] == start]
        for sq in points:
            if sq == start[-1] or (n == 1 and sq in own):
                continue  # the piece again (a stop), or another piece chosen instead
            if any(m.path[n] == sq or m.target == sq for m in going):
                continue
            try:
                position.move_for_path((*start, sq))
            except IllegalMoveError as exc:
                refused[(*start, sq)] = exc.code
    return refused
