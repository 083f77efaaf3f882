"""A dead engine stays dead until Retry: with the runtime's WebAssembly refused, the page
says the engine is unavailable and no control makes, records or saves a move, or says it is
the player's move (issue #31: one click on Flip used to unlock the board). After Retry
succeeds, play goes on."""

from __future__ import annotations

import pytest

from tests.e2e.support import READY, RUNTIME, enable_test_hooks, play_url, point_centers

FAILED = "html[data-engine=failed]"
UNAVAILABLE = "The game engine is not available."


def open_dead(page, server, game="fox-and-geese"):
    """The play page with the runtime's download refused: the engine fails to load."""
    page.context.route(RUNTIME, lambda route: route.abort())
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(play_url(server, game))
    page.wait_for_selector(FAILED, timeout=60_000)
    assert page.locator("#status").inner_text() == UNAVAILABLE


def uncaught(page):
    # The refused download is logged as an error of its own: only the page's own count.
    return [e for e in page.console_errors if "Failed to load resource" not in e]


def click_action(page, action):
    """Every button of an action, clicked as a script would (a disabled one does nothing)."""
    page.evaluate(
        "a => document.querySelectorAll(`[data-action=${a}]`).forEach((b) => b.click())", action
    )


def try_to_play(page, first_move):
    """A move by clicks on the board, and the same move typed."""
    src, dst = first_move.split("-")
    centers = point_centers(page)
    page.mouse.click(*centers[src])
    page.mouse.click(*centers[dst])
    page.fill("#move-input", first_move)
    page.press("#move-input", "Enter")
    page.wait_for_function(
        "t => document.getElementById('message').textContent === t", arg=UNAVAILABLE
    )


def assert_nothing_played(page):
    played = page.evaluate("""() => ({
        hash: location.hash,
        moves: document.querySelectorAll('#moves [data-move]').length,
        saved: Object.keys(localStorage).filter((k) => k.startsWith('fox-and-geese:game:')),
        locked: document.querySelector('svg[data-board]').classList.contains('board-locked'),
        status: document.getElementById('status').textContent,
        engine: document.documentElement.dataset.engine,
    })""")
    assert played == {
        "hash": "",
        "moves": 0,
        "saved": [],
        "locked": True,
        "status": UNAVAILABLE,
        "engine": "failed",
    }


CONTROLS = {
    "flip": lambda page: page.click("[data-action=flip]"),
    "undo": lambda page: click_action(page, "undo"),
    "new-game": lambda page: click_action(page, "new-game"),
    "copy-link": lambda page: page.click("[data-action=copy-link]"),
    "move-list-arrows": lambda page: [
        *(click_action(page, a) for a in ("first", "prev", "next", "last")),
        *(page.keyboard.press(k) for k in ("ArrowLeft", "ArrowRight", "Home", "End")),
    ],
    "board": lambda page: None,  # the board alone (try_to_play)
    "typed-move": lambda page: None,  # ditto, the move box
}


@pytest.mark.parametrize("control", CONTROLS)
def test_no_control_brings_a_dead_engine_back(page, site_server, control):
    open_dead(page, site_server)
    for button in ("undo", "new-game"):
        assert page.locator(f"[data-action={button}]").is_disabled()
    CONTROLS[control](page)
    try_to_play(page, "d4-d5")
    assert_nothing_played(page)
    # Twice, the second time after the first attempt's answers.
    CONTROLS[control](page)
    try_to_play(page, "d4-d5")
    assert_nothing_played(page)
    assert not uncaught(page)


def test_two_foxes_flipped_with_a_dead_engine_takes_no_move(page, site_server):
    open_dead(page, site_server, "two-foxes")
    page.click("[data-action=flip]")
    legal = page.evaluate("() => JSON.parse(document.getElementById('openings').textContent)")
    first = next(iter(next(iter(legal.values()))["after"]))
    try_to_play(page, first)
    assert_nothing_played(page)


def test_after_retry_succeeds_play_goes_on(page, site_server):
    enable_test_hooks(page)
    open_dead(page, site_server)
    page.click("[data-action=flip]")
    page.context.unroute(RUNTIME)
    page.click("[data-action=retry]")
    page.wait_for_selector(READY, timeout=120_000)
    assert page.locator("#engine-failed").is_hidden()
    centers = point_centers(page)
    page.mouse.click(*centers["d4"])
    page.mouse.click(*centers["d5"])
    # The move is played, and the computer replies to it.
    page.wait_for_function("() => document.querySelectorAll('#moves [data-move]').length === 2")
    assert page.evaluate("() => location.hash").startswith("#")
    assert not uncaught(page)


def test_a_refused_download_awaited_later_is_no_uncaught_error(page, site_server):
    """Pyodide holds the promise of its WebAssembly's response and awaits it only after other
    work: refused in between, it surfaced as "uncaught: Failed to fetch" on a dead engine's page
    now and then. The worker's fetch of an engine file, refused and awaited late, rejects for
    its caller and leaves the page's console clean."""
    refused = []
    page.context.route(RUNTIME, lambda route: route.abort() if refused else route.continue_())
    page.goto(play_url(site_server))
    page.wait_for_selector(READY)
    refused.append(True)
    (worker,) = page.workers
    reason = worker.evaluate("""async () => {
        const response = fetch(new URL("../../pyodide/pyodide.asm.wasm", location.href));
        await new Promise((resolve) => setTimeout(resolve, 500));
        return response.then(() => "downloaded", (error) => error.message);
    }""")
    assert reason == "Failed to fetch"
    page.wait_for_timeout(200)
    assert not uncaught(page)
