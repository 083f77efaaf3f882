"""A game's record as text to copy and paste (game/record_text.py), and its API calls."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import api
from game.record import GameRecord, RecordError
from game.record_text import TextError, read_text, record_text
from site_builder import i18n
from tests.helpers import CONFIGS, SWEEP, share


def random_game(game, geese, sideways, side, seed, plies):
    """A game of random legal moves, ``plies`` long or until it ends."""
    rng = random.Random(seed)
    record = GameRecord.new(game, geese, sideways, side)
    position = record.replay()
    while position.legal_moves() and len(record.moves) < plies:
        move = rng.choice(position.legal_moves())
        position.push(move)
        record = record.with_moves((*record.moves, str(move)))
    return record


@pytest.mark.parametrize("rest", SWEEP)
def test_every_game_reads_back_from_its_text(rest):
    @settings(max_examples=share(300, rest), deadline=None)
    @given(
        st.sampled_from(CONFIGS),
        st.sampled_from([None, "fox", "geese"]),
        st.integers(0, 2**32),
        st.sampled_from([0, 1, 7, 40, 10_000]),
    )
    def check(config, side, seed, plies):
        game, geese, sideways = config
        record = random_game(game, geese, sideways, side, seed, plies)
        text = record_text(record)
        lines = text.splitlines()
        assert lines[0] == " ".join([game, record.options, *([side] if side else [])])
        assert lines[1:] == [f"{ply}. {move}" for ply, move in enumerate(record.moves, 1)]
        outcome = record.replay().outcome()
        read, position = read_text(text)
        assert read == record and position.ply == len(record.moves)
        # Through the worker's API, as the page calls it.
        assert api.as_text(record.encode()) == {"text": text}
        state = api.open_text(text)
        assert state["record"] == record.encode() and state["moves"] == list(record.moves)
        assert state["result"] == (outcome.result if outcome else None)

    check()


def test_the_text_of_a_link_game_names_the_senders_side_and_the_result():
    record = GameRecord.new("fox-and-geese", 13, side="geese").with_moves(["d4-c4", "e3-e4"])
    assert record_text(record) == "fox-and-geese 13 geese\n1. d4-c4\n2. e3-e4\n"
    assert read_text("fox-and-geese 17s\n")[0] == GameRecord.new("fox-and-geese", 17, True)


def test_texts_written_with_english_fields_still_read():
    """Before the header line, a text named its fields in English; those texts still open."""
    record = GameRecord.new("fox-and-geese", 13, side="geese").with_moves(["d4-c4", "e3-e4"])
    old = "game: fox-and-geese\ntable: 13\nside: geese\n1. d4-c4\n2. e3-e4\n"
    assert read_text(old)[0] == record
    assert read_text("game: fox-and-geese\ntable: 17s\n")[0] == GameRecord.new(
        "fox-and-geese", 17, True
    )


def notes(code: str) -> tuple[list[str], list[str]]:
    """The notes a page writes into the text of a finished game: the game and table, and how
    it ended, in its language (play/share.js: the game's name and texts.js's tableText,
    winnerText and reasonText, from the same catalog)."""
    tr = i18n.load_translations()[code][0]
    table = tr.ngettext(
        "%(num)s goose, no sideways steps", "%(num)s geese, no sideways steps", 13
    ) % {"num": 13}
    ending = [
        tr.ngettext("The fox wins.", "The foxes win.", 1),
        tr.gettext("The geese cannot move."),
    ]
    return [f"{tr.gettext('Fox and Geese')} · {table}"], [" ".join(ending)]


@pytest.mark.parametrize("code", ["en", "fi", "pl"])
def test_a_text_with_a_pages_notes_pastes_back_in_any_language(code):
    """A text copied on a page in one language, its notes in that language, opens on every
    page: the notes are the reader's, skipped when read."""
    record = random_game("fox-and-geese", 13, False, None, 5, 10_000)
    head, tail = notes(code)
    if code != "en":
        assert head != notes("en")[0] and tail != notes("en")[1], "translated"
    text = api.as_text(record.encode(), head, tail)["text"]
    lines = text.splitlines()
    assert lines[0] == f"# {head[0]}" and lines[-1] == f"# {tail[0]}"
    assert lines[1] == "fox-and-geese 13"
    assert not any(word in text for word in ("game:", "table:", "result:"))
    state = api.open_text(text)
    assert state["record"] == record.encode() and state["result"] is not None
    # A note of several lines, or one that reads like a move, stays a note.
    text = api.as_text(record.encode(), ["1. d4-d9", "two\nlines"], tail)["text"]
    assert text.startswith("# 1. d4-d9\n# two\n# lines\n")
    assert api.open_text(text)["record"] == record.encode()


def test_move_numbers_are_optional_and_blank_lines_and_spaces_do_not_matter():
    text = "\n  game: two-foxes \r\n\ntable:20\nc7-c6\n2.  a4-a5 \n\n"
    assert read_text(text)[0].encode() == "1.two-foxes.20.c7-c6.a4-a5"


