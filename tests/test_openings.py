"""Each play page carries the engine's opening position of every table it offers, the position
after each first move, and the computer's first replies from the game's book
(content/replies/, tools/replies/generate.py), made at build time by the Python engine itself,
so the page can be played, and answered, before the engine has loaded."""

import json
import re
from typing import Any

import pytest

from game import VARIANTS, api
from game.levels import LEVELS
from game.record import GameRecord
from site_builder import builder
from tests.helpers import load_script, sample

replies: Any = load_script("tools/replies/generate.py")


@pytest.fixture(scope="module")
def openings(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """Each game's openings as its English play page carries them."""
    out = tmp_path_factory.mktemp("pages")
    site = builder.Site(out)
    site.locale_pages(site.localized("en"))
    found = {}
    for game in site.games:
        if not game.play:
            continue
        html = (out / "en" / game.id / "play" / "index.html").read_text(encoding="utf-8")
        data = re.search(r'<script type="application/json" id="openings">(.*?)</script>', html)
        assert data, game.id
        found[game.id] = json.loads(data.group(1))
    assert set(found) == set(VARIANTS)
    return found


def without_book(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in ("after", "reply")}


def as_shown(state: dict[str, Any]) -> dict[str, Any]:
    """The engine's state as the page holds it: legal moves only where a move can be made
    before the engine has loaded (an "after"); elsewhere the computer's move comes from the
    book, or the engine decides."""
    return state if "after" in state else state | {"legal": []}


def test_play_pages_carry_the_engines_opening_states(openings):
    for game, states in openings.items():
        variant = VARIANTS[game]
        assert len(states) == len(variant.geese) * (2 if variant.sideways_option else 1)
        for record, state in states.items():
            assert without_book(state) == api.load(record)
            assert state["legal"]
            # The first move can be made before the engine has loaded: its outcome is the
            # engine's, for every legal move and no other.
            moves = [m["move"] for m in state["legal"]]
            assert {m: without_book(s) for m, s in state["after"].items()} == {
                move: as_shown(api.play(record, move)) for move in moves
            }


def test_the_computer_answers_every_first_move_from_the_book_at_every_level(openings):
    """Whoever begins, the computer's first move in a game against it is in the page: its
    opening move, its reply to each first move, and its reply to each answer to its opening
    move, at every level; each the engine's own state after that move, and legal."""
    for game, states in openings.items():
        book = builder.load_replies(game)
        for record, opening in states.items():
            assert set(opening["reply"]) == set(LEVELS)
            lines = [(state, None) for state in opening["after"].values()]
            for level, first in opening["reply"].items():
                assert first["after"], (record, level)
                lines += [(state, level) for state in first["after"].values()]
                lines.append((opening, level))
            for state, level in lines:
                levels = set(LEVELS) if level is None else {level}
                assert levels <= set(state["reply"]), (state["record"], level)
                for each in levels:
                    reply = state["reply"][each]
                    move = book[state["record"]][each]
                    assert reply["last"]["move"] == move
                    engine = api.play(state["record"], move)
                    assert without_book(reply) == (engine if "after" in reply else as_shown(engine))
                    if "after" in reply:
                        assert {m: without_book(s) for m, s in reply["after"].items()} == {
                            m["move"]: as_shown(api.play(reply["record"], m["move"]))
                            for m in engine["legal"]
                        }


BOOK = sample(
    pytest.param(game, record, level, move, id=f"{record}-{level}")
    for game in sorted(VARIANTS)
    for i, (record, chosen) in enumerate(sorted(builder.load_replies(game).items()))
    if i % 20 == 0
    for level, move in chosen.items()
)


@pytest.mark.parametrize(("game", "record", "level", "move"), BOOK)
def test_the_books_replies_are_the_computers_own(game, record, level, move):
    """The book holds what the computer chooses (its search at hard's node budget, the seed
    the book's generator gives the position): a change to the search or the evaluation that
    would make it choose otherwise means the book is made again."""
    nodes = json.loads((builder.CONTENT / "replies" / f"{game}.json").read_text())["nodes"]
    assert replies.choose(GameRecord.decode(record), level, nodes) == move
