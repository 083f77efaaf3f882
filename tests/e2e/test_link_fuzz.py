"""The play page's link loader under fuzzing: generated fragments (the same strategy that
feeds the engine's deserializer) are opened one after the other on one German play page.
Each one ends in the game it holds, or in a German explanation; never in an exception."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import expect

from game import api
from tests.e2e.support import READY, START, enable_test_hooks, play_url, save_game
from tests.helpers import fragments_for

GAME = "fox-and-geese"
# What String.prototype.trim() removes (the page trims the fragment), unlike str.strip().
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
ENGLISH = re.compile(r"\b(This link|this link|not allowed|written as a move|another kind)\b")

# Open each fragment by setting location.hash, as a pasted link does, and wait for the page's
# "link handled" counter before the next. The hash is emptied first without an event, so the
# same fragment twice still fires hashchange; an empty fragment is sent as a space, which trims
# to the same. A batch goes in one call: the browser round trip costs more than the link.
FEED = """async (texts) => {
    const html = document.documentElement;
    const shown = [];
    for (const text of texts) {
        const seq = Number(html.dataset.linkSeq ?? 0);
        const handled = new Promise((resolve) => {
            const observer = new MutationObserver(() => {
                if (Number(html.dataset.linkSeq ?? 0) > seq) { observer.disconnect(); resolve(); }
            });
            observer.observe(html, { attributes: true, attributeFilter: ["data-link-seq"] });
        });
        history.replaceState(null, "", "#");
        location.hash = encodeURIComponent(text || " ");
        await handled;
        const panel = document.getElementById("link-error");
        const board = document.querySelector("svg[data-board]");
        shown.push({
            pieces: board.querySelectorAll(".board-pieces [data-piece]").length,
            dimmed: board.classList.contains("board-dimmed"),
            locked: board.classList.contains("board-locked"),
            link: html.dataset.link,
            moves: [...document.querySelectorAll("#moves [data-move]")].map((b) => b.dataset.move),
            error: panel.hidden ? null : document.getElementById("link-error-text").textContent,
        });
    }
    return shown;
}"""
# In batches of 20. The engine's reader gets 1500 of the same fragments in test_record.py; here
# the page's handling of each kind of answer is what counts: most on the first game's page, and
# on the pages of the games with pieces of their own (Asalto's huffs, Bagh-Chal's placements).
FRAGMENTS = {"fox-and-geese": 1000, "asalto": 300, "bagh-chal": 300}


@pytest.mark.parametrize("game", list(FRAGMENTS))
def test_generated_links_give_the_game_or_a_german_reason(page, site_server, game):
    enable_test_hooks(page)
    page.goto(play_url(site_server, game, lang="de"))
    page.wait_for_selector(READY)
    page.check("input[name=mode][value=two]")  # no computer move between the links
    last = {"moves": []}
    seen = {"ok": 0, "error": 0, "empty": 0}

    @settings(
        max_examples=FRAGMENTS[game] // 20,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(fragments_for(game), min_size=20, max_size=20))
    def check(batch):
        nonlocal last
        for fragment, shown in zip(batch, page.evaluate(FEED, batch), strict=True):
            record = fragment.strip(JS_SPACE)
            if not record:  # nothing to open: the game in progress stays
                assert shown["moves"] == last["moves"]
                seen["empty"] += 1
                continue
            expected = api.load(record)
            if "error" in expected or expected["game"] != game:
                assert shown["link"] == "error", (record[:200], expected.get("error"))
                assert shown["error"] and not ENGLISH.search(shown["error"]), shown["error"]
                # Behind the error, what the link's readable part holds (or the game before),
                # dimmed and not to be played until the player chooses: never an empty board.
                assert shown["pieces"] > 0 and shown["dimmed"] and shown["locked"], record[:200]
            else:
                assert shown["link"] == "ok" and shown["error"] is None, record[:200]
                assert shown["pieces"] > 0 and not shown["dimmed"], record[:200]
                assert shown["moves"] == expected["moves"]
            seen[shown["link"]] += 1
            last = shown

    check()
    assert sum(seen.values()) >= FRAGMENTS[game], seen
    # Both ways were really taken.
    assert seen["ok"] > 10 and seen["error"] > FRAGMENTS[game] // 10, seen
    assert not page.console_errors


# Opened first, before any game: (link, moves its readable part holds or None for no such part).
FIRST = [
    ("1.fox-and-geese.13.d4-d5.zz", ["d4-d5"]),  # a move not written as one
    ("1.fox-and-geese.13.d4-d5.d5-d4", ["d4-d5"]),  # a move not allowed
    ("garbage", None),  # nothing readable
    ("1.two-foxes.20", None),  # another kind of game
]


@pytest.mark.parametrize("saved", [False, True], ids=["no-saved-game", "saved-game"])
@pytest.mark.parametrize(("link", "readable"), FIRST, ids=[f[0] for f in FIRST])
def test_a_broken_link_opened_first_shows_a_position_behind_its_error(
    page, site_server, link, readable, saved
):
    if saved:  # the player's own game on one device, one move in
        game = {"id": "own", "mode": "two", "side": "fox", "level": "medium"}
        save_game(page, game | {"record": f"{START}.d4-e4"})
    page.goto(play_url(site_server, GAME, fragment=link))
    page.wait_for_selector(READY)
    expect(page.locator("#link-error")).to_be_visible()
    board = page.locator("svg[data-board]")
    expect(board).to_have_class(re.compile(r"\bboard-dimmed\b"))
    expect(board).to_have_class(re.compile(r"\bboard-locked\b"))
    assert board.locator(".board-pieces [data-piece]").count() > 0
    moves = page.locator("#moves [data-move]").all_inner_texts()
    # The readable part; without one, the player's own game, else a new game's opening.
    assert moves == (readable if readable is not None else ["d4-e4"] if saved else [])
    # Choosing undims the board and plays on.
    page.click("[data-action=discard-link]")
    expect(page.locator("#link-error")).to_be_hidden()
    expect(board).not_to_have_class(re.compile(r"\bboard-dimmed\b"))
    expect(board).not_to_have_class(re.compile(r"\bboard-locked\b"))
    assert not page.console_errors
