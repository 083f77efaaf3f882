"""Fox & Geese rules engine: boards, games, positions, notation and records."""

from .boards import BOARDS, CROSS_33, CROSS_45, GRID_5, Board, parse_square, square_name
from .codes import IllegalReason, MoveEvent, RecordCode, Termination
from .games import VARIANTS, Rules, Variant, rules_for
from .position import (
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Position,
    Side,
    perft,
)

__all__ = [
    "BOARDS",
    "CROSS_33",
    "CROSS_45",
    "GRID_5",
    "VARIANTS",
    "Board",
    "IllegalMoveError",
    "IllegalReason",
    "Move",
    "MoveEvent",
    "NotationError",
    "Outcome",
    "Position",
    "RecordCode",
    "Rules",
    "Side",
    "Termination",
    "Variant",
    "parse_square",
    "perft",
    "rules_for",
    "square_name",
]
