"""The play page's link loader under fuzzing: generated fragments (the same strategy that
feeds the engine's deserializer) are opened one after the other on one German play page.
Each one ends in the game it holds, or in a German explanation; never in an exception."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import api
from tests.e2e.support import READY, enable_test_hooks, play_url
from tests.helpers import fragments

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
        shown.push({
            link: html.dataset.link,
            moves: [...document.querySelectorAll("#moves [data-move]")].map((b) => b.dataset.move),
            error: panel.hidden ? null : document.getElementById("link-error-text").textContent,
        });
    }
    return shown;
}"""
# In batches of 20. The engine's reader gets 1500 of the same fragments in test_record.py; here
# the page's handling of each kind of answer is what counts.
FRAGMENTS = 1000


def test_generated_links_give_the_game_or_a_german_reason(page, site_server):
    enable_test_hooks(page)
    page.goto(play_url(site_server, GAME, lang="de"))
    page.wait_for_selector(READY)
    page.check("input[name=mode][value=two]")  # no computer move between the links
    last = {"moves": []}
    seen = {"ok": 0, "error": 0, "empty": 0}

    @settings(
        max_examples=FRAGMENTS // 20,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.lists(fragments, min_size=20, max_size=20))
    def check(batch):
        nonlocal last
        for fragment, shown in zip(batch, page.evaluate(FEED, batch), strict=True):
            record = fragment.strip(JS_SPACE)
            if not record:  # nothing to open: the game in progress stays
                assert shown["moves"] == last["moves"]
                seen["empty"] += 1
                continue
            expected = api.load(record)
            if "error" in expected or expected["game"] != GAME:
                assert shown["link"] == "error", (record[:200], expected.get("error"))
                assert shown["error"] and not ENGLISH.search(shown["error"]), shown["error"]
            else:
                assert shown["link"] == "ok" and shown["error"] is None, record[:200]
                assert shown["moves"] == expected["moves"]
            seen[shown["link"]] += 1
            last = shown

    check()
    assert sum(seen.values()) >= FRAGMENTS, seen
    assert seen["ok"] > 10 and seen["error"] > 100, seen  # both ways were really taken
    assert not page.console_errors
