"""The lessons on the rules pages: every lesson of every game completed by clicking in two
locales, each lesson's wrong try explained in the play page's words, "Show me", keyboard-only
play, and axe with the marks of a finished lesson on the board. Positions, moves and reasons
are the engine's (tests/test_lessons.py proves the embedded data equals what it computes)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from site_builder.content import load_games
from tests.e2e.support import axe_violations_light_and_dark

READY = "#lessons[data-status=ready] [data-action=show-me]:not([disabled])"
CONTENT = {game.id: game for game in load_games()}
# Every game with lessons, those without a play page yet (Asalto, Bagh-Chal) included.
GAMES = list(CONTENT)


def open_lessons(page, site_server, code: str, game: str) -> list[dict]:
    page.goto(f"{site_server.root_url}{code}/{game}/")
    page.wait_for_selector(READY)
    return page.evaluate("() => JSON.parse(document.getElementById('lesson-data').textContent)")[
        "lessons"
    ]


def said(page, after: dict, foxes: int) -> str:
    """What the page's own module says a move did (the pieces taken or huffed, how the game
    ended), in the page's language and its game's pieces (#phrases)."""
    return page.evaluate(
        """async ([after, foxes]) => {
            const texts = await import(new URL("../../static/js/texts.js", location.href).href);
            return texts.outcomeText(after, foxes);
        }""",
        [after, foxes],
    )


def click(page, points: list[str]) -> None:
    for name in points:
        page.locator(f"#lessons [data-point='{name}']").click()


def words(page, code: str) -> str:
    """The play page's explanation for a reason, from its own module in the page's language."""
    return page.evaluate(
        """async (reason) => {
            const texts = await import(new URL("../../static/js/texts.js", location.href).href);
            return texts.illegalText(reason);
        }""",
        code,
    )


@pytest.mark.parametrize("code", ["en", "sv"])
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_by_clicking(page, site_server, code, game):
    lessons = open_lessons(page, site_server, code, game)
    assert 5 <= len(lessons) <= 8
    section = page.locator("#lessons")
    message = page.locator("#lesson-message")
    for i, lesson in enumerate(lessons):
        expect(section).to_have_attribute("data-lesson", str(i))
        expect(page.locator("#lesson-title")).to_have_text(lesson["title"])
        # The wrong try: its explanation is the play page's for the engine's reason, or the
        # lesson's own words for that reason.
        # A wrong try that stops a chain midway is a click on the fox again.
        wrong = lesson["wrong"]
        paths = [m["path"] for m in lesson["start"]["legal"]]
        stop = any(len(p) > len(wrong) and p[: len(wrong)] == wrong for p in paths)
        click(page, wrong + ([wrong[-1]] if stop else []))
        reason = lesson["wrong_reason"]
        expected = lesson["explain"].get(reason) or words(page, reason)
        assert expected != words(page, "unknown"), reason
        expect(message).to_have_text(expected)
        expect(section).to_have_attribute("data-status", "ready")
        page.keyboard.press("Escape")
        # The lesson's move, point by point.
        goal = lesson["goal"][0]
        after = lesson["after"][goal]
        click(page, after["last"]["path"])
        expect(section).to_have_attribute("data-status", "done")
        for point in after["last"]["captures"]:
            expect(message).to_contain_text(point)
        # What happened, in the words of the game's own pieces (a huff too).
        outcome = said(page, after, len(CONTENT[game].variant.foxes))
        assert bool(outcome) == bool(
            after["last"]["captures"] or after["huffed"] or after["result"]
        )
        expect(message).to_contain_text(outcome)
        if lesson["done"]:
            expect(message).to_contain_text(lesson["done"])
        for kind in ("fox", "goose"):
            shown = page.eval_on_selector_all(
                f"#lessons [data-piece={kind}]", "nodes => nodes.map(n => n.dataset.at).sort()"
            )
            assert shown == sorted(after["pieces"][kind]), (i, kind)
        if i < len(lessons) - 1:
            page.locator("#lessons [data-action=next]").click()
    expect(page.locator("#lessons [data-action=next]")).to_be_hidden()
    if CONTENT[game].play:
        expect(page.locator("#lessons [data-action=play-now]")).to_have_attribute("href", "play/")
    else:
        expect(page.locator("#lessons [data-action=play-now]")).to_have_count(0)
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("game", "labels"),
    [("asalto", {"c7": "c7, officer", "d4": "d4, rebel"}), ("bagh-chal", {"a1": "a1, tiger"})],
)
def test_the_lesson_board_names_the_game_s_own_pieces(page, site_server, game, labels):
    open_lessons(page, site_server, "en", game)
    for point, label in labels.items():
        expect(page.locator(f"#lessons [data-point='{point}']")).to_have_attribute(
            "aria-label", label
        )


