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


class Termination(StrEnum):
    """Why a game ended: the API's ``reason``, in the order the engine checks them."""

    GOOSE_COUNT = "goose-count"
    PEN_FULL = "pen-full"
    FOX_TRAPPED = "fox-trapped"
    GEESE_BLOCKED = "geese-blocked"
    THREEFOLD = "threefold-repetition"
    HUNDRED_PLIES = "hundred-ply-rule"


def registry() -> dict[str, list[str]]:
    """The codes by kind, as plain data for the page."""
    return {
        "record": [c.value for c in RecordCode],
        "illegal": [c.value for c in IllegalReason],
        "termination": [c.value for c in Termination],
        "engine": [c.value for c in EngineCode],
    }
