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
from typing import NamedTuple

from .boards import DIRECTIONS, STRIDE, col_of, parse_square, row_of, square_name
from .codes import IllegalReason, Termination
from .games import BACKWARD, DIAGONAL, FORWARD, SIDEWAYS, Rules

# Side is at home in games.py (a game says who moves first); re-exported for its many users.
from .games import Side as Side  # noqa: PLC0414

EMPTY, FOX, GOOSE, OFF = 0, 1, 2, 3
SIZE = STRIDE * 9

DRAW_PLIES = 100
REPETITIONS = 3


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


_MOVE_RE = re.compile(r"@[a-i][1-9]|[a-i][1-9](?:-[a-i][1-9]|(?:x[a-i][1-9])+)")


class Move(NamedTuple):
    """A whole move: the points visited, and whether it jumps (captures).

    A placement (a goose from the hand onto the board) visits one point.
    """

    path: tuple[int, ...]
    jump: bool

    @property
    def origin(self) -> int:
        return self.path[0]

    @property
    def target(self) -> int:
        return self.path[-1]

    @property
    def placement(self) -> bool:
        return len(self.path) == 1

    @property
    def captures(self) -> tuple[int, ...]:
        if not self.jump:
            return ()
        p = self.path
        return tuple((p[i] + p[i + 1]) // 2 for i in range(len(p) - 1))

    def __str__(self) -> str:
        if len(self.path) == 1:
            return "@" + square_name(self.path[0])
        return ("x" if self.jump else "-").join(square_name(s) for s in self.path)

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str) or not _MOVE_RE.fullmatch(text):
            raise NotationError(f"not a move in notation: {text!r}")
        if text[0] == "@":
            return cls((parse_square(text[1:]),), False)
        jump = "x" in text
        path = tuple(parse_square(t) for t in text.split("x" if jump else "-"))
        return cls(path, jump)


def _zobrist_keys(seed: int = 0x0F0C5) -> tuple[list[int], list[int], int]:
    rng = random.Random(seed)
    fox = [rng.getrandbits(60) for _ in range(SIZE)]
    goose = [rng.getrandbits(60) for _ in range(SIZE)]
    return fox, goose, rng.getrandbits(60)


