"""The boards of the four games of issue #54, as points and lines (docs/rules.md, "Four more
games"), written out for the engine's board descriptions (issue #50) to take over as they are.

Each board is a list of points, ``(name, x, y)``, and a list of lines, each the sequence of
point names it passes through in order. Pieces move only along lines: two points next to each
other in a line are neighbours, and three in a row are a jump (from, over, to). Nothing else
joins two points; in particular two points close together on the drawing are not neighbours
unless a line says so.

Coordinates are for drawing and for the direction of a step; no rule reads a distance. In every
board ``y`` grows towards the fox side's start, so a step of the geese side is *forward* when
it raises ``y``. Only Fox and Hounds reads that: its hounds step diagonally forward only. The
other three games let the geese side step in any direction.

This module is data only. ``tests/reference_engine.py`` does not import it: it builds the same
boards from the wording of docs/rules.md, and ``tests/test_reference_newgames.py`` checks that
both say the same.
"""

from __future__ import annotations

Point = tuple[str, float, float]

# Fox and Hounds: the 32 dark squares of a checkerboard, named as in chess (a1 is dark), one
# unit apart. Lines are the diagonals; a diagonal of a single square (a1's and h8's other
# diagonal) is no line. The hounds start on row 1, the fox on row 8: y is the row index.
CHECKERS_32: list[Point] = [
    (f"{'abcdefgh'[c]}{r + 1}", c, r) for r in range(8) for c in range(8) if (c + r) % 2 == 0
]
CHECKERS_32_LINES: list[tuple[str, ...]] = [
    ("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"),
    ("c1", "d2", "e3", "f4", "g5", "h6"),
    ("e1", "f2", "g3", "h4"),
    ("g1", "h2"),
    ("a3", "b4", "c5", "d6", "e7", "f8"),
    ("a5", "b6", "c7", "d8"),
    ("a7", "b8"),
    ("c1", "b2", "a3"),
    ("e1", "d2", "c3", "b4", "a5"),
    ("g1", "f2", "e3", "d4", "c5", "b6", "a7"),
    ("h2", "g3", "f4", "e5", "d6", "c7", "b8"),
    ("h4", "g5", "f6", "e7", "d8"),
    ("h6", "g7", "f8"),
]

# Kaooa: a regular pentagram on the unit circle, one tip up. The tips are t1 (top) to t5,
# clockwise; the inner crossings i1 to i5, where i<k> lies between t<k> and t<k+1> (i5 between
# t5 and t1). The five lines are the star's strokes, each from a tip to the tip two further on,
# through two crossings. No side has a direction here.
PENTAGRAM: list[Point] = [
    ("t1", 0.0, 1.0),
    ("t2", 0.9511, 0.309),
    ("t3", 0.5878, -0.809),
    ("t4", -0.5878, -0.809),
    ("t5", -0.9511, 0.309),
    ("i1", 0.2245, 0.309),
    ("i2", 0.3633, -0.118),
    ("i3", 0.0, -0.382),
    ("i4", -0.3633, -0.118),
    ("i5", -0.2245, 0.309),
]
PENTAGRAM_LINES: list[tuple[str, ...]] = [
    ("t1", "i1", "i2", "t3"),
    ("t2", "i2", "i3", "t4"),
    ("t3", "i3", "i4", "t5"),
    ("t4", "i4", "i5", "t1"),
    ("t5", "i5", "i1", "t2"),
]

