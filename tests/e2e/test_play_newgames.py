"""The play page of the games with pieces of their own (issue #33): Bagh-Chal's goats placed
from the hand by click and by keyboard, the hand and the captures beside the board, Asalto's
huff shown and explained once, the computer's reply, a friend's link and a reload."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from game import Position, api, rules_for
from tests.e2e.support import (
    READY,
    enter_move,
    friend_page,
    hold,
    open_play,
    play_url,
    plies,
    point,
    set_mode,
    wait_plies,
    wait_record,
)

# A Bagh-Chal game the tigers win by their fifth capture, after every goat has been placed.
_TIGER_SEED = 57
# Asalto: a rebel steps into reach of the officer on e6, which steps away instead of taking it:
# huffed, at the point it stepped to.
HUFF = ["e4-e5", "e6-d5"]


def tigers_win_after_placing(seed: int = _TIGER_SEED) -> list[str]:
    """The moves of a random Bagh-Chal game whose tigers take whenever they can, seeded; it
    ends in the tigers' win after all twenty goats are placed (checked)."""
    rng = random.Random(seed)
    pos = Position(rules_for("bagh-chal"))
    moves = []
    while pos.outcome() is None:
        legal = pos.legal_moves()
        captures = [m for m in legal if m.captures] if pos.turn.value == "fox" else []
        move = rng.choice(captures or legal)
        pos.push(move)
        moves.append(str(move))
    outcome = pos.outcome()
    assert outcome and outcome.termination.value == "goose-count" and pos.hand == 0, seed
    return moves


def hand_shown(page) -> dict:
    """The hand beside the board (its count, or None when hidden) and the tally under the
    status, as the player sees them."""
    return page.evaluate("""() => {
        const hand = document.querySelector('svg[data-board] .hand');
        return {
            hand: hand.getAttribute('visibility') === 'hidden' ? null
                : Number(hand.dataset.inHand),
            text: hand.querySelector('text').textContent,
            tally: document.getElementById('tally').textContent,
        };
    }""")


def assert_hand(page, state: dict) -> None:
    shown = hand_shown(page)
    hand = state["in_hand"]
    assert shown["hand"] == (hand or None), (shown, hand)
    if hand:
        assert shown["text"] == f"\u00d7{hand}"
        assert f"Goats in hand: {hand}" in shown["tally"], shown
    else:
        assert "in hand" not in shown["tally"], shown
    assert f"Captured: {state['captured']} of 5" in shown["tally"], shown


def test_a_bagh_chal_game_through_its_placement_phase_to_an_end_by_clicks(page, site_server):
    open_play(page, site_server, "bagh-chal")
    set_mode(page, "two", answer="confirm")  # a new game, not the computer's first move
    state = api.new_game("bagh-chal")
    assert_hand(page, state)
    board = page.locator("svg[data-board]")
    # Every empty point is marked as one a goat may be placed on; the tigers' are not.
    expect(board.locator(".mark-place")).to_have_count(21)
    assert point(page, "a1").get_attribute("aria-label") == "a1, tiger"
    expect(page.locator("#status")).to_have_text("Goats to move")
    for move in tigers_win_after_placing():
        state = enter_move(page, state, move)
        wait_plies(page, state["ply"])
        assert_hand(page, state)
        expect(board.locator(".mark-place")).to_have_count(
            sum(len(m["path"]) == 1 for m in state["legal"])
        )
    status = page.locator("#status")
    expect(status).to_have_attribute("data-result", "fox")
    expect(status).to_have_text("The tigers win. The tigers have captured 5 goats.")
    expect(page.locator("#moves .result-line")).to_have_text("Tigers win")
    assert not page.console_errors


def test_a_bagh_chal_game_by_keyboard_with_each_goat_placed_said(page, site_server):
    open_play(page, site_server, "bagh-chal")
    set_mode(page, "two", answer="confirm")  # a new game, not the computer's first move
    announce = page.locator("#announce")
    state = api.new_game("bagh-chal")
    help_id = page.locator("svg[data-board]").get_attribute("aria-describedby")
    expect(page.locator(f"#{help_id}")).to_contain_text("Enter places a goat")
    for i, move in enumerate(tigers_win_after_placing(_TIGER_SEED)):
        path = next(m["path"] for m in state["legal"] if m["move"] == move)
        for name in path:
            point(page, name).focus()
            page.keyboard.press("Enter" if i % 2 else " ")  # both keys choose a point
        state = api.play(state["record"], move)
        wait_record(page, state["record"])
        if len(path) == 1 and i < 6:
            expect(announce).to_contain_text(f"You placed a goat on {path[0]}.")
            expect(announce).to_contain_text("Tigers to move")
        elif state["last"]["captures"] and i < 30:
            expect(announce).to_contain_text(f"You played {move}: the tiger takes 1 goat.")
    expect(page.locator("#status")).to_have_attribute("data-result", "fox")
    assert_hand(page, state)
    assert not page.console_errors