_FOX_KEYS, _GOOSE_KEYS, _GEESE_TO_MOVE_KEY = _zobrist_keys()
# By the number of geese in hand; none in hand adds nothing, so games without a hand keep
# the hashes they always had.
_hand_rng = random.Random(0x4A4D)
_HAND_KEYS = [0, *(_hand_rng.getrandbits(60) for _ in range(SIZE))]


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
        if BACKWARD in rules.goose_moves:
            wanted |= {(0, -1), (1, -1), (-1, -1)}
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
        "_below",
        "_huffing",
        "_pen",
        "_seen",
        "_stack",
        "_step_back",
        "_tables",
        "cells",
        "clock",
        "foxes",
        "geese",
        "hand",
        "hash",
        "rules",
        "turn",
    )

    def __init__(
        self,
        rules: Rules,
        foxes: Iterable[int] | None = None,
        geese: Iterable[int] | None = None,
        turn: Side | None = None,
        hand: int | None = None,
    ):
        """The start position, or any arrangement given as squares (for tests and analysis).

        ``turn`` is the side that moves first unless given; ``hand``, the geese in hand, is
        the rules' own at the start and none for an arrangement of given geese.
        """
        if hand is None:
            hand = rules.in_hand if geese is None else 0
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
        self.turn = rules.first if turn is None else Side(turn)
        self.geese = len(geese)  # on the board
        self.hand = hand
        # The fox side wins below this many geese on the board: geese in hand count as left.
        self._below = rules.fox_wins_below - hand
        # Plies since the last move that cannot be undone: a capture, a huff, a placement, or
        # a goose step forward or diagonally forward where geese never step backward.
        self.clock = 0
        h = (_GEESE_TO_MOVE_KEY if self.turn is Side.GEESE else 0) ^ _HAND_KEYS[hand]
        for sq in foxes:
            h ^= _FOX_KEYS[sq]
        for sq in geese:
            h ^= _GOOSE_KEYS[sq]
        self.hash = h
        self._seen = {h: 1}
        # Each move with the clock before it and, if it huffed, the foxes it removed (their
        # points after it) and the foxes before it.
        self._stack: list[tuple[Move, int, tuple[tuple[int, ...], tuple[int, ...]] | None]] = []
        self._huffing = rules.huffing
        self._pen = bool(rules.pen)
        # Where geese may step back, a forward step is no progress (the draw clock runs on).
        self._step_back = rules.backward

    # -- queries ---------------------------------------------------------

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def moves(self) -> list[Move]:
        return [entry[0] for entry in self._stack]

    @property
    def huffed(self) -> tuple[int, ...]:
        """The points of the foxes the last move removed by huffing (none: no huff)."""
        huff = self._stack[-1][2] if self._stack else None
        return () if huff is None else huff[0]

    def can_jump(self, fox: int) -> bool:
        """Whether the fox on ``fox`` has a jump now."""
        cells = self.cells
        return any(
            cells[over] == GOOSE and cells[land] == EMPTY for over, land in self._tables.jumps[fox]
        )

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
            self.geese < self._below
            or (self._pen and self.pen_full())
            or not self.foxes
            or self._seen[self.hash] >= REPETITIONS
            or self.clock >= DRAW_PLIES
        )

    def outcome(self) -> Outcome | None:
        """The result, checked in the order of docs/rules.md, or None while the game goes on."""
        if self.geese < self._below:
            return Outcome(Termination.GOOSE_COUNT, Side.FOX)
        if self.pen_full():
            return Outcome(Termination.PEN_FULL, Side.GEESE)
        if not self.foxes:
            return Outcome(Termination.FOXES_GONE, Side.GEESE)
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
        return self._fox_moves() if self.turn is Side.FOX else self._goose_moves()

    def _generate(self) -> list[Move]:
        if self.turn is Side.FOX:
            return self._fox_moves()
        return self._goose_moves()

    def can_move(self) -> bool:
        """Whether the side to move has a move, the rules aside (``bool(self._generate())``,
        without listing them all: a search's leaves only ask whether the game ended)."""
        cells = self.cells
        if self.turn is Side.FOX:
            jumps, steps = self._tables.jumps, self._tables.fox_steps
            foxes = self.foxes
            return any(cells[to] == EMPTY for fox in foxes for to in steps[fox]) or any(
                cells[over] == GOOSE and cells[land] == EMPTY
                for fox in foxes
                for over, land in jumps[fox]
            )
        points = self.rules.board.points
        if self.hand:
            return any(cells[sq] == EMPTY for sq in points)
        steps = self._tables.goose_steps
        return any(cells[to] == EMPTY for sq in points if cells[sq] == GOOSE for to in steps[sq])

    def _goose_moves(self) -> list[Move]:
        cells, steps = self.cells, self._tables.goose_steps
        if self.hand:
            return [Move((sq,), False) for sq in self.rules.board.points if cells[sq] == EMPTY]
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
        more = self.rules.chains
        for fox in self.foxes:
            for over, land in jumps[fox]:
                if cells[over] == GOOSE and cells[land] == EMPTY:
                    if not more:
                        chains.append(Move((fox, land), True))
                        continue
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
        old_clock = self.clock
        path = move.path
        src, dst = path[0], path[-1]
        huff: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        if src == dst and len(path) == 1:  # a placement
            hand = self.hand
            h = self.hash ^ _GOOSE_KEYS[dst] ^ _HAND_KEYS[hand] ^ _HAND_KEYS[hand - 1]
            self.hand = hand - 1
            self.geese += 1
            self._below += 1
            cells[dst] = GOOSE
            self.clock = 0
        else:
            piece = cells[src]
            if self._huffing and piece == FOX and not move.jump:
                huffed = tuple(dst if f == src else f for f in self.foxes if self.can_jump(f))
                if huffed:
                    huff = (huffed, tuple(self.foxes))
            keys = _FOX_KEYS if piece == FOX else _GOOSE_KEYS
            h = self.hash ^ keys[src] ^ keys[dst]
            cells[src] = EMPTY
            if move.jump:
                for sq in move.captures:
                    cells[sq] = EMPTY
                    h ^= _GOOSE_KEYS[sq]
                self.geese -= len(path) - 1
                self.clock = 0
            elif piece == GOOSE and dst // STRIDE > src // STRIDE and not self._step_back:
                self.clock = 0
            else:
                self.clock = old_clock + 1
            cells[dst] = piece
            if piece == FOX:
                foxes = self.foxes
                foxes[foxes.index(src)] = dst
                if huff is not None:
                    for sq in huff[0]:
                        cells[sq] = EMPTY
                        foxes.remove(sq)
                        h ^= _FOX_KEYS[sq]
                    self.clock = 0
        h ^= _GEESE_TO_MOVE_KEY
        self.turn = Side.GEESE if self.turn is Side.FOX else Side.FOX
        self.hash = h
        self._seen[h] = self._seen.get(h, 0) + 1
        self._stack.append((move, old_clock, huff))

    def pop(self) -> Move:
        move, old_clock, huff = self._stack.pop()
        seen = self._seen
        h = self.hash
        if seen[h] == 1:
            del seen[h]
        else:
            seen[h] -= 1
        cells = self.cells
        path = move.path
        src, dst = path[0], path[-1]
        if src == dst and len(path) == 1:
            hand = self.hand
            h ^= _GOOSE_KEYS[dst] ^ _HAND_KEYS[hand] ^ _HAND_KEYS[hand + 1]
            self.hand = hand + 1
            self.geese -= 1
            self._below -= 1
            cells[dst] = EMPTY
        else:
            if huff is not None:
                for sq in huff[0]:
                    cells[sq] = FOX
                    h ^= _FOX_KEYS[sq]
            piece = cells[dst]
            keys = _FOX_KEYS if piece == FOX else _GOOSE_KEYS
            h ^= keys[src] ^ keys[dst]
            cells[dst] = EMPTY
            if move.jump:
                for sq in move.captures:
                    cells[sq] = GOOSE
                    h ^= _GOOSE_KEYS[sq]
                self.geese += len(path) - 1
            cells[src] = piece
            if huff is not None:
                # In their order before the move, which move generation follows.
                self.foxes[:] = huff[1]
            elif piece == FOX:
                foxes = self.foxes
                foxes[foxes.index(dst)] = src
        h ^= _GEESE_TO_MOVE_KEY
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
        as a player clicks them; a placement's one point), or an ``IllegalMoveError`` saying
        why there is none.

        A path that is no legal move is taken as the player meant it: a jump if it has more
        than two points or its two points are not neighbours, else a step.
        """
        path = tuple(path)
        if not path:
            raise NotationError("a move visits at least one point (a placement visits one)")
        legal = self.legal_moves()
        for move in legal:
            if move.path == path:
                return move
        if len(path) == 1:
            move = Move(path, False)
        else:
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
        if move.placement:
            if self.turn is Side.FOX or not self.hand:
                return IllegalReason.NONE_IN_HAND
            return IllegalReason.OCCUPIED
        piece = cells[src]
        if piece == EMPTY:
            return IllegalReason.NO_PIECE
        mine = FOX if self.turn is Side.FOX else GOOSE
        if piece != mine:
            return IllegalReason.NOT_YOUR_PIECE
        if piece == GOOSE:
            if self.hand:
                return IllegalReason.MUST_PLACE
            if move.jump:
                return IllegalReason.GEESE_CANNOT_JUMP
            if move.target // STRIDE < src // STRIDE and not self.rules.backward:
                return IllegalReason.GOOSE_BACKWARD
            if move.target // STRIDE == src // STRIDE and not self.rules.sideways:
                return IllegalReason.GOOSE_SIDEWAYS
        if cells[move.target] != EMPTY and move.target != src:
            return IllegalReason.OCCUPIED
        if move.jump and len(move.path) > 2 and not self.rules.chains:
            return IllegalReason.ONE_JUMP_PER_MOVE
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
