"""The lessons' data: what the rules pages embed is what the engine computes, and a lesson
that the engine does not allow fails the build."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.support import NullTranslations

from game import Position, rules_for
from game.boards import parse_square, square_name
from game.position import EMPTY, IllegalMoveError, Move, Side, tables_for
from site_builder import i18n, lessons
from site_builder.content import load_games

GAMES = ("fox-and-geese", "two-foxes", "large-cross", "asalto", "bagh-chal")
# The games with a play page; the others' lessons must not lead to one (issue #33).
CONTENT = {g.id: g for g in load_games()}
PLAYABLE = {g for g in CONTENT if CONTENT[g].play}
# Games whose pieces are not foxes and geese, with the words their lessons must use.
OWN_PIECES = {"asalto": ("officer", "rebel"), "bagh-chal": ("tiger", "goat")}
DATA_RE = r'<script type="application/json" id="{}">(.*?)</script>'


def embedded(site_dir: Path, code: str, game: str, part: str = "lesson-data") -> Any:
    html = (site_dir / code / game / "index.html").read_text(encoding="utf-8")
    match = re.search(DATA_RE.format(part), html, re.DOTALL)
    assert match, f"{code}/{game}: no {part}"
    return json.loads(match.group(1))


def position_of(game: str, lesson: lessons.Lesson) -> Position:
    position = Position(
        rules_for(game),
        [parse_square(s) for s in lesson.foxes],
        [parse_square(s) for s in lesson.geese],
        Side(lesson.to_move),
        lesson.hand,
    )
    for text in lesson.history:
        position.push(position.parse_move(text))
    return position


@pytest.mark.parametrize("code", ["en", "sv"])
@pytest.mark.parametrize("game", GAMES)
def test_embedded_lessons_are_what_the_engine_computes(
    site_dir: Path, code: str, game: str
) -> None:
    data = embedded(site_dir, code, game)
    source = lessons.load(game)
    assert 5 <= len(source) == len(data["lessons"]) <= 8
    assert data["foxes"] == len(rules_for(game).foxes)
    tr = i18n.load_translations()[code][0]
    for lesson, page in zip(source, data["lessons"], strict=True):
        # Rebuilt from the engine, the whole lesson is the same.
        fresh = json.loads(json.dumps(lessons.compute(game, lesson)))
        assert {k: page[k] for k in fresh} == fresh
        assert page["title"] == tr.gettext(lesson.title)
        assert page["text"] == tr.gettext(lesson.text)
        # And the facts the page shows, asked of a new position directly.
        position = position_of(game, lesson)
        legal = position.legal_moves()
        assert [m["move"] for m in page["start"]["legal"]] == sorted(str(m) for m in legal)
        assert page["start"]["to_move"] == position.turn.value
        for text in page["goal"]:
            move = Move.parse(text)
            position.push(move)
            outcome = position.outcome()
            after = page["after"][text]
            assert after["last"]["captures"] == [square_name(sq) for sq in move.captures]
            assert after["huffed"] == [square_name(sq) for sq in position.huffed]
            assert after["in_hand"] == position.hand
            assert after["result"] == (outcome.result if outcome else None)
            assert sorted(after["pieces"]["goose"]) == sorted(
                square_name(sq) for sq in position.goose_squares()
            )
            position.pop()
        for clicked, reason in page["tries"].items():
            with pytest.raises(IllegalMoveError) as refused:
                position.move_for_path([parse_square(p) for p in clicked.split()])
            assert refused.value.code == reason
        wrong = Move.parse(lesson.wrong)
        assert page["wrong"] == [square_name(sq) for sq in wrong.path]
        assert page["wrong_reason"] == position.illegal_reason(wrong, legal)


@pytest.mark.parametrize("code", ["en", "pl"])
def test_the_lessons_say_the_play_page_turns_the_board_for_the_fox_side(
    site_dir: Path, code: str
) -> None:
    # Issue #37: the lessons' board has the geese at the bottom, the play page puts the player's
    # own pieces there; the reader is told before "Play now" takes them to it.
    # Said of the side whose board turns, by the game's own pieces.
    tr = i18n.load_translations()[code][0]
    start = "On the play page your own pieces start nearest you, so when you play the"
    notes = {
        "asalto": tr.pgettext("asalto", f"{start} officers the board is turned round."),
        "bagh-chal": tr.pgettext("bagh-chal", f"{start} tigers the board is turned round."),
    }
    for game in GAMES:
        note = notes.get(game) or tr.gettext(f"{start} fox side the board is turned round.")
        html = (site_dir / code / game / "index.html").read_text(encoding="utf-8")
        lessons_part = html[html.index('id="lessons"') : html.index('id="lesson-data"')]
        playable = game in PLAYABLE
        assert ('data-action="play-now"' in lessons_part) == playable
        assert (f'id="play-orientation">{note}</p>' in lessons_part) == playable


def test_every_rule_the_issue_names_has_a_lesson() -> None:
    """The outcomes the lessons end in, per game (one lesson each)."""
    reasons = {
        game: {after["reason"] for d in lessons.engine_data(game) for after in d["after"].values()}
        for game in GAMES
    }
    assert reasons["fox-and-geese"] >= {"fox-trapped", "goose-count", "geese-blocked"}
    assert reasons["two-foxes"] >= {"pen-full", "goose-count", "threefold-repetition"}
    assert reasons["large-cross"] >= {
        "fox-trapped",
        "goose-count",
        "geese-blocked",
        "threefold-repetition",
    }
    assert reasons["asalto"] >= {"pen-full", "goose-count"}
    assert reasons["bagh-chal"] >= {"goose-count", "fox-trapped"}
    # Asalto shows a huff; Bagh-Chal a placement, and a goat moved too early refused.
    asalto = lessons.engine_data("asalto")
    assert any(after["huffed"] for d in asalto for after in d["after"].values())
    bagh_chal = lessons.engine_data("bagh-chal")
    assert any(move.startswith("@") for d in bagh_chal for move in d["goal"])
    assert any(d["wrong_reason"] == "must-place" for d in bagh_chal)
    # Two Foxes marks the fox that must jump, and a chain's stop is refused there only.
    tf = lessons.engine_data("two-foxes")
    assert any(d["start"]["must_jump"] for d in tf)
    assert any(d["wrong_reason"] == "chain-must-continue" for d in tf)
    assert all(
        d["wrong_reason"] != "chain-must-continue" for d in lessons.engine_data("fox-and-geese")
    )


def write(tmp_path: Path, body: str) -> lessons.Lesson:
    (tmp_path / "fox-and-geese.toml").write_text(
        'game = "fox-and-geese"\n[[lesson]]\ntitle = "T"\ntext = "X"\nfoxes = "d4"\n'
        'geese = "a3 b3 f3 g3"\nto_move = "fox"\n' + body,
        encoding="utf-8",
    )
    return lessons.load("fox-and-geese", tmp_path)[0]


def test_a_goal_the_engine_does_not_allow_fails(tmp_path: Path) -> None:
    lesson = write(tmp_path, 'goal = ["d4-d6"]\nwrong = "d4xd6"\n')
    with pytest.raises(ValueError, match="goal"):
        lessons.compute("fox-and-geese", lesson)


def test_a_wrong_try_the_board_cannot_send_fails(tmp_path: Path) -> None:
    # A legal move is played, never refused: it is no wrong try.
    lesson = write(tmp_path, 'goal = ["d4-c4"]\nwrong = "d4-d5"\n')
    with pytest.raises(ValueError, match="wrong try"):
        lessons.compute("fox-and-geese", lesson)


def test_a_lesson_s_words_for_a_reason_none_of_its_tries_has_fail(tmp_path: Path) -> None:
    # Geese never step backward, but here the fox is to move: no try is refused for that.
    lesson = write(
        tmp_path, 'goal = ["d4-d5"]\nwrong = "d4xd6"\nexplain = { goose-backward = "W" }\n'
    )
    with pytest.raises(ValueError, match="goose-backward"):
        lessons.compute("fox-and-geese", lesson)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_lesson_explains_a_long_fox_move_as_a_step_not_as_a_jump(game: str) -> None:
    # Lesson 1 teaches steps, with no goose next to the fox; jumps come in lesson 2. A fox
    # moved two points is refused as a jump with no goose between: the lesson says why itself.
    # The first lesson on the fox side's steps (Asalto's and Bagh-Chal's start with the others).
    index = next(i for i, lesson in enumerate(lessons.load(game)) if lesson.to_move == "fox")
    first = lessons.page_data(game, NullTranslations())["lessons"][index]
    position = position_of(game, lessons.load(game)[index])
    legal = position.legal_moves()
    far = [
        Move((fox, land), True)
        for fox in position.foxes
        for _over, land in tables_for(position.rules).jumps[fox]
        if position.piece_at(land) == EMPTY
    ]
    assert far
    for move in far:
        reason = position.illegal_reason(move, legal)
        assert reason == "not-a-jump"
        assert "one point at a time" in first["explain"][reason]


@pytest.mark.parametrize("game", sorted(OWN_PIECES))
def test_lessons_of_games_with_their_own_pieces_never_name_foxes_or_geese(
    site_dir: Path, game: str
) -> None:
    """The page says what a move did, refused or left to do in the words of its phrasebook
    (#phrases, read by texts.js): the game's own pieces, never foxes and geese; the lessons'
    own explanations name them too."""
    fox, goose = OWN_PIECES[game]
    phrases = embedded(site_dir, "en", game, "phrases")
    assert (phrases["label.fox"], phrases["label.goose"]) == (
        f"%(point)s, {fox}",
        f"%(point)s, {goose}",
    )
    said = [t for v in phrases.values() for t in ([v] if isinstance(v, str) else v["forms"])]
    data = lessons.page_data(game, NullTranslations())
    said += [text for lesson in data["lessons"] for text in lesson["explain"].values()]
    for text in said:
        assert not re.search(r"\b(fox|foxes|goose|geese)\b", text, re.IGNORECASE), text
    # Every capture and end of a lesson can be said in the game's words.
    ends = {after["reason"] for lesson in data["lessons"] for after in lesson["after"].values()}
    assert {f"end.{reason}" for reason in ends - {None}} <= set(phrases)
    assert "said.captured" in phrases and f"{goose}" in phrases["said.captured"]["forms"][0]


def test_lesson_texts_are_extracted() -> None:
    catalog = i18n.extract_catalog()
    for game in GAMES:
        for lesson in lessons.load(game):
            for text in (lesson.title, lesson.text, lesson.done, *dict(lesson.explain).values()):
                if text:
                    assert catalog.get(text) is not None, text