def test_a_record_or_a_link_on_its_own_reads_as_that_record():
    record = "2.fox-and-geese.13.fox.d4-c4"
    assert read_text(record)[0].encode() == record
    assert (
        read_text(f"  https://example.org/en/fox-and-geese/play/#{record}\n")[0].encode() == record
    )
    with pytest.raises(TextError) as info:
        read_text("\n1.fox-and-geese.13.d4-d9")
    assert (info.value.code, info.value.line, info.value.ply) == ("illegal-move", 2, 1)


GOOD = "game: fox-and-geese\ntable: 13\nside: fox\n1. d4-c4\n2. e3-e4\n"
HEADER = "fox-and-geese 13 fox"


@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("", "empty", None),
        (" \n\n", "empty", None),
        ("x" * 80_001, "too-long", None),
        ("table: 13\n1. d4-c4", "truncated", None),
        ("game: fox-and-geese\n1. d4-c4", "truncated", None),
        (GOOD.replace("fox-and-geese", "chess"), "unknown-game", 1),
        (GOOD.replace("table: 13", "table: 14"), "bad-options", 2),
        (GOOD.replace("table: 13", "table: 13.d4-c4"), "bad-line", 2),
        (GOOD.replace("side: fox", "side: hen"), "bad-options", 3),
        (GOOD.replace("e3-e4", "e3-e2"), "illegal-move", 5),
        (GOOD.replace("e3-e4", "e3 e4"), "bad-notation", 5),
        (GOOD.replace("e3-e4", "e3-e4.e4-e5"), "bad-notation", 5),
        (GOOD.replace("e3-e4", "hello"), "bad-notation", 5),
        (GOOD.replace("2. e3-e4", "3. e3-e4"), "bad-line", 5),
        (GOOD + "side: geese\n", "bad-line", 6),
        (GOOD + "colour: red\n", "bad-line", 6),
        (GOOD + "result: fox (fox-trapped)\n", "wrong-result", 6),
        (GOOD + "result: \n3. d4-c4\n", "bad-line", 7),
        # A version 3 start that is not written as one, or cannot be played (three geese).
        (GOOD.replace("side: fox", "start: zz"), "bad-start", 3),
        (GOOD.replace("side: fox", "start: d4-c1d1e1-geese"), "bad-start", 3),
        # The header line: each of its words at fault names it.
        (f"# a note\n{HEADER}\n1. d4-c4\n", None, None),
        (f"# a note\n{HEADER.replace('fox-and-geese', 'chess')}\n", "unknown-game", 2),
        (f"{HEADER.replace('13', '14')}\n1. d4-c4\n", "bad-options", 1),
        ("fox-and-geese 13 hen\n1. d4-c4\n", "bad-options", 1),
        (f"{HEADER} zz\n1. d4-c4\n", "bad-start", 1),
        (f"{HEADER} - zz\n1. d4-c4\n", "bad-line", 1),
        (f"{HEADER}\n1. d4-c4\n{HEADER}\n", "bad-line", 3),
        (f"{HEADER}\ntable: 13\n", "bad-line", 2),
        (f"{HEADER}\n1. d4-c4\n2. e3-e2\n# The end.\n", "illegal-move", 3),
    ],
)
def test_bad_text_is_refused_with_the_line_at_fault(text, code, line):
    if code is None:  # the good text the others spoil
        assert read_text(text)[0].encode() == "2.fox-and-geese.13.fox.d4-c4"
        return
    with pytest.raises(TextError) as info:
        read_text(text)
    assert (info.value.code, info.value.line) == (code, line)
    error = api.open_text(text)["error"]
    assert (error["code"], error["line"]) == (code, line)


def test_an_illegal_move_offers_the_moves_before_it():
    with pytest.raises(RecordError) as info:
        read_text(GOOD.replace("e3-e4", "e3-e2"))
    assert info.value.prefix is not None
    assert info.value.prefix.encode() == "2.fox-and-geese.13.fox.d4-c4"
    assert (info.value.move, info.value.reason) == ("e3-e2", "goose-backward")


def test_a_finished_game_reads_back_with_its_result():
    """A text of the English fields' days ends with the result, which must be the moves'."""
    record = random_game("fox-and-geese", 13, False, None, 5, 10_000)
    outcome = record.replay().outcome()
    assert outcome is not None
    moves = "".join(f"{ply}. {move}\n" for ply, move in enumerate(record.moves, 1))
    text = f"game: fox-and-geese\ntable: 13\n{moves}"
    text += f"result: {outcome.result} ({outcome.termination.value})\n"
    assert read_text(text)[0] == record
    other = "geese" if outcome.result != "geese" else "fox"
    with pytest.raises(TextError) as info:
        read_text(text.replace(f"result: {outcome.result}", f"result: {other}"))
    assert (info.value.code, info.value.line) == ("wrong-result", len(text.splitlines()))


def test_a_game_from_a_set_up_position_keeps_its_start_through_the_text():
    record = "3.fox-and-geese.13.-.d4-c1d1e1a3b3c3d3e3-fox.d4-d5.c3-c4"
    text = api.as_text(record)["text"]
    assert text.startswith("fox-and-geese 13 - d4-c1d1e1a3b3c3d3e3-fox\n")
    assert api.open_text(text)["record"] == record
    old = "game: fox-and-geese\ntable: 13\nstart: d4-c1d1e1a3b3c3d3e3-fox\nd4-d5\nc3-c4\n"
    assert api.open_text(old)["record"] == record
