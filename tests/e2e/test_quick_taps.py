"""A second tap right after the player's own move, while the engine checks that move: dropped
without a word (play/controller.js, blocked), the move played once, the game going on."""

from __future__ import annotations

from playwright.sync_api import expect

from game import api
from tests.e2e.support import open_play, point_centers, wait_plies

# Taps at screen points, each a pointerdown and a pointerup on the board, all in one task: the
# first plays the move, the later ones land while the engine is still checking it, however
# fast the engine. Returns what the page says at that moment, and records every message and
# announcement the page makes from then on in window.said.
TAPS = """(points) => {
    const svg = document.querySelector("svg[data-board]");
    const message = document.getElementById("message");
    const announce = document.getElementById("announce");
    window.said = [];
    const observer = new MutationObserver(
        () => window.said.push(message.textContent, announce.textContent));
    const all = { subtree: true, childList: true, characterData: true };
    observer.observe(document.getElementById("play"), all);
    for (const [x, y] of points) {
        for (const type of ["pointerdown", "pointerup"]) {
            svg.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y,
                pointerId: 1, pointerType: "mouse", isPrimary: true, button: 0 }));
        }
    }
    return { message: message.textContent, status: document.getElementById("status").textContent };
}"""


def test_a_second_tap_while_your_move_is_checked_is_dropped_without_a_word(page, site_server):
    open_play(page, site_server)  # against the computer, with the fox, which moves first
    status = page.locator("#status")
    expect(status).to_have_text("Your move, with the fox.")
    centers = point_centers(page)
    page.mouse.click(*centers["d4"])  # the fox chosen
    # Its move to c4, then a double click's second tap on c4 and a tap on a goose.
    during = page.evaluate(TAPS, [centers["c4"], centers["c4"], centers["c3"]])
    # While the engine checks the move: no refusal said, the status as it was.
    assert during == {"message": "", "status": "Your move, with the fox."}
    wait_plies(page, 2)  # the move, once, and the computer's reply
    moves = page.locator("#moves [data-move]").all_inner_texts()
    after = api.play(api.new_game("fox-and-geese")["record"], "d4-c4")
    assert moves[0] == "d4-c4" and moves[1] in {m["move"] for m in after["legal"]}
    expect(status).to_have_text("Your move, with the fox.")
    # Nothing was refused: what was said is the move, the computer's reply and the status.
    said = {text for text in page.evaluate("window.said") if text}
    refusals = [t for t in said if "Wait" in t or "computer's side" in t or "not allowed" in t]
    assert not refusals, said
    # The taps were not kept for later: no piece is chosen on the board now.
    assert page.locator("svg[data-board] .mark-selected").count() == 0
    assert not page.console_errors
