"""Boards as data: points, lines and the square numbering shared by every game.

A square is an int ``row * 16 + col`` (``a1`` = 0). One numbering for every
board keeps move notation board-independent and makes the square between two
squares of a jump simply their mean.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

FILES = "abcdefghi"
STRIDE = 16

# The eight line directions as (column, row) steps. Row +1 is "forward" for geese.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

_SQUARE_RE = re.compile(r"[a-i][1-9]")


def square(col: int, row: int) -> int:
    return row * STRIDE + col


def col_of(sq: int) -> int:
    return sq % STRIDE


def row_of(sq: int) -> int:
    return sq // STRIDE


def square_name(sq: int) -> str:
    return FILES[sq % STRIDE] + str(sq // STRIDE + 1)


def parse_square(text: str) -> int:
    if not _SQUARE_RE.fullmatch(text):
        raise ValueError(f"not a point name: {text!r}")
    return square(FILES.index(text[0]), int(text[1]) - 1)


@dataclass(frozen=True)
class Board:
    """The points of a board and the lines joining them."""

    id: str
    width: int
    height: int
    points: tuple[int, ...]
    # Undirected lines as (a, b) with a < b, for drawing and for the move tables.
    lines: frozenset[tuple[int, int]] = field(repr=False)

    def __contains__(self, sq: int) -> bool:
        return sq in self.points

    def linked(self, a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in self.lines

    def neighbour(self, sq: int, direction: tuple[int, int]) -> int | None:
        """The point one step from ``sq`` along a line in ``direction``, if any."""
        dc, dr = direction
        c, r = col_of(sq) + dc, row_of(sq) + dr
        if not (0 <= c < self.width and 0 <= r < self.height):
            return None
        other = square(c, r)
        return other if self.linked(sq, other) else None

    def names(self) -> list[str]:
        return [square_name(p) for p in self.points]

    def row(self, sq: int) -> int:
        """The row index of ``sq``: 0 for row 1, the geese's side."""
        return row_of(sq)

    def column(self, sq: int) -> int:
        """The column index of ``sq``: 0 for column a."""
        return col_of(sq)

    def unit_squares(self) -> list[tuple[int, int, int, int]]:
        """Every unit square whose four corners are on the board, as (a, b, c, d):
        ``a`` its lower left corner, ``b`` right of it, ``c`` above it, ``d`` diagonal to it."""
        on = set(self.points)
        squares = []
        for sq in self.points:
            c, r = col_of(sq), row_of(sq)
            corners = (sq, square(c + 1, r), square(c, r + 1), square(c + 1, r + 1))
            if c + 1 < self.width and r + 1 < self.height and set(corners) <= on:
                squares.append(corners)
        return squares

    @property
    def diagonals_in_every_square(self) -> bool:
        """Whether every unit square on the board carries both its diagonals (cross 33),
        rather than diagonals only through some points (cross 45)."""
        return all(self.linked(a, d) and self.linked(b, c) for a, b, c, d in self.unit_squares())


def _cross(board_id: str, size: int, arm: int, diagonal: Callable[[int, int], bool]) -> Board:
    """A cross of ``size`` x ``size`` points whose arms are ``arm`` points wide (a whole
    square grid when ``arm`` is ``size``).

    ``diagonal(c, r)`` says whether diagonal lines may pass through (c, r); a
    diagonal also needs its whole unit square on the board.
    """
    lo = (size - arm) // 2
    hi = lo + arm - 1
    on = {(c, r) for c in range(size) for r in range(size) if lo <= c <= hi or lo <= r <= hi}
    lines = set()
    for c, r in on:
        for dc, dr in ((1, 0), (0, 1)):
            if (c + dc, r + dr) in on:
                lines.add((square(c, r), square(c + dc, r + dr)))
        unit = {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)}
        if unit <= on:
            for a, b in (((c, r), (c + 1, r + 1)), ((c + 1, r), (c, r + 1))):
                if diagonal(*a) and diagonal(*b):
                    sa, sb = square(*a), square(*b)
                    lines.add((min(sa, sb), max(sa, sb)))
    points = tuple(sorted(square(c, r) for c, r in on))
    return Board(board_id, size, size, points, frozenset(lines))


# 33 points, every unit square on the board carries both diagonals.
CROSS_33 = _cross("cross-33", 7, 3, lambda c, r: True)
# 45 points, diagonals only through points whose column + row index is odd.
CROSS_45 = _cross("cross-45", 9, 3, lambda c, r: (c + r) % 2 == 1)

# 5 x 5 points (Bagh-Chal), diagonals only through points whose column + row index is even.
GRID_5 = _cross("grid-5", 5, 5, lambda c, r: (c + r) % 2 == 0)

BOARDS = {b.id: b for b in (CROSS_33, CROSS_45, GRID_5)}
