"""The play page in Chromium: the engine in a worker, moves by click, drag and chain,
the three modes, links, storage, navigation. Winning lines are found with the
engine in CPython (tests/e2e/support.py) and then clicked through the page."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import expect

from game import api, rules_for, square_name
from site_builder import i18n
from tests.e2e.support import (
    PLAY_GAMES,
    READY,
    RUNTIME,
    assert_board,
    axe_violations_light_and_dark,
    enable_test_hooks,
    enter_move,
    find_game,
    hold,
    legal_moves,
    open_play,
    pieces_on_page,
    play_url,
    point,
    point_centers,
    record_in_url,
    set_mode,
    stall_after,
    wait_plies,
    wait_record,
)

# -- tests ------------------------------------------------------------------------------------


def test_engine_ready_on_a_play_page_in_every_locale(page, site_server):
    # Every locale, and every game in turn (the pages differ by locale and game only): with
    # at least as many locales as games, every game is opened at least once.
    requests = []
    page.context.on("request", lambda r: requests.append(r.url))  # the worker's requests too
    locales = i18n.locales()
    assert len(locales) >= len(PLAY_GAMES)
    for i, lang in enumerate(locales):
        game = PLAY_GAMES[i % len(PLAY_GAMES)]
        open_play(page, site_server, game, lang=lang)
        # Where the computer's side moves first (Asalto's rebels) it may already have moved.
        side = page.locator("input[name=side]:checked").get_attribute("value")
        if api.new_game(game)["to_move"] != side:
            wait_plies(page, 1)
        record = record_in_url(page)
        assert record.split(".")[1] == game and record.count(".") <= 3
        assert_board(page, api.load(record))
        assert page.locator("#status").inner_text().strip()
    hosts = {urlsplit(u).netloc for u in requests if not u.startswith(("data:", "blob:"))}
    assert hosts == {urlsplit(site_server.root_url).netloc}, hosts
    assert not page.console_errors


def test_board_is_drawn_before_the_engine_is_ready(page, site_server):
    # Hold the runtime back: the static board is there, with progress, and no moves yet.
    held = hold(page, RUNTIME)
    # The worker's request shows on the context, not always on the page.
    with page.context.expect_event("request", lambda r: "/pyodide.asm.wasm?" in r.url):
        page.goto(play_url(site_server))
    assert page.locator("html").get_attribute("data-engine") == "loading"
    assert page.locator('[data-piece="fox"][data-at="d4"]').count() == 1
    assert page.locator("#engine-loading").is_visible()
    assert page.locator("[data-action=new-game]").is_disabled()
    held.release()
    page.wait_for_selector(READY)
    assert page.locator("#engine-loading").is_hidden()


def test_failed_load_shows_retry_that_works(page, site_server):
    # Neither Pyodide nor the engine can be fetched.
    for pattern in ("**/engine.zip*", "**/pyodide/*"):
        page.context.route(pattern, lambda route: route.abort())
    page.goto(play_url(site_server, lang="de"))
    page.wait_for_selector("html[data-engine=failed]")
    failed = page.locator("#engine-failed")
    assert failed.is_visible()
    text = failed.inner_text()
    assert text.strip() and "could not be loaded" not in text  # German, not the English source
    # The page is still of use: the board is drawn, and the rules and the puzzles (neither
    # needs the engine) are a click away.
    start = api.new_game("fox-and-geese")
    assert pieces_on_page(page) == {k: sorted(v) for k, v in start["pieces"].items()}
    links = page.locator(".rules-link a")
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    assert [h.rstrip("/").split("/")[-1] for h in hrefs] == ["fox-and-geese", "puzzles"]
    for i, href in enumerate(hrefs):
        assert links.nth(i).is_visible()
        assert page.request.get(urljoin(page.url, href)).ok
    page.context.unroute("**/pyodide/*")
    page.context.unroute("**/engine.zip*")
    page.click("[data-action=retry]")
    page.wait_for_selector(READY)
    assert failed.is_hidden()


@pytest.mark.parametrize(
    ("game", "geese_win"),
    [("fox-and-geese", "fox-trapped"), ("two-foxes", "pen-full"), ("large-cross", None)],
)
def test_two_players_play_a_whole_game_by_clicks(page, site_server, game, geese_win):
    # A game the fox wins, then New game and one the geese win, on one page.
    open_play(page, site_server, game)
    set_mode(page, "two")
    for n, (winner, termination) in enumerate((("fox", None), ("geese", geese_win))):
        if n:
            page.click("[data-action=new-game]")
            page.wait_for_function(
                "() => document.querySelectorAll('#moves [data-move]').length === 0"
            )
            assert_board(page, api.new_game(game))
        play_a_whole_game_by_clicks(page, game, winner, termination)
    assert not page.console_errors


def play_a_whole_game_by_clicks(page, game, winner, termination):
    moves = find_game(game, winner, termination)
    state = api.new_game(game)
    finals = 0
    for i, move in enumerate(moves):
        path = move.split("x")
        # The first move by drag; a multi-jump by its final point when only one chain ends
        # there (once), every other one point by point.
        unique_end = (
            len(path) > 2
            and sum(
                m.startswith(path[0] + "x") and m.endswith("x" + path[-1])
                for m in legal_moves(state)
            )
            == 1
        )
        by_final = unique_end and finals == 0
        finals += by_final
        state = enter_move(page, state, move, by_drag=(i == 0), by_final=by_final)
    assert state["result"] == winner
    if winner == "fox":  # these lines capture with chains: one was entered by its end point
        assert finals == 1
    page.wait_for_selector(f'#status[data-result="{winner}"]')
    assert_board(page, state)
    assert page.locator("#moves [data-move]").count() == len(moves)
    assert page.locator("#status").inner_text().strip()
    # The board takes no more moves.
    assert "board-locked" in page.locator("svg[data-board]").get_attribute("class")


def test_a_forced_chain_is_entered_point_by_point(page, site_server):
    # Two foxes: find a position where the only legal moves are jump chains of 2+ jumps.
    moves = find_game("two-foxes", "fox")
    state = api.new_game("two-foxes")
    prefix = []
    for move in moves:
        if move.count("x") >= 2 and all("x" in m for m in legal_moves(state)):
            break
        state = api.play(state["record"], move)
        prefix.append(move)
    else:
        pytest.fail("no forced chain in the line found")
    open_play(page, site_server, "two-foxes", fragment=state["record"])
    set_mode(page, "two")
    path = move.split("x")
    point(page, path[0]).click()
    point(page, path[1]).click()
    # Mid-chain: stopping is not allowed when the fox can jump on.
    if not any(m == "x".join(path[:2]) for m in legal_moves(state)):
        point(page, path[1]).click()
        expect(page.locator("#message")).to_contain_text("keep jumping")
    for name in path[2:]:
        point(page, name).click()
    after = api.play(state["record"], move)
    wait_record(page, after["record"])
    assert_board(page, after)


def test_illegal_attempts_say_why(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    point(page, "c3").click()  # a goose, but the fox is to move
    expect(page.locator("#message")).to_contain_text("other side")
    state = api.new_game("fox-and-geese")
    for move in ("d4-d5", "c3-c4", "d5-d6"):
        state = enter_move(page, state, move)
    point(page, "c4").click()
    point(page, "c3").click()  # backward, to an empty point
    expect(page.locator("#message")).to_contain_text("backward")
    assert record_in_url(page) == state["record"]
    # Two foxes: a capture is compulsory, so a plain step is refused.
    state, step = compulsory_capture()
    open_play(page, site_server, "two-foxes", fragment=state["record"])
    set_mode(page, "two")
    src, dst = step.split("-")
    point(page, src).click()
    point(page, dst).click()
    expect(page.locator("#message")).to_contain_text("compulsory")
    assert record_in_url(page) == state["record"]


def compulsory_capture() -> tuple[dict, str]:
    """A two-foxes position where a fox could step but must capture, and such a step."""
    board = rules_for("two-foxes").board
    state = api.new_game("two-foxes")
    for move in find_game("two-foxes", "fox"):
        taken = set(state["pieces"]["fox"]) | set(state["pieces"]["goose"])
        if state["to_move"] == "fox" and all("x" in m for m in legal_moves(state)):
            for a, b in sorted(board.lines):
                for src, dst in ((a, b), (b, a)):
                    if square_name(src) in state["pieces"]["fox"] and square_name(dst) not in taken:
                        return state, f"{square_name(src)}-{square_name(dst)}"
        state = api.play(state["record"], move)
    raise AssertionError("no position with a compulsory capture on the line")


def test_computer_plays_either_side(page, site_server):
    open_play(page, site_server)
    page.select_option("select[name=level]", "easy")
    set_mode(page, "computer", side="geese")  # the computer takes the fox and moves first
    page.wait_for_selector("#status[data-to-move=geese]")
    for _ in range(3):
        state = api.load(record_in_url(page))
        assert state["to_move"] == "geese" and not state["result"]
        ply = state["ply"]
        move = legal_moves(state)[0]
        enter_move(page, state, move)
        page.wait_for_function(
            "n => document.querySelectorAll('#moves [data-move]').length === n", arg=ply + 2
        )
        assert_board(page, api.load(record_in_url(page)))
    # Undo takes back the computer's reply too.
    before = api.load(record_in_url(page))
    page.click("[data-action=undo]")
    wait_record(page, ".".join(before["record"].split(".")[:-2]))
    # Now the other side, in a fresh game.
    set_mode(page, "computer", side="fox", answer="confirm")
    wait_record(page, api.new_game("fox-and-geese")["record"])
    state = enter_move(page, api.new_game("fox-and-geese"), "d4-d5")
    page.wait_for_function("() => location.hash.split('.').length === 5")
    after = api.load(record_in_url(page))
    assert after["ply"] == 2 and after["to_move"] == "fox"
    expect(page.locator("#message")).to_contain_text("computer")
    assert not page.console_errors


def test_link_continues_in_a_fresh_browser(browser, page, site_server):
    open_play(page, site_server, "large-cross")
    set_mode(page, "link", side="fox")
    state = api.new_game("large-cross", side="fox")  # the link names the sender's side
    state = enter_move(page, state, legal_moves(state)[0])
    assert page.locator("#status[data-to-move=geese]").count() == 1
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("[data-action=copy-link]")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url and link.endswith("#" + state["record"])

    other = browser.new_context()
    try:
        friend = other.new_page()
        friend.goto(link)
        friend.wait_for_selector(READY)
        assert_board(friend, state)
        # The friend plays the other side, by link.
        assert friend.locator("input[name=mode][value=link]").is_checked()
        assert friend.locator("input[name=side][value=geese]").is_checked()
        state = enter_move(friend, api.load(state["record"], side="geese"), legal_moves(state)[0])
        assert friend.locator("svg[data-board].board-locked").count() == 1
    finally:
        other.close()


def test_sub_path_hosting(page, site_server):
    page.goto(play_url(site_server, "two-foxes", base=site_server.subpath_url))
    page.wait_for_selector(READY)
    assert_board(page, api.new_game("two-foxes"))


@pytest.mark.parametrize(
    ("fragment", "expect", "prefix_plies"),
    [
        ("1.fox-and-geese.13.d4-c4.zz9", "not written as a move", 1),
        ("1.fox-and-geese.13.d4-c4.c3-c2", "backward", 1),
        ("hello", "does not hold a game", None),
        ("1.fox-and-geese.14", "do not exist", None),
    ],
)
def test_corrupt_links_explain_and_offer_a_way_on(
    page, site_server, fragment, expect, prefix_plies
):
    page.goto(play_url(site_server, fragment=fragment))
    page.wait_for_selector(READY)
    panel = page.locator("#link-error")
    assert panel.is_visible()
    assert expect in panel.inner_text()
    use = page.locator("[data-action=use-prefix]")
    if prefix_plies is None:
        assert use.is_hidden()
        page.click("[data-action=discard-link]")
        wait_record(page, "1.fox-and-geese.13")
    else:
        use.click()
        wait_record(page, api.load("1.fox-and-geese.13.d4-c4", side="geese")["record"])
        assert page.locator("#moves [data-move]").count() == prefix_plies
        # Continued as a link: the reader plays the side to move, nobody moves for them.
        assert page.locator("input[name=mode][value=link]").is_checked()
        assert page.locator("input[name=side][value=geese]").is_checked()
    assert panel.is_hidden()
    assert not page.console_errors


def test_link_to_another_game_points_there(page, site_server):
    record = api.play(api.new_game("two-foxes")["record"], "c7-c6")["record"]
    page.goto(play_url(site_server, "fox-and-geese", fragment=record))
    page.wait_for_selector(READY)
    other = page.locator("#link-error-other")
    assert other.is_visible()
    other.click()
    page.wait_for_selector(READY)
    assert "/two-foxes/play/" in page.url
    assert_board(page, api.load(record))


def test_reload_keeps_the_game_and_the_url_wins(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    state = api.new_game("fox-and-geese")
    for move in ("d4-c4", "c3-b4", "c4-d4"):
        state = enter_move(page, state, move)
    page.reload()
    page.wait_for_selector(READY)
    assert record_in_url(page) == state["record"]
    assert_board(page, state)
    assert page.locator("input[name=mode][value=two]").is_checked()
    # Without a fragment, the saved game comes back.
    page.goto(play_url(site_server))
    page.wait_for_selector(READY)
    wait_record(page, state["record"])
    # A link wins over the saved game.
    other = api.play(api.new_game("fox-and-geese")["record"], "d4-e4")
    page.goto(play_url(site_server, fragment=other["record"]))  # the same page: a hash change
    page.wait_for_selector(READY)
    page.wait_for_selector('svg[data-board] [data-piece="fox"][data-at="e4"]')
    assert_board(page, other)


def test_move_list_navigation_and_undo(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    states = [api.new_game("fox-and-geese")]
    for move in ("d4-c4", "c3-b4", "c4-d4", "e3-e4"):
        states.append(enter_move(page, states[-1], move))
        if len(states) == 2:
            page.locator('#moves [data-ply="1"]').evaluate("b => { b.dataset.kept = 1; }")
    # A move adds its button to the list and leaves the others as they were.
    assert page.locator('#moves [data-ply="1"][data-kept]').count() == 1
    listed = "el => [...el.children].map((li) => [li.value, li.textContent])"
    assert page.locator("#moves").evaluate(listed) == [[1, "d4-c4c3-b4"], [2, "c4-d4e3-e4"]]
    current = page.locator("#moves [aria-current]")
    assert current.get_attribute("data-ply") == "4"
    page.click("[data-action=prev]")
    page.wait_for_selector('#moves [aria-current][data-ply="3"]')
    assert pieces_on_page(page) == {k: sorted(v) for k, v in states[3]["pieces"].items()}
    page.locator("[data-action=first]").focus()
    page.keyboard.press("Home")
    page.wait_for_function("() => !document.querySelector('#moves [aria-current]')")
    assert pieces_on_page(page) == {k: sorted(v) for k, v in states[0]["pieces"].items()}
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('#moves [aria-current][data-ply="1"]')
    page.keyboard.press("End")
    page.wait_for_selector('#moves [aria-current][data-ply="4"]')
    page.click('#moves [data-ply="2"]')
    page.wait_for_selector('#moves [aria-current][data-ply="2"]')
    assert pieces_on_page(page) == {k: sorted(v) for k, v in states[2]["pieces"].items()}
    # While browsing the board takes no moves; the status still tells the live game.
    assert page.locator("#status").get_attribute("data-to-move") == "fox"
    page.click("[data-action=last]")
    page.click("[data-action=undo]")
    wait_record(page, states[3]["record"])
    assert_board(page, states[3])
    assert page.locator("#moves").evaluate(listed) == [[1, "d4-c4c3-b4"], [2, "c4-d4"]]
    assert page.locator("#moves [aria-current]").get_attribute("data-ply") == "3"
    goose = page.locator('svg[data-board] [data-piece="goose"][data-at="c1"]')
    before = goose.bounding_box()
    page.click("[data-action=flip]")
    assert_board(page, states[3])
    after = goose.bounding_box()
    assert after["x"] > before["x"] and after["y"] < before["y"]  # c1 turned to the upper right


def test_keyboard_moves_and_announcements(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    point(page, "d4").focus()
    page.keyboard.press("Enter")  # select the fox
    assert point(page, "d4").get_attribute("aria-pressed") == "true"
    page.keyboard.press("ArrowUp")  # to d5
    assert page.evaluate("document.activeElement.dataset.point") == "d5"
    page.keyboard.press("Enter")
    after = api.play(api.new_game("fox-and-geese")["record"], "d4-d5")
    wait_record(page, after["record"])
    # The player's own move is said in a sentence, as the computer's is.
    expect(page.locator("#announce")).to_have_text("You played d4-d5. Geese to move")
    assert point(page, "d5").get_attribute("aria-label") != point(page, "d4").get_attribute(
        "aria-label"
    )
    # Escape drops a piece chosen, and says so.
    point(page, "c3").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_contain_text("c3 chosen.")
    page.keyboard.press("Escape")
    assert point(page, "c3").get_attribute("aria-pressed") != "true"
    expect(page.locator("#announce")).to_have_text("Selection cancelled: no piece is chosen.")


# A policy as strict as the site can have: scripts only from files, WebAssembly allowed.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'"
)


def test_play_works_under_a_strict_content_security_policy(page, site_server):
    def with_csp(route):
        response = route.fetch()
        route.fulfill(
            response=response, headers={**response.headers, "content-security-policy": CSP}
        )

    violations = []
    page.on(
        "console", lambda msg: "Content Security Policy" in msg.text and violations.append(msg.text)
    )
    page.context.route("**/*", with_csp)
    open_play(page, site_server)
    set_mode(page, "two")
    enter_move(page, api.new_game("fox-and-geese"), "d4-d5")
    assert not violations
    # The service worker may still be fetching for its cache: those routes end quietly.
    page.context.unroute_all(behavior="ignoreErrors")


def test_captures_respect_reduced_motion(browser, site_server):
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        record = "1.fox-and-geese.13.d4-c4.b3-b4"  # the fox can now jump c4xa4
        page.goto(play_url(site_server, fragment=record))
        page.wait_for_selector(READY)
        set_mode(page, "two")
        state = api.load(record)
        capture = next(m for m in legal_moves(state) if "x" in m)
        enter_move(page, state, capture)
        # No fading copy of the captured goose is left behind, not even for a moment.
        assert page.locator("svg[data-board] .piece-captured").count() == 0
        assert_board(page, api.play(record, capture))
    finally:
        context.close()


def test_table_settings_for_the_standard_game_only(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    page.select_option("select[name=geese]", "17")  # before the first move: a new game at once
    wait_record(page, "1.fox-and-geese.17")
    page.check("input[name=sideways]")
    wait_record(page, "1.fox-and-geese.17s")
    state = api.load("1.fox-and-geese.17s")
    assert_board(page, state)
    state = enter_move(page, state, "d4-d5")
    assert "a5-b5" in legal_moves(state)
    state = enter_move(page, state, "a5-b5")  # sideways, allowed by the setting
    # During a game a change asks first; the table in force is shown, and stays until then.
    expect(page.locator("#table-info")).to_have_text("17 geese, sideways steps allowed")
    page.select_option("select[name=geese]", "15")
    expect(page.locator("#confirm")).to_be_visible()
    assert record_in_url(page) == state["record"]
    page.click("#confirm [data-action=cancel]")
    assert page.locator("select[name=geese]").input_value() == "17"
    expect(page.locator("#table-info")).to_have_text("17 geese, sideways steps allowed")
    page.select_option("select[name=geese]", "15")
    page.click("#confirm [data-action=confirm]")
    wait_record(page, "1.fox-and-geese.15s")
    expect(page.locator("#table-info")).to_have_text("15 geese, sideways steps allowed")
    # No standing hint that settings wait: they never do.
    assert "next new game" not in page.locator("#settings").inner_text()
    open_play(page, site_server, "two-foxes")
    assert page.locator("select[name=geese], input[name=sideways]").count() == 0


def test_play_page_has_no_accessibility_violations(browser, site_server):
    context = browser.new_context(bypass_csp=True)  # to inject axe
    try:
        page = context.new_page()
        page.goto(play_url(site_server, "two-foxes", lang="sv", fragment="1.two-foxes.20.c7-c6"))
        page.wait_for_selector(READY)
        point(page, "e4").click()  # a goose chosen: targets and marks on the board
        assert axe_violations_light_and_dark(page) == {"light": [], "dark": []}
    finally:
        context.close()


def test_touch_tap_and_drag_move_on_a_phone(browser, site_server):
    context = browser.new_context(
        has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}
    )
    try:
        page = context.new_page()
        page.goto(play_url(site_server, "large-cross"))
        page.wait_for_selector(READY)
        set_mode(page, "two")
        for name in ("e7", "e6"):
            point(page, name).scroll_into_view_if_needed()
            box = point(page, name).bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        state = api.play(api.new_game("large-cross")["record"], "e7-e6")
        wait_record(page, state["record"])
        assert (
            page.locator("svg[data-board]").evaluate("el => getComputedStyle(el).touchAction")
            == "none"
        )
        # A touch drag moves a piece and does not scroll the page.
        move = next(m for m in legal_moves(state) if "-" in m)
        src, dst = move.split("-")
        centers = point_centers(page)
        scrolled = page.evaluate("() => window.scrollY")
        cdp = context.new_cdp_session(page)
        (x0, y0), (x1, y1) = centers[src], centers[dst]
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
        )
        for step in range(1, 9):
            x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
            cdp.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        state = api.play(state["record"], move)
        wait_record(page, state["record"])
        assert_board(page, state)
        assert page.evaluate("() => window.scrollY") == scrolled
    finally:
        context.close()


def test_a_too_slow_load_times_out_with_a_retry(page, site_server):
    # The page's load timeout shortened to 1.5 s, and the runtime held back: the page gives up
    # cleanly and offers a retry, which then works.
    page.context.route("**/play/", stall_after(1500))
    held = hold(page, RUNTIME)
    page.goto(play_url(site_server))
    page.wait_for_selector("html[data-engine=failed]")
    assert page.locator("#engine-failed").is_visible()
    assert "timeout" in page.locator("#engine-error").inner_text()
    held.abort()  # the old worker is gone; its request does not matter
    page.evaluate("document.getElementById('play').dataset.timeout = '60000'")
    page.click("[data-action=retry]")
    page.wait_for_selector(READY)
    assert_board(page, api.new_game("fox-and-geese"))


def test_a_broken_link_loses_no_saved_game(page, site_server):
    open_play(page, site_server)
    set_mode(page, "two")
    state = enter_move(page, api.new_game("fox-and-geese"), "d4-e4")
    # Only the fragment differs from the page already open: a hashchange, not a new load, so
    # the engine is ready before the link is read; wait for the link's answer itself.
    page.goto(play_url(site_server, fragment="1.fox-and-geese.13.d4-e4.e4-zz"))
    expect(page.locator("#link-error")).to_be_visible()
    page.click("[data-action=use-saved]")
    wait_record(page, state["record"])
    assert_board(page, state)
    assert page.locator("input[name=mode][value=two]").is_checked()


# -- faults -------------------------------------------------------------------------------------


def test_a_worker_killed_mid_search_is_replaced_and_the_computer_moves(page, site_server):
    enable_test_hooks(page)
    open_play(page, site_server)
    # A long search, so the worker is surely killed in the middle of it.
    page.evaluate("() => { document.getElementById('play').dataset.thinkSeconds = '30'; }")
    page.select_option("select[name=level]", "hard")
    set_mode(page, "two")
    state = enter_move(page, api.new_game("fox-and-geese"), "d4-c4")
    set_mode(page, "computer", side="fox")  # the computer takes the geese, to move now
    page.wait_for_selector("#status[data-thinking=true]")
    page.evaluate("() => { document.getElementById('play').dataset.thinkSeconds = '0.3'; }")
    page.evaluate("() => window.dispatchEvent(new CustomEvent('fox-and-geese:kill-worker'))")
    # Noticed at once (not when the 30 s budget ends), and a new worker takes over.
    page.wait_for_selector("html[data-engine=loading]", timeout=5000)
    page.wait_for_selector("html[data-engine=ready][data-engine-restarts='1']")
    expect(page.locator("#engine-restarted")).to_contain_text("restarted")
    assert (
        api.load(record_in_url(page))["moves"][:1] == state["moves"]
    )  # (the reply may be in already)
    # The game goes on where it was: the computer answers the fox's move.
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 2")
    after = api.load(record_in_url(page))
    assert after["moves"][0] == "d4-c4" and after["to_move"] == "fox"
    assert_board(page, after)
    assert not page.console_errors


def test_a_hung_worker_is_replaced_within_seconds(page, site_server):
    enable_test_hooks(page)
    open_play(page, site_server)
    set_mode(page, "two")
    state = enter_move(page, api.new_game("fox-and-geese"), "d4-c4")
    page.evaluate("() => window.dispatchEvent(new CustomEvent('fox-and-geese:hang-worker'))")
    # A call with no budget of its own: overdue after the 5 s grace.
    page.wait_for_selector("html[data-engine=loading]", timeout=10_000)
    page.wait_for_selector("html[data-engine=ready][data-engine-restarts='1']")
    assert record_in_url(page) == state["record"]
    assert_board(page, state)
    enter_move(page, state, "c3-b3" if "c3-b3" in legal_moves(state) else legal_moves(state)[0])
    assert not page.console_errors


# -- keyboard and screen reader ---------------------------------------------------------------

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def arrow_graph(centers: dict) -> dict:
    """Where each arrow key leads from each point: the closest point roughly that way on screen."""
    graph = {}
    for name, (x, y) in centers.items():
        for key, (dx, dy) in ARROWS.items():
            best, best_score = None, float("inf")
            for other, (ox, oy) in centers.items():
                along = (ox - x) * dx + (oy - y) * dy
                across = abs((ox - x) * dy - (oy - y) * dx)
                if along <= 0.5 or across > along:
                    continue
                if along + 2 * across < best_score:
                    best, best_score = other, along + 2 * across
            graph[(name, key)] = best
    return graph


def key_path(graph: dict, start: str, goal: str) -> list[str]:
    paths: list[tuple[str, list[str]]] = [(start, [])]
    seen = {start}
    while paths:
        here, keys = paths.pop(0)
        if here == goal:
            return keys
        for key in ARROWS:
            there = graph[(here, key)]
            if there and there not in seen:
                seen.add(there)
                paths.append((there, [*keys, key]))
    raise AssertionError(f"no arrow path from {start} to {goal}")


def focused(page):
    return page.evaluate(
        "() => document.activeElement?.dataset?.point ?? document.activeElement?.id"
    )


def tab_until(page, wanted, key="Tab", limit=30):
    for _ in range(limit):
        if wanted(focused(page)):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached the element, stuck at {focused(page)}")


def keyboard_move(page, graph, state, move):
    """Walk to each point of ``move`` with the arrow keys and press Enter (Space on the last)."""
    path = move.replace("x", "-").split("-")
    presses = list(path)
    if "x" in move and any(m.startswith(move + "x") for m in legal_moves(state)):
        presses.append(path[-1])  # a chain that could go on: choose the fox again to stop
    for i, name in enumerate(presses):
        for key in key_path(graph, focused(page), name):
            page.keyboard.press(key)
        assert focused(page) == name
        page.keyboard.press(" " if i == len(presses) - 1 else "Enter")


def test_a_whole_game_by_keyboard_only(page, site_server):
    moves = find_game("fox-and-geese", "fox")
    open_play(page, site_server)
    set_mode(page, "two")
    centers = point_centers(page)
    graph = arrow_graph(centers)
    page.locator("h1").click()  # a start for Tab; from here on only keys
    tab_until(page, lambda f: f in centers)
    state = api.new_game("fox-and-geese")
    for i, move in enumerate(moves):
        if i % 2 == 0:  # on the board
            tab_until(page, lambda f: f in centers, key="Shift+Tab")
            keyboard_move(page, graph, state, move)
        else:  # in the move box
            tab_until(page, lambda f: f == "move-input")
            page.keyboard.type(move)
            page.keyboard.press("Enter")
        state = api.play(state["record"], move)
        wait_record(page, state["record"])
        expect(page.locator("#announce")).to_contain_text(move)
    assert state["result"] == "fox"
    page.wait_for_selector("#status[data-result=fox]")
    expect(page.locator("#announce")).to_contain_text(page.locator("#status").inner_text())
    assert_board(page, state)
    assert not page.console_errors


def test_points_are_labelled_and_arrows_follow_a_flipped_board(page, site_server):
    open_play(page, site_server, lang="de")
    set_mode(page, "two")
    assert point(page, "d4").get_attribute("aria-label").startswith("d4, ")
    assert point(page, "d4").get_attribute("aria-label") != point(page, "d5").get_attribute(
        "aria-label"
    )
    point(page, "d4").focus()
    page.keyboard.press("ArrowUp")
    assert focused(page) == "d5"
    page.click("[data-action=flip]")
    point(page, "d4").focus()
    page.keyboard.press("ArrowUp")  # up on the screen is down the rows now
    assert focused(page) == "d3"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "c3"


def test_moves_can_be_typed_in_every_mode(page, site_server):
    open_play(page, site_server)
    box = page.locator("#move-input")
    message = page.locator("#message")
    # Two players: garbled text and an illegal move are explained and kept in the box.
    set_mode(page, "two")
    box.fill("hello")
    box.press("Enter")
    expect(message).to_contain_text("such as d4-d5")
    assert box.input_value() == "hello"
    state = api.new_game("fox-and-geese")
    box.fill(" D4-D5 ")
    box.press("Enter")
    state = api.play(state["record"], "d4-d5")
    wait_record(page, state["record"])
    assert box.input_value() == ""
    box.fill("c3-c2")
    box.press("Enter")
    expect(message).to_contain_text("backward")
    assert record_in_url(page) == state["record"]
    # Against the computer: a typed move is answered.
    set_mode(page, "computer", side="geese")
    page.select_option("select[name=level]", "easy")
    box.fill("c3-c4")
    box.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 3")
    # By link: your move, then the other player's turn.
    set_mode(page, "link", side="geese")
    state = api.load(record_in_url(page))
    box.fill(legal_moves(state)[0])
    box.press("Enter")
    wait_record(page, api.play(state["record"], legal_moves(state)[0])["record"])
    box.fill("d5-d6")
    box.press("Enter")
    expect(message).to_contain_text("friend")
    # While browsing back, moves wait for the live position.
    page.click("[data-action=prev]")
    box.fill("d5-d6")
    box.press("Enter")
    expect(message).to_contain_text("earlier move")
    assert not page.console_errors
