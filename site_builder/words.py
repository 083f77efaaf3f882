"""Game data put into words: the rule-changes table and the diagram captions.

Every cell is worded from the engine's data (``game.VARIANTS``), never typed
per game, so a changed rule changes the page. ``tr`` is a gettext
translations object for the page's locale; ``locale`` a Babel locale for
list formatting.

A sentence that names pieces is a whole message for each set of pieces (foxes and geese,
officers and rebels, tigers and goats; a content file's ``pieces``), with the game as its
context, never a piece name put into a fixed frame: languages inflect the nouns and make the
verbs agree with them. A set without the message a rule needs fails the build, so a new game
cannot show a sentence about the wrong animals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from gettext import NullTranslations

from babel import Locale
from babel.lists import format_list

from game.boards import square_name
from game.games import BACKWARD, DIAGONAL, FORWARD, SIDEWAYS, Side, Variant

FOX_GEESE, OFFICERS_REBELS, TIGERS_GOATS = "fox-geese", "officers-rebels", "tigers-goats"
PIECES = (FOX_GEESE, OFFICERS_REBELS, TIGERS_GOATS)


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


def _missing(pieces: str, what: str) -> ValueError:
    return ValueError(f"no message for {what} with the pieces {pieces!r} (site_builder/words.py)")


def board_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
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


def _count(tr: NullTranslations, pieces: str, side: Side, n: int) -> str:
    """ "3 foxes", "24 rebels": a number of one side's pieces."""
    if pieces == FOX_GEESE:
        if side is Side.FOX:
            text = tr.ngettext("%(num)s fox", "%(num)s foxes", n)
        else:
            text = tr.ngettext("%(num)s goose", "%(num)s geese", n)
    elif pieces == OFFICERS_REBELS:
        if side is Side.FOX:
            text = tr.npgettext("asalto", "%(num)s officer", "%(num)s officers", n)
        else:
            text = tr.npgettext("asalto", "%(num)s rebel", "%(num)s rebels", n)
    elif side is Side.FOX:
        text = tr.npgettext("bagh-chal", "%(num)s tiger", "%(num)s tigers", n)
    else:
        text = tr.npgettext("bagh-chal", "%(num)s goat", "%(num)s goats", n)
    return text % {"num": n}


def pieces_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    foxes = len(variant.foxes)
    geese = variant.default_geese
    text = tr.gettext("%(foxes)s and %(geese)s") % {
        "foxes": _count(tr, pieces, Side.FOX, foxes),
        "geese": _count(tr, pieces, Side.GEESE, geese),
    }
    lines = [text]
    others = [str(count) for count in variant.geese if count != geese]
    if others:
        if pieces != FOX_GEESE:
            raise _missing(pieces, "a table option")
        choices = format_list(others, style="or", locale=locale)
        lines.append(tr.gettext("Table option: %(choices)s geese") % {"choices": choices})
    return tuple(lines)


def foxes_words(
    foxes: Sequence[int], tr: NullTranslations, locale: Locale, pieces: str = FOX_GEESE
) -> str:
    n, points = len(foxes), {"points": _names(foxes, locale)}
    if pieces == FOX_GEESE:
        return tr.ngettext("The fox starts on %(points)s", "The foxes start on %(points)s", n) % (
            points
        )
    if pieces == OFFICERS_REBELS:
        return tr.npgettext(
            "asalto", "The officer starts on %(points)s", "The officers start on %(points)s", n
        ) % (points)
    return tr.npgettext(
        "bagh-chal", "The tiger starts on %(points)s", "The tigers start on %(points)s", n
    ) % (points)


def geese_words(
    variant: Variant, geese: Sequence[int], tr: NullTranslations, locale: Locale, pieces: str
) -> str:
    board = variant.board
    if not geese:
        if pieces != TIGERS_GOATS:
            raise _missing(pieces, "pieces in hand")
        n = variant.default_geese
        return tr.npgettext(
            "bagh-chal",
            "The goat starts in hand, beside the board",
            "All %(num)s goats start in hand, beside the board",
            n,
        ) % {"num": n}
    if variant.pen and set(geese) == set(board.points) - set(variant.pen):
        if pieces != OFFICERS_REBELS:
            raise _missing(pieces, "pieces around a fortress")
        return tr.pgettext("asalto", "The rebels stand on every point outside the fortress")
    if pieces != FOX_GEESE:
        raise _missing(pieces, "the start by rows or points")
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


