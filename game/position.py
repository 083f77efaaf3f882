"""Positions, moves, outcomes: the single source of truth for legality.

A ``Position`` is mutable and cheap: ``push`` and ``pop`` make and unmake a
move on a flat list of squares, keeping an incremental Zobrist hash that the
repetition rule and the computer opponent's transposition table share.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import NamedTuple

from .boards import DIRECTIONS, STRIDE, col_of, parse_square, row_of, square_name
from .codes import IllegalReason, Termination
from .games import DIAGONAL, FORWARD, SIDEWAYS, Rules

EMPTY, FOX, GOOSE, OFF = 0, 1, 2, 3
SIZE = STRIDE * 9

DRAW_PLIES = 100
REPETITIONS = 3


class Side(StrEnum):
    FOX = "fox"
    GEESE = "geese"

    @property
    def other(self) -> Side:
        return Side.GEESE if self is Side.FOX else Side.FOX


class Outcome(NamedTuple):
    termination: Termination
    winner: Side | None  # None: a draw

    @property
    def result(self) -> str:
        return self.winner.value if self.winner else "draw"


class NotationError(ValueError):
    """A move text that is not notation at all."""


class IllegalMoveError(ValueError):
    """Well-formed notation for a move the position does not allow.

    ``code`` is a stable key the play page translates.
    """

    def __init__(self, message: str, code: IllegalReason):
        super().__init__(message)
        self.code = code


_MOVE_RE = re.compile(r"[a-i][1-9](?:-[a-i][1-9]|(?:x[a-i][1-9])+)")


class Move(NamedTuple):
    """A whole move: the points visited, and whether it jumps (captures)."""

    path: tuple[int, ...]
    jump: bool

    @property
    def origin(self) -> int:
        return self.path[0]

    @property
    def target(self) -> int:
        return self.path[-1]

    @property
    def captures(self) -> tuple[int, ...]:
        if not self.jump:
            return ()
        p = self.path
        return tuple((p[i] + p[i + 1]) // 2 for i in range(len(p) - 1))

    def __str__(self) -> str:
        return ("x" if self.jump else "-").join(square_name(s) for s in self.path)

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str) or not _MOVE_RE.fullmatch(text):
            raise NotationError(f"not a move in notation: {text!r}")
        jump = "x" in text
        path = tuple(parse_square(t) for t in text.split("x" if jump else "-"))
        return cls(path, jump)


def _zobrist_keys(seed: int = 0x0F0C5) -> tuple[list[int], list[int], int]:
    rng = random.Random(seed)
    fox = [rng.getrandbits(60) for _ in range(SIZE)]
    goose = [rng.getrandbits(60) for _ in range(SIZE)]
    return fox, goose, rng.getrandbits(60)


_FOX_KEYS, _GOOSE_KEYS, _GEESE_TO_MOVE_KEY = _zobrist_keys()


class _Tables:
    """Precomputed move tables for one set of rules (shared between positions)."""

    def __init__(self, rules: Rules):
        board = rules.board
        self.fox_steps: list[tuple[int, ...]] = [()] * SIZE
        self.goose_steps: list[tuple[int, ...]] = [()] * SIZE
        # (over, land) pairs: over is a neighbour and land the next point on the same line.
        self.jumps: list[tuple[tuple[int, int], ...]] = [()] * SIZE
        wanted = set()
        if FORWARD in rules.goose_moves:
            wanted.add((0, 1))
        if DIAGONAL in rules.goose_moves:
            wanted |= {(1, 1), (-1, 1)}
        if SIDEWAYS in rules.goose_moves:
            wanted |= {(1, 0), (-1, 0)}
        for sq in board.points:
            steps, goose, jumps = [], [], []
            for d in DIRECTIONS:
                n = board.neighbour(sq, d)
                if n is None:
                    continue
                steps.append(n)
                if d in wanted:
                    goose.append(n)
                beyond = board.neighbour(n, d)
                if beyond is not None:
                    jumps.append((n, beyond))
            self.fox_steps[sq] = tuple(steps)
            self.goose_steps[sq] = tuple(goose)
            self.jumps[sq] = tuple(jumps)


# One set of tables per set of rules, shared by every position.
tables_for = functools.cache(_Tables)


class Position:
    """A game in progress: the pieces, the side to move and the history the draw rules need."""

    __slots__ = (
        "_seen",
        "_stack",
        "_tables",
        "cells",
        "clock",
        "foxes",
        "geese",
        "hash",
        "rules",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        foxes: Iterable[int] | None = None,
        geese: Iterable[int] | None = None,
        turn: Side = Side.FOX,
    ):
        """The start position, or any arrangement given as squares (for tests and analysis)."""
        foxes = rules.foxes if foxes is None else tuple(foxes)
        geese = rules.geese if geese is None else tuple(geese)
        if len(set(foxes) | set(geese)) != len(foxes) + len(geese):
            raise ValueError("two pieces on one point")
        if not set(foxes) | set(geese) <= set(rules.board.points):
            raise ValueError("a piece is off the board")
        self.rules = rules
        self._tables = tables_for(rules)
        self.cells = [OFF] * SIZE
        for sq in rules.board.points:
            self.cells[sq] = EMPTY
        for sq in foxes:
            self.cells[sq] = FOX
        for sq in geese:
            self.cells[sq] = GOOSE
        self.foxes = list(foxes)
        self.turn = Side(turn)
        self.geese = len(geese)
        # Plies since the last capture or forward / diagonally-forward goose step.
        self.clock = 0
        h = _GEESE_TO_MOVE_KEY if self.turn is Side.GEESE else 0
        for sq in foxes:
            h ^= _FOX_KEYS[sq]
        for sq in geese:
            h ^= _GOOSE_KEYS[sq]
        self.hash = h
        self._seen = {h: 1}
        self._stack: list[tuple[Move, int]] = []

    # -- queries ---------------------------------------------------------

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def moves(self) -> list[Move]:
        return [m for m, _ in self._stack]

    def piece_at(self, sq: int) -> int:
        return self.cells[sq]

    def goose_squares(self) -> list[int]:
        cells = self.cells
        return [sq for sq in self.rules.board.points if cells[sq] == GOOSE]

    def repetitions(self) -> int:
        return self._seen.get(self.hash, 0)

    def pen_full(self) -> bool:
        pen = self.rules.pen
        return bool(pen) and all(self.cells[sq] == GOOSE for sq in pen)

    def _ended_by_rule(self) -> bool:
        return (
            self.geese < self.rules.fox_wins_below
            or self.pen_full()
            or self._seen[self.hash] >= REPETITIONS
            or self.clock >= DRAW_PLIES
        )

    def outcome(self) -> Outcome | None:
        """The result, checked in the order of docs/rules.md, or None while the game goes on."""
        if self.geese < self.rules.fox_wins_below:
            return Outcome(Termination.GOOSE_COUNT, Side.FOX)
        if self.pen_full():
            return Outcome(Termination.PEN_FULL, Side.GEESE)
        if not self._generate():
            if self.turn is Side.FOX:
                return Outcome(Termination.FOX_TRAPPED, Side.GEESE)
            return Outcome(Termination.GEESE_BLOCKED, Side.FOX)
        if self._seen[self.hash] >= REPETITIONS:
            return Outcome(Termination.THREEFOLD, None)
        if self.clock >= DRAW_PLIES:
            return Outcome(Termination.HUNDRED_PLIES, None)
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal move; none once the game is over."""
        if self._ended_by_rule():
            return []
        return self._generate()

    def _generate(self) -> list[Move]:
        if self.turn is Side.FOX:
            return self._fox_moves()
        return self._goose_moves()

    def _goose_moves(self) -> list[Move]:
        cells, steps = self.cells, self._tables.goose_steps
        return [
            Move((sq, to), False)
            for sq in self.rules.board.points
            if cells[sq] == GOOSE
            for to in steps[sq]
            if cells[to] == EMPTY
        ]

    def _fox_moves(self) -> list[Move]:
        cells, jumps = self.cells, self._tables.jumps
        chains: list[Move] = []
        forced = self.rules.forced_capture
        for fox in self.foxes:
            for over, land in jumps[fox]:
                if cells[over] == GOOSE and cells[land] == EMPTY:
                    cells[fox] = EMPTY
                    self._chains(fox, over, land, [fox], chains, forced)
                    cells[fox] = FOX
        if chains and forced:
            return chains
        steps = self._tables.fox_steps
        moves = [
            Move((fox, to), False) for fox in self.foxes for to in steps[fox] if cells[to] == EMPTY
        ]
        return chains + moves if chains else moves

    def _chains(
        self, at: int, over: int, land: int, path: list[int], out: list[Move], forced: bool
    ) -> None:
        """Extend a jump chain from ``at`` over ``over`` to ``land`` (fox lifted off the board)."""
        cells, jumps = self.cells, self._tables.jumps
        cells[over] = EMPTY
        path.append(land)
        extended = False
        for next_over, next_land in jumps[land]:
            if cells[next_over] == GOOSE and cells[next_land] == EMPTY:
                extended = True
                self._chains(land, next_over, next_land, path, out, forced)
        if not (forced and extended):
            out.append(Move(tuple(path), True))
        path.pop()
        cells[over] = GOOSE

    # -- make / unmake ---------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal; see ``play`` for checked input)."""
        cells = self.cells
        src, dst = move.path[0], move.path[-1]
        piece = cells[src]
        keys = _FOX_KEYS if piece == FOX else _GOOSE_KEYS
        h = self.hash ^ keys[src] ^ keys[dst] ^ _GEESE_TO_MOVE_KEY
        cells[src] = EMPTY
        old_clock = self.clock
        if move.jump:
            for sq in move.captures:
                cells[sq] = EMPTY
                h ^= _GOOSE_KEYS[sq]
            self.geese -= len(move.path) - 1
            self.clock = 0
        elif piece == GOOSE and dst // STRIDE > src // STRIDE:
            self.clock = 0
        else:
            self.clock = old_clock + 1
        cells[dst] = piece
        if piece == FOX:
            foxes = self.foxes
            foxes[foxes.index(src)] = dst
        self.turn = Side.GEESE if self.turn is Side.FOX else Side.FOX
        self.hash = h
        self._seen[h] = self._seen.get(h, 0) + 1
        self._stack.append((move, old_clock))

    def pop(self) -> Move:
        move, old_clock = self._stack.pop()
        seen = self._seen
        h = self.hash
        if seen[h] == 1:
            del seen[h]
        else:
            seen[h] -= 1
        cells = self.cells
        src, dst = move.path[0], move.path[-1]
        piece = cells[dst]
        keys = _FOX_KEYS if piece == FOX else _GOOSE_KEYS
        h ^= keys[src] ^ keys[dst] ^ _GEESE_TO_MOVE_KEY
        cells[dst] = EMPTY
        if move.jump:
            for sq in move.captures:
                cells[sq] = GOOSE
                h ^= _GOOSE_KEYS[sq]
            self.geese += len(move.path) - 1
        cells[src] = piece
        if piece == FOX:
            foxes = self.foxes
            foxes[foxes.index(dst)] = src
        self.turn = Side.GEESE if self.turn is Side.FOX else Side.FOX
        self.clock = old_clock
        self.hash = h
        return move

    # -- notation --------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names, or a ``NotationError`` / ``IllegalMoveError``."""
        move = Move.parse(text)
        legal = self.legal_moves()
        if move in legal:
            return move
        reason = self.illegal_reason(move, legal)
        raise IllegalMoveError(f"{text} is not legal here ({reason})", reason)

    def move_for_path(self, path: Sequence[int]) -> Move:
        """The legal move that visits ``path`` (the piece's point, then each point it stops on,
        as a player clicks them), or an ``IllegalMoveError`` saying why there is none.

        A path that is no legal move is taken as the player meant it: a jump if it has more
        than two points or its two points are not neighbours, else a step.
        """
        path = tuple(path)
        if len(path) < 2:
            raise NotationError(f"a move visits at least two points: {path!r}")
        legal = self.legal_moves()
        for move in legal:
            if move.path == path:
                return move
        a, b = path[0], path[1]
        far = max(abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b))) > 1
        move = Move(path, len(path) > 2 or far)
        reason = self.illegal_reason(move, legal)
        raise IllegalMoveError(f"{move} is not legal here ({reason})", reason)

    def illegal_reason(self, move: Move, legal: list[Move] | None = None) -> IllegalReason:
        """A stable key for why ``move`` is not legal (the play page translates it)."""
        legal = self.legal_moves() if legal is None else legal
        if not legal:
            return IllegalReason.GAME_OVER
        cells, src = self.cells, move.origin
        if any(cells[sq] == OFF for sq in move.path):
            return IllegalReason.OFF_BOARD
        piece = cells[src]
        if piece == EMPTY:
            return IllegalReason.NO_PIECE
        mine = FOX if self.turn is Side.FOX else GOOSE
        if piece != mine:
            return IllegalReason.NOT_YOUR_PIECE
        if piece == GOOSE:
            if move.jump:
                return IllegalReason.GEESE_CANNOT_JUMP
            if move.target // STRIDE < src // STRIDE:
                return IllegalReason.GOOSE_BACKWARD
            if move.target // STRIDE == src // STRIDE and not self.rules.sideways:
                return IllegalReason.GOOSE_SIDEWAYS
        if cells[move.target] != EMPTY and move.target != src:
            return IllegalReason.OCCUPIED
        forced = self.rules.forced_capture
        if forced and not move.jump and any(m.jump for m in legal):
            return IllegalReason.CAPTURE_COMPULSORY
        if (
            move.jump
            and forced
            and any(m.jump and m.path[: len(move.path)] == move.path for m in legal)
        ):
            return IllegalReason.CHAIN_MUST_CONTINUE
        if move.jump:
            return IllegalReason.NOT_A_JUMP
        return IllegalReason.NOT_A_LINE


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies (finished games have no moves)."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        position.push(move)
        total += perft(position, depth - 1)
        position.pop()
    return total
