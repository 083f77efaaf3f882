"""The play page before its engine has loaded (issues 22 and 23): the board is drawn at once
with the game's pieces and the right way up (a new game, a saved game, a friend's link), and a
first move made then is kept: played when the engine is ready, and through a reload.

What the page knows early is the engine's, made at build time (tests/test_openings.py)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from game import api
from site_builder import builder
from tests.e2e.support import (
    READY,
    Held,
    hold,
    legal_moves,
    play_url,
    record_in_url,
    running,
    save_game,
    tap,
    wait_record,
)
from tests.helpers import serve

LOADING = "html[data-engine=loading]"
PLAY = "en/fox-and-geese/play/"


def slow_server(site_dir):
    """The site over a link slow enough that the engine takes many seconds to arrive."""
    return serve.make_server(site_dir, throttle_kbit=4000, latency_ms=100)


def drawn(page) -> dict:
    """The pieces on the board, by kind, and whether the fox's side is at the bottom (the goose
    row 1 drawn in the upper half)."""
    return page.evaluate("""() => {
        const svg = document.querySelector('svg[data-board]');
        const box = svg.getBoundingClientRect();
        const pieces = { fox: [], goose: [] };
        for (const el of svg.querySelectorAll('[data-piece][data-at]')) {
            pieces[el.dataset.piece].push(el.dataset.at);
        }
        const p1 = svg.querySelector('[data-point=d1]').getBoundingClientRect();
        return { fox: pieces.fox.sort(), goose: pieces.goose.sort(),
                 foxView: p1.y + p1.height / 2 < box.y + box.height / 2,
                 hidden: getComputedStyle(svg).visibility === 'hidden' };
    }""")


def pieces_of(state: dict) -> dict:
    return {"fox": sorted(state["pieces"]["fox"]), "goose": sorted(state["pieces"]["goose"])}


def plies(page) -> list[str]:
    return page.eval_on_selector_all("#moves [data-move]", "els => els.map((e) => e.dataset.move)")


def open_held(page, url: str, element: str) -> tuple[Held, Held]:
    """Open url with play.js and the engine's WebAssembly held back, until the page's own
    element and stylesheet are there: what a player sees before the page's script has run.
    Returns the held requests of each (release play.js with ``release``)."""
    scripts = hold(page, "**/js/play.js*")
    engine = hold(page)
    page.goto(url, wait_until="commit")
    page.wait_for_function(
        f"() => document.querySelector({json.dumps(element)}) && [...document.styleSheets]"
        ".some((s) => s.href && s.href.includes('/play.css'))"
    )
    return scripts, engine


def release(page, scripts: Held) -> None:
    """Let play.js run, and wait until it has drawn the board."""
    while not scripts:
        page.wait_for_timeout(50)
    scripts.release()
    page.wait_for_selector("svg.board-live")


def book(game: str, record: str, level: str) -> str:
    """The computer's move in the game's book of first replies (content/replies/)."""
    return builder.load_replies(game)[record][level]


def test_a_first_move_made_before_the_engine_is_ready_is_kept_and_answered(page, site_dir):
    page.set_viewport_size({"width": 1280, "height": 1000})
    opening = api.new_game("fox-and-geese")
    after = api.play(opening["record"], "d4-c4")
    reply = book("fox-and-geese", after["record"], "medium")  # the page's level at first
    answered = api.play(after["record"], reply)
    server = slow_server(site_dir)
    with running(server, page) as url:
        page.goto(url + PLAY)  # a new game against the computer, as the fox: the fox moves first
        page.wait_for_selector("svg.board-live")
        assert drawn(page) == pieces_of(opening) | {"foxView": True, "hidden": False}
        # The loading note is in sight and hides none of the board (its far end holds geese).
        note = page.locator("#engine-loading").bounding_box()
        board = page.locator("svg[data-board]").bounding_box()
        assert page.locator("#engine-loading").is_visible()
        assert (
            note["x"] >= board["x"] + board["width"]
            or note["y"] >= board["y"] + board["height"]
            or note["y"] + note["height"] <= board["y"]
        ), (note, board)
        tap(page, "d4", "c4")
        # The computer answers from the book at once, the engine still loading.
        wait_record(page, answered["record"])
        assert page.locator(LOADING).count() == 1  # all of it before the engine was ready
        assert plies(page) == ["d4-c4", reply]
        assert drawn(page) == pieces_of(answered) | {"foxView": True, "hidden": False}
        assert "as soon as the game engine has loaded" in page.inner_text("#status")
        # The next move waits for the engine, and the board says so.
        tap(page, "c4")
        expect(page.locator("#message")).to_contain_text("Wait until the game engine has loaded")

        # Loading is cut short: the moves were saved with the game, and are drawn again at once.
        page.reload()
        page.wait_for_selector("svg.board-live")
        assert page.locator(LOADING).count() == 1
        assert plies(page) == ["d4-c4", reply]
        assert drawn(page) == pieces_of(answered) | {"foxView": True, "hidden": False}

        # All that had to happen before the engine was ready has: the link is fast from here
        # on, so that the runtime the reload asked for again does not crawl in a second time.
        server.link.lift()
        # The engine takes over: the game goes on from the book's reply, and the engine
        # answers the next move.
        page.wait_for_selector(READY, timeout=240_000)
        assert plies(page) == ["d4-c4", reply]
        move = legal_moves(answered)[0]
        tap(page, *move.split("-"))
        page.wait_for_function(
            "() => document.querySelectorAll('#moves [data-move]').length === 4",
            timeout=60_000,
        )
        moves = plies(page)
        assert moves[:3] == ["d4-c4", reply, move]
        assert api.load(record_in_url(page))["moves"] == moves  # one game, every move legal
        page.reload()
        page.wait_for_selector(READY, timeout=240_000)
        assert plies(page) == moves
    assert page.console_errors == []


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_computer_that_begins_plays_from_the_book_before_the_engine_is_ready(
    page, site_server, level
):
    """The player takes the geese: the computer's fox begins at once from the book, the
    player's answer is taken, the computer's reply comes from the book too, and the engine,
    once ready, plays on from there: one game, no move lost or played twice."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    held = hold(page)
    page.goto(play_url(site_server))
    page.wait_for_selector("svg.board-live")
    page.select_option("#level", level)
    page.check("input[name=side][value=geese]")
    opening = api.new_game("fox-and-geese")
    first = api.play(opening["record"], book("fox-and-geese", opening["record"], level))
    wait_record(page, first["record"])
    assert page.locator(LOADING).count() == 1
    answer = legal_moves(first)[0]
    tap(page, *answer.split("-"))
    answered = api.play(first["record"], answer)
    second = api.play(answered["record"], book("fox-and-geese", answered["record"], level))
    wait_record(page, second["record"])
    assert page.locator(LOADING).count() == 1
    assert plies(page) == second["moves"]
    held.release()
    page.wait_for_selector(READY)
    move = legal_moves(second)[0]
    tap(page, *move.split("-"))
    page.wait_for_function(
        "() => document.querySelectorAll('#moves [data-move]').length === 5", timeout=60_000
    )
    moves = plies(page)
    assert moves[:4] == [*second["moves"], move]
    assert api.load(record_in_url(page))["moves"] == moves
    assert page.console_errors == []


