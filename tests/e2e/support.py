"""What the browser tests share: finding games with the engine, driving the play page like a
player, holding downloads back, the engine's worker changed, a server of their own, and axe-core.

Winning lines are found with the engine in CPython and then clicked through the page."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page

from game import Position, api, rules_for
from game.position import GOOSE

# Every game, each with its rules, play and puzzles pages.
PLAY_GAMES = ("fox-and-geese", "two-foxes", "large-cross", "asalto", "bagh-chal")
READY = "html[data-engine=ready]"
START = "1.fox-and-geese.13"
RUNTIME = "**/pyodide.asm.wasm*"  # the WebAssembly runtime: no engine without it


# -- finding games with the engine -------------------------------------------------------------


def _fox_jumps(pos: Position) -> list:
    return [m for m in pos._fox_moves() if m.jump]


def _score(pos: Position, winner: str) -> float:
    """How close ``pos`` is to a win for ``winner``, with both sides helping (a helpmate)."""
    outcome = pos.outcome()
    if outcome:
        return 1e6 if outcome.winner is not None and outcome.winner.value == winner else -1e6
    if winner == "fox":
        return -pos.geese * 100 + max((len(m.path) for m in _fox_jumps(pos)), default=0) * 10
    row = pos.rules.board.row
    geese_rows = sum(row(sq) for sq in pos.goose_squares())
    penalty = 500 * len(_fox_jumps(pos))
    if pos.rules.pen:
        return sum(pos.cells[sq] == GOOSE for sq in pos.rules.pen) * 30 - penalty + geese_rows
    # Trap the fox: it walks to the far end, the geese close in behind it.
    fox_rows = sum(row(sq) for sq in pos.foxes)
    return -len(pos._fox_moves()) * 10 + fox_rows * 25 - penalty + geese_rows * 2


def find_game(game: str, winner: str, termination: str | None = None) -> list[str]:
    """A sequence of moves that ends in a win for ``winner`` (greedy, seeded tie-breaks)."""
    for seed in range(300):
        rng = random.Random(seed)
        pos = Position(rules_for(game))
        moves: list[str] = []
        while pos.outcome() is None and len(moves) < 160:
            scored = []
            for move in pos.legal_moves():
                pos.push(move)
                scored.append((_score(pos, winner) + rng.random(), move))
                pos.pop()
            move = max(scored)[1]
            pos.push(move)
            moves.append(str(move))
        outcome = pos.outcome()
        if (
            outcome
            and outcome.winner
            and outcome.winner.value == winner
            and termination in (None, outcome.termination.value)
        ):
            return moves
    raise AssertionError(f"no {winner} win found for {game}")


# -- driving the page ---------------------------------------------------------------------------


class Held(list):
    """Requests to a URL pattern, held (neither answered nor failed) from now until the test
    ends the hold with release() or abort(); the held routes so far. Requests made after the
    hold has ended go to the server."""

    def __init__(self, page, pattern: str):
        super().__init__()
        self.context, self.pattern = page.context, pattern
        self.ended = False
        page.context.route(pattern, self._hold)

    def _hold(self, route) -> None:
        # A method of ours as the handler: Playwright cannot take a builtin such as list.append.
        if self.ended:
            route.continue_()
        else:
            self.append(route)

    def release(self) -> None:
        """The requests held so far go on to the server."""
        self._end(lambda route: route.continue_())

    def abort(self) -> None:
        """The requests held so far fail."""
        self._end(lambda route: route.abort())

    def _end(self, answer) -> None:
        # Each held route is answered before the handler goes: Playwright lets a route through
        # itself when its handler is removed, and a second answer to a route is an error.
        self.ended = True
        for route in self:
            answer(route)
        self.context.unroute(self.pattern)


def hold(page, pattern: str = RUNTIME) -> Held:
    """Requests to ``pattern`` (by default the runtime's WebAssembly, which the engine cannot
    start without) held until the test releases them."""
    return Held(page, pattern)


def enable_test_hooks(page):
    """The page's test hooks (site_builder/static/js/hooks.js) on, for this page's tab."""
    page.add_init_script("try { sessionStorage.setItem('fox-and-geese:test-hooks', '1') } catch {}")


def play_url(server, game="fox-and-geese", lang="en", fragment="", base=None):
    return f"{base or server.root_url}{lang}/{game}/play/" + (f"#{fragment}" if fragment else "")


def open_play(page, server, game="fox-and-geese", **kw):
    page.set_viewport_size({"width": 1280, "height": 1000})  # the whole board in view
    page.goto(play_url(server, game, **kw))
    page.wait_for_selector(READY)


@contextmanager
def friend_page(browser, link: str) -> Iterator[Page]:
    """A link opened by a friend: a fresh browser context (no shared storage), the page ready."""
    other = browser.new_context()
    try:
        friend = other.new_page()
        friend.set_viewport_size({"width": 1280, "height": 1000})
        friend.goto(link)
        friend.wait_for_selector(READY)
        yield friend
    finally:
        other.close()


def set_mode(page, mode, side=None, answer="play-on"):
    """Choose the opponent (and side); a game in progress asks first: by default the
    player plays on from the position on the board."""
    sheet = page.locator("#settings-sheet")
    if sheet.get_attribute("open") is None:  # folded away on a phone
        page.click("#settings-sheet summary")
    for name, value in (("mode", mode), ("side", side)):
        if value and not page.locator(f"input[name={name}][value={value}]").is_checked():
            page.check(f"input[name={name}][value={value}]")
            if page.locator("#confirm").is_visible():
                page.click(f"#confirm [data-action={answer}]")
    # The game on the board is now of that kind (a new game or the same position played on).
    page.wait_for_selector(f"#status[data-mode={mode}]")
    if side and mode != "two":
        page.wait_for_selector(f"#status[data-side={side}]")


def wait_engine_idle(page) -> None:
    """The worker has answered every call the page made and the computer is not thinking: any
    answer still under way has been shown or dropped (the page's test hooks must be on). What
    the page itself says, not a fixed wait that a busy machine outlasts."""
    page.wait_for_function(
        """() => document.documentElement.dataset.engineCalls === '0'
            && document.getElementById('status').dataset.thinking === 'false'"""
    )


def settled(page) -> None:
    """What the page has set going by now is done: the tasks it queued (its timers of 0 ms, such
    as the one that writes the URL), their promises, and its next animation frame (where the
    announcer speaks and the pointer's hover style shows). A wait on the page's own queue, not
    a fixed time that a busy machine outlasts."""
    page.evaluate("""() => new Promise((resolve) => setTimeout(() =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0))""")


def record_in_url(page) -> str:
    # The page writes the URL in a task after it shows a game (setTimeout 0): a timer set now
    # runs after it, so the fragment read then is the game on the board.
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
    return urlsplit(page.url).fragment


def wait_record(page, record: str) -> None:
    page.wait_for_function("r => location.hash === '#' + r", arg=record)


def point(page, name):
    return page.locator(f'svg[data-board] [data-point="{name}"]')


def drag(page, src, dst):
    a, b = point(page, src).bounding_box(), point(page, dst).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()


def point_centers(page) -> dict:
    """Where each point is on the screen now (one round trip instead of one per click)."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        'svg[data-board] [data-point]')].map((el) => {
            const r = el.getBoundingClientRect();
            return [el.dataset.point, [r.x + r.width / 2, r.y + r.height / 2]];
        }))""")


def legal_moves(state: dict) -> list[str]:
    """The legal moves of an engine state (game/view.py), in notation."""
    return [m["move"] for m in state["legal"]]


def enter_move(page, state: dict, move: str, *, by_final=False, by_drag=False) -> dict:
    """Enter ``move`` on the board the way a player would; returns the engine's next state.
    The points to click are the move's path in the engine's view (a placement's is the one
    point a piece from the hand goes to)."""
    path = next(m["path"] for m in state["legal"] if m["move"] == move)
    if by_drag:
        drag(page, path[0], path[-1])
    else:
        clicks = [path[0], path[-1]] if by_final and len(path) > 1 else list(path)
        # A chain that could go on but may stop here: click the fox again to stop.
        if (
            not by_final
            and "x" in move
            and any(m.startswith(move + "x") for m in legal_moves(state))
        ):
            clicks.append(path[-1])
        centers = point_centers(page)
        for name in clicks:
            page.mouse.click(*centers[name])
    after = api.play(state["record"], move)
    assert "error" not in after, after
    # Played, even if the computer's reply is in the URL already.
    page.wait_for_function(
        "r => location.hash === '#' + r || location.hash.startsWith('#' + r + '.')",
        arg=after["record"],
    )
    return after


def pieces_on_page(page) -> dict:
    return page.evaluate("""() => {
        const out = {fox: [], goose: []};
        for (const el of document.querySelectorAll('svg[data-board] [data-piece]'))
            out[el.dataset.piece].push(el.dataset.at);
        out.fox.sort(); out.goose.sort();
        return out;
    }""")


def assert_board(page, state):
    assert pieces_on_page(page) == {k: sorted(v) for k, v in state["pieces"].items()}
    status = page.locator("#status")
    assert status.get_attribute("data-to-move") == state["to_move"]
    assert status.get_attribute("data-result") == (state["result"] or "")
    tally = page.locator("#tally").inner_text()
    assert str(state["geese_left"]) in tally
    # Pieces in hand and the captures that count towards a win, where the game has them.
    if state["in_hand"]:
        assert str(state["in_hand"]) in tally and f"{state['captured']} " in tally


def plies(page) -> int:
    return page.locator("#moves [data-move]").count()


def wait_plies(page, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('#moves [data-move]').length === n", arg=n
    )


def tap(page, *names: str) -> None:
    centers = point_centers(page)
    for name in names:
        page.mouse.click(*centers[name])


def as_opened(record: str) -> dict:
    """The state a link to ``record`` (naming no sender) becomes for whoever opens it: they
    play the side to move, and the page's record says so."""
    return api.load(record, side=api.load(record)["to_move"])


