"""Game data put into words: the rule-changes table and the diagram captions.

Every cell is worded from the engine's data (``game.VARIANTS``), never typed
per game, so a changed rule changes the page. ``tr`` is a gettext
translations object for the page's locale; ``locale`` a Babel locale for
list formatting; ``says`` the phrasebook of the game's pieces in that locale
(site_builder/phrasebook.py), which holds every sentence that names them. A set
without the sentence a rule needs fails the build, so a new game cannot show a
sentence about the wrong animals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from gettext import NullTranslations

from babel import Locale
from babel.lists import format_list

from game.boards import square_name
from game.games import BACKWARD, DIAGONAL, FORWARD, SIDEWAYS, Variant

from .phrasebook import Phrases


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


def board_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    board = variant.board
    n = len(board.points)
    if len(board.points) == board.width * board.height:
        text = tr.ngettext(
            "A square of %(num)s point, with diagonals through every other point",
            "A square of %(num)s points, with diagonals through every other point",
            n,
        )
    elif board.diagonals_in_every_square:
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


def pieces_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    geese = variant.default_geese
    text = tr.gettext("%(foxes)s and %(geese)s") % {
        "foxes": says("rules.count.fox", num=len(variant.foxes)),
        "geese": says("rules.count.geese", num=geese),
    }
    lines = [text]
    others = [str(count) for count in variant.geese if count != geese]
    if others:
        choices = format_list(others, style="or", locale=locale)
        lines.append(says("rules.table-option", choices=choices))
    return tuple(lines)


def foxes_words(foxes: Sequence[int], locale: Locale, says: Phrases) -> str:
    return says("rules.start.foxes", foxes=len(foxes), points=_names(foxes, locale))


def geese_words(variant: Variant, geese: Sequence[int], locale: Locale, says: Phrases) -> str:
    board = variant.board
    if not geese:
        return says("rules.start.in-hand", num=variant.default_geese)
    if variant.pen and set(geese) == set(board.points) - set(variant.pen):
        return says("rules.start.around-pen")
    rows = sorted({board.row(sq) for sq in geese})
    full_rows = [sq for sq in board.points if board.row(sq) in rows]
    if rows == list(range(len(rows))) and sorted(full_rows) == sorted(geese):
        first, last = rows[0] + 1, rows[-1] + 1
        if first == last:
            return says("rules.start.row", row=first)
        return says("rules.start.rows", first=first, last=last)
    return says("rules.start.points", points=_names(geese, locale))


def start_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    geese = variant.geese[variant.default_geese]
    return (foxes_words(variant.foxes, locale, says), geese_words(variant, geese, locale, says))


def first_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    return (says(f"rules.first.{variant.first.value}", foxes=len(variant.foxes)),)


def _any_direction(tr: NullTranslations) -> str:
    return tr.gettext("One step along a line, in any direction")


def fox_moves_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    return (_any_direction(tr),)


def goose_moves_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    if BACKWARD in variant.goose_moves:
        return (_any_direction(tr),)
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


def capture_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    if variant.forced_capture:
        return (says("rules.capture-compulsory"), says("rules.chain-goes-on"))
    if not variant.chains:
        return (tr.gettext("Optional"), tr.gettext("One jump per move, never a chain"))
    return (tr.gettext("Optional"), tr.gettext("A chain of jumps may stop after any jump"))


def huffing_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    if not variant.huffing:
        return (tr.gettext("No penalty for a missed capture"),)
    return (says("rules.huffing"),)


def placement_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    in_hand = variant.rules().in_hand
    if not in_hand:
        return (tr.gettext("None: every piece starts on the board"),)
    return (says("rules.placing"), says("rules.placing-first", num=in_hand))


def fox_win_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    rules = variant.rules()
    # With pieces in hand, the geese left would count those not yet placed: the captures that
    # win are said instead.
    if rules.in_hand:
        wins = says("rules.fox-wins.captured", num=rules.captures_to_win)
    else:
        wins = says("rules.fox-wins.fewer-left", num=variant.fox_wins_below)
    return (wins, says("rules.geese-blocked"))


def geese_win_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    lines = []
    if variant.pen:
        n = len(variant.pen)
        lines.append(says("rules.pen-filled", num=n, points=_names(variant.pen, locale)))
    if variant.huffing:
        lines.append(says("rules.no-fox-left"))
    lines.append(says("rules.fox-trapped", foxes=len(variant.foxes)))
    return tuple(lines)


# The engine's draw rule: a hundred plies without progress (docs/rules.md).
QUIET_PLIES = 100


def draw_words(
    variant: Variant, tr: NullTranslations, locale: Locale, says: Phrases
) -> tuple[str, ...]:
    return (
        tr.gettext("The same position for the third time"),
        says("rules.quiet", num=QUIET_PLIES),
    )


ASPECTS = (
    ("board", board_words),
    ("pieces", pieces_words),
    ("start", start_words),
    ("first", first_words),
    ("fox-moves", fox_moves_words),
    ("goose-moves", goose_moves_words),
    ("captures", capture_words),
    ("huffing", huffing_words),
    ("placement", placement_words),
    ("fox-wins", fox_win_words),
    ("geese-win", geese_win_words),
    ("draws", draw_words),
)


def _shown(key: str, standard: Variant, variant: Variant) -> bool:
    """Huffing and placement are rows only where one of the two games has them."""
    if key == "huffing":
        return standard.huffing or variant.huffing
    if key == "placement":
        return bool(standard.rules().in_hand or variant.rules().in_hand)
    return True


def aspect_names(tr: NullTranslations, says: Phrases) -> dict[str, str]:
    """The rows' names: the rows of each side name the pieces of the game the page is about."""
    return {
        "board": tr.pgettext("rule aspect", "Board"),
        "pieces": tr.pgettext("rule aspect", "Pieces"),
        "start": tr.pgettext("rule aspect", "Start position"),
        "first": tr.pgettext("rule aspect", "Who moves first"),
        "fox-moves": says("aspect.fox-moves"),
        "goose-moves": says("aspect.goose-moves"),
        "captures": tr.pgettext("rule aspect", "Captures"),
        "huffing": tr.pgettext("rule aspect", "Huffing"),
        "placement": tr.pgettext("rule aspect", "Placing pieces"),
        "fox-wins": says("aspect.fox-wins"),
        "geese-win": says("aspect.geese-win"),
        "draws": tr.pgettext("rule aspect", "Draws"),
    }


def rule_changes(
    standard: Variant,
    variant: Variant,
    tr: NullTranslations,
    locale: Locale,
    standard_says: Phrases,
    says: Phrases,
) -> list[Row]:
    """One row per aspect: the standard game's wording (in its own pieces' words) against the
    variant's, in its own pieces' words; the rows of each side are named with the variant's
    pieces."""
    names = aspect_names(tr, says)
    return [
        Row(
            names[key], words(standard, tr, locale, standard_says), words(variant, tr, locale, says)
        )
        for key, words in ASPECTS
        if _shown(key, standard, variant)
    ]
