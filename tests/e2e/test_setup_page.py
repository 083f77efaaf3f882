"""Setting up a position on the play page (play/setup.js, game/setup.py): the editor by
click and by keyboard, the engine's check in the player's language, the game from the
position against the computer, by link in a fresh browser and after a reload."""

import re

from babel.messages.pofile import read_po
from playwright.sync_api import expect

from game import api
from tests.e2e.support import READY, play_url, point, set_mode, tap
from tests.helpers import REPO as ROOT

EDITOR = "#setup"
SLOW = 240_000  # the engine's start, the computer's reply and a fresh browser on a busy machine
TOO_FEW = "With so few geese the fox side has already won."


def translation(lang: str, msgid: str) -> str:
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    text = catalog[msgid].string
    assert isinstance(text, str) and text and text != msgid
    return text


def plural_translation(lang: str, msgid: str, form: int) -> str:
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f)
    forms = catalog[msgid].string
    assert isinstance(forms, tuple)
    text = forms[form]
    assert text and text != msgid
    return text


def open_editor(page):
    page.locator("[data-action=setup]").click()
    expect(page.locator(EDITOR)).to_be_visible()
    page.locator(f"{EDITOR} [data-action=setup-clear]").click()
    expect(page.locator("svg[data-board] [data-piece]")).to_have_count(0)


def test_a_set_up_position_is_checked_played_against_the_computer_and_sent(
    browser, page, site_server
):
    page.set_default_timeout(SLOW)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(play_url(site_server, lang="de"))
    page.wait_for_selector(READY)
    open_editor(page)
    # By keyboard: the kind first (the radio group), then a point of the board and Enter.
    page.locator(f"{EDITOR} input[name=setup-kind][value=fox]").focus()
    page.keyboard.press("Space")
    point(page, "d4").focus()
    page.keyboard.press("Enter")
    expect(point(page, "d4")).to_have_attribute("aria-label", "d4, Fuchs")
    # By click: three geese, too few.
    page.locator(f"{EDITOR} input[name=setup-kind][value=goose]").check()
    tap(page, "c1", "d1", "e1")
    page.locator(f"{EDITOR} [data-action=setup-check]").click()
    problem = page.locator("#setup-problems li")
    expect(problem).to_have_count(1)
    expect(problem).to_have_attribute("data-code", "too-few-geese")
    expect(problem).to_have_text(translation("de", TOO_FEW))
    # A goose clicked again is taken off; three more make a position that can be played.
    tap(page, "e1", "e1", "c3", "d3", "e3")
    page.locator(f"{EDITOR} [data-action=setup-check]").click()
    expect(page.locator("#setup-ok")).to_be_visible()
    expect(page.locator("#setup-problems")).to_be_hidden()
    # The geese to move, played by this player against the computer (the settings form).
    page.locator(f"{EDITOR} input[name=setup-turn][value=geese]").check()
    page.check("input[name=side][value=geese]")
    page.locator(f"{EDITOR} [data-action=setup-play]").click()
    record = "3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese"
    page.wait_for_function("r => location.hash === '#' + r", arg=record)
    expect(page.locator(EDITOR)).to_be_hidden()
    status = page.locator("#status")
    expect(status).to_have_attribute("data-mode", "computer")
    expect(status).to_have_attribute("data-side", "geese")
    expect(status).to_have_attribute("data-to-move", "geese")
    tap(page, "c3", "c4")
    # The computer answers: two moves from the set-up start.
    page.wait_for_function(
        "() => document.querySelectorAll('#moves [data-move]').length === 2"
        " && location.hash.split('.').length === 7"
    )
    played = page.evaluate("() => location.hash.slice(1)")
    assert played.startswith(record + ".c3-c4.")
    state = api.load(played)
    assert "error" not in state

    # The link, opened in a fresh browser: the same position, played by link, kept on reload.
    context = browser.new_context()
    try:
        friend = context.new_page()
        friend.set_default_timeout(SLOW)
        friend.goto(play_url(site_server, fragment=played))
        friend.wait_for_selector(READY)
        expect(friend.locator("#status")).to_have_attribute("data-mode", "link")
        for kind in ("fox", "goose"):
            expect(friend.locator(f"svg[data-board] [data-piece={kind}]")).to_have_count(
                len(state["pieces"][kind])
            )
        for name in state["pieces"]["goose"]:
            expect(
                friend.locator(f'svg[data-board] [data-piece=goose][data-at="{name}"]')
            ).to_have_count(1)
        friend.reload()
        friend.wait_for_selector(READY)
        expect(friend.locator("#status")).to_have_attribute("data-mode", "link")
        expect(friend.locator("#moves [data-move]")).to_have_count(2)
        for name in state["pieces"]["goose"]:
            expect(
                friend.locator(f'svg[data-board] [data-piece=goose][data-at="{name}"]')
            ).to_have_count(1)
        assert friend.evaluate("() => location.hash.slice(1)").split(".")[4] == record.split(".")[4]
    finally:
        context.close()

    # This player's own game survives a reload too, and "Play again" starts from the set-up.
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator("#moves [data-move]")).to_have_count(2)
    assert page.evaluate("() => location.hash.slice(1)") == played
    assert page.console_errors == []


