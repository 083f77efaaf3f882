"""The lessons on each rules page: positions from ``content/lessons/``, facts from the engine.

A lesson file lists positions (pieces, side to move, earlier moves), the moves that complete
each lesson and one wrong try it explains, and may give its own words for a reason
(``explain``): where the play page's explanation would answer another question, as a jump's
rule does for a long step in the lesson on steps. At build time the engine gives every legal move,
the position and result after each goal move, and the reason for every illegal try the board
can send (board.js turns clicks into notation the same way for every page). The page embeds
this as JSON; lessons.js only looks moves up, so the rules live in ``game/`` alone.
"""

from __future__ import annotations

import math
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from game import rules_for
from game.api import end_points
from game.boards import col_of, parse_square, row_of, square_name
from game.codes import IllegalReason
from game.position import FOX, GOOSE, Move, Position, Side

LESSONS = Path(__file__).resolve().parent.parent / "content" / "lessons"
TEXT_KEYS = ("title", "text", "done")


@dataclass(frozen=True)
class Lesson:
    title: str
    text: str
    done: str
    foxes: tuple[str, ...]
    geese: tuple[str, ...]
    to_move: str
    history: tuple[str, ...]
    goal: tuple[str, ...]
    wrong: str
    # The lesson's words for tries refused for these reasons (IllegalReason values).
    explain: tuple[tuple[str, str], ...] = ()


def load(game: str, directory: Path = LESSONS) -> list[Lesson]:
    path = directory / f"{game}.toml"
    if not path.exists():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [
        Lesson(
            title=item["title"],
            text=item["text"],
            done=item.get("done", ""),
            foxes=tuple(item["foxes"].split()),
            geese=tuple(item["geese"].split()),
            to_move=item["to_move"],
            history=tuple(item.get("history", ())),
            goal=tuple(item["goal"]),
            wrong=item["wrong"],
            explain=tuple(sorted(item.get("explain", {}).items())),
        )
        for item in data["lesson"]
    ]


def _pieces(position: Position) -> dict[str, list[str]]:
    cells, points = position.cells, position.rules.board.points
    return {
        "fox": [square_name(sq) for sq in points if cells[sq] == FOX],
        "goose": [square_name(sq) for sq in points if cells[sq] == GOOSE],
    }


def _tries(position: Position, legal: list[Move]) -> dict[str, str]:
    """Every illegal move the board can send from this position, with the engine's reason.

    Mirrors Board.choose (board.js): a chosen piece, or a chain entered so far, then a click
    on a point that no legal move continues to or ends at. Two points more than a diagonal
    apart are written as a jump, nearer ones as a step.
    """
    mine = FOX if position.turn is Side.FOX else GOOSE
    points = position.rules.board.points
    own = [sq for sq in points if position.cells[sq] == mine]
    prefixes: set[tuple[int, ...]] = {(sq,) for sq in own}
    for move in legal:
        if move.jump:
            prefixes |= {move.path[:k] for k in range(2, len(move.path))}
    tries: dict[str, str] = {}
    for prefix in sorted(prefixes):
        n = len(prefix)
        candidates = [m for m in legal if len(m.path) > n and m.path[:n] == prefix]
        for sq in points:
            if sq == prefix[-1] or (n == 1 and sq in own):
                continue  # choosing the piece again, another piece, or stopping a chain
            if any(m.path[n] == sq or m.target == sq for m in candidates):
                continue
            end = prefix[-1]
            far = math.hypot(col_of(sq) - col_of(end), row_of(sq) - row_of(end)) > 1.5
            names = [square_name(p) for p in (*prefix, sq)]
            text = "x".join(names) if n > 1 or far else "-".join(names)
            tries[text] = position.illegal_reason(Move.parse(text), legal)
    return tries


def _after(position: Position, move: Move) -> dict[str, Any]:
    position.push(move)
    outcome = position.outcome()
    reason = outcome.termination.value if outcome else None
    after = {
        "pieces": _pieces(position),
        "captured": [square_name(sq) for sq in move.captures],
        "result": outcome.result if outcome else None,
        "reason": reason,
        "end": end_points(position, str(move)),
    }
    position.pop()
    return after


