"""A deliberately naive second implementation of docs/rules.md, for cross-checking.

It shares no code with ``game``: points are (column, row) pairs, lines are
re-derived from the wording of docs/rules.md, positions are frozensets copied on every
move. Slow, but obviously right, so deeper perft counts can be trusted when
both implementations agree.
"""

from __future__ import annotations

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