def save_game(page, game: dict, view: dict | None = None) -> None:
    """A game saved in this browser before the page loads, as the page saves its own; with
    ``view``, a state of its last position, as the page saves it once it has shown the game."""
    state = api.load(game["record"])
    saved = {
        "rev": 0,
        "updated": 1,
        "moves": state["moves"],
        "geese": state["geese"],
        "sideways": state["sideways"],
        "result": state["result"],
        **game,
    }
    if view is not None:
        saved["rev"] = 1
        saved["view"] = {
            k: view[k] for k in ("ply", "to_move", "last", "pieces", "geese_left", "reason", "end")
        }
    key = f"fox-and-geese:game:{state['game']}:{game['id']}"
    script = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(saved))})"
    page.add_init_script(script)


# -- a server of the test's own, and a shorter stall timeout ------------------------------------


@contextmanager
def running(server, page=None) -> Iterator[str]:
    """The server, running until the block ends; the page's context is closed first, since a
    page left open would go on fetching (its service worker registers after the engine is
    ready) and log the failures of a server that is gone."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.url
    finally:
        if page is not None:
            page.context.close()
        server.shutdown()
        server.server_close()


def stall_after(seconds_ms: int):
    """A route handler for the play page: the page's stall timeout set to seconds_ms."""

    def handler(route):
        response = route.fetch()
        body = response.text().replace('id="play"', f'id="play" data-timeout="{seconds_ms}"', 1)
        route.fulfill(response=response, body=body)

    return handler


