"""A game's own URL opened again: a game against the computer in a fresh browser is that game
(same side, same level), not a friend's; a friend's link says why its side is fixed, and back in
one's own game the note goes; a game put aside is said once; a solved puzzle opened by its link
shows it was solved, and after the solution the puzzle can be tried again from its start."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from game import api
from tests.e2e.support import (
    READY,
    enter_move,
    friend_page,
    open_play,
    play_url,
    set_mode,
)

# Reopened as people do, with the service worker that keeps the site for offline use at work.
pytestmark = pytest.mark.service_worker

SIDE_NOTE = "In a game by link each of you keeps the side you started with."
ASIDE = "The previous game was put aside."


def test_a_computer_games_own_url_opens_as_that_game_in_a_fresh_browser(browser, page, site_server):
    page.set_default_timeout(240_000)  # two engines at once on a busy machine
    open_play(page, site_server)
    page.select_option("#level", "easy")
    set_mode(page, "computer", side="geese")
    # The computer (the fox) opens; its move and the player's side and level are in the URL.
    page.wait_for_function("() => location.hash.split('.').length === 4 && location.search")
    url = page.url
    query = parse_qs(urlsplit(url).query)
    assert query == {"opponent": ["computer"], "side": ["geese"], "level": ["easy"]}
    record = urlsplit(url).fragment

    with friend_page(browser, url) as other:
        status = other.locator("#status")
        expect(status).to_have_attribute("data-mode", "computer")
        expect(status).to_have_attribute("data-side", "geese")
        expect(other.locator("#level")).to_have_value("easy")
        expect(other.locator("input[name=mode][value=computer]")).to_be_checked()
        assert urlsplit(other.url).fragment == record
        # Its own game there: a move is answered by the computer, not left to a friend.
        state = api.load(record)
        state = enter_move(other, state, state["legal"][0]["move"])
        other.wait_for_function(
            "n => location.hash.split('.').length === n", arg=len(state["record"].split(".")) + 1
        )
        expect(status).to_have_attribute("data-mode", "computer")

    # A reload where it is saved goes on with it, as before.
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator("#status")).to_have_attribute("data-mode", "computer")
    expect(page.locator("#status")).to_have_attribute("data-side", "geese")
    assert urlsplit(page.url).fragment == record
    assert page.console_errors == []


def test_a_friends_link_says_why_its_side_is_fixed_and_a_game_put_aside_is_said_once(
    page, site_server
):
    open_play(page, site_server)
    note = page.locator("#side-note")
    expect(note).to_be_hidden()
    enter_move(page, api.new_game("fox-and-geese"), "d4-c4")
    page.wait_for_function("() => location.hash.split('.').length === 5")  # the reply

    # A friend's link: the side is fixed, and the note beside the choice says why.
    page.goto(play_url(site_server, fragment="2.fox-and-geese.13.fox.d4-c4"))
    page.wait_for_selector("#status[data-mode=link][data-side=geese]")
    expect(page.locator("input[name=side][value=geese]")).to_be_disabled()
    expect(note).to_be_visible()
    expect(note).to_have_text(SIDE_NOTE)
    described = page.eval_on_selector(
        "fieldset.for-side", "f => document.getElementById(f.getAttribute('aria-describedby')).id"
    )
    assert described == "side-note"
    assert not urlsplit(page.url).query  # a link game's URL is its record alone

    # Back to one's own game: the side can be chosen again, and the note goes.
    page.click("[data-action=use-saved]")
    page.wait_for_selector("#status[data-mode=computer]")
    expect(note).to_be_hidden()
    expect(page.locator("input[name=side][value=geese]")).to_be_enabled()
    expect(page.locator("#message")).not_to_contain_text("friend")  # said of the link left

    # A new game puts the running one aside: said once on the page, beside "Bring it back".
    page.click("[data-action=new-game]")
    page.click("#confirm [data-action=confirm]")
    expect(page.locator("#aside")).to_be_visible()
    # (Also spoken: the live region, visually hidden, holds it too.)
    shown = page.locator(f"#play :text-is('{ASIDE}'):visible:not(#announce)")
    expect(shown).to_have_count(1)
    expect(page.locator("#message")).not_to_contain_text(ASIDE)
    assert page.console_errors == []


def test_a_solved_puzzle_opened_by_its_link_says_so_and_can_be_tried_after_the_solution(
    page, site_server
):
    url = f"{site_server.root_url}en/fox-and-geese/puzzles/"
    page.goto(url)
    section = page.locator("#puzzles")
    page.wait_for_selector("#puzzles[data-status=ready]")
    data = page.evaluate("() => JSON.parse(document.getElementById('puzzle-data').textContent)")
    second = data["puzzles"][1]
    # Solved earlier in this browser, as the page keeps it.
    key = "fox-and-geese:puzzles-solved:fox-and-geese"
    page.evaluate("([k, id]) => localStorage.setItem(k, JSON.stringify([id]))", [key, second["id"]])
    page.goto(f"{url}#{second['id']}")
    page.reload()
    page.wait_for_selector("#puzzles[data-status=ready]")
    expect(section).to_have_attribute("data-puzzle", second["id"])
    expect(section).to_have_attribute("data-solved", "true")
    mark = page.locator("#puzzle-solved-mark")
    expect(mark).to_be_visible()
    expect(page.locator("#puzzle-solved")).to_have_text(f"Solved: 1 of {len(data['puzzles'])}")

    # Show the solution, then try again from the puzzle's start.
    again = page.locator("#puzzles [data-action=again]")
    expect(again).to_be_disabled()
    page.locator("#puzzles [data-action=show-solution]").click()
    expect(section).to_have_attribute("data-status", "shown")
    expect(again).to_be_enabled()
    again.click()
    expect(section).to_have_attribute("data-status", "ready")
    expect(section).to_have_attribute("data-step", "0")
    start = second["steps"][0]["view"]["pieces"]
    for kind, points in start.items():
        on_board = page.eval_on_selector_all(
            f"#puzzles [data-piece={kind}]", "nodes => nodes.map(n => n.dataset.at).sort()"
        )
        assert on_board == sorted(points)
    # Solvable from there: its first move is answered, not refused.
    first = second["steps"][0]["move"]
    for name in first.replace("-", "x").split("x"):
        page.locator(f"#puzzles [data-point='{name}']").click()
    expect(section).not_to_have_attribute("data-status", "ready")
    expect(section).not_to_have_attribute("data-status", "wrong")
    # Opened from another puzzle by its link (a changed fragment), it says so as well.
    page.goto(f"{url}#{data['puzzles'][0]['id']}")
    expect(section).to_have_attribute("data-solved", "false")
    expect(mark).to_be_hidden()
    page.goto(f"{url}#{second['id']}")
    expect(section).to_have_attribute("data-solved", "true")
    expect(mark).to_be_visible()
    assert page.console_errors == []