def start_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str = FOX_GEESE
) -> tuple[str, ...]:
    geese = variant.geese[variant.default_geese]
    return (
        foxes_words(variant.foxes, tr, locale, pieces),
        geese_words(variant, geese, tr, locale, pieces),
    )


def first_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    if variant.first is Side.FOX and pieces == FOX_GEESE:
        n = len(variant.foxes)
        return (tr.ngettext("The fox moves first", "The foxes move first", n),)
    if variant.first is Side.GEESE and pieces == OFFICERS_REBELS:
        return (tr.pgettext("asalto", "The rebels move first"),)
    if variant.first is Side.GEESE and pieces == TIGERS_GOATS:
        return (tr.pgettext("bagh-chal", "The goats move first"),)
    raise _missing(pieces, f"{variant.first} moving first")


def _any_direction(tr: NullTranslations) -> str:
    return tr.gettext("One step along a line, in any direction")


def fox_moves_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    return (_any_direction(tr),)


def goose_moves_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
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
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    if variant.forced_capture:
        if pieces != FOX_GEESE:
            raise _missing(pieces, "compulsory capture")
        return (
            tr.gettext("Compulsory: if a fox can jump, it must"),
            tr.gettext("A chain of jumps goes on while the fox can jump"),
        )
    if not variant.chains:
        return (tr.gettext("Optional"), tr.gettext("One jump per move, never a chain"))
    return (tr.gettext("Optional"), tr.gettext("A chain of jumps may stop after any jump"))


def huffing_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    if not variant.huffing:
        return (tr.gettext("No penalty for a missed capture"),)
    if pieces != OFFICERS_REBELS:
        raise _missing(pieces, "huffing")
    return (
        tr.pgettext(
            "asalto",
            "When the officers step while a jump was possible, every officer that could have "
            "jumped is removed",
        ),
    )


def placement_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    in_hand = variant.rules().in_hand
    if not in_hand:
        return (tr.gettext("None: every piece starts on the board"),)
    if pieces != TIGERS_GOATS:
        raise _missing(pieces, "placement")
    return (
        tr.pgettext("bagh-chal", "A goat turn places one goat on any empty point"),
        tr.npgettext(
            "bagh-chal",
            "No goat moves until the goat has been placed",
            "No goat moves until all %(num)s have been placed",
            in_hand,
        )
        % {"num": in_hand},
    )


def fox_win_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    rules = variant.rules()
    if pieces == FOX_GEESE:
        n = variant.fox_wins_below
        return (
            tr.ngettext("Fewer than %(num)s goose is left", "Fewer than %(num)s geese are left", n)
            % {"num": n},
            tr.gettext("The geese cannot move"),
        )
    if pieces == OFFICERS_REBELS:
        n = variant.fox_wins_below
        return (
            tr.npgettext(
                "asalto",
                "Fewer than %(num)s rebel is left",
                "Fewer than %(num)s rebels are left",
                n,
            )
            % {"num": n},
            tr.pgettext("asalto", "The rebels cannot move"),
        )
    n = rules.captures_to_win
    return (
        tr.npgettext(
            "bagh-chal", "%(num)s goat has been captured", "%(num)s goats have been captured", n
        )
        % {"num": n},
        tr.pgettext("bagh-chal", "The goats cannot move"),
    )


def geese_win_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    lines = []
    n = len(variant.foxes)
    if variant.pen:
        points = {"num": len(variant.pen), "points": _names(variant.pen, locale)}
        if pieces == FOX_GEESE:
            lines.append(
                tr.ngettext(
                    "Geese fill the pen: %(num)s point, %(points)s",
                    "Geese fill the pen: all %(num)s points, %(points)s",
                    len(variant.pen),
                )
                % points
            )
        elif pieces == OFFICERS_REBELS:
            lines.append(
                tr.npgettext(
                    "asalto",
                    "Rebels fill the fortress: %(num)s point, %(points)s",
                    "Rebels fill the fortress: all %(num)s points, %(points)s",
                    len(variant.pen),
                )
                % points
            )
        else:
            raise _missing(pieces, "a pen")
    if pieces == FOX_GEESE:
        if variant.huffing:
            raise _missing(pieces, "huffing")
        lines.append(tr.ngettext("The fox cannot move", "The foxes cannot move", n))
    elif pieces == OFFICERS_REBELS:
        if variant.huffing:
            lines.append(tr.pgettext("asalto", "No officer is left"))
        lines.append(
            tr.npgettext("asalto", "The officer cannot move", "The officers cannot move", n)
        )
    else:
        lines.append(
            tr.npgettext("bagh-chal", "The tiger cannot move", "The tigers cannot move", n)
        )
    return tuple(lines)