# -- the engine's worker changed for a test --------------------------------------------------------

WORKER = "**/engine-worker.js*"
ANSWER = "function answer(id, method, params) {"  # where engine-worker.js answers every call


def patch_worker(page, code: str) -> None:
    """The engine's worker, for this page's context, with ``code`` run first in each of its
    answers (it sees ``id``, ``method`` and ``params``, and may return an answer of its own)."""

    def handler(route):
        response = route.fetch()
        body = response.text()
        patched = body.replace(ANSWER, f"{ANSWER}\n  {code}", 1)
        assert patched != body, "engine-worker.js no longer has answer(id, method, params)"
        route.fulfill(response=response, body=patched)

    page.context.route(WORKER, handler)


# -- axe-core, injected into a page (its context needs bypass_csp=True) -------------------------

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page) -> list[str]:
    """Every axe violation on the page, with up to three of its elements."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per document, not per run
        page.add_script_tag(path=str(AXE))
    violations: list[str] = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => `${v.id} (${v.impact}): `
            + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", "));
    }""")
    return violations


def axe_violations_light_and_dark(page: Page) -> dict[str, list[str]]:
    """axe_violations in the light, then the dark colour scheme, on the page as it is: the
    site's dark scheme is CSS only (`prefers-color-scheme`), so switching the emulated
    scheme restyles the page without loading it again."""
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        found[scheme] = axe_violations(page)
    return found
