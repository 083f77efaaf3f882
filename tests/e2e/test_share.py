"""Sharing a game on the play page (play/share.js): the picture of the position, the whole
game as an animated PNG, the game as text copied and pasted back. The pictures are decoded
here with the standard library and looked at where the pieces stand."""

from __future__ import annotations

import struct
import zlib

import pytest

from game import api
from tests.e2e.support import READY, axe_violations_light_and_dark, play_url, record_in_url

# A game opened by link whose sender played the geese: the opener plays the fox, so the
# board is turned round, as it is in the picture.
RECORD = "2.fox-and-geese.13.geese.d4-c4.e3-e4.c4-d4.c3-c4.d4-e3"

# The light and the dark scheme's colours (site.css) of what stands on a point: a fox's head,
# a goose's body, an empty point's dot.
COLOURS = {
    "light": {"fox": "#c4612a", "goose": "#fbf9f4", "empty": "#8a7658", "bg": "#faf6ee"},
    "dark": {"fox": "#d9743c", "goose": "#ece7dd", "empty": "#9b8a70", "bg": "#171513"},
}


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


# -- PNG, as the specification has it: chunks, zlib, one filter byte a row ---------------------


def png_chunks(data: bytes) -> list[tuple[str, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8].decode("ascii"), data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(data[at + 4 : at + 8 + length]), f"bad CRC in {kind}"
        chunks.append((kind, body))
        at += 12 + length
    return chunks


def decode_png(header: bytes, idat: bytes) -> tuple[int, int, list[bytearray], int]:
    """Rows of pixels: (width, height, rows, bytes per pixel); 8-bit RGB or RGBA only."""
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytearray] = []
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + b) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                row[i] = (row[i] + pred) & 0xFF
        rows.append(row)
        prior = row
    return width, height, rows, bpp


def still_image(data: bytes):
    """A PNG's (or an APNG's default) image."""
    chunks = png_chunks(data)
    header = next(body for kind, body in chunks if kind == "IHDR")
    return decode_png(header, b"".join(body for kind, body in chunks if kind == "IDAT"))


def animation_frames(chunks) -> list[dict]:
    """An APNG's frames: each {x, y, ms, image} (the image decoded alone)."""
    header = dict(chunks)["IHDR"]
    frames: list[dict] = []
    parts: list[bytes] = []
    for kind, body in [*chunks, ("fcTL", b"")]:
        if kind == "fcTL":
            if frames:
                frames[-1]["image"] = decode_png(header_for(header, frames[-1]), b"".join(parts))
            if body:
                _, width, height, x, y, ms, den = struct.unpack(">IIIIIHH", body[:24])
                assert den == 1000 and body[24:26] == b"\0\0"  # dispose none, blend source
                frames.append({"x": x, "y": y, "ms": ms, "size": (width, height)})
                parts = []
        elif kind == "fdAT":
            parts.append(body[4:])
    return frames


def header_for(header: bytes, frame: dict) -> bytes:
    return struct.pack(">II", *frame["size"]) + header[8:]


def pixel(image, x: float, y: float) -> tuple[int, int, int]:
    _, _, rows, bpp = image
    row = rows[round(y)]
    return tuple(row[round(x) * bpp : round(x) * bpp + 3])


def board_box(width: int, view_w: float, view_h: float) -> tuple[float, float, float, float]:
    """Where share.js draws the board in a picture ``width`` wide: (left, top, w, h)."""
    pad = round(width * 0.04)
    big, small = round(width * 0.045), round(width * 0.03)
    board_w = width - 2 * pad
    return pad, pad + big + small * 1.9, board_w, round(board_w * view_h / view_w)


def points_on_board(page) -> tuple[dict, float, float]:
    """Each point's place on the board as shown (turned or not), as a share of the drawing's
    width and height, and the drawing's viewBox size."""
    return page.evaluate("""() => {
        const svg = document.querySelector('svg[data-board]');
        const box = svg.getBoundingClientRect();
        const places = Object.fromEntries([...svg.querySelectorAll('[data-point]')].map((el) => {
            const r = el.querySelector('.dot').getBoundingClientRect();
            return [el.dataset.point, [(r.x + r.width / 2 - box.x) / box.width,
                                       (r.y + r.height / 2 - box.y) / box.height]];
        }));
        const v = svg.viewBox.baseVal;
        return [places, v.width, v.height];
    }""")