def test_an_impossible_link_start_is_refused_like_any_corrupt_link(page, site_server):
    page.set_default_timeout(SLOW)
    # A start not written as one (its geese out of the board's order) has no reason to say.
    page.goto(play_url(site_server, fragment="3.fox-and-geese.13.-.d4-a3c1d1e1c3d3e3-fox"))
    page.wait_for_selector(READY)
    expect(page.locator("#link-error")).to_be_visible()
    expect(page.locator("#link-error-text")).to_have_text(
        "The position this link starts from cannot be played."
    )
    assert page.console_errors == []


def test_an_impossible_link_start_says_its_first_reason_over_a_board(page, site_server):
    # Two foxes and three geese: two problems, one sentence with the first of them, in the
    # page's language; behind it a new game's opening, dimmed, never an empty board.
    page.set_default_timeout(SLOW)
    page.goto(play_url(site_server, lang="de", fragment="3.fox-and-geese.13.-.d4e4-c1d1e1-fox"))
    page.wait_for_selector(READY)
    expect(page.locator("#link-error")).to_be_visible()
    refusal = translation("de", "The position this link starts from cannot be played.")
    reason = plural_translation("de", "This game is played with %(num)s fox.", 0)
    expect(page.locator("#link-error-text")).to_have_text(
        f"{refusal} {reason.replace('%(num)s', '1')}"
    )
    expect(page.locator("svg[data-board]")).to_have_class(re.compile(r"\bboard-dimmed\b"))
    expect(page.locator("svg[data-board] [data-piece=fox]")).to_have_count(1)
    expect(page.locator("svg[data-board] [data-piece=goose]")).to_have_count(13)
    expect(page.locator("#moves [data-move]")).to_have_count(0)
    expect(page.locator("#balance")).to_be_hidden()  # the table's balance is not the link's
    assert page.console_errors == []


def test_a_set_up_game_with_the_geese_first_numbers_moves_from_the_fox(page, site_server):
    # Fox and Geese opens with the fox: from a start with the geese to move, the geese's
    # first move is the second half of move 1, everywhere the page numbers moves.
    page.set_default_timeout(SLOW)
    page.set_viewport_size({"width": 1280, "height": 1000})
    record = "3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese.c3-c4.d4-d5.d3-d4"
    page.goto(play_url(site_server, fragment=record))
    page.wait_for_selector(READY)
    set_mode(page, "two")
    items = page.locator("#moves li")
    expect(items).to_have_count(2)
    assert items.evaluate_all("lis => lis.map((li) => li.value)") == [1, 2]
    expect(items.nth(0).locator(".move-gap")).to_have_count(1)
    expect(items.nth(0).locator("[data-move]")).to_have_text(["c3-c4"])
    expect(items.nth(1).locator("[data-move]")).to_have_text(["d4-d5", "d3-d4"])
    assert items.nth(0).locator("[data-move]").get_attribute("class") == "move move-geese"
    page.click("#moves [data-ply='2']")
    expect(page.locator("#browsing-text")).to_have_text("Looking at move 2 of 2.")
    page.click("#moves [data-ply='1']")
    expect(page.locator("#browsing-text")).to_have_text("Looking at move 1 of 2.")
    # The review says the same numbers: in the move shown, its table and each move's title.
    page.click("[data-action=review]")
    page.wait_for_selector("#review[data-status=done]")
    expect(page.locator("#review-move")).to_contain_text("move 1, c3-c4.")
    expect(page.locator("#value-table tbody th")).to_have_text(["1. c3-c4", "2. d4-d5", "2. d3-d4"])
    assert "move 2, d3-d4." in page.locator("#moves [data-ply='3']").get_attribute("title")
    assert page.console_errors == []