@pytest.mark.parametrize("side", ["fox", "geese"])
def test_a_saved_game_is_drawn_as_it_was_before_the_engine_is_ready(page, site_server, side):
    # A reload in the middle of a game, the player to move: drawn the player's way up at once
    # (the settings' own default is the fox, so the geese would show a board drawn from them).
    state = api.load("1.fox-and-geese.15s.d4-c4.c3-d4.c4-b4.b3-c3")
    if side == "geese":
        state = api.play(state["record"], "b4-b5")
    game = {"id": "saved1", "mode": "computer", "side": side, "level": "medium"}
    save_game(page, game | {"record": state["record"]}, view=state)
    held = hold(page)
    page.goto(play_url(site_server))
    page.wait_for_selector("svg.board-live")
    early = drawn(page)
    assert early == pieces_of(state) | {"foxView": side == "fox", "hidden": False}
    assert page.locator(LOADING).count() == 1
    assert plies(page) == state["moves"]
    # Its pieces cannot be moved yet: the board says why.
    tap(page, "b4" if side == "fox" else "d4")
    assert "Wait until the game engine has loaded" in page.inner_text("#message")
    held.release()
    page.wait_for_selector(READY)
    assert drawn(page) == early
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("record", "opener_fox"),
    [
        ("2.fox-and-geese.13.fox.d4-c4", False),
        ("2.fox-and-geese.13.geese", True),
        # A link naming no sender (from an older version of the site, or the URL of a game
        # against the computer or of two players sent on): its opener plays the side to move.
        ("1.fox-and-geese.13.d4-c4", False),
        ("1.fox-and-geese.13.d4-c4.c3-b4", True),
    ],
)
def test_a_friends_link_is_drawn_the_way_up_its_opener_plays_it_from_the_start(
    page, site_server, record, opener_fox
):
    # Until play.js has drawn the game, the server's drawing of the board is not shown.
    scripts, engine = open_held(page, play_url(site_server, fragment=record), "svg[data-board]")
    assert drawn(page)["hidden"]
    release(page, scripts)
    assert page.locator(LOADING).count() == 1
    early = drawn(page)
    assert early["foxView"] is opener_fox
    assert not early["hidden"]
    # Its table and geese are not known yet: no lone separator stands in their place.
    assert not page.locator(".status-facts").is_visible()
    engine.release()
    page.wait_for_selector(READY)
    page.wait_for_selector(f"#status[data-side={'fox' if opener_fox else 'geese'}]")
    assert drawn(page)["foxView"] is opener_fox  # it never turns
    assert page.locator(".status-facts").is_visible()
    assert page.console_errors == []


