"""What the lessons of a game with its own pieces say (Asalto's officers and rebels, Bagh-Chal's
tigers and goats), worded at build time in the page's language.

The play page's texts (texts.js) speak of foxes and geese. A lesson of a game with other pieces
gets every sentence that names a piece from here instead, as whole messages per game with the
game as context, since languages inflect the nouns and make verbs agree with them. The page's
script only looks them up (lessons.js).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from babel import Locale
from babel.lists import format_list

from game.codes import IllegalReason, Termination

from .words import OFFICERS_REBELS


def _points(names: Iterable[str], locale: Locale) -> str:
    return format_list(list(names), locale=locale)


def labels(pieces: str, tr: Any) -> dict[str, str]:
    """A point's accessible name with the piece on it (``%(point)s`` stays for the page)."""
    if pieces == OFFICERS_REBELS:
        return {
            "fox": tr.pgettext("asalto", "%(point)s, officer"),
            "goose": tr.pgettext("asalto", "%(point)s, rebel"),
        }
    return {
        "fox": tr.pgettext("bagh-chal", "%(point)s, tiger"),
        "goose": tr.pgettext("bagh-chal", "%(point)s, goat"),
    }


def reason(pieces: str, code: str, tr: Any) -> str | None:
    """Why a try is refused, where the play page's words would name geese or foxes."""
    if pieces == OFFICERS_REBELS:
        if code == IllegalReason.GOOSE_BACKWARD:
            return tr.pgettext("asalto", "Rebels cannot move backward.")
        if code == IllegalReason.GEESE_CANNOT_JUMP:
            return tr.pgettext("asalto", "Rebels cannot jump.")
        if code == IllegalReason.NOT_A_JUMP:
            return tr.pgettext(
                "asalto",
                "A jump goes over one rebel to the empty point just behind it, along a line.",
            )
        return None
    if code == IllegalReason.MUST_PLACE:
        return tr.pgettext(
            "bagh-chal", "While goats are in hand, a goat turn places one: click an empty point."
        )
    if code == IllegalReason.GEESE_CANNOT_JUMP:
        return tr.pgettext("bagh-chal", "Goats cannot jump.")
    if code == IllegalReason.NOT_A_JUMP:
        return tr.pgettext(
            "bagh-chal",
            "A jump goes over one goat to the empty point just behind it, along a line.",
        )
    return None


def chain(pieces: str, tr: Any) -> str | None:
    """What to do in the middle of a chain of jumps (only Asalto's officers chain)."""
    if pieces == OFFICERS_REBELS:
        return tr.pgettext(
            "asalto",
            "Jump on by clicking the next landing point, or click the officer again to stop here.",
        )
    return None


def outcome(
    pieces: str,
    after: dict[str, Any],
    foxes: int,
    tr: Any,
    locale: Locale,
) -> str:
    """What a goal move did, in sentences: the pieces it took or huffed, and how the game
    ended if it did (``after``: the engine's view after the move, game/view.py)."""
    parts = []
    captured, huffed = after["last"]["captures"], after["huffed"]
    if pieces == OFFICERS_REBELS:
        if captured:
            parts.append(
                tr.npgettext(
                    "asalto",
                    "The rebel on %(points)s is captured.",
                    "The rebels on %(points)s are captured.",
                    len(captured),
                )
                % {"points": _points(captured, locale)}
            )
        if huffed:
            parts.append(
                tr.npgettext(
                    "asalto",
                    "The officer on %(points)s is huffed, taken off the board: it could have "
                    "captured.",
                    "The officers on %(points)s are huffed, taken off the board: they could "
                    "have captured.",
                    len(huffed),
                )
                % {"points": _points(huffed, locale)}
            )
    elif captured:
        parts.append(
            tr.npgettext(
                "bagh-chal",
                "The goat on %(points)s is captured.",
                "The goats on %(points)s are captured.",
                len(captured),
            )
            % {"points": _points(captured, locale)}
        )
    if after["result"]:
        parts += [_winner(pieces, after["result"], tr), _ending(pieces, after, foxes, tr)]
    return " ".join(parts)


def _winner(pieces: str, result: str, tr: Any) -> str:
    if result == "draw":
        return tr.gettext("The game is drawn.")
    if pieces == OFFICERS_REBELS:
        if result == "fox":
            return tr.pgettext("asalto", "The officers win.")
        return tr.pgettext("asalto", "The rebels win.")
    if result == "fox":
        return tr.pgettext("bagh-chal", "The tigers win.")
    return tr.pgettext("bagh-chal", "The goats win.")


def _ending(pieces: str, after: dict[str, Any], foxes: int, tr: Any) -> str:
    reason = Termination(after["reason"])
    if reason is Termination.THREEFOLD:
        return tr.gettext("The same position came up for the third time.")
    if pieces == OFFICERS_REBELS:
        if reason is Termination.GOOSE_COUNT:
            return tr.pgettext("asalto", "Too few rebels are left to fill the fortress.")
        if reason is Termination.PEN_FULL:
            return tr.pgettext("asalto", "The rebels have filled the fortress.")
        if reason is Termination.FOXES_GONE:
            return tr.pgettext("asalto", "No officer is left.")
        if reason is Termination.FOX_TRAPPED:
            return tr.npgettext(
                "asalto", "The officer cannot move.", "The officers cannot move.", foxes
            )
        if reason is Termination.GEESE_BLOCKED:
            return tr.pgettext("asalto", "The rebels cannot move.")
        return tr.pgettext(
            "asalto", "Fifty moves each without a capture, a huff or a rebel moving forward."
        )
    if reason is Termination.GOOSE_COUNT:
        n = after["captures_to_win"]
        return tr.npgettext(
            "bagh-chal",
            "The tigers have captured %(num)s goat.",
            "The tigers have captured %(num)s goats.",
            n,
        ) % {"num": n}
    if reason is Termination.FOX_TRAPPED:
        return tr.npgettext("bagh-chal", "The tiger cannot move.", "The tigers cannot move.", foxes)
    if reason is Termination.GEESE_BLOCKED:
        return tr.pgettext("bagh-chal", "The goats cannot move.")
    return tr.pgettext("bagh-chal", "Fifty moves each without a capture or a goat being placed.")
