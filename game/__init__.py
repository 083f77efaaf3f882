"""Fox & Geese rules engine: boards, games, positions, notation and records."""

from .boards import BOARDS, CROSS_33, CROSS_45, Board, parse_square, square_name
from .games import VARIANTS, Rules, Variant, rules_for
from .position import (
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Position,
    Side,
    Termination,
    perft,
)

__all__ = [
    "BOARDS",
    "CROSS_33",
    "CROSS_45",
    "VARIANTS",
    "Board",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "Rules",
    "Side",
    "Termination",
    "Variant",
    "parse_square",
    "perft",
    "rules_for",
    "square_name",
]
