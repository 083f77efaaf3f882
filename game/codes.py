"""Every code the engine reports to the page, in one place.

Every failure, from ``game.api`` through the worker to the page, has one shape:
``{"error": {"code": ..., "detail": ...}}``, where ``code`` is one of these and ``detail``
is English for a developer (a record's errors add ``ply``, ``move``, ``reason`` and
``valid_prefix``). The page translates codes, never the details, so each code
here needs a text in the browser code (a test checks that); the builder puts
this registry into the play page. docs/notation.md explains each code.
"""

from __future__ import annotations

from enum import StrEnum


class RecordCode(StrEnum):
    """Why a record (a link, a saved game) or a request is rejected: ``error.code``."""

    EMPTY = "empty"
    TOO_LONG = "too-long"
    BAD_VERSION = "bad-version"
    NOT_A_RECORD = "not-a-record"
    TRUNCATED = "truncated"
    UNKNOWN_GAME = "unknown-game"
    BAD_OPTIONS = "bad-options"
    BAD_NOTATION = "bad-notation"
    ILLEGAL_MOVE = "illegal-move"
    GAME_OVER = "game-over"
    # A version 3 record's starting position is not written as one, or cannot be played
    # (``error.problems``: the set-up problems, as ``check_setup`` gives them).
    BAD_START = "bad-start"
    # A game's text (game/record_text.py): a line that is no field and no move, or in the
    # wrong place; a result that the moves do not lead to.
    BAD_LINE = "bad-line"
    WRONG_RESULT = "wrong-result"


class EngineCode(StrEnum):
    """Why the engine itself did not answer (the worker or its page side, never ``game.api``):
    ``error.code`` in the same shape as the API's errors."""

    LOAD_FAILED = "load-failed"
    NOT_READY = "not-ready"
    BAD_METHOD = "bad-method"
    INTERNAL = "internal"
    WORKER_FAILED = "worker-failed"


class IllegalReason(StrEnum):
    """Why a well-formed move is not legal: ``IllegalMoveError.code``, ``error.reason``."""

    GAME_OVER = "game-over"
    OFF_BOARD = "off-board"
    NO_PIECE = "no-piece"
    NOT_YOUR_PIECE = "not-your-piece"
    GEESE_CANNOT_JUMP = "geese-cannot-jump"
    GOOSE_BACKWARD = "goose-backward"
    GOOSE_SIDEWAYS = "goose-sideways"
    OCCUPIED = "occupied"
    CAPTURE_COMPULSORY = "capture-compulsory"
    CHAIN_MUST_CONTINUE = "chain-must-continue"
    NOT_A_JUMP = "not-a-jump"
    NOT_A_LINE = "not-a-line"
    # Games with pieces in hand (Bagh-Chal): a goose on the board moved while geese are in hand,
    # a placement with none in hand (or by the fox side); and a chain where one jump is a move.
    MUST_PLACE = "must-place"
    NONE_IN_HAND = "none-in-hand"
    ONE_JUMP_PER_MOVE = "one-jump-per-move"


class Termination(StrEnum):
    """Why a game ended: the API's ``reason``, in the order the engine checks them."""

    GOOSE_COUNT = "goose-count"
    PEN_FULL = "pen-full"
    FOXES_GONE = "foxes-gone"
    FOX_TRAPPED = "fox-trapped"
    GEESE_BLOCKED = "geese-blocked"
    THREEFOLD = "threefold-repetition"
    HUNDRED_PLIES = "hundred-ply-rule"


class MoveEvent(StrEnum):
    """What a move did besides moving (the API's ``events``): a huff removed foxes."""

    HUFF = "huff"


class HintReason(StrEnum):
    """Why a hint's move is good: ``hint.reason``, with the data named in docs/notation.md."""

    WINS = "wins"
    HOLDS_OUT = "holds-out"
    ONLY_MOVE = "only-move"
    CAPTURES = "captures"
    THREATENS = "threatens"
    KEEPS_FOX_FROM = "keeps-fox-from"
    BEST = "best"


class MoveMark(StrEnum):
    """How a reviewed move compares with the best: ``row.mark`` (thresholds: game/analysis.py)."""

    GOOD = "good"
    INACCURATE = "inaccurate"
    MISTAKE = "mistake"


class Verdict(StrEnum):
    """What a reviewed move did to the exact value, where it is known before and after."""

    KEEPS_WIN = "keeps-win"
    LETS_WIN_GO = "lets-win-go"
    ALREADY_LOST = "already-lost"


class SetupProblem(StrEnum):
    """Why a position set up by hand cannot be played: ``problems[].code``."""

    NOT_A_POINT = "not-a-point"
    TWO_ON_A_POINT = "two-on-a-point"
    FOX_COUNT = "fox-count"
    TOO_MANY_GEESE = "too-many-geese"
    TOO_FEW_GEESE = "too-few-geese"
    GOOSE_BEHIND_START = "goose-behind-start"
    BAD_SIDE = "bad-side"
    BAD_HAND = "bad-hand"
    GAME_OVER = "game-over"


def registry() -> dict[str, list[str]]:
    """The codes by kind, as plain data for the page."""
    return {
        "record": [c.value for c in RecordCode],
        "illegal": [c.value for c in IllegalReason],
        "termination": [c.value for c in Termination],
        "event": [c.value for c in MoveEvent],
        "engine": [c.value for c in EngineCode],
        "hint": [c.value for c in HintReason],
        "mark": [c.value for c in MoveMark],
        "verdict": [c.value for c in Verdict],
        "setup": [c.value for c in SetupProblem],
    }