def test_a_goat_on_the_board_while_goats_are_in_hand_says_why_it_cannot_move(page, site_server):
    record = "1.bagh-chal.20.@c3.a1-b1"
    open_play(page, site_server, "bagh-chal", fragment=record)
    set_mode(page, "two")  # the link's position, played on at one device
    point(page, "c3").click()
    expect(page.locator("#message")).to_have_text(
        "While goats are in hand, a goat turn places one: click an empty point."
    )


def test_an_asalto_huff_is_marked_said_and_explained_once(page, site_server):
    open_play(page, site_server, "asalto")
    set_mode(page, "two", answer="confirm")  # a new game, not the computer's first move
    state = api.new_game("asalto")
    expect(page.locator("#status")).to_have_text("Rebels to move")
    note = page.locator("#huff-note")
    expect(note).to_be_hidden()
    for move in HUFF:
        state = enter_move(page, state, move)
    assert state["huffed"] == ["d5"]
    board = page.locator("svg[data-board]")
    # The officer that stepped leaves the board from d5, which is marked, and the page says why.
    expect(board.locator('[data-piece="fox"]')).to_have_count(1)
    expect(board.locator(".mark-huffed")).to_have_count(1)
    expect(board.locator(".mark-huffed-cross")).to_have_count(1)
    message = "The officer on d5 is huffed, taken off the board: it could have captured."
    expect(page.locator("#message")).to_have_text(message)
    expect(page.locator("#announce")).to_contain_text(message)
    expect(page.locator("#tally")).to_have_text("24 rebels left · 1 officer left")
    # The first huff explains the rule, once.
    expect(note).to_be_visible()
    expect(note).to_contain_text("every officer that could have captured")
    note.locator("[data-action=dismiss-huff]").click()
    expect(note).to_be_hidden()
    page.click("[data-action=undo]")
    wait_plies(page, 1)
    expect(board.locator(".mark-huffed")).to_have_count(0)
    state = enter_move(page, api.load(state["record"], ply=1), HUFF[1])
    expect(page.locator("#message")).to_have_text(message)
    expect(note).to_be_hidden()
    # Reloaded, the position still shows who was huffed, and the rule is not explained again.
    page.reload()
    page.wait_for_selector(READY)
    expect(board.locator(".mark-huffed")).to_have_count(1)
    expect(note).to_be_hidden()
    assert not page.console_errors


def test_the_computer_replies_in_both_games(page, site_server):
    # Bagh-Chal as the tigers: the computer's goats move first, placing one.
    open_play(page, site_server, "bagh-chal")
    set_mode(page, "computer", side="fox")
    wait_plies(page, 1)
    expect(page.locator("#message")).to_contain_text("The computer placed a goat on ")
    expect(page.locator("#tally")).to_contain_text("Goats in hand: 19")
    expect(page.locator("#status")).to_have_text("Your move, with the tigers.")
    # Asalto as the rebels: the computer's officers answer.
    open_play(page, site_server, "asalto")
    set_mode(page, "computer", side="geese", answer="confirm")  # a new game, not the one begun
    expect(page.locator("#status")).to_have_text("Your move, with the rebels.")
    state = api.new_game("asalto")
    enter_move(page, state, "d4-d5")
    wait_plies(page, 2)
    expect(page.locator("#message")).to_contain_text("The computer played ")
    expect(page.locator("#status")).to_have_text("Your move, with the rebels.")
    assert not page.console_errors


def test_a_friends_link_of_each_game_opens_in_a_fresh_browser(browser, page, site_server):
    # A goat placed reads as a placement on both sides of the link, never as "@c3".
    for game, side, move, friend_side, played, seen in (
        (
            "bagh-chal",
            "geese",
            "@c3",
            "tigers",
            "You placed a goat on c3.",
            "Your friend placed a goat on c3.",
        ),
        ("asalto", "geese", "d4-d5", "officers", "You played d4-d5.", "Your friend played d4-d5."),
    ):
        open_play(page, site_server, game)
        # The side first (by link it is fixed), then a new game by link.
        set_mode(page, "computer", side=side, answer="confirm")
        set_mode(page, "link", answer="confirm")
        state = enter_move(page, api.new_game(game, side=side), move)
        expect(page.locator("#status")).to_contain_text(played)
        with friend_page(browser, page.url) as friend:
            status = friend.locator("#status")
            expect(status).to_contain_text(f"You play the {friend_side}.")
            expect(status).to_contain_text(seen)
            assert "@" not in status.inner_text()
            if game == "bagh-chal":
                expect(friend.locator("#tally")).to_contain_text("Goats in hand: 19")
                expect(friend.locator("svg[data-board] .hand")).to_have_attribute(
                    "data-in-hand", "19"
                )
            reply = api.load(state["record"], side="fox")
            enter_move(friend, reply, reply["legal"][0]["move"])
            expect(friend.locator("#status")).to_contain_text("Send the link")


