"""The one SVG drawing of a board, used by the rules pages and the play page.

Everything is drawn from the engine's data (``rules.board.points``,
``rules.board.lines``, ``rules.foxes``, ``rules.geese``, ``rules.pen``), so a
new board or variant needs no drawing code. Colours come from classes that the
site stylesheet sets per colour scheme; the presentation attributes are only a
fallback for an SVG shown without the stylesheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from markupsafe import Markup, escape

from game.boards import FILES, Board, square_name
from game.games import Rules

from .palette import colours
from .phrasebook import Dress

SPACING = 60  # distance between neighbouring points
PAD = SPACING // 2  # board surface around the outer points
MARGIN = PAD + 26  # surface plus room for the coordinates
PIECE = SPACING * 0.36
# The fallback colours: the light scheme of site.css.
C = colours()

# A fox's head (pointed ears, narrow muzzle) around (0, 0), radius ~1:
# a silhouette that differs from a goose's round disc without colour.
_FOX = (
    "M0 0.98 L-0.5 0.42 L-0.9 0.08 L-0.96 -0.98 L-0.4 -0.5 L0.4 -0.5 "
    "L0.96 -0.98 L0.9 0.08 L0.5 0.42 Z"
)
# The pale cheeks and muzzle below the eyes.
_FOX_CHEEKS = "M-0.88 0.1 L-0.3 0.2 L0 0.5 L0.3 0.2 L0.88 0.1 L0.5 0.42 L0 0.96 L-0.5 0.42 Z"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def board_svg(
    rules: Rules,
    pieces: Mapping[int, str] | None = None,
    *,
    title: str,
    labels: bool = True,
    interactive: bool = False,
    flipped: bool = False,
    in_hand: int | None = None,
    dress: Dress | None = None,
) -> Markup:
    """Draw ``rules.board`` with ``pieces`` ({square: "fox"|"goose"}; default: the start).

    ``in_hand`` geese wait beside the board, drawn as one goose and their number below it
    (default: the start's, ``rules.in_hand``, when ``pieces`` is the start too); a live board
    of a game with a hand keeps room for it even when it is empty, since board.js shows the
    hand of each position it is given. ``dress``: what sets the fox side's pieces apart from a
    fox, from the phrasebook of the game's pieces (a tiger's stripes, an officer's cap).

    ``title`` is the accessible name, already translated. ``interactive``
    makes each point a focusable button for the play page; ``flipped`` turns
    the board so the fox side is at the bottom.
    """
    board = rules.board
    if pieces is None:
        pieces = dict.fromkeys(rules.foxes, "fox") | dict.fromkeys(rules.geese, "goose")
        in_hand = rules.in_hand if in_hand is None else in_hand
    in_hand = in_hand or 0
    w, h = board.width, board.height

    def xy(sq: int) -> tuple[float, float]:
        c, r = board.column(sq), board.row(sq)
        if flipped:
            c, r = w - 1 - c, h - 1 - r
        return MARGIN + c * SPACING, MARGIN + (h - 1 - r) * SPACING

    size_w = (w - 1) * SPACING + 2 * MARGIN
    size_h = (h - 1) * SPACING + 2 * MARGIN
    # The hand is a strip below the board, wide enough for a goose and its count.
    hand_h = SPACING if in_hand or (interactive and rules.in_hand) else 0
    classes = "board interactive" if interactive else "board"
    role = 'role="group"' if interactive else 'role="img"'
    out = [
        f'<svg class="{classes}" data-board="{board.id}" viewBox="0 0 {size_w} {size_h + hand_h}" '
        f'xmlns="http://www.w3.org/2000/svg" {role}>',
        f"<title>{escape(title)}</title>",
        f'<path class="surface" d="{_surface(board, xy)}" fill="{C["board"]}"/>',
    ]

    if rules.pen:
        xs, ys = zip(*(xy(sq) for sq in rules.pen), strict=True)
        pad = PAD * 0.8
        out.append(
            f'<rect class="pen" x="{_num(min(xs) - pad)}" y="{_num(min(ys) - pad)}" '
            f'width="{_num(max(xs) - min(xs) + 2 * pad)}" '
            f'height="{_num(max(ys) - min(ys) + 2 * pad)}" rx="10" fill="{C["board-pen"]}"/>'
        )

    out.append(
        f'<g class="lines" stroke="{C["board-line"]}" stroke-width="2" stroke-linecap="round">'
    )
    for a, b in sorted(board.lines):
        (x1, y1), (x2, y2) = xy(a), xy(b)
        kind = "line diagonal" if x1 != x2 and y1 != y2 else "line"
        out.append(
            f'<line class="{kind}" x1="{_num(x1)}" y1="{_num(y1)}" '
            f'x2="{_num(x2)}" y2="{_num(y2)}"/>'
        )
    out.append("</g>")

    if labels:
        out.append(
            # Each label is centred on its (x, y), so the play page can keep it upright on a
            # turned board without measuring it (board.js).
            '<g class="coords" aria-hidden="true" translate="no" font-size="17" '
            f'text-anchor="middle" dominant-baseline="central" fill="{C["board-coord"]}">'
        )
        bottom = MARGIN + (h - 1) * SPACING + PAD + 9
        for c in range(w):
            col = w - 1 - c if flipped else c
            out.append(f'<text x="{MARGIN + c * SPACING}" y="{bottom}">{FILES[col]}</text>')
        for r in range(h):
            row = h - 1 - r if flipped else r
            at = MARGIN + (h - 1 - r) * SPACING
            out.append(f'<text x="{MARGIN - PAD - 11}" y="{at}">{row + 1}</text>')
        out.append("</g>")

    out.append('<g class="points">')
    for sq in board.points:
        x, y = xy(sq)
        name = square_name(sq)
        if interactive:
            out.append(
                f'<g class="point" data-point="{name}" tabindex="-1" role="button" '
                f'aria-label="{name}"><circle class="hit" cx="{x}" cy="{y}" '
                f'r="{SPACING // 2}" fill="transparent"/><circle class="dot" cx="{x}" '
                f'cy="{y}" r="5" fill="{C["board-line"]}"/></g>'
            )
        else:
            out.append(
                f'<circle class="point" data-point="{name}" cx="{x}" cy="{y}" r="5" '
                f'fill="{C["board-line"]}"/>'
            )
    out.append("</g>")

    out.append('<g class="pieces">')
    for sq, kind in sorted(pieces.items()):
        x, y = xy(sq)
        out.append(_piece(kind, square_name(sq), x, y, dress))
    out.append("</g>")
    if hand_h:
        x, y = MARGIN + (w - 1) * SPACING / 2 - SPACING / 2, size_h + hand_h / 2 - PAD / 2
        hidden = "" if in_hand else ' visibility="hidden"'
        out.append(
            # A picture of the pieces in hand, not a piece on a point: no data-piece. The count
            # is centred on its (x, y), so that it stays clear of the goose on a turned board.
            f'<g class="hand" data-in-hand="{in_hand}"{hidden}>'
            + _piece("goose", "hand", x, y).replace(' data-piece="goose" data-at="hand"', "")
            + f'<text x="{_num(x + PIECE + 32)}" y="{_num(y)}" font-size="22" '
            'text-anchor="middle" dominant-baseline="central" '
            f'fill="{C["board-coord"]}">\u00d7{in_hand}</text></g>'
        )
    out.append("</svg>")
    return Markup("".join(out))


def _piece(kind: str, at: str, x: float, y: float, dress: Dress | None = None) -> str:
    head = (
        f'<g class="piece {kind}" data-piece="{kind}" data-at="{at}" '
        f'transform="translate({x} {y})">'
    )
    if kind == "fox":
        s = PIECE * 1.2
        return (
            head + f'<path class="body" d="{_FOX}" transform="scale({_num(s)})" '
            f'fill="{C["fox-fill"]}" stroke="{C["fox-edge"]}" stroke-width="0.09" '
            'stroke-linejoin="round"/>'
            f'<path class="cheeks" d="{_FOX_CHEEKS}" transform="scale({_num(s)})" '
            f'fill="{C["fox-cheeks"]}"/>'
            f'<circle class="eye" cx="{_num(-s * 0.33)}" cy="{_num(-s * 0.08)}" r="2.6" '
            f'fill="{C["fox-mark"]}"/><circle class="eye" cx="{_num(s * 0.33)}" '
            f'cy="{_num(-s * 0.08)}" r="2.6" fill="{C["fox-mark"]}"/>'
            f'<circle class="nose" cx="0" cy="{_num(s * 0.78)}" r="2.8" '
            f'fill="{C["fox-mark"]}"/>{_dress(dress, s)}</g>'
        )
    if kind == "goose":
        return (
            head + f'<circle class="body" r="{_num(PIECE)}" fill="{C["goose"]}" '
            f'stroke="{C["goose-edge"]}" stroke-width="2.5"/>'
            f'<circle class="ring" r="{_num(PIECE * 0.5)}" fill="none" stroke="{C["goose-edge"]}" '
            'stroke-width="1.6"/></g>'
        )
    raise ValueError(f"unknown piece {kind!r}")


def _dress(dress: Dress | None, scale: float) -> str:
    """What sets a fox-side piece of another game apart from a fox (drawn over its head)."""
    if dress is None:
        return ""
    if dress.paint == "lines":
        paint = f'fill="none" stroke="{C["fox-mark"]}" stroke-width="0.09" stroke-linecap="round"'
    else:
        paint = f'fill="{C["fox-mark"]}"'
    return (
        f'<path class="{escape(dress.name)}" d="{escape(dress.path)}" '
        f'transform="scale({_num(scale)})" {paint}/>'
    )


def _surface(board: Board, xy: Callable[[int], tuple[float, float]]) -> str:
    """Outline of the board: rows merged into bands, traced as one polygon.

    Every row of a cross board is one run of points, so the outline is the
    right edges of the bands going down and their left edges coming back up.
    """
    runs: dict[int, tuple[int, int]] = {}
    for sq in board.points:
        lo, hi = runs.get(board.row(sq), (sq, sq))
        runs[board.row(sq)] = (min(lo, sq), max(hi, sq))
    right, left = [], []
    # Rows top to bottom as drawn (xy handles flipping, so sort by drawn y).
    for lo, hi in sorted(runs.values(), key=lambda run: xy(run[0])[1]):
        (x1, y), (x2, _) = sorted((xy(lo), xy(hi)))
        right += [(x2 + PAD, y - PAD), (x2 + PAD, y + PAD)]
        left += [(x1 - PAD, y - PAD), (x1 - PAD, y + PAD)]
    outline = right + left[::-1]
    return "M" + " L".join(f"{_num(x)} {_num(y)}" for x, y in outline) + " Z"