def test_a_goat_is_placed_by_click_and_by_keyboard(page, site_server):
    lessons = open_lessons(page, site_server, "en", "bagh-chal")
    assert lessons[0]["start"]["in_hand"] == 17
    # A goat on the board may not move while goats are in hand: the lesson says why.
    click(page, ["c3", "c4"])
    expect(page.locator("#lesson-message")).to_contain_text("While goats are in hand")
    page.keyboard.press("Escape")
    # Enter on an empty point places a goat there.
    page.locator("#lessons [data-point='a2']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#lessons")).to_have_attribute("data-status", "done")
    expect(page.locator("#lessons [data-piece=goose][data-at=a2]")).to_have_count(1)
    expect(page.locator("#lesson-announce")).to_contain_text("A goat is placed on a2.")
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("game", "points"),
    [("fox-and-geese", ["d4", "d6"]), ("two-foxes", ["c7", "c5"]), ("large-cross", ["e5", "e7"])],
)
def test_a_fox_moved_two_points_in_the_first_lesson_is_told_it_steps_one(
    page, site_server, game, points
):
    # Issue #37: the rule of a jump answered a question the reader had not asked (jumps are
    # the next lesson); the first lesson says the fox steps one point at a time.
    open_lessons(page, site_server, "en", game)
    click(page, points)
    message = page.locator("#lesson-message")
    expect(message).to_have_text(
        "A fox steps only one point at a time, to the next point along a line."
    )
    open_lessons(page, site_server, "sv", game)
    click(page, points)
    expect(message).to_have_text(
        "En räv flyttar bara ett steg i taget, till nästa punkt längs en linje."
    )
    assert page.console_errors == []


def test_a_legal_move_that_is_not_the_lesson_s_is_taken_back(page, site_server):
    lessons = open_lessons(page, site_server, "en", "fox-and-geese")
    page.locator("#lessons .lesson-list [data-lesson='1']").click()
    legal = [m["move"] for m in lessons[1]["start"]["legal"]]
    assert "d4-d5" not in lessons[1]["goal"] and "d4-c4" in legal
    click(page, ["d4", "c4"])
    expect(page.locator("#lesson-message")).to_contain_text("allowed")
    expect(page.locator("#lessons [data-piece=fox]")).to_have_attribute("data-at", "d4")
    expect(page.locator("#lessons")).to_have_attribute("data-status", "ready")


def test_show_me_animates_the_move(page, site_server):
    lessons = open_lessons(page, site_server, "en", "two-foxes")
    page.locator("#lessons .lesson-list [data-lesson='2']").click()
    lesson = lessons[2]
    goal = lesson["goal"][0]
    assert goal.count("x") == 2
    page.locator("#lessons [data-action=show-me]").click()
    # The fox travels jump by jump, each goose fading as it passes.
    running = page.evaluate("() => document.getAnimations().length")
    assert running >= 1
    expect(page.locator("#lessons")).to_have_attribute("data-status", "shown")
    expect(page.locator("#lessons [data-piece=fox][data-at=c3]")).to_have_count(1)
    expect(page.locator("#lesson-message")).to_contain_text("e4")
    page.wait_for_function("() => document.getAnimations().length === 0")
    expect(page.locator("#lessons [data-piece=goose]")).to_have_count(
        len(lesson["after"][goal]["pieces"]["goose"])
    )
    # Try again brings the position back.
    page.locator("#lessons [data-action=again]").click()
    expect(page.locator("#lessons [data-piece=fox][data-at=e5]")).to_have_count(1)
    expect(page.locator("#lessons")).to_have_attribute("data-status", "ready")


def test_a_lesson_by_keyboard_alone(page, site_server):
    open_lessons(page, site_server, "en", "fox-and-geese")
    # Tab from the lesson's heading into the board: the first stop is the fox.
    page.locator("#learn").evaluate("h => { h.tabIndex = -1; h.focus(); }")
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.point === 'd4'"):
            break
    assert page.evaluate("() => document.activeElement.dataset.point") == "d4"
    page.keyboard.press("Enter")
    announce = page.locator("#lesson-announce")
    expect(announce).to_contain_text("d4")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => document.activeElement.dataset.point") == "d5"
    page.keyboard.press("Enter")
    expect(page.locator("#lessons")).to_have_attribute("data-status", "done")
    expect(announce).to_contain_text("d4-d5")
    # On to the next lesson by keyboard: Tab reaches "Next lesson".
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.action === 'next'"):
            break
    page.keyboard.press("Enter")
    expect(page.locator("#lessons")).to_have_attribute("data-lesson", "1")
    expect(announce).to_contain_text(page.locator("#lesson-text").text_content())


def test_no_accessibility_violations_in_a_finished_lesson(browser, site_server):
    context = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{site_server.root_url}de/fox-and-geese/")
        page.wait_for_selector(READY)
        page.locator("#lessons .lesson-list [data-lesson='4']").click()
        page.locator("#lessons [data-action=show-me]").click()
        expect(page.locator("#lessons")).to_have_attribute("data-status", "shown")
        assert axe_violations_light_and_dark(page) == {"light": [], "dark": []}
    finally:
        context.close()


@pytest.mark.service_worker
def test_lessons_work_offline_after_one_visit(page, site_server):
    page.goto(f"{site_server.root_url}de/two-foxes/")
    page.wait_for_selector("html[data-offline=ready]")
    with site_server.offline():
        lessons = open_lessons(page, site_server, "de", "large-cross")
        goal = lessons[0]["goal"][0]
        click(page, goal.split("-"))
        expect(page.locator("#lessons")).to_have_attribute("data-status", "done")
        expect(page.locator("#lesson-message")).to_have_text(lessons[0]["done"])