# Adugo: a 5 x 5 alquerque grid (a1-e5), the dogs' half at the bottom, and the jaguar's den
# above it: a triangle whose apex is c5, the middle of the grid's top row. Its sides continue the
# grid's diagonals c5-b6-a7 and c5-d6-e7, a line runs from the apex up the middle (c6, c7, the
# grid's column c continued), one across the middle (b6 c6 d6) and the base (a7 c7 e7), whose
# points are two columns apart. y is the row index, so the den is on the jaguar's side.
ADUGO_31: list[Point] = [
    *[(f"{'abcde'[c]}{r + 1}", c, r) for r in range(5) for c in range(5)],
    ("b6", 1, 5),
    ("c6", 2, 5),
    ("d6", 3, 5),
    ("a7", 0, 6),
    ("c7", 2, 6),
    ("e7", 4, 6),
]
ADUGO_31_LINES: list[tuple[str, ...]] = [
    # rows
    ("a1", "b1", "c1", "d1", "e1"),
    ("a2", "b2", "c2", "d2", "e2"),
    ("a3", "b3", "c3", "d3", "e3"),
    ("a4", "b4", "c4", "d4", "e4"),
    ("a5", "b5", "c5", "d5", "e5"),
    ("b6", "c6", "d6"),
    ("a7", "c7", "e7"),
    # columns
    ("a1", "a2", "a3", "a4", "a5"),
    ("b1", "b2", "b3", "b4", "b5"),
    ("c1", "c2", "c3", "c4", "c5", "c6", "c7"),
    ("d1", "d2", "d3", "d4", "d5"),
    ("e1", "e2", "e3", "e4", "e5"),
    # diagonals: the grid's alquerque diagonals, two of them running on into the den
    ("a1", "b2", "c3", "d4", "e5"),
    ("e1", "d2", "c3", "b4", "a5"),
    ("a3", "b2", "c1"),
    ("c1", "d2", "e3"),
    ("e3", "d4", "c5", "b6", "a7"),
    ("a3", "b4", "c5", "d6", "e7"),
]

# Lambs and Tigers: a triangle with its apex up, two more lines from the apex to the base, and a
# rectangle across the triangle's upper part with a third line through its middle. Rows are 1
# (the triangle's base) to 5 (the apex); the columns b, c, d and e are the four lines from the
# apex (the triangle's left side, the two inner lines, its right side), a and f the rectangle's
# left and right sides, which meet rows 2 to 4 only. The apex, where b, c, d and e meet, is c5.
# y grows towards the apex, where the tigers start. x and y are in one unit, so the drawing keeps
# these proportions: base 24 wide, apex 16 high.
LAMBS_TIGERS_23: list[Point] = [
    ("b1", 0, 0),
    ("c1", 8, 0),
    ("d1", 16, 0),
    ("e1", 24, 0),
    ("a2", 0, 4),
    ("b2", 3, 4),
    ("c2", 9, 4),
    ("d2", 15, 4),
    ("e2", 21, 4),
    ("f2", 24, 4),
    ("a3", 0, 8),
    ("b3", 6, 8),
    ("c3", 10, 8),
    ("d3", 14, 8),
    ("e3", 18, 8),
    ("f3", 24, 8),
    ("a4", 0, 12),
    ("b4", 9, 12),
    ("c4", 11, 12),
    ("d4", 13, 12),
    ("e4", 15, 12),
    ("f4", 24, 12),
    ("c5", 12, 16),
]
LAMBS_TIGERS_23_LINES: list[tuple[str, ...]] = [
    # the four lines from the apex down to the base
    ("c5", "b4", "b3", "b2", "b1"),
    ("c5", "c4", "c3", "c2", "c1"),
    ("c5", "d4", "d3", "d2", "d1"),
    ("c5", "e4", "e3", "e2", "e1"),
    # across: the rectangle's three lines through the triangle, and the triangle's base
    ("a4", "b4", "c4", "d4", "e4", "f4"),
    ("a3", "b3", "c3", "d3", "e3", "f3"),
    ("a2", "b2", "c2", "d2", "e2", "f2"),
    ("b1", "c1", "d1", "e1"),
    # the rectangle's sides
    ("a2", "a3", "a4"),
    ("f2", "f3", "f4"),
]

BOARDS: dict[str, tuple[list[Point], list[tuple[str, ...]]]] = {
    "checkers-32": (CHECKERS_32, CHECKERS_32_LINES),
    "pentagram": (PENTAGRAM, PENTAGRAM_LINES),
    "adugo-31": (ADUGO_31, ADUGO_31_LINES),
    "lambs-tigers-23": (LAMBS_TIGERS_23, LAMBS_TIGERS_23_LINES),
}
