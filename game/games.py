"""The games as data. A new variant is one more ``Variant`` entry here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .boards import CROSS_33, CROSS_45, GRID_5, Board, parse_square

# The directions a goose may step: forward (to a higher row), diagonally forward, sideways
# (along its row), and backward (to a lower row, straight or diagonally).
FORWARD, DIAGONAL, SIDEWAYS, BACKWARD = "forward", "diagonal", "sideways", "backward"
ANY_DIRECTION = frozenset({FORWARD, DIAGONAL, SIDEWAYS, BACKWARD})


class Side(StrEnum):
    FOX = "fox"
    GEESE = "geese"

    @property
    def other(self) -> Side:
        return Side.GEESE if self is Side.FOX else Side.FOX


def _squares(names: str) -> tuple[int, ...]:
    return tuple(sorted(parse_square(n) for n in names.split()))


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to play one game with one set of options."""

    game: str
    board: Board
    foxes: tuple[int, ...]
    geese: tuple[int, ...]
    goose_moves: frozenset[str]
    forced_capture: bool
    # The fox side wins as soon as fewer geese than this remain.
    fox_wins_below: int
    # The geese win by filling every point of the pen (empty: no pen rule).
    pen: tuple[int, ...] = ()
    first: Side = Side.FOX
    # Geese in hand at the start: while any is left, a goose move places one on an empty point.
    in_hand: int = 0
    # Whether a fox may jump again after a jump in the same move.
    chains: bool = True
    # Huffing: a fox step made while a jump was possible removes every fox that could jump.
    huffing: bool = False

    @property
    def sideways(self) -> bool:
        return SIDEWAYS in self.goose_moves

    @property
    def backward(self) -> bool:
        return BACKWARD in self.goose_moves

    @property
    def total_geese(self) -> int:
        """The geese of the whole game: on the board at the start and in hand."""
        return len(self.geese) + self.in_hand

    @property
    def captures_to_win(self) -> int:
        """The captures the fox side needs (geese in hand count as geese left)."""
        return self.total_geese - self.fox_wins_below + 1


@dataclass(frozen=True)
class Variant:
    id: str
    board: Board
    foxes: tuple[int, ...]
    # Geese by count: the first entry is the default. Geese of the count that have no point
    # start in hand (Bagh-Chal: 20 and none on the board, so all 20 in hand).
    geese: dict[int, tuple[int, ...]]
    goose_moves: frozenset[str]
    forced_capture: bool
    fox_wins_below: int
    pen: tuple[int, ...] = ()
    # Whether the table option "geese may move sideways" exists (off by default).
    sideways_option: bool = False
    first: Side = Side.FOX
    chains: bool = True
    huffing: bool = False

    @property
    def default_geese(self) -> int:
        """The geese count of the default table (in hand included)."""
        return next(iter(self.geese))

    def rules(self, geese: int | None = None, sideways: bool = False) -> Rules:
        """The rules with these table options: the one place options are checked."""
        geese = self.default_geese if geese is None else geese
        if geese not in self.geese:
            allowed = ", ".join(map(str, self.geese))
            raise ValueError(f"{self.id} is played with {allowed} geese, not {geese}")
        # Asking for the option where it does not exist is an error even where geese always
        # move sideways: records, the API and the command line all reject it alike.
        if sideways and not self.sideways_option:
            raise ValueError(f"{self.id} has no sideways option")
        moves = self.goose_moves | {SIDEWAYS} if sideways else self.goose_moves
        return Rules(
            self.id,
            self.board,
            self.foxes,
            self.geese[geese],
            moves,
            self.forced_capture,
            self.fox_wins_below,
            self.pen,
            self.first,
            geese - len(self.geese[geese]),
            self.chains,
            self.huffing,
        )


_ROWS_1_3 = "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3"
# The top arm of cross 33: Two Foxes' pen, Asalto's fortress.
_FORTRESS = _squares("c5 d5 e5 c6 d6 e6 c7 d7 e7")

VARIANTS = {
    v.id: v
    for v in (
        Variant(
            id="fox-and-geese",
            board=CROSS_33,
            foxes=_squares("d4"),
            geese={
                13: _squares(_ROWS_1_3),
                15: _squares(_ROWS_1_3 + " a4 g4"),
                17: _squares(_ROWS_1_3 + " a4 g4 a5 g5"),
            },
            goose_moves=frozenset({FORWARD, DIAGONAL}),
            forced_capture=False,
            fox_wins_below=4,
            sideways_option=True,
        ),
        Variant(
            id="two-foxes",
            board=CROSS_33,
            foxes=_squares("c7 e7"),
            geese={20: _squares(_ROWS_1_3 + " a4 b4 c4 d4 e4 f4 g4")},
            goose_moves=frozenset({FORWARD, DIAGONAL, SIDEWAYS}),
            forced_capture=True,
            fox_wins_below=9,
            pen=_FORTRESS,
        ),
        Variant(
            id="large-cross",
            board=CROSS_45,
            foxes=_squares("e7"),
            geese={18: _squares("d1 e1 f1 d2 e2 f2 d3 e3 f3 a4 b4 c4 d4 e4 f4 g4 h4 i4")},
            goose_moves=frozenset({FORWARD, DIAGONAL, SIDEWAYS}),
            forced_capture=False,
            fox_wins_below=4,
        ),
        Variant(
            id="asalto",
            board=CROSS_33,
            foxes=_squares("c6 e6"),
            geese={24: tuple(sq for sq in CROSS_33.points if sq not in _FORTRESS)},
            goose_moves=frozenset({FORWARD, DIAGONAL, SIDEWAYS}),
            forced_capture=False,
            fox_wins_below=9,
            pen=_FORTRESS,
            first=Side.GEESE,
            huffing=True,
        ),
        Variant(
            id="bagh-chal",
            board=GRID_5,
            foxes=_squares("a1 e1 a5 e5"),
            geese={20: ()},
            goose_moves=ANY_DIRECTION,
            forced_capture=False,
            # Five captures win: fewer than 16 of the 20 goats left, counting those in hand.
            fox_wins_below=16,
            first=Side.GEESE,
            chains=False,
        ),
    )
}


def rules_for(game: str, geese: int | None = None, sideways: bool = False) -> Rules:
    try:
        variant = VARIANTS[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    return variant.rules(geese, sideways)