def what_stands(image, places, view_w, view_h, colours) -> dict[str, str]:
    """At each point the kind whose colour is nearest: fox, goose or empty."""
    left, top, w, h = board_box(image[0], view_w, view_h)
    found = {}
    for name, (u, v) in places.items():
        seen = pixel(image, left + u * w, top + v * h)
        found[name] = min(
            ("fox", "goose", "empty"),
            key=lambda kind: sum(
                (a - b) ** 2 for a, b in zip(seen, rgb(colours[kind]), strict=True)
            ),
        )
    return found


def expected(state: dict) -> dict[str, str]:
    return dict.fromkeys(state["pieces"]["fox"], "fox") | dict.fromkeys(
        state["pieces"]["goose"], "goose"
    )


def open_page(browser, site_server, scheme="light", fragment=RECORD, lang="en", **options):
    context = browser.new_context(
        viewport={"width": 1280, "height": 1000},
        color_scheme=scheme,
        accept_downloads=True,
        **options,
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(play_url(site_server, lang=lang, fragment=fragment))
    page.wait_for_selector(READY, timeout=300_000)  # the engine, on a busy machine
    page.click("#share-sheet summary")
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_picture_shows_the_position_as_the_board_does(browser, site_server, scheme):
    page = open_page(browser, site_server, scheme)
    assert page.get_attribute("#status", "data-side") == "fox"  # the board turned for the fox
    with page.expect_download() as download:
        page.click("[data-action=download-picture]")
    assert download.value.suggested_filename == "fox-and-geese-5.png"
    image = still_image(download.value.path().read_bytes())
    places, view_w, view_h = points_on_board(page)
    state = api.load(RECORD)
    stands = what_stands(image, places, view_w, view_h, COLOURS[scheme])
    assert stands == {name: expected(state).get(name, "empty") for name in places}
    # The page's own background, light or dark, around the board and its caption.
    assert pixel(image, 2, 2) == rgb(COLOURS[scheme]["bg"])
    assert image[0] == 1080
    assert page.locator("#message").inner_text() == "The picture of the board is downloaded."
    page.context.close()


def test_the_game_downloads_as_an_animated_png_of_every_position(browser, site_server):
    page = open_page(browser, site_server)
    with page.expect_download() as download:
        page.click("[data-action=download-game]")
    data = download.value.path().read_bytes()
    assert download.value.suggested_filename == "fox-and-geese-game.png"
    chunks = png_chunks(data)
    kinds = [kind for kind, _ in chunks]
    plies = len(api.load(RECORD)["moves"])
    # One frame per position, the start's included, after the default image (the last position).
    assert struct.unpack(">II", dict(chunks)["acTL"]) == (plies + 1, 0)
    assert kinds.count("fcTL") == plies + 1
    assert kinds.index("IDAT") < kinds.index("fcTL") and kinds[-1] == "IEND"
    sequence = [
        struct.unpack(">I", body[:4])[0] for kind, body in chunks if kind in ("fcTL", "fdAT")
    ]
    assert sequence == list(range(len(sequence)))
    places, view_w, view_h = points_on_board(page)
    image = still_image(data)
    assert image[0] == 540
    stands = what_stands(image, places, view_w, view_h, COLOURS["light"])
    assert stands == {name: expected(api.load(RECORD)).get(name, "empty") for name in places}
    frames = animation_frames(chunks)
    # The first frame is the whole starting position; each later one is the part that changed,
    # and drawn one over the other they end in the default image, pixel for pixel.
    first = frames[0]
    assert (first["x"], first["y"], first["image"][0], first["image"][1]) == (0, 0, *image[:2])
    stands = what_stands(first["image"], places, view_w, view_h, COLOURS["light"])
    assert stands == {name: expected(api.load(RECORD, ply=0)).get(name, "empty") for name in places}
    canvas = [bytearray(row) for row in first["image"][2]]
    bpp = image[3]
    for frame in frames[1:]:
        width, height, rows, _ = frame["image"]
        assert width * height < image[0] * image[1] / 2  # a move changes a small part
        for y, row in enumerate(rows):
            canvas[frame["y"] + y][frame["x"] * bpp : (frame["x"] + width) * bpp] = row
    assert canvas == image[2]
    assert [f["ms"] for f in frames] == [1200] + [800] * (plies - 1) + [3000]
    assert page.locator("#message").inner_text() == "The game is downloaded as an animated picture."
    page.context.close()


# The notes a page writes before the game's header line, in its language: its name and table.
NOTES = {"en": "# Fox and Geese · 13 geese", "fi": "# Kettu ja hanhet · 13 hanhea"}


@pytest.mark.parametrize(("copied_in", "pasted_in"), [("en", "en"), ("fi", "pl")])
def test_a_copied_game_pasted_in_a_fresh_browser_opens_the_same_game(
    browser, site_server, copied_in, pasted_in
):
    clipboard = {"permissions": ["clipboard-read", "clipboard-write"]}
    page = open_page(browser, site_server, lang=copied_in, **clipboard)
    said = page.locator("#message").text_content()
    page.click("[data-action=copy-text]")
    page.wait_for_function("m => document.querySelector('#message').textContent !== m", arg=said)
    copied = page.evaluate("() => navigator.clipboard.readText()")
    # The game as the page holds it (the link's record, as sent back by its opener), under a
    # note in the page's language; no English field names.
    record = record_in_url(page)
    assert copied == api.as_text(record, [copied.splitlines()[0][2:]])["text"]
    assert copied.startswith(NOTES[copied_in])
    assert "game:" not in copied and "table:" not in copied
    moves = page.eval_on_selector_all(*MOVES)
    pieces = board_pieces(page)
    page.context.close()

    fresh = open_page(browser, site_server, fragment="", lang=pasted_in)
    fresh.fill("#paste-input", copied)
    fresh.click("#paste-form button[type=submit]")
    fresh.wait_for_function(
        "n => document.querySelectorAll('#moves [data-move]').length === n", arg=len(moves)
    )
    assert fresh.eval_on_selector_all(*MOVES) == moves
    assert board_pieces(fresh) == pieces
    assert fresh.locator("#paste-error").is_hidden() and fresh.input_value("#paste-input") == ""
    fresh.context.close()


MOVES = ("#moves [data-move]", "els => els.map((e) => e.dataset.move)")


def board_pieces(page) -> list:
    return sorted(
        page.eval_on_selector_all(
            "svg[data-board] [data-piece][data-at]",
            "els => els.map((e) => [e.dataset.piece, e.dataset.at])",
        )
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Line 5: the move e3-e2 is not allowed"), ("de", "Zeile 5: Der Zug e3-e2")],
)
def test_bad_text_is_refused_naming_its_line_and_the_game_stays(browser, site_server, lang, words):
    page = open_page(browser, site_server, lang=lang)
    moves = page.eval_on_selector_all(*MOVES)
    before = page.url
    bad = "game: fox-and-geese\ntable: 13\n\n1. d4-c4\n2. e3-e2\n"
    page.fill("#paste-input", bad)
    page.click("#paste-form button[type=submit]")
    error = page.locator("#paste-error")
    error.wait_for(state="visible")
    assert error.inner_text().startswith(words)
    # Nothing is lost: the text stays to be corrected, the game on the board stays as it was.
    assert page.input_value("#paste-input") == bad
    assert page.eval_on_selector_all(*MOVES) == moves
    assert page.url == before
    page.context.close()


def test_the_share_sheet_open_with_an_error_has_no_accessibility_violations(browser, site_server):
    # bypass_csp lets Playwright inject axe-core; the page's own scripts run as always.
    page = open_page(browser, site_server, bypass_csp=True)
    page.fill("#paste-input", "game: chess\ntable: 13\n")
    page.click("#paste-form button[type=submit]")
    page.locator("#paste-error").wait_for(state="visible")
    assert page.locator("#paste-error").inner_text() == (
        "Line 1 names a game this site does not have."
    )
    assert axe_violations_light_and_dark(page) == {"light": [], "dark": []}
    page.context.close()
