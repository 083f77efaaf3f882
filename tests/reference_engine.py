"""A deliberately naive second implementation of docs/rules.md, for cross-checking.

It shares no code with ``game``: points are (column, row) pairs, lines are
re-derived from the wording of docs/rules.md, positions are frozensets copied on every
move. Slow, but obviously right, so deeper perft counts can be trusted when
both implementations agree.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

ROWS_1_3 = "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3"


def pt(name: str) -> tuple[int, int]:
    return "abcdefghi".index(name[0]), int(name[1:]) - 1


def name(p: tuple[int, int]) -> str:
    return "abcdefghi"[p[0]] + str(p[1] + 1)


def board(kind: str):
    if kind == "cross33":
        points = {(c, r) for c in range(7) for r in range(7) if 2 <= c <= 4 or 2 <= r <= 4}
        diag_ok = lambda p: True  # noqa: E731
    elif kind == "grid5":
        points = {(c, r) for c in range(5) for r in range(5)}
        diag_ok = lambda p: (p[0] + p[1]) % 2 == 0  # noqa: E731
    else:
        points = {(c, r) for c in range(9) for r in range(9) if 3 <= c <= 5 or 3 <= r <= 5}
        diag_ok = lambda p: (p[0] + p[1]) % 2 == 1  # noqa: E731
    lines = set()
    for a in points:
        for b in points:
            dc, dr = b[0] - a[0], b[1] - a[1]
            if abs(dc) + abs(dr) == 1:
                lines.add(frozenset((a, b)))
            elif abs(dc) == 1 and abs(dr) == 1:
                square = {a, b, (a[0], b[1]), (b[0], a[1])}
                if square <= points and diag_ok(a) and diag_ok(b):
                    lines.add(frozenset((a, b)))
    return points, lines


FORTRESS = "c5 d5 e5 c6 d6 e6 c7 d7 e7"
FORWARD_DIAGONAL_SIDEWAYS = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)]

GAMES: dict[str, dict[str, Any]] = {
    "fox-and-geese": {
        "board": "cross33",
        "foxes": "d4",
        "geese": {13: ROWS_1_3, 15: ROWS_1_3 + " a4 g4", 17: ROWS_1_3 + " a4 g4 a5 g5"},
        "sideways": False,
        "forced": False,
        "below": 4,
        "pen": "",
    },
    "two-foxes": {
        "board": "cross33",
        "foxes": "c7 e7",
        "geese": {20: ROWS_1_3 + " a4 b4 c4 d4 e4 f4 g4"},
        "sideways": True,
        "forced": True,
        "below": 9,
        "pen": "c5 d5 e5 c6 d6 e6 c7 d7 e7",
    },
    "large-cross": {
        "board": "cross45",
        "foxes": "e7",
        "geese": {18: "d1 e1 f1 d2 e2 f2 d3 e3 f3 a4 b4 c4 d4 e4 f4 g4 h4 i4"},
        "sideways": True,
        "forced": False,
        "below": 4,
        "pen": "",
    },
    "asalto": {
        "board": "cross33",
        "foxes": "c6 e6",
        # Every point outside the fortress.
        "geese": {24: ROWS_1_3 + " a4 b4 c4 d4 e4 f4 g4 a5 b5 f5 g5"},
        "sideways": True,
        "forced": False,
        "below": 9,
        "pen": FORTRESS,
        "first": "geese",
        "huffing": True,
    },
    "bagh-chal": {
        "board": "grid5",
        "foxes": "a1 e1 a5 e5",
        "geese": {20: ""},
        "hand": 20,
        "dirs": [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)],
        "forced": False,
        "chains": False,
        "below": 16,  # five captured: goats in hand count as left
        "pen": "",
        "first": "geese",
    },
}


class Ref:
    def __init__(self, game: str, geese: int | None = None, sideways: bool = False):
        spec = GAMES[game]
        self.points, self.lines = board(spec["board"])
        self.forced = spec["forced"]
        self.below = spec["below"]
        self.pen = {pt(n) for n in spec["pen"].split()}
        sideways = spec.get("sideways", False) or sideways
        self.dirs = spec.get("dirs") or [(0, 1), (1, 1), (-1, 1)] + (
            [(1, 0), (-1, 0)] if sideways else []
        )
        self.chains = spec.get("chains", True)
        self.huffing = spec.get("huffing", False)
        geese = geese or next(iter(spec["geese"]))
        self.start = (
            frozenset(pt(n) for n in spec["foxes"].split()),
            frozenset(pt(n) for n in spec["geese"][geese].split()),
            spec.get("first", "fox"),
            spec.get("hand", 0),
        )

    def over(self, state) -> bool:
        foxes, geese, _turn, hand = state
        return len(geese) + hand < self.below or (bool(self.pen) and self.pen <= geese) or not foxes

    def moves(self, state) -> list[tuple[str, tuple]]:
        if self.over(state):
            return []
        foxes, geese, turn, hand = state
        occupied = foxes | geese
        out = []
        if turn == "geese" and hand:
            return [
                (f"@{name(p)}", (foxes, geese | {p}, "fox", hand - 1))
                for p in self.points - occupied
            ]
        if turn == "geese":
            for g in geese:
                for dc, dr in self.dirs:
                    t = (g[0] + dc, g[1] + dr)
                    if t in self.points and frozenset((g, t)) in self.lines and t not in occupied:
                        out.append(
                            (f"{name(g)}-{name(t)}", (foxes, geese - {g} | {t}, "fox", hand))
                        )
            return out
        jumps: list[tuple[str, tuple]] = []
        for f in foxes:
            self._chain(f, [f], foxes - {f}, geese, jumps, hand)
        if jumps and self.forced:
            return jumps
        # Huffing: a step while a jump was possible removes every fox that could have jumped.
        could_jump = set()
        if self.huffing:
            for f in foxes:
                found: list = []
                self._chain(f, [f], foxes - {f}, geese, found, hand)
                if found:
                    could_jump.add(f)
        for f in foxes:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    t = (f[0] + dc, f[1] + dr)
                    if t != f and frozenset((f, t)) in self.lines and t not in occupied:
                        after = foxes - {f} | {t}
                        after -= could_jump
                        if f in could_jump:
                            after -= {t}
                        out.append((f"{name(f)}-{name(t)}", (after, geese, "geese", hand)))
        return jumps + out

    def _chain(self, at, path, others, geese, out, hand):
        found = False
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                q, r = (at[0] + dc, at[1] + dr), (at[0] + 2 * dc, at[1] + 2 * dr)
                if (
                    q in geese
                    and r in self.points
                    and r not in geese
                    and r not in others
                    and frozenset((at, q)) in self.lines
                    and frozenset((q, r)) in self.lines
                ):
                    found = True
                    if self.chains or len(path) == 1:
                        self._chain(r, [*path, r], others, geese - {q}, out, hand)
        if len(path) > 1 and not (self.forced and found):
            out.append(("x".join(map(name, path)), (others | {at}, geese, "geese", hand)))

    def perft(self, depth: int, state=None) -> int:
        state = self.start if state is None else state
        if depth == 0:
            return 1
        return sum(self.perft(depth - 1, s) for _, s in self.moves(state))


# -- The four games of issue #54 (docs/rules.md, "Four more games") -------------------------
#
# Written from the wording of docs/rules.md alone, like the above, but on boards that are not
# grids: a board is its points (by name, with coordinates) and its lines (each a sequence of
# point names). Each board is built here from the words that describe it, not from
# tests/newgames_boards.py, so that a test can check the two against each other.


def _grid(cols: int, rows: int, keep) -> dict[str, tuple[float, float]]:
    return {
        f"{'abcdefgh'[c]}{r + 1}": (c, r) for c in range(cols) for r in range(rows) if keep(c, r)
    }


def _runs(points: dict[str, tuple[float, float]], steps, joined) -> list[tuple[str, ...]]:
    """Every maximal run of points along each step vector, keeping only joined neighbours."""
    at = {xy: n for n, xy in points.items()}
    lines = []
    for dx, dy in steps:
        for name, (x0, y0) in points.items():
            if (x0 - dx, y0 - dy) in at and joined(at[(x0 - dx, y0 - dy)], name):
                continue  # not the start of a run
            run, x, y = [name], x0, y0
            while (x + dx, y + dy) in at and joined(run[-1], at[(x + dx, y + dy)]):
                x, y = x + dx, y + dy
                run.append(at[(x, y)])
            if len(run) > 1:
                lines.append(tuple(run))
    return lines


def checkers_board():
    """The 32 dark squares of an 8 x 8 board (a1 dark); lines: the diagonals."""
    points = _grid(8, 8, lambda c, r: (c + r) % 2 == 0)
    return points, _runs(points, [(1, 1), (-1, 1)], lambda a, b: True)


def pentagram_board():
    """Five tips on a circle, t1 at the top, clockwise; each stroke joins a tip to the tip two
    further on. The crossings are where strokes cross; i<k> lies between t<k> and t<k+1>."""
    tips = {
        f"t{k + 1}": (math.cos(math.radians(90 - 72 * k)), math.sin(math.radians(90 - 72 * k)))
        for k in range(5)
    }
    strokes = [(f"t{k + 1}", f"t{(k + 2) % 5 + 1}") for k in range(5)]

    def cross(s, t):
        (x1, y1), (x2, y2) = tips[s[0]], tips[s[1]]
        (x3, y3), (x4, y4) = tips[t[0]], tips[t[1]]
        d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
        u = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d
        v = ((x1 - x3) * (y1 - y2) - (y1 - y3) * (x1 - x2)) / d
        if 1e-9 < u < 1 - 1e-9 and 1e-9 < v < 1 - 1e-9:
            return x1 + u * (x2 - x1), y1 + u * (y2 - y1)
        return None

    crossings = []
    for i, s in enumerate(strokes):
        for t in strokes[i + 1 :]:
            p = cross(s, t)
            if p and all(math.dist(p, q) > 1e-9 for q in crossings):
                crossings.append(p)
    points = dict(tips)
    for x, y in crossings:
        # between t<k> (angle 90 - 72(k-1)) and t<k+1>: the angle 54 - 72(k-1)
        k = round((54 - math.degrees(math.atan2(y, x))) / 72) % 5 + 1
        points[f"i{k}"] = (x, y)
    lines = []
    for a, b in strokes:
        on = [n for n, p in points.items() if n not in (a, b) and _on_segment(p, tips[a], tips[b])]
        lines.append((a, *sorted(on, key=lambda n: math.dist(points[n], tips[a])), b))
    return points, lines


def _on_segment(p, a, b) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-9 and min(a[0], b[0]) - 1e-9 <= p[0] <= max(a[0], b[0]) + 1e-9


def adugo_board():
    """A 5 x 5 alquerque grid (a1-e5, diagonals through the points of even column + row, a1 =
    (0, 0)) with the den above row 5: its apex c5, its middle row b6 c6 d6, its base a7 c7 e7."""
    points = _grid(5, 5, lambda c, r: True)

    def joined(a, b):
        (xa, ya), (xb, yb) = points[a], points[b]
        return xa == xb or ya == yb or ((xa + ya) % 2 == 0 and (xb + yb) % 2 == 0)

    lines = _runs(points, [(1, 0), (0, 1), (1, 1), (-1, 1)], joined)
    points |= {"b6": (1, 5), "c6": (2, 5), "d6": (3, 5), "a7": (0, 6), "c7": (2, 6), "e7": (4, 6)}
    # The den's sides continue the diagonals that end in c5, its middle line continues
    # column c, and its two rows cross it (the base's points two columns apart).
    onward = {"c1": ("c6", "c7"), "e3": ("b6", "a7"), "a3": ("d6", "e7")}
    lines = [(*ln, *onward[ln[0]]) if ln[-1] == "c5" else ln for ln in lines]
    return points, [*lines, ("b6", "c6", "d6"), ("a7", "c7", "e7")]


def lambs_tigers_board():
    """The triangle (apex c5; lines b, c, d, e from the apex down to the base b1 c1 d1 e1) and
    the rectangle across rows 2 to 4 (its sides a and f), each of rows 2 to 4 one line a-f."""
    points = {"c5": (12, 16)}
    base = {"b": 0, "c": 8, "d": 16, "e": 24}
    for col, xb in base.items():
        for row in (1, 2, 3, 4):
            points[f"{col}{row}"] = (12 + (xb - 12) * (5 - row) / 4, 4 * (row - 1))
    for row in (2, 3, 4):
        points[f"a{row}"], points[f"f{row}"] = (0, 4 * (row - 1)), (24, 4 * (row - 1))
    lines = [("c5", *(f"{col}{row}" for row in (4, 3, 2, 1))) for col in "bcde"]
    lines += [tuple(f"{col}{row}" for col in "abcdef") for row in (4, 3, 2)]
    lines += [("b1", "c1", "d1", "e1"), ("a2", "a3", "a4"), ("f2", "f3", "f4")]
    return points, lines


NEW_GAMES: dict[str, dict[str, Any]] = {
    "fox-and-hounds": {
        "board": checkers_board,
        "foxes": "d8",
        "geese": "a1 c1 e1 g1",
        "first": "fox",
        "geese_forward_only": True,  # a hound steps diagonally forward, to a higher row
        "fox_captures": False,
        "fox_goal": "a1 c1 e1 g1",  # the fox wins on reaching a hound's start point
        "below": 0,
    },
    "kaooa": {
        "board": pentagram_board,
        "foxes": "",
        "geese": "",
        "fox_hand": 1,
        "goose_hand": 7,
        "first": "geese",
        "forced": True,
        "chains": False,
        "below": 4,  # four crows captured: fewer than four left
    },
    "adugo": {
        "board": adugo_board,
        "foxes": "c3",
        "geese": "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 e3",
        "first": "fox",
        "forced": False,
        "chains": True,
        "below": 10,  # five dogs captured: fewer than ten left
    },
    "lambs-and-tigers": {
        "board": lambs_tigers_board,
        "foxes": "c5 c4 d4",
        "geese": "",
        "goose_hand": 15,
        "first": "geese",
        "forced": False,
        "chains": False,
        "below": 6,  # fewer than six lambs left: six is the fewest that can trap three tigers
    },
}


class GraphRef:
    """The new games on point-and-line boards. A state is (foxes, geese, turn, fox_hand,
    goose_hand): point names, the side to move ("fox" or "geese") and the pieces in hand."""

    def __init__(self, game: str):
        spec = NEW_GAMES[game]
        self.points, self.lines = spec["board"]()
        self.neighbours: dict[str, set[str]] = {p: set() for p in self.points}
        self.jumps: dict[str, set[tuple[str, str]]] = {p: set() for p in self.points}
        for line in self.lines:
            for a, b in itertools.pairwise(line):
                self.neighbours[a].add(b)
                self.neighbours[b].add(a)
            for a, b, c in zip(line, line[1:], line[2:], strict=False):
                self.jumps[a].add((b, c))
                self.jumps[c].add((b, a))
        self.forward_only = spec.get("geese_forward_only", False)
        self.fox_captures = spec.get("fox_captures", True)
        self.forced = spec.get("forced", False)
        self.chains = spec.get("chains", True)
        self.below = spec["below"]
        self.goal = frozenset(spec.get("fox_goal", "").split())
        self.start = (
            frozenset(spec["foxes"].split()),
            frozenset(spec["geese"].split()),
            spec["first"],
            spec.get("fox_hand", 0),
            spec.get("goose_hand", 0),
        )

    def winner(self, state) -> str | None:
        """Who has won, in the order of docs/rules.md; None while the game goes on."""
        foxes, geese, turn, _fox_hand, goose_hand = state
        if len(geese) + goose_hand < self.below:
            return "fox"
        if foxes & self.goal:
            return "fox"
        if not self._moves(state):
            return "geese" if turn == "fox" else "fox"
        return None

    def moves(self, state) -> list[tuple[str, tuple]]:
        if self.winner(state):
            return []
        return self._moves(state)

    def _moves(self, state) -> list[tuple[str, tuple]]:
        foxes, geese, turn, fox_hand, goose_hand = state
        empty = [p for p in self.points if p not in foxes and p not in geese]
        if turn == "fox" and fox_hand:
            return [
                (f"@{p}", (foxes | {p}, geese, "geese", fox_hand - 1, goose_hand)) for p in empty
            ]
        if turn == "geese" and goose_hand:
            return [(f"@{p}", (foxes, geese | {p}, "fox", fox_hand, goose_hand - 1)) for p in empty]
        if turn == "geese":
            out = []
            for g in geese:
                for t in self.neighbours[g]:
                    if t in foxes or t in geese:
                        continue
                    if self.forward_only and not self.points[t][1] > self.points[g][1]:
                        continue
                    out.append(
                        (f"{g}-{t}", (foxes, geese - {g} | {t}, "fox", fox_hand, goose_hand))
                    )
            return out
        jumps: list[tuple[str, tuple]] = []
        if self.fox_captures:
            for f in foxes:
                self._chain(f, [f], foxes - {f}, geese, jumps, state)
        if jumps and self.forced:
            return jumps
        steps = [
            (f"{f}-{t}", (foxes - {f} | {t}, geese, "geese", fox_hand, goose_hand))
            for f in foxes
            for t in self.neighbours[f]
            if t not in foxes and t not in geese
        ]
        return jumps + steps

    def _chain(self, at, path, others, geese, out, state):
        found = False
        for over, to in self.jumps[at]:
            if over in geese and to not in geese and to not in others:
                found = True
                if self.chains or len(path) == 1:
                    self._chain(to, [*path, to], others, geese - {over}, out, state)
        if len(path) > 1 and not (self.forced and found and self.chains):
            _f, _g, _turn, fox_hand, goose_hand = state
            out.append(("x".join(path), (others | {at}, geese, "geese", fox_hand, goose_hand)))

    def perft(self, depth: int, state=None) -> int:
        state = self.start if state is None else state
        if depth == 0:
            return 1
        return sum(self.perft(depth - 1, s) for _, s in self.moves(state))