def test_a_reload_in_the_placement_phase_keeps_the_hand(page, site_server):
    open_play(page, site_server, "bagh-chal")
    set_mode(page, "two", answer="confirm")  # a new game, not the computer's first move
    state = api.new_game("bagh-chal")
    for _ in range(3):
        placement = next(m["move"] for m in state["legal"] if len(m["path"]) == 1)
        state = enter_move(page, state, placement)
        tiger = next(m["move"] for m in state["legal"] if not m["captures"])
        state = enter_move(page, state, tiger)
    assert state["in_hand"] == 17
    # Drawn again before the engine has loaded, from what the page saved with the game.
    held = hold(page)
    page.goto(play_url(site_server, "bagh-chal"))
    page.wait_for_selector("svg[data-board].board-live")
    assert page.locator("html").get_attribute("data-engine") == "loading"
    assert plies(page) == 6
    assert_hand(page, state)
    held.release()
    page.wait_for_selector(READY)
    assert_hand(page, state)
    assert not page.console_errors


def test_a_goat_placed_by_link_is_said_as_a_placement_in_german(browser, page, site_server):
    open_play(page, site_server, "bagh-chal", lang="de")
    set_mode(page, "computer", side="geese", answer="confirm")
    set_mode(page, "link", answer="confirm")
    enter_move(page, api.new_game("bagh-chal", side="geese"), "@e4")
    expect(page.locator("#status")).to_contain_text("Du hast eine Ziege auf e4 eingesetzt.")
    with friend_page(browser, page.url) as friend:
        status = friend.locator("#status")
        expect(status).to_contain_text("Dein Gegenüber hat eine Ziege auf e4 eingesetzt.")
        assert "@" not in status.inner_text()


def test_a_tigers_player_is_not_told_to_place_goats(page, site_server):
    open_play(page, site_server, "bagh-chal")
    page.evaluate("() => localStorage.removeItem('fox-and-geese:hint-seen')")
    page.reload()
    page.wait_for_selector(READY)
    hint = page.locator("#hint")
    place = hint.locator("[data-hint=place]")
    set_mode(page, "computer", side="fox", answer="confirm")
    expect(hint).to_be_visible()
    expect(place).to_be_hidden()
    expect(hint.locator("[data-hint=move]")).to_be_visible()
    assert hint.inner_text().strip() == "Tap or click a tiger, then the point it goes to."
    set_mode(page, "computer", side="geese", answer="confirm")
    expect(place).to_be_visible()
    expect(hint).to_contain_text("Goats are placed first")
    # Two players at one device: the goats' words on the goats' turn only.
    set_mode(page, "two", answer="confirm")
    expect(page.locator("#status")).to_have_text("Goats to move")
    expect(place).to_be_visible()


def test_an_asalto_huff_stays_said_with_the_computers_reply_in_finnish(page, site_server):
    # A link whose sender played the rebels, played on against the computer: the opener has
    # the officers, and their step e6-d5 leaves a capture untaken.
    sent = api.play(api.new_game("asalto", side="geese")["record"], HUFF[0])
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{site_server.root_url}fi/asalto/play/?opponent=computer#{sent['record']}")
    page.wait_for_selector(READY)
    assert api.play(sent["record"], HUFF[1])["huffed"] == ["d5"]
    # Clicked (the game against the computer keeps a record of its own, not the link's).
    for name in HUFF[1].split("-"):
        point(page, name).click()
    wait_plies(page, 3)  # the computer's reply is on the board
    huff = "Pisteessä d5 oleva upseeri puhalletaan"
    message, announce = page.locator("#message"), page.locator("#announce")
    # The huff is not replaced by the reply: both are shown, and both said.
    expect(message).to_contain_text(huff)
    expect(message).to_contain_text("Tietokone")
    expect(announce).to_contain_text(huff)
    expect(announce).to_contain_text("Tietokone")
    assert not page.console_errors
