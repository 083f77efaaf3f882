"""The lessons on each rules page: positions from ``content/lessons/``, facts from the engine.

A lesson file lists positions (pieces, side to move, earlier moves), the moves that complete
each lesson and one wrong try it explains, and may give its own words for a reason
(``explain``): where the play page's explanation would answer another question, as a jump's
rule does for a long step in the lesson on steps. At build time the engine gives its view of
each lesson's position and of the position after each goal move (game/view.py), and the reason
for every path of points the board can send and have refused (``game.view.refusals``). The
page embeds this as JSON; lessons.js only looks moves up, so the rules live in ``game/`` alone.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import IO, Any

from game import rules_for
from game.boards import parse_square, square_name
from game.codes import IllegalReason
from game.position import Move, Position, Side
from game.view import refusals, view

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
    # Geese still in hand (Bagh-Chal's goats before they are all placed).
    hand: int = 0


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
            hand=item.get("hand", 0),
        )
        for item in data["lesson"]
    ]


def _key(path: tuple[int, ...]) -> str:
    """A clicked path as lessons.js looks it up: its point names, space-separated."""
    return " ".join(square_name(sq) for sq in path)


def _after(position: Position, move: Move) -> dict[str, Any]:
    position.push(move)
    after = view(position)
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
        lesson.hand,
    )
    for text in lesson.history:
        position.push(position.parse_move(text))
    start = view(position)
    legal = {m["move"] for m in start["legal"]}
    if not lesson.goal or not set(lesson.goal) <= legal:
        raise ValueError(f"{game}: goal {lesson.goal} is not among the legal moves {sorted(legal)}")
    tries = refusals(position)
    # The other wrong try the board can send: stopping a chain that must go on, which it
    # names itself (a click on the fox again).
    stops = {
        m.path[:k]: IllegalReason.CHAIN_MUST_CONTINUE
        for m in position.legal_moves()
        if m.jump
        for k in range(2, len(m.path))
    }
    wrong = Move.parse(lesson.wrong).path
    wrong_reason = tries.get(wrong) or stops.get(wrong)
    if wrong_reason is None:
        raise ValueError(f"{game}: the wrong try {lesson.wrong} is not a try the board can send")
    refused = set(tries.values()) | set(stops.values())
    for reason, _ in lesson.explain:
        if reason not in refused:
            raise ValueError(f"{game}: no try of this lesson is refused for {reason!r}")
    # The commonest reason is stored once; the tries list only the others.
    common = Counter(tries.values()).most_common(1)[0][0]
    return {
        "start": start,
        "goal": list(lesson.goal),
        "after": {text: _after(position, position.parse_move(text)) for text in lesson.goal},
        "tries": {_key(k): v for k, v in sorted(tries.items()) if v != common},
        "otherwise": common,
        "wrong": [square_name(sq) for sq in wrong],
        "wrong_reason": wrong_reason,
    }


@cache
def engine_data(game: str) -> tuple[dict[str, Any], ...]:
    return tuple(compute(game, lesson) for lesson in load(game))


def page_data(game: str, tr: NullTranslations) -> dict[str, Any]:
    """The JSON of a rules page's lessons, with the texts in the page's language. What a move
    did is said by the page, in the words of the game's pieces (texts.js, its #phrases)."""
    gettext = tr.gettext
    pages = []
    for lesson, data in zip(load(game), engine_data(game), strict=True):
        pages.append(
            {
                "title": gettext(lesson.title),
                "text": gettext(lesson.text),
                "done": gettext(lesson.done) if lesson.done else "",
                "explain": {reason: gettext(words) for reason, words in lesson.explain},
                **data,
            }
        )
    return {"foxes": len(rules_for(game).foxes), "lessons": pages}


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
