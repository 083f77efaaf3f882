"""A game record as text to copy and paste: one field or move a line (docs/notation.md).

```
# Fox and Geese · 13 geese, sideways steps allowed
fox-and-geese 13s fox
1. d4-c4
2. c3-c4
# The fox wins. The fox cannot move.
```

The text says what the record (``game/record.py``) says, in lines a person can read. One
header line holds what the record's header holds, in the record's own spelling and the same
in every language: the game id, the table (the record's options), the side the sender of a
link plays (``-`` for none, only written when something follows) and a version 3 record's
start. Then the moves in notation one a line (numbered by ply; the numbers are optional
when pasted back, and checked when present). Lines that begin with ``#`` are notes for the
reader, in the page's language (the game, the table, how it ended): the page gives them,
and reading skips them, so a text copied on a page in one language opens on a page in any
other.

Texts written before the header line had fields instead (``game:``, ``table:``, ``side:``,
``start:`` and, once the game was over, ``result:`` with the winner and the reason, checked
against the moves); they still read. ``read_text`` builds the record string from the lines
and decodes it with ``GameRecord``, so the text accepts exactly the records the record
format accepts and nothing else; an error names the line at fault (``TextError.line``). A
single line holding a record, or a link whose fragment is one, is read as that record.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .codes import RecordCode
from .position import Position
from .record import MAX_LENGTH, SIDES, GameRecord, RecordError

# Header fields, in the order the header line holds them (and older texts wrote them).
FIELDS = ("game", "table", "side", "start")
# A line for the reader, skipped when read.
NOTE = "#"
NO_SIDE = "-"
# A text is its record written out: fields, move numbers and line breaks make it longer.
MAX_TEXT_LENGTH = 4 * MAX_LENGTH

_NUMBERED = re.compile(r"(\d+)\.\s*(.*)")


class TextError(RecordError):
    """A record error with the 1-based ``line`` of the text at fault (None: the whole text)."""

    def __init__(self, error: RecordError, line: int | None) -> None:
        super().__init__(
            error.code,
            str(error),
            ply=error.ply,
            move=error.move,
            reason=error.reason,
            prefix=error.prefix,
        )
        self.line = line


def record_text(record: GameRecord, head: Sequence[str] = (), tail: Sequence[str] = ()) -> str:
    """The record as text; ``head`` and ``tail``: notes for the reader before the header line
    and after the moves (the page's words: the game, the table, how it ended)."""
    parts = record.encode().split(".")
    # The header as the record writes it (docs/notation.md): version 3 always has a side
    # part (`-` for none) and a start after it.
    header = [record.game, record.options]
    if parts[0] == "3":
        header += [record.side or NO_SIDE, parts[4]]
    elif record.side:
        header.append(record.side)
    lines = [*_notes(head), " ".join(header)]
    lines += [f"{ply}. {move}" for ply, move in enumerate(record.moves, 1)]
    lines += _notes(tail)
    return "\n".join(lines) + "\n"


def _notes(notes: Sequence[str]) -> list[str]:
    """Each note's lines as lines of the text that reading skips."""
    return [f"{NOTE} {line}" for note in notes for line in str(note).splitlines() if line.strip()]


def read_text(text: str) -> tuple[GameRecord, Position]:
    """The record a text holds and its last position; raises ``TextError``."""
    if not isinstance(text, str) or not text.strip():
        raise TextError(RecordError(RecordCode.EMPTY, "no text"), None)
    if len(text) > MAX_TEXT_LENGTH:
        raise TextError(
            RecordError(RecordCode.TOO_LONG, f"longer than {MAX_TEXT_LENGTH} characters"), None
        )
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) == 1 and not _spaced(lines[0][1]) and ":" not in lines[0][1].split("#")[-1]:
        return _read_record(lines[0][1].split("#")[-1], lines[0][0])
    fields: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    result: tuple[int, str] | None = None
    for n, line in lines:
        if line.startswith(NOTE):
            continue
        if result is not None:
            raise _line_error(n, "a line after the result")
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon and _spaced(line) and not _NUMBERED.fullmatch(line):
            # The header line: a move is one word, with its number before it.
            if fields or moves:
                raise _line_error(n, "a header after the header or the moves")
            fields = _header(n, line)
        elif colon and key == "result":
            result = (n, " ".join(value.split()))
        elif colon and key in FIELDS:
            if key in fields or moves:
                raise _line_error(n, f"field {key!r} twice or after the moves")
            if "." in value:
                raise _line_error(n, f"{key} with a '.'")
            fields[key] = (n, value.strip())
        elif colon and not _NUMBERED.fullmatch(line):
            raise _line_error(n, f"no field {key[:20]!r}")
        else:
            moves.append((n, _move_text(n, line, len(moves) + 1)))
    for key in ("game", "table"):
        if key not in fields:
            raise TextError(RecordError(RecordCode.TRUNCATED, f"no {key} line"), None)
    header = [fields["game"][1], fields["table"][1]]
    side = fields.get("side", (0, ""))[1]
    if side and side not in SIDES:
        error = RecordError(RecordCode.BAD_OPTIONS, f"no side {side[:20]!r}")
        raise TextError(error, fields["side"][0])
    if "start" in fields:
        header = ["3", *header, side or "-", fields["start"][1]]
    elif side:
        header = ["2", *header, side]
    else:
        header = ["1", *header]
    try:
        record = GameRecord.parse(".".join([*header, *(move for _, move in moves)]))
        position = record.replay()
    except RecordError as exc:
        raise TextError(exc, _line_of(exc, fields, moves)) from None
    if result is not None:
        written = _result(position)
        if result[1] != written:
            raise TextError(
                RecordError(RecordCode.WRONG_RESULT, f"the moves end in {written or 'no result'}"),
                result[0],
            )
    return record, position