# The engine's draw rule: a hundred plies without progress (docs/rules.md).
QUIET_PLIES = 100


def draw_words(
    variant: Variant, tr: NullTranslations, locale: Locale, pieces: str
) -> tuple[str, ...]:
    n = QUIET_PLIES
    if pieces == FOX_GEESE:
        quiet = tr.ngettext(
            "%(num)s move in a row without a capture or a goose stepping forward",
            "%(num)s moves in a row without a capture or a goose stepping forward",
            n,
        )
    elif pieces == OFFICERS_REBELS:
        quiet = tr.npgettext(
            "asalto",
            "%(num)s move in a row without a capture, a huff or a rebel stepping forward",
            "%(num)s moves in a row without a capture, a huff or a rebel stepping forward",
            n,
        )
    else:
        quiet = tr.npgettext(
            "bagh-chal",
            "%(num)s move in a row without a capture or a goat being placed",
            "%(num)s moves in a row without a capture or a goat being placed",
            n,
        )
    return (tr.gettext("The same position for the third time"), quiet % {"num": n})


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


def aspect_names(tr: NullTranslations, pieces: str = FOX_GEESE) -> dict[str, str]:
    names = {
        "board": tr.pgettext("rule aspect", "Board"),
        "pieces": tr.pgettext("rule aspect", "Pieces"),
        "start": tr.pgettext("rule aspect", "Start position"),
        "first": tr.pgettext("rule aspect", "Who moves first"),
        "captures": tr.pgettext("rule aspect", "Captures"),
        "huffing": tr.pgettext("rule aspect", "Huffing"),
        "placement": tr.pgettext("rule aspect", "Placing pieces"),
        "draws": tr.pgettext("rule aspect", "Draws"),
    }
    # The rows of each side name the pieces of the game the page is about.
    if pieces == FOX_GEESE:
        names |= {
            "fox-moves": tr.pgettext("rule aspect", "How the fox side moves"),
            "goose-moves": tr.pgettext("rule aspect", "How geese move"),
            "fox-wins": tr.pgettext("rule aspect", "How the fox side wins"),
            "geese-win": tr.pgettext("rule aspect", "How the geese win"),
        }
    elif pieces == OFFICERS_REBELS:
        names |= {
            "fox-moves": tr.pgettext("asalto rule aspect", "How officers move"),
            "goose-moves": tr.pgettext("asalto rule aspect", "How rebels move"),
            "fox-wins": tr.pgettext("asalto rule aspect", "How the officers win"),
            "geese-win": tr.pgettext("asalto rule aspect", "How the rebels win"),
        }
    else:
        names |= {
            "fox-moves": tr.pgettext("bagh-chal rule aspect", "How tigers move"),
            "goose-moves": tr.pgettext("bagh-chal rule aspect", "How goats move"),
            "fox-wins": tr.pgettext("bagh-chal rule aspect", "How the tigers win"),
            "geese-win": tr.pgettext("bagh-chal rule aspect", "How the goats win"),
        }
    return names


def rule_changes(
    standard: Variant,
    variant: Variant,
    tr: NullTranslations,
    locale: Locale,
    pieces: str = FOX_GEESE,
) -> list[Row]:
    """One row per aspect: the standard game's wording (foxes and geese) against the variant's,
    in its own pieces' words; the rows of each side are named with the variant's pieces."""
    names = aspect_names(tr, pieces)
    return [
        Row(names[key], words(standard, tr, locale, FOX_GEESE), words(variant, tr, locale, pieces))
        for key, words in ASPECTS
        if _shown(key, standard, variant)
    ]
