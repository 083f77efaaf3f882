"""The puzzles pages: a puzzle solved by clicks, a wrong try answered on the board by the
defender's refutation, an illegal try by the engine's reason, Show the solution, Next, the solved
count kept over a reload, and no engine downloaded. Positions, lines and refutations are the
builder's (tests/test_puzzles_page.py checks them against the engine)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.support import PLAY_GAMES, axe_violations_light_and_dark
from tests.e2e.support import READY as ENGINE_READY

READY = "#puzzles[data-status=ready] [data-action=show-solution]:not([disabled])"
ENGINE = ("pyodide", "engine.zip", ".wasm", "engine-worker")


def open_puzzles(page, site_server, code: str, game: str, fragment: str = "") -> dict:
    page.goto(f"{site_server.root_url}{code}/{game}/puzzles/{fragment}")
    page.wait_for_selector(READY)
    return page.evaluate("() => JSON.parse(document.getElementById('puzzle-data').textContent)")


def phrases(page) -> dict:
    """The page's phrasebook: the sentences that name its game's pieces, translated."""
    return page.evaluate("() => JSON.parse(document.getElementById('phrases').textContent)")


def said(page, ending: dict) -> str:
    """How the page's own module says a move ended the game (the pieces it took or huffed, who
    won and why), in the page's language and its game's pieces, with the foxes left then."""
    return page.evaluate(
        """async (ending) => {
            const texts = await import(new URL("../../../static/js/texts.js", location.href).href);
            return texts.outcomeText(ending, ending.foxes);
        }""",
        ending,
    )


def click(page, move: str) -> None:
    # A placement ("@c3") is a click on its point.
    for name in move.lstrip("@").replace("-", "x").split("x"):
        page.locator(f"#puzzles [data-point='{name}']").click()


def pieces(page) -> dict:
    return {
        kind: page.eval_on_selector_all(
            f"#puzzles [data-piece={kind}]", "nodes => nodes.map(n => n.dataset.at).sort()"
        )
        for kind in ("fox", "goose")
    }


def engine_requests(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url) if any(e in r.url for e in ENGINE) else None)
    return urls


def longest_with_wrong_try(data: dict) -> dict:
    """A puzzle of two moves or more whose first step has a legal move that does not win."""
    return max(
        (p for p in data["puzzles"] if p["steps"][0]["wrong"]),
        key=lambda p: (p["length"], p["id"]),
    )


@pytest.mark.parametrize(("code", "game"), [("en", "fox-and-geese"), ("de", "two-foxes")])
def test_solve_by_clicks_after_a_wrong_try_and_keep_the_count(page, site_server, code, game):
    requests = engine_requests(page)
    data = open_puzzles(page, site_server, code, game)
    puzzle = longest_with_wrong_try(data)
    page.goto(f"{site_server.root_url}{code}/{game}/puzzles/#{puzzle['id']}")
    section = page.locator("#puzzles")
    expect(section).to_have_attribute("data-puzzle", puzzle["id"])
    expect(page.locator("#puzzle-title")).to_have_text(puzzle["title"])
    expect(page.locator("#puzzle-level")).to_have_text(puzzle["levelText"])
    total = len(data["puzzles"])
    message = page.locator("#puzzle-message")
    start = pieces(page)
    assert start == {k: sorted(v) for k, v in puzzle["steps"][0]["view"]["pieces"].items()}

    # A wrong legal try: the defender's refutation is played on the board and named.
    wrong, reply = min(puzzle["steps"][0]["wrong"].items())
    click(page, wrong)
    expect(section).to_have_attribute("data-status", "wrong")
    expect(message).to_contain_text(reply)
    landing = reply.replace("-", "x").split("x")[-1]
    expect(page.locator(f"#puzzles [data-at='{landing}']")).to_have_count(1)
    page.locator("#puzzles [data-action=again]").click()
    expect(section).to_have_attribute("data-status", "ready")
    assert pieces(page) == start

    # The line: the solver's moves by clicks, the defender's replies played by the page.
    for i, step in enumerate(puzzle["steps"]):
        expect(section).to_have_attribute("data-step", str(i))
        expect(section).to_have_attribute("data-status", "ready")
        click(page, step["move"])
        if step["reply"]:
            expect(message).to_contain_text(step["reply"])
    expect(section).to_have_attribute("data-status", "solved")
    expect(section).to_have_attribute("data-solved", "true")
    solved = page.locator("#puzzle-solved")
    count = page.evaluate(
        """(total) => import(new URL("../../../static/js/i18n.js", location.href).href)
            .then((i18n) => i18n.t("Solved: %(num)s of %(total)s", { num: 1, total }))""",
        total,
    )
    expect(solved).to_have_text(count)
    # Its position can be played on against the computer.
    expect(page.locator("#puzzle-play")).to_have_attribute(
        "href", "../play/?opponent=computer#" + puzzle["play_on"]
    )

    # The count is kept: a reload shows it, and the solved puzzle says so.
    page.reload()
    page.wait_for_selector(READY)
    expect(solved).to_have_text(count)
    expect(section).to_have_attribute("data-solved", "true")
    assert requests == []
    assert page.console_errors == []


def test_illegal_try_show_the_solution_and_next(page, site_server):
    requests = engine_requests(page)
    data = open_puzzles(page, site_server, "en", "large-cross")
    section = page.locator("#puzzles")
    first = data["puzzles"][0]
    expect(section).to_have_attribute("data-puzzle", first["id"])
    step = first["steps"][0]
    # An illegal try: the engine's reason, in the play page's words.
    # A refused path of points, by its reason (the commonest reason is "otherwise").
    tries = {p: r for r, paths in step["tries"].items() for p in paths}
    path, reason = min(tries.items())
    words = page.evaluate(
        """async (reason) => {
            const texts = await import(new URL("../../../static/js/texts.js", location.href).href);
            return texts.illegalText(reason);
        }""",
        reason,
    )
    for name in path.split():
        page.locator(f"#puzzles [data-point='{name}']").click()
    expect(page.locator("#puzzle-message")).to_have_text(words)
    expect(section).to_have_attribute("data-status", "ready")
    page.keyboard.press("Escape")

    before = page.locator("#puzzle-solved").text_content()
    page.locator("#puzzles [data-action=show-solution]").click()
    expect(section).to_have_attribute("data-status", "shown")
    last = first["steps"][-1]["move"]
    expect(page.locator("#puzzles [data-action=show-solution]")).to_be_disabled()
    landing = last.replace("-", "x").split("x")[-1]
    kind = "fox" if first["side"] == "fox" else "goose"
    expect(page.locator(f"#puzzles [data-piece={kind}][data-at='{landing}']")).to_have_count(1)
    expect(page.locator("#puzzle-message")).to_contain_text(last)
    # Shown is not solved.
    expect(page.locator("#puzzle-solved")).to_have_text(before or "")
    expect(page.locator("#puzzle-play")).to_be_visible()

    page.locator("#puzzles [data-action=next]").click()
    second = data["puzzles"][1]
    expect(section).to_have_attribute("data-puzzle", second["id"])
    expect(section).to_have_attribute("data-status", "ready")
    expect(page.locator("#puzzle-title")).to_have_text(second["title"])
    assert page.url.endswith(f"#{second['id']}")
    assert requests == []
    assert page.console_errors == []


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_solve_the_first_puzzle_by_keyboard(page, site_server, game):
    data = open_puzzles(page, site_server, "sv", game)
    puzzle = data["puzzles"][0]
    section = page.locator("#puzzles")
    for step in puzzle["steps"]:
        expect(section).to_have_attribute("data-status", "ready")
        for name in step["move"].replace("-", "x").split("x"):
            page.locator(f"#puzzles [data-point='{name}']").focus()
            page.keyboard.press("Enter")
    expect(section).to_have_attribute("data-status", "solved")
    expect(page.locator("#puzzle-announce")).not_to_be_empty()


def test_a_solved_puzzle_passes_axe(browser, site_server):
    context = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{site_server.root_url}fi/fox-and-geese/puzzles/")
        page.wait_for_selector(READY)
        data = page.evaluate("() => JSON.parse(document.getElementById('puzzle-data').textContent)")
        puzzle = next(p for p in data["puzzles"] if len(p["steps"]) > 1)
        page.goto(f"{site_server.root_url}fi/fox-and-geese/puzzles/#{puzzle['id']}")
        expect(page.locator("#puzzles")).to_have_attribute("data-puzzle", puzzle["id"])
        page.locator("#puzzles [data-action=show-solution]").click()
        expect(page.locator("#puzzles")).to_have_attribute("data-status", "shown")
        # The whole line has been played: the winning move's marks are on the board.
        last = puzzle["steps"][-1]["move"]
        expect(page.locator("#puzzle-message")).to_contain_text(last)
        expect(page.locator("#puzzles")).to_have_attribute(
            "data-step", str(len(puzzle["steps"]) - 1)
        )
        assert axe_violations_light_and_dark(page) == {"light": [], "dark": []}
    finally:
        context.close()


def test_play_on_opens_the_puzzle_s_position_against_the_computer(page, site_server):
    page.set_default_timeout(240_000)  # the play page's engine on a busy machine
    data = open_puzzles(page, site_server, "en", "fox-and-geese")
    puzzle = data["puzzles"][0]
    page.locator("#puzzles [data-action=show-solution]").click()
    link = page.locator("#puzzle-play")
    expect(link).to_be_visible()
    expect(link).to_have_text("Play on against the computer")
    # A version 3 record: the puzzle's position as a start, sent by the computer's side.
    record = puzzle["play_on"]
    assert record.startswith("3.fox-and-geese.")
    assert record.split(".")[3] == ("geese" if puzzle["side"] == "fox" else "fox")
    link.click()
    page.wait_for_selector(ENGINE_READY)
    status = page.locator("#status")
    expect(status).to_have_attribute("data-mode", "computer")
    expect(status).to_have_attribute("data-side", puzzle["side"])
    expect(status).to_have_attribute("data-to-move", puzzle["side"])
    expect(status).to_have_attribute("data-result", "")
    start = puzzle["steps"][0]["view"]["pieces"]
    for kind, points in start.items():
        on_board = page.locator(f"#play [data-piece={kind}]")
        expect(on_board).to_have_count(len(points))
    # The game is the player's own against the computer: the URL holds its record (no side),
    # the player's side and level beside it (docs/notation.md), and a reload goes on with it.
    page.wait_for_function(
        "() => location.search.startsWith('?opponent=computer&') && location.hash.startsWith('#3.')"
    )
    query = page.evaluate("() => Object.fromEntries(new URLSearchParams(location.search))")
    assert query == {"opponent": "computer", "side": puzzle["side"], "level": "medium"}
    fragment = page.evaluate("() => location.hash.slice(1)")
    assert fragment.split(".")[3] == "-" and fragment.split(".")[4] == record.split(".")[4]
    page.reload()
    page.wait_for_selector(ENGINE_READY)
    expect(status).to_have_attribute("data-mode", "computer")
    expect(status).to_have_attribute("data-side", puzzle["side"])
    assert page.evaluate("() => location.hash.slice(1)") == fragment
    assert page.console_errors == []


def in_hand(page) -> str:
    return page.eval_on_selector("#puzzles .hand", "g => g.dataset.inHand")


def test_a_bagh_chal_placement_puzzle_by_clicks_in_the_game_s_own_words(page, site_server):
    """Goats still to place: the hand is drawn beside the board and counts down with each
    placement; a wrong placement is answered by the tigers' refutation, said with tigers and
    goats (the page's phrasebook), and the line solves the puzzle. No engine is loaded."""
    requests = engine_requests(page)
    data = open_puzzles(page, site_server, "fr", "bagh-chal")
    puzzle = max(
        (p for p in data["puzzles"] if p["steps"][0]["view"]["in_hand"] and p["side"] == "geese"),
        key=lambda p: (len(p["steps"][0]["wrong"]), p["id"]),
    )
    page.goto(f"{site_server.root_url}fr/bagh-chal/puzzles/#{puzzle['id']}")
    section = page.locator("#puzzles")
    expect(section).to_have_attribute("data-puzzle", puzzle["id"])
    expect(page.locator("#puzzle-title")).to_have_text(puzzle["title"])
    assert "chèvres" in puzzle["title"].lower()
    hand = puzzle["steps"][0]["view"]["in_hand"]
    assert in_hand(page) == str(hand)
    message = page.locator("#puzzle-message")

    wrong, reply = min((m, r) for m, r in puzzle["steps"][0]["wrong"].items() if r)
    assert wrong.startswith("@"), "a placement"
    click(page, wrong)
    expect(section).to_have_attribute("data-status", "wrong")
    # The tigers answer the goats' wrong placement.
    refuted = phrases(page)["puzzle.refuted.fox"].replace("%(move)s", reply)
    expect(message).to_contain_text(refuted)
    assert in_hand(page) == str(hand - 1)
    page.locator("#puzzles [data-action=again]").click()
    expect(section).to_have_attribute("data-status", "ready")
    assert in_hand(page) == str(hand)

    for step in puzzle["steps"]:
        expect(section).to_have_attribute("data-status", "ready")
        click(page, step["move"])
        if step["reply"]:
            answer = phrases(page)["puzzle.answer.fox"].replace("%(move)s", step["reply"])
            expect(message).to_have_text(answer)
    expect(section).to_have_attribute("data-status", "solved")
    ending = said(page, puzzle["win"][puzzle["steps"][-1]["move"]])
    assert "chèvre" in ending and "tigre" in ending.lower()
    expect(message).to_contain_text(ending)
    placed = sum(m.startswith("@") for s in puzzle["steps"] for m in (s["move"], s["reply"]) if m)
    assert in_hand(page) == str(hand - placed)
    # Solved, the puzzle offers to play on from it against the computer.
    play_on = page.locator("#puzzle-play")
    expect(play_on).to_be_visible()
    against = re.compile(r"^\.\./play/\?opponent=computer#\d\.bagh-chal\.")
    expect(play_on).to_have_attribute("href", against)
    assert requests == []
    assert page.console_errors == []


def test_a_tiger_capture_puzzle_by_clicks(page, site_server):
    requests = engine_requests(page)
    data = open_puzzles(page, site_server, "en", "bagh-chal")
    puzzle = next(p for p in data["puzzles"] if p["side"] == "fox" and p["theme"] == "goose-count")
    page.goto(f"{site_server.root_url}en/bagh-chal/puzzles/#{puzzle['id']}")
    section = page.locator("#puzzles")
    expect(section).to_have_attribute("data-puzzle", puzzle["id"])
    expect(page.locator("#puzzle-title")).to_contain_text("Tigers to play and win")
    for step in puzzle["steps"]:
        expect(section).to_have_attribute("data-status", "ready")
        click(page, step["move"])
    expect(section).to_have_attribute("data-status", "solved")
    ending = said(page, puzzle["win"][puzzle["steps"][-1]["move"]])
    assert "tigers" in ending.lower() and "goat" in ending.lower()
    expect(page.locator("#puzzle-message")).to_contain_text(ending)
    assert requests == []
    assert page.console_errors == []


@pytest.mark.parametrize(("code", "game"), [("en", "fox-and-geese"), ("pl", "bagh-chal")])
def test_on_a_phone_the_title_and_the_board_come_first(browser, site_server, code, game):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.goto(f"{site_server.root_url}{code}/{game}/puzzles/")
        page.wait_for_selector(READY)
        title = page.locator("#puzzle-title").bounding_box()
        board = page.locator("#puzzles svg[data-board]").bounding_box()
        assert title is not None and board is not None
        assert title["y"] + title["height"] <= 844
        assert 0 <= board["y"] < 844 * 0.6, board
        # The introduction is folded, one tap away.
        intro = page.locator(".puzzle-about")
        expect(intro).not_to_have_attribute("open", "")
        intro.locator("summary").tap()
        expect(intro.locator("p")).to_be_visible()
    finally:
        context.close()


def test_an_asalto_step_that_huffs_the_last_officers_loses_at_once(page, site_server):
    """A wrong try with no refutation: the officers that could have captured are huffed off
    the board and the rebels win; the page says so in Asalto's words and offers Try again."""
    requests = engine_requests(page)
    data = open_puzzles(page, site_server, "de", "asalto")
    puzzle, move = next(
        (p, m)
        for p in data["puzzles"]
        for m, r in sorted(p["steps"][0]["wrong"].items())
        if r is None
    )
    page.goto(f"{site_server.root_url}de/asalto/puzzles/#{puzzle['id']}")
    section = page.locator("#puzzles")
    expect(section).to_have_attribute("data-puzzle", puzzle["id"])
    start = pieces(page)
    click(page, move)
    expect(section).to_have_attribute("data-status", "wrong")
    ending = puzzle["steps"][0]["outcomes"][move]
    assert ending["huffed"] and ending["result"] == "geese"
    words = said(page, ending)
    assert "Offizier" in words and "Rebellen" in words
    expect(page.locator("#puzzle-message")).to_contain_text(words)
    assert not set(ending["huffed"]) & set(pieces(page)["fox"]), "the huffed officers are gone"
    page.locator("#puzzles [data-action=again]").click()
    expect(section).to_have_attribute("data-status", "ready")
    assert pieces(page) == start
    assert requests == []
    assert page.console_errors == []


def test_a_goats_placement_in_answer_is_said_as_a_placement(page, site_server):
    """A tigers' wrong move refuted by a goat placed: the page says where it was placed."""
    data = open_puzzles(page, site_server, "en", "bagh-chal")
    puzzle, wrong, point = min(
        (p["id"], m, p["moves"][r]["path"][0])
        for p in data["puzzles"]
        if p["side"] == "fox"
        for m, r in p["steps"][0]["wrong"].items()
        if r and len(p["moves"][r]["path"]) == 1
    )
    page.goto(f"{site_server.root_url}en/bagh-chal/puzzles/#{puzzle}")
    section = page.locator("#puzzles")
    expect(section).to_have_attribute("data-puzzle", puzzle)
    click(page, wrong)
    expect(section).to_have_attribute("data-status", "wrong")
    message = page.locator("#puzzle-message")
    expect(message).to_contain_text(f"the goats answer by placing a goat on {point}")
    assert "@" not in message.inner_text()
    assert page.console_errors == []
