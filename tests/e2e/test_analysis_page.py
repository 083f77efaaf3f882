"""Hint and review on the play page in Chromium (play/analysis.js, docs/analysis.md): the
positions come from a game of the benchmarks, opened by link, where the exact search knows
who wins."""

from __future__ import annotations

import math

from playwright.sync_api import expect

from game import Side, square_name
from game.record import GameRecord
from game.solve import Solver, solve
from tests.e2e.support import (
    READY,
    enable_test_hooks,
    play_url,
    set_mode,
    settled,
    wait_engine_idle,
)
from tests.helpers import REPO
from tests.test_analysis import thrown_game

# The review's calls in Pyodide, on a busy machine: generous.
REVIEW_TIMEOUT_MS = 240_000


def open_link(page, server, record: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(play_url(server, fragment=record))
    page.wait_for_selector(READY)
    page.wait_for_selector("#status[data-mode=link]")


def click_move(page, position, notation: str) -> None:
    """Play a move by clicking its points, and wait for the page to show it."""
    move = next(m for m in position.legal_moves() if str(m) == notation)
    for sq in move.path:
        page.click(f'svg[data-board] [data-point="{square_name(sq)}"]')
    position.push(move)
    page.wait_for_selector(f"#moves [data-ply='{position.ply}']")


def ask_hint(page) -> str:
    page.click("[data-action=hint]")
    page.wait_for_function("() => document.querySelector('#advice').dataset.move !== ''")
    return page.locator("#advice").get_attribute("data-move")


def test_a_hint_in_a_won_endgame_marks_a_legal_winning_move_and_is_counted(page, site_server):
    game = thrown_game()
    record = game.with_moves(game.moves[:75])
    position = record.replay()
    assert solve(position)[0] is Side.GEESE  # the geese to move win, and may still go wrong
    open_link(page, site_server, record.encode())
    # A link game keeps each side to its player: no hint there.
    assert page.locator("[data-action=hint]").is_hidden()
    set_mode(page, "two")
    move = ask_hint(page)
    reason = page.locator("#advice").get_attribute("data-reason")
    # The exact search's "wins" where it finished within the hint's second, else the search's.
    assert reason in {"wins", "keeps-fox-from", "best"}
    said = page.locator("#advice").inner_text()
    assert said.startswith(f"Hint: {move}. ")
    assert ("This wins: the fox is trapped in" in said) == (reason == "wins")
    chosen = next(m for m in position.legal_moves() if str(m) == move)  # a legal move
    position.push(chosen)
    assert solve(position)[0] is Side.GEESE  # that keeps the win
    position.pop()
    # The board marks the move's two points.
    assert page.locator("svg[data-board] .mark-hint").count() == 2
    # Counted with the game, kept across a reload, and said at the end.
    page.reload()
    page.wait_for_selector(READY)
    page.wait_for_selector("#status[data-mode=two]")
    click_move(page, position, move)
    assert page.locator("#advice").is_hidden()  # the hint was for the position before
    click_move(page, position, ask_hint(page))  # the fox's
    solver = Solver()
    while position.outcome() is None:  # the geese finish the game, the fox holds out
        found = solver.best_move(position)
        assert found is not None
        click_move(page, position, str(found[0]))
    page.wait_for_selector("#status[data-result=geese]")
    assert page.locator("#hints-used").inner_text() == "2 hints were used in this game."


def test_a_review_marks_the_thrown_win_and_the_turn_is_one_click_away(page, site_server):
    record = thrown_game()
    open_link(page, site_server, record.encode())
    page.wait_for_selector("#status[data-result=geese]")
    review = page.locator("#review")
    page.click("[data-action=review]")
    page.wait_for_selector("#review[data-status=running]")
    # Progress: the moves done go up while it runs (the worker's calls are short).
    page.wait_for_function("() => Number(document.querySelector('#review').dataset.done) > 0")
    # In moves as the list numbers them (both sides' halves), not in plies.
    moves = math.ceil(len(record.moves) / 2)
    assert f" of {moves} moves done." in page.locator("#review-text").inner_text()
    # The move list and the board stay usable while it runs: a look back is answered between
    # two of the review's calls, not after the last.
    page.click("#moves [data-ply='10']")
    page.wait_for_selector("#moves [aria-current][data-ply='10']")
    assert review.get_attribute("data-status") == "running"
    done = int(review.get_attribute("data-done"))
    assert 0 < done < len(record.moves)
    page.click("[data-action=last]")
    # Done: the move that let the win go is marked, with the exact verdict.
    page.wait_for_selector("#review[data-status=done]", timeout=REVIEW_TIMEOUT_MS)
    thrown = page.locator("#moves [data-ply='73']")
    assert thrown.get_attribute("data-mark") == "mistake"
    assert thrown.get_attribute("data-verdict") == "lets-win-go"
    assert thrown.get_attribute("data-turn") == "true"
    assert "Mistake" in thrown.inner_text()  # the symbol's words, for a screen reader
    turn = page.locator("#review-turn")
    assert turn.inner_text() == "The game turned at the fox's move 37"  # whose move it was
    turn.click()
    page.wait_for_selector("#moves [aria-current][data-ply='73']")
    assert "This move lets the win go." in page.locator("#review-move").inner_text()
    assert "The computer would have played d7-e6." in page.locator("#review-move").inner_text()
    assert page.locator("#review-exact").inner_text() == "From here the geese win with best play."
    # The chart goes to a move in one click, and says the same as a table.
    page.locator("#value-chart [data-ply='10']").click(force=True)
    page.wait_for_selector("#moves [aria-current][data-ply='10']")
    assert page.locator("#value-table tbody tr").count() == len(record.moves)
    assert review.get_attribute("data-done") == str(len(record.moves))
    # A redraw that changes nothing in the list (a tap on the finished game's fox) leaves its
    # buttons as they are: no move marked twice, and scrolled where the player scrolled it.
    page.click("[data-action=last]")
    page.wait_for_selector(f"#moves [aria-current][data-ply='{len(record.moves)}']")
    listed = page.locator("#moves")
    listed.evaluate("el => { el.scrollTop = 0; el.querySelector('[data-ply]').dataset.kept = 1; }")
    fox = record.replay().foxes[0]
    page.click(f'svg[data-board] [data-point="{square_name(fox)}"]')
    expect(page.locator("#message")).to_contain_text("over")
    settled(page)
    assert listed.evaluate("el => el.scrollTop") == 0
    assert page.locator("#moves [data-kept]").count() == 1
    marks = listed.evaluate(
        "el => [...el.querySelectorAll('[data-ply]')]"
        ".map((b) => b.querySelectorAll('.move-mark').length)"
    )
    assert max(marks) == 1


def test_a_bagh_chal_review_charts_the_goats_closing_in_and_the_tigers_captures(page, site_server):
    # A game the tigers win by taking goats one by one (test_analysis.py reviews it in CPython):
    # the chart once lay flat along the goats' win, from the first goat placed.
    line = (REPO / "benchmarks" / "results" / "bagh-chal-hard-medium.games.txt").read_text()
    record = GameRecord.new("bagh-chal", None).with_moves(
        line.splitlines()[0].split(": ")[-1].split()
    )
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(play_url(site_server, "bagh-chal", fragment=record.encode()))
    page.wait_for_selector(READY)
    page.wait_for_selector("#status[data-result=fox]")
    page.click("[data-action=review]")
    page.wait_for_selector("#review[data-status=done]", timeout=REVIEW_TIMEOUT_MS)
    heights = [
        float(point.split(",")[1])
        for point in page.locator("#value-chart .chart-line").get_attribute("points").split()
    ]
    assert len(heights) == len(record.moves) + 1
    # Until the tigers' win is proven near the end, the line moves: down as the goats close in,
    # up after each capture (a smaller height is higher up).
    course = heights[:60]
    assert len(set(course)) > 20
    assert min(heights[28:61]) < min(heights[1:27])
    # The table says the same values in words: numbers of goats, not a win, until the end.
    values = page.locator("#value-table tbody td:nth-child(2)").all_text_contents()
    assert len(values) == len(record.moves)
    assert all(v and "win" not in v for v in values[:60]), values[:60]
    assert values[-1] == "the tigers win"


def test_a_review_can_be_stopped_and_started_again(page, site_server):
    record = thrown_game()
    enable_test_hooks(page)
    open_link(page, site_server, record.encode())
    page.wait_for_selector("#status[data-result=geese]")
    page.click("[data-action=review]")
    page.wait_for_function("() => Number(document.querySelector('#review').dataset.done) > 0")
    page.click("[data-action=stop-review]")
    page.wait_for_selector("#review[data-status=stopped]")
    done = page.locator("#review").get_attribute("data-done")
    moves = math.ceil(len(record.moves) / 2)
    assert f" of {moves} moves." in page.locator("#review-text").inner_text()
    assert page.locator("[data-action=stop-review]").is_hidden()
    wait_engine_idle(page)  # the answer under way at the stop has come, and is not counted
    assert page.locator("#review").get_attribute("data-done") == done
    assert page.locator("[data-action=review]").is_enabled()
    page.click("[data-action=review]")
    page.wait_for_selector("#review[data-status=running]")


def test_no_review_of_a_running_link_game(page, site_server):
    record = GameRecord.new("fox-and-geese", 13).with_moves(["d4-d5", "e3-e4"]).encode()
    open_link(page, site_server, record)
    assert page.locator("[data-action=review]").is_hidden()
    assert page.locator("[data-action=hint]").is_hidden()


# Whatever lies below the page's footer, in page pixels: nothing, once laid out right.
BELOW_FOOTER = """() => {
  const footer = document.querySelector('footer');
  return document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + scrollY);
}"""


def test_after_a_review_nothing_hangs_below_the_footer(page, site_server):
    # The closed table of values takes its summary's height, and the marks' hidden words in the
    # move list (a box that scrolls) stay inside it: once they hung below it, where the page
    # then grew blank space under its footer. One review, seen at a desktop's width and then a
    # phone's: the page's layout depends on its width only (touch changes colours, not boxes).
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(play_url(site_server, fragment=thrown_game().encode()))
    page.wait_for_selector(READY)
    page.wait_for_selector("#status[data-result=geese]")
    assert page.evaluate(BELOW_FOOTER) <= 1
    page.click("[data-action=review]")
    page.wait_for_selector("#review[data-status=done]", timeout=REVIEW_TIMEOUT_MS)
    details = page.locator("#review details.value-table")
    summary = page.locator("#review details.value-table summary")
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        assert details.get_attribute("open") is None
        assert abs(details.bounding_box()["height"] - summary.bounding_box()["height"]) <= 1
        assert page.evaluate(BELOW_FOOTER) <= 1, viewport
    summary.click()  # open, the table is there
    assert page.locator("#value-table tbody tr").first.is_visible()


def test_on_a_phone_a_hint_shows_its_move_and_sentence_with_the_board(browser, site_server):
    game = thrown_game()
    record = game.with_moves(game.moves[:75])
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(play_url(site_server, fragment=record.encode()))
        page.wait_for_selector(READY)
        page.wait_for_selector("#status[data-mode=link]")
        set_mode(page, "two")
        button = page.locator("[data-action=hint]")
        button.scroll_into_view_if_needed()  # the player scrolled down to the button
        box = button.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function("() => document.querySelector('#advice').dataset.move !== ''")
        in_view = """(el) => { const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""
        assert page.locator("#advice").evaluate(in_view)
        marks = page.locator("svg[data-board] .mark-hint")
        assert marks.count() == 2
        assert all(marks.nth(i).evaluate(in_view) for i in range(2))
    finally:
        context.close()
