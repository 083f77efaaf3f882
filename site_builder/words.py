"""Game data put into words: the rule-changes table and the diagram captions.

Every cell is worded from the engine's data (``game.VARIANTS``), never typed
per game, so a changed rule changes the page. ``tr`` is a gettext
translations object for the page's locale; ``locale`` a Babel locale for
list formatting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from gettext import NullTranslations

from babel import Locale
from babel.lists import format_list

from game.boards import Board, square_name
from game.games import DIAGONAL, FORWARD, SIDEWAYS, Variant


@dataclass(frozen=True)
class Row:
    aspect: str
    standard: tuple[str, ...]
    variant: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.standard != self.variant


def _names(squares: Iterable[int], locale: Locale) -> str:
    return format_list([square_name(sq) for sq in sorted(squares)], locale=locale)


def board_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    board = variant.board
    n = len(board.points)
    if board.diagonals_in_every_square:
        text = tr.ngettext(
            "A cross of %(num)s point, with diagonals in every square",
            "A cross of %(num)s points, with diagonals in every square",
            n,
        )
    else:
        text = tr.ngettext(
            "A cross of %(num)s point, with diagonals through every other point",
            "A cross of %(num)s points, with diagonals through every other point",
            n,
        )
    return (text % {"num": n},)


def pieces_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    foxes = len(variant.foxes)
    geese = variant.default_geese
    text = tr.gettext("%(foxes)s and %(geese)s") % {
        "foxes": tr.ngettext("%(num)s fox", "%(num)s foxes", foxes) % {"num": foxes},
        "geese": tr.ngettext("%(num)s goose", "%(num)s geese", geese) % {"num": geese},
    }
    lines = [text]
    others = [str(count) for count in variant.geese if count != geese]
    if others:
        choices = format_list(others, style="or", locale=locale)
        lines.append(tr.gettext("Table option: %(choices)s geese") % {"choices": choices})
    return tuple(lines)


def foxes_words(foxes: Sequence[int], tr: NullTranslations, locale: Locale) -> str:
    return tr.ngettext(
        "The fox starts on %(points)s", "The foxes start on %(points)s", len(foxes)
    ) % {"points": _names(foxes, locale)}


def geese_words(board: Board, geese: Sequence[int], tr: NullTranslations, locale: Locale) -> str:
    rows = sorted({board.row(sq) for sq in geese})
    full_rows = [sq for sq in board.points if board.row(sq) in rows]
    if rows == list(range(len(rows))) and sorted(full_rows) == sorted(geese):
        first, last = rows[0] + 1, rows[-1] + 1
        if first == last:
            return tr.gettext("The geese fill row %(row)s") % {"row": first}
        return tr.gettext("The geese fill rows %(first)s to %(last)s") % {
            "first": first,
            "last": last,
        }
    return tr.gettext("The geese start on %(points)s") % {"points": _names(geese, locale)}


def start_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    geese = variant.geese[variant.default_geese]
    return (foxes_words(variant.foxes, tr, locale), geese_words(variant.board, geese, tr, locale))


def goose_moves_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    names = {
        FORWARD: tr.pgettext("goose move", "forward"),
        DIAGONAL: tr.pgettext("goose move", "diagonally forward"),
        SIDEWAYS: tr.pgettext("goose move", "sideways"),
    }
    moves = [names[m] for m in (FORWARD, DIAGONAL, SIDEWAYS) if m in variant.goose_moves]
    lines = [
        tr.gettext("One step %(directions)s, never backward")
        % {"directions": format_list(moves, style="or", locale=locale)}
    ]
    if variant.sideways_option and SIDEWAYS not in variant.goose_moves:
        lines.append(tr.gettext("Sideways too, with the table option"))
    return tuple(lines)


def capture_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    if variant.forced_capture:
        return (
            tr.gettext("Compulsory: if a fox can jump, it must"),
            tr.gettext("A chain of jumps goes on while the fox can jump"),
        )
    return (tr.gettext("Optional"), tr.gettext("A chain of jumps may stop after any jump"))


def fox_win_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    n = variant.fox_wins_below
    return (
        tr.ngettext("Fewer than %(num)s goose is left", "Fewer than %(num)s geese are left", n)
        % {"num": n},
        tr.gettext("The geese cannot move"),
    )


def geese_win_words(variant: Variant, tr: NullTranslations, locale: Locale) -> tuple[str, ...]:
    lines = []
    if variant.pen:
        lines.append(
            tr.ngettext(
                "Geese fill the pen: %(num)s point, %(points)s",
                "Geese fill the pen: all %(num)s points, %(points)s",
                len(variant.pen),
            )
            % {"num": len(variant.pen), "points": _names(variant.pen, locale)}
        )
    lines.append(tr.ngettext("The fox cannot move", "The foxes cannot move", len(variant.foxes)))
    return tuple(lines)


ASPECTS = (
    ("board", board_words),
    ("pieces", pieces_words),
    ("start", start_words),
    ("goose-moves", goose_moves_words),
    ("captures", capture_words),
    ("fox-wins", fox_win_words),
    ("geese-win", geese_win_words),
)


def aspect_names(tr: NullTranslations) -> dict[str, str]:
    return {
        "board": tr.pgettext("rule aspect", "Board"),
        "pieces": tr.pgettext("rule aspect", "Pieces"),
        "start": tr.pgettext("rule aspect", "Start position"),
        "goose-moves": tr.pgettext("rule aspect", "How geese move"),
        "captures": tr.pgettext("rule aspect", "Captures"),
        "fox-wins": tr.pgettext("rule aspect", "How the fox side wins"),
        "geese-win": tr.pgettext("rule aspect", "How the geese win"),
    }


def rule_changes(
    standard: Variant, variant: Variant, tr: NullTranslations, locale: Locale
) -> list[Row]:
    """One row per aspect: the standard game's wording against the variant's."""
    names = aspect_names(tr)
    return [
        Row(names[key], words(standard, tr, locale), words(variant, tr, locale))
        for key, words in ASPECTS
    ]