def _spaced(line: str) -> bool:
    return any(c.isspace() for c in line)


def _header(line: int, text: str) -> dict[str, tuple[int, str]]:
    """The fields of the header line, each at that line."""
    words = text.split()
    if len(words) > len(FIELDS) or any("." in word for word in words):
        raise _line_error(line, "not a header")
    fields = dict(zip(FIELDS, words, strict=False))
    if fields.get("side") == NO_SIDE:
        del fields["side"]
    return {key: (line, value) for key, value in fields.items()}


def _result(position: Position) -> str:
    outcome = position.outcome()
    return f"{outcome.result} ({outcome.termination.value})" if outcome else ""


def _read_record(text: str, line: int) -> tuple[GameRecord, Position]:
    try:
        record = GameRecord.parse(text.strip())
        return record, record.replay()
    except RecordError as exc:
        raise TextError(exc, line) from None


def _move_text(line: int, text: str, ply: int) -> str:
    """A move line's move: its number, where written, must be its ply."""
    numbered = _NUMBERED.fullmatch(text)
    if numbered and int(numbered.group(1)) != ply:
        raise _line_error(line, f"move {numbered.group(1)} where move {ply} was expected")
    move = numbered.group(2).strip() if numbered else text
    if "." in move or any(c.isspace() for c in move):
        # One move a line: a record's separator or a space would read as more than one.
        error = RecordError(
            RecordCode.BAD_NOTATION, f"{move[:40]!r} is not a move", ply=ply, move=move
        )
        raise TextError(error, line)
    return move


def _line_error(line: int, detail: str) -> TextError:
    return TextError(RecordError(RecordCode.BAD_LINE, f"line {line}: {detail}"), line)


def _line_of(
    exc: RecordError, fields: dict[str, tuple[int, str]], moves: list[tuple[int, str]]
) -> int | None:
    """The line a record's error is about: its move's, else its header field's."""
    if exc.ply is not None and 0 < exc.ply <= len(moves):
        return moves[exc.ply - 1][0]
    field = _FIELD_OF.get(str(exc.code), "")
    return fields[field][0] if field in fields else None


# Which header line a record's error is about. A start the engine cannot read is the start
# line's fault: an unknown version until record.py reads version 3, then its own code.
_FIELD_OF = {
    "unknown-game": "game",
    "bad-options": "table",
    "bad-version": "start",
    "bad-start": "start",
}
