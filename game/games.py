"""The games as data. A new variant is one more ``Variant`` entry here."""

from __future__ import annotations

from dataclasses import dataclass

from .boards import CROSS_33, CROSS_45, Board, parse_square

FORWARD, DIAGONAL, SIDEWAYS = "forward", "diagonal", "sideways"


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

    @property
    def sideways(self) -> bool:
        return SIDEWAYS in self.goose_moves


@dataclass(frozen=True)
class Variant:
    id: str
    board: Board
    foxes: tuple[int, ...]
    # Geese by count: the first entry is the default.
    geese: dict[int, tuple[int, ...]]
    goose_moves: frozenset[str]
    forced_capture: bool
    fox_wins_below: int
    pen: tuple[int, ...] = ()
    # Whether the table option "geese may move sideways" exists (off by default).
    sideways_option: bool = False

    @property
    def default_geese(self) -> int:
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
        )


_ROWS_1_3 = "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3"

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
            pen=_squares("c5 d5 e5 c6 d6 e6 c7 d7 e7"),
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
    )
}


def rules_for(game: str, geese: int | None = None, sideways: bool = False) -> Rules:
    try:
        variant = VARIANTS[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    return variant.rules(geese, sideways)
