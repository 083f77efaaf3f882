"""A whole game as one compact, versioned string, for URLs and saved games.

``1.fox-and-geese.13s.d4-c4.c3-c4``: format version, game id, options token
(geese count, ``s`` when the standard game's sideways option is on), then the
moves in notation. Version 2 adds, after the options, the side the sender of a
link plays (``2.fox-and-geese.13.fox.d4-c4``), so whoever opens it plays the
other side; version 1 records stay readable and are still written when no side
is set. Version 3 is a game from a position set up by hand: the side (``-`` for
none), then the start (game/setup.py), then the moves
(``3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese.c3-c4``); versions 1 and 2 are still
written for games from the game's own start. A placement is written ``@c3``
(``1.bagh-chal.20.@c3.a1-b1``). Every character is safe in a URL fragment. Decoding
is strict: anything corrupt or illegal raises ``RecordError`` naming the ply, with the
longest valid prefix attached so nothing playable is lost.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .codes import IllegalReason, RecordCode
from .games import VARIANTS, Rules
from .position import IllegalMoveError, NotationError, Position
from .setup import Problem, Start, check_setup, split_start

VERSION = "1"
VERSION_WITH_SIDE = "2"
VERSION_WITH_START = "3"
HEADERS = {VERSION: 3, VERSION_WITH_SIDE: 4, VERSION_WITH_START: 5}  # parts before the moves
NO_SIDE = "-"
SIDES = ("fox", "geese")
MAX_LENGTH = 20_000  # far beyond any real game (the draw rules end games long before)

_OPTIONS_RE = re.compile(r"(\d{1,3})(s?)")


class RecordError(ValueError):
    """Why a record was rejected. ``code`` is a stable key the play page translates.

    ``ply`` is the 1-based ply of the offending move (None when the header is
    at fault); ``prefix`` is the longest valid prefix as a ``GameRecord``, if any;
    ``problems``, for ``bad-start``, why the starting position cannot be played.
    """

    def __init__(
        self,
        code: RecordCode,
        message: str,
        *,
        ply: int | None = None,
        move: str | None = None,
        reason: IllegalReason | None = None,
        prefix: GameRecord | None = None,
        problems: tuple[Problem, ...] = (),
    ):
        super().__init__(message)
        self.problems = problems
        self.code = code
        self.ply = ply
        self.move = move
        self.reason = reason
        self.prefix = prefix


@dataclass(frozen=True)
class GameRecord:
    game: str
    geese: int
    sideways: bool = False
    moves: tuple[str, ...] = ()
    side: str | None = None  # the side the sender of a link plays (version 2)
    start: Start | None = None  # a position set up by hand, where the moves start (version 3)

    @classmethod
    def new(
        cls, game: str, geese: int | None = None, sideways: bool = False, side: str | None = None
    ) -> GameRecord:
        variant = VARIANTS.get(game)
        if variant is None:
            raise RecordError(RecordCode.UNKNOWN_GAME, f"unknown game {game!r}")
        record = cls(game, variant.default_geese if geese is None else geese, sideways)
        record = record.with_side(side)
        record.rules()  # validates the options
        return record

    def rules(self) -> Rules:
        try:
            return VARIANTS[self.game].rules(self.geese, self.sideways)
        except (KeyError, ValueError) as exc:
            raise RecordError(RecordCode.BAD_OPTIONS, str(exc)) from None

    @property
    def options(self) -> str:
        return f"{self.geese}{'s' if self.sideways else ''}"

    def encode(self) -> str:
        if self.start is not None:
            side = self.side or NO_SIDE
            start = self.start.encode(self.rules())
            return ".".join((VERSION_WITH_START, self.game, self.options, side, start, *self.moves))
        if self.side is None:
            return ".".join((VERSION, self.game, self.options, *self.moves))
        return ".".join((VERSION_WITH_SIDE, self.game, self.options, self.side, *self.moves))

    def with_moves(self, moves: Iterable[str]) -> GameRecord:
        return replace(self, moves=tuple(moves))

    def with_side(self, side: str | None) -> GameRecord:
        if side is not None and side not in SIDES:
            raise RecordError(RecordCode.BAD_OPTIONS, f"no side {side[:20]!r}")
        return replace(self, side=side)

    def with_start(self, start: Start | None) -> GameRecord:
        """The game from this start (checked by ``check_setup``); the game's own start is
        no set-up position, so that one position has one record."""
        if start is not None and start.is_opening(self.rules()):
            start = None
        return replace(self, start=start)

    def start_position(self) -> Position:
        rules = self.rules()
        return Position(rules) if self.start is None else self.start.position(rules)

    def replay(self) -> Position:
        """The position after all moves; raises ``RecordError`` at the first bad one."""
        position = self.start_position()
        for ply, text in enumerate(self.moves, 1):
            try:
                position.push(position.parse_move(text))
            except NotationError:
                raise RecordError(
                    RecordCode.BAD_NOTATION,
                    f"ply {ply}: {text!r} is not a move",
                    ply=ply,
                    move=text,
                    prefix=self.with_moves(self.moves[: ply - 1]),
                ) from None
            except IllegalMoveError as exc:
                raise RecordError(
                    RecordCode.ILLEGAL_MOVE,
                    f"ply {ply}: {exc}",
                    ply=ply,
                    move=text,
                    reason=exc.code,
                    prefix=self.with_moves(self.moves[: ply - 1]),
                ) from None
        return position

    @classmethod
    def decode(cls, text: str) -> GameRecord:
        """Parse and fully validate a record (every move is replayed)."""
        record = cls.parse(text)
        record.replay()
        return record

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """The header and move texts, checked for form only (``decode`` also checks legality)."""
        if not isinstance(text, str) or not text:
            raise RecordError(RecordCode.EMPTY, "no game in the link")
        if len(text) > MAX_LENGTH:
            raise RecordError(RecordCode.TOO_LONG, f"record is longer than {MAX_LENGTH} characters")
        parts = text.split(".")
        header = HEADERS.get(parts[0])
        if header is None:
            # Only a number is a version: anything else is not a record at all.
            code = RecordCode.BAD_VERSION if parts[0].isdigit() else RecordCode.NOT_A_RECORD
            raise RecordError(code, f"unknown record version {parts[0][:20]!r}")
        if len(parts) < header:
            raise RecordError(RecordCode.TRUNCATED, "record has no game, options or start")
        game, options, moves = parts[1], parts[2], parts[header:]
        if game not in VARIANTS:
            raise RecordError(RecordCode.UNKNOWN_GAME, f"unknown game {game[:40]!r}")
        match = _OPTIONS_RE.fullmatch(options)
        if not match:
            raise RecordError(RecordCode.BAD_OPTIONS, f"bad options {options[:20]!r}")
        record = cls(game, int(match.group(1)), match.group(2) == "s", tuple(moves))
        side = parts[3] if header > 3 else None
        record = record.with_side(None if header == 5 and side == NO_SIDE else side)
        record.rules()  # the game's own check of its options
        if header == 5:
            record = record.with_start(record.read_start(parts[4]))
        return record

    def read_start(self, text: str) -> Start:
        """A version 3 record's start, checked as a position set up by hand is."""
        rules = self.rules()
        split = split_start(text, rules)
        if split is None:
            raise RecordError(RecordCode.BAD_START, f"not a starting position: {text[:80]!r}")
        foxes, geese, side, hand = split
        found = check_setup(self.game, foxes, geese, side, self.geese, self.sideways, hand)
        if isinstance(found, list):
            codes = ", ".join(p.code for p in found)
            raise RecordError(
                RecordCode.BAD_START, f"impossible start ({codes})", problems=tuple(found)
            )
        if found.start.encode(rules) != text:
            # One position, one spelling: points in the board's order, each once.
            raise RecordError(RecordCode.BAD_START, f"start out of order: {text[:80]!r}")
        return found.start