def compute(game: str, lesson: Lesson) -> dict[str, Any]:
    """What the page needs to run one lesson, all of it from the engine."""
    rules = rules_for(game)
    position = Position(
        rules,
        [parse_square(s) for s in lesson.foxes],
        [parse_square(s) for s in lesson.geese],
        Side(lesson.to_move),
    )
    for text in lesson.history:
        position.push(position.parse_move(text))
    legal = position.legal_moves()
    names = sorted(str(m) for m in legal)
    if not lesson.goal or not set(lesson.goal) <= set(names):
        raise ValueError(f"{game}: goal {lesson.goal} is not among the legal moves {names}")
    tries = _tries(position, legal)
    # Stopping a chain that must go on is the other wrong try: board.js names it itself.
    stops = {str(Move(m.path[:k], True)) for m in legal if m.jump for k in range(2, len(m.path))}
    if lesson.wrong not in tries and lesson.wrong not in stops:
        raise ValueError(f"{game}: the wrong try {lesson.wrong} is not a try the board can send")
    refused = set(tries.values()) | ({IllegalReason.CHAIN_MUST_CONTINUE} if stops else set())
    for reason, _ in lesson.explain:
        if reason not in refused:
            raise ValueError(f"{game}: no try of this lesson is refused for {reason!r}")
    view = position_view(position, legal, tries)
    tried = {"tries": view.pop("tries"), "otherwise": view.pop("otherwise")}
    return {
        "start": {**view, "last": str(position.moves[-1]) if lesson.history else None},
        "goal": list(lesson.goal),
        "after": {text: _after(position, Move.parse(text)) for text in lesson.goal},
        **tried,
        "wrong": lesson.wrong,
        "wrongReason": position.illegal_reason(Move.parse(lesson.wrong), legal),
    }


def position_view(
    position: Position, legal: list[Move] | None = None, tries: dict[str, str] | None = None
) -> dict[str, Any]:
    """A position as a page without the engine needs it: the pieces, the legal moves, the
    foxes that must capture, and the reason for every illegal try the board can send (the
    commonest once, as ``otherwise``; ``tries`` lists the others)."""
    if legal is None:
        legal = position.legal_moves()
    if tries is None:
        tries = _tries(position, legal)
    common = Counter(tries.values()).most_common(1)[0][0]
    jumps = [m for m in legal if m.jump]
    must = position.rules.forced_capture and position.turn is Side.FOX and legal == jumps
    return {
        "pieces": _pieces(position),
        "legal": sorted(str(m) for m in legal),
        "toMove": position.turn.value,
        "must": sorted({square_name(m.origin) for m in jumps}) if must else [],
        "tries": {k: v for k, v in sorted(tries.items()) if v != common},
        "otherwise": common,
    }


@cache
def engine_data(game: str) -> tuple[dict[str, Any], ...]:
    return tuple(compute(game, lesson) for lesson in load(game))


def page_data(game: str, gettext: Callable[[str], str]) -> dict[str, Any]:
    """The JSON of a rules page's lessons, with the texts in the page's language."""
    lessons = load(game)
    return {
        "foxes": len(rules_for(game).foxes),
        "lessons": [
            {
                "title": gettext(lesson.title),
                "text": gettext(lesson.text),
                "done": gettext(lesson.done) if lesson.done else "",
                "explain": {reason: gettext(words) for reason, words in lesson.explain},
                **data,
            }
            for lesson, data in zip(lessons, engine_data(game), strict=True)
        ],
    }


def first_pieces(game: str) -> dict[int, str] | None:
    """The pieces of the first lesson, for the board drawn before the script runs."""
    lessons = load(game)
    if not lessons:
        return None
    pieces = engine_data(game)[0]["start"]["pieces"]
    return {parse_square(s): kind for kind in ("fox", "goose") for s in pieces[kind]}


def extract_lessons(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for lesson files: titles, instructions and notes are messages."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()
    for i, item in enumerate(data.get("lesson", []), 1):
        for key in TEXT_KEYS:
            value = item.get(key)
            if value:
                lineno = next((n for n, line in enumerate(lines, 1) if value[:40] in line), 0)
                yield lineno, "gettext", value, [f"{data['game']}: lesson {i}, {key}"]
        for reason, value in item.get("explain", {}).items():
            lineno = next((n for n, line in enumerate(lines, 1) if value[:40] in line), 0)
            yield lineno, "gettext", value, [f"{data['game']}: lesson {i}, said for {reason}"]