def settings(page) -> dict:
    """The opponent and side the settings show, and whether each can be changed."""
    return page.evaluate("""() => {
        const radios = (name) => [...document.querySelectorAll(`#settings input[name=${name}]`)];
        const chosen = (name) => radios(name).find((r) => r.checked)?.value;
        const locked = (name) => radios(name).every((r) => r.matches(':disabled'));
        return { mode: chosen('mode'), side: chosen('side'),
                 modeLocked: locked('mode'), sideLocked: locked('side') };
    }""")


@pytest.mark.parametrize(
    ("record", "side"),
    [("2.fox-and-geese.13.fox.d4-c4", "geese"), ("1.fox-and-geese.13.d4-c4.c3-b4", "fox")],
)
def test_a_friends_link_shows_its_opponent_and_side_in_the_settings_from_the_start(
    page, site_server, record, side
):
    # Until play.js has said which game the page shows, the settings' own defaults (the
    # computer, the fox) are not shown either.
    page.set_viewport_size({"width": 1280, "height": 800})
    scripts, engine = open_held(page, play_url(site_server, fragment=record), "#settings fieldset")
    assert not page.locator("input[name=mode][value=computer]").is_visible()
    release(page, scripts)
    assert page.locator(LOADING).count() == 1
    # A link game, the opener's side fixed, as once the engine has read the link.
    early = settings(page)
    assert early == {"mode": "link", "side": side, "modeLocked": False, "sideLocked": True}
    assert page.locator("input[name=mode][value=link]").is_visible()
    # Another opponent waits for the engine, as a saved game's does.
    page.click("input[name=mode][value=two]")
    assert settings(page) == early
    expect(page.locator("#message")).to_contain_text("engine has loaded")
    engine.release()
    page.wait_for_selector(READY)
    page.wait_for_selector(f"#status[data-mode=link][data-side={side}]")
    assert settings(page) == early
    assert page.console_errors == []


def test_a_link_that_is_no_game_leaves_the_pages_own_settings_for_a_new_game(page, site_server):
    # Drawn as a link game for the geese until the engine finds the link cannot be played:
    # then the settings are the page's own again, and a new game instead is one against the
    # computer, as the fox.
    engine = hold(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(play_url(site_server, fragment="1.fox-and-geese.13.d4-d9"))
    page.wait_for_selector("svg.board-live")
    assert settings(page)["mode"] == "link"
    engine.release()
    page.wait_for_selector(READY)
    expect(page.locator("#link-error")).to_be_visible()
    assert settings(page) == {
        "mode": "computer",
        "side": "fox",
        "modeLocked": False,
        "sideLocked": False,
    }
    page.click("#link-error [data-action=discard-link]")
    page.wait_for_selector("#status[data-mode=computer][data-side=fox]")
    assert page.console_errors == []
