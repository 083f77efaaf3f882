"""Which side each table of a game favours, in words: one list per game, from the content
file's `favours`, shown on the rules page under the balance text and on the play page next to
the table in force. A player who takes the geese in a table the fox side wins is offered the
table of the game that is kindest to the geese."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal

from .content import Favours, Game

# The small summaries of this project's own solver runs (tools/solver/summary.py).
RESULTS = Path(__file__).resolve().parents[1] / "tools" / "solver" / "results"

# How hard a table is for the geese: a proven fox win first, a proven geese win last.
_HARDNESS = {("fox", "solved"): 3, ("fox", "measured"): 2, ("geese", "measured"): 1}


def _hardness(table: Favours) -> int:
    return _HARDNESS.get((table.side, table.known), 0)


def summary_name(game: Game, table: Favours) -> str | None:
    """The summary file of a table this project's solver settles (docs/solver.md), if any;
    the other games' tables are from publications or from the computer playing itself."""
    if game.id != "fox-and-geese":
        return None
    return f"{'sideways' if table.sideways else 'forward'}-{table.geese}.json"


def load_summary(name: str, results: Path = RESULTS) -> dict[str, Any] | None:
    path = results / name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def unsupported(game: Game, results: Path = RESULTS) -> list[str]:
    """Every table said to be solved by this project whose summary is missing or says
    otherwise: the start's value (the fox to move) is the side the table favours."""
    problems = []
    for table in game.favours:
        name = summary_name(game, table)
        if table.known != "solved" or name is None:
            continue
        summary = load_summary(name, results)
        if summary is None:
            problems.append(f"{game.id} {table}: no {name} in {results}")
        elif summary["start_fox_to_move"] != table.side:
            found = summary["start_fox_to_move"]
            problems.append(f"{game.id} {table}: {name} says {found}")
    return problems


def sentence(game: Game, table: Favours, tr: Any) -> str:
    if table.sideways and table.known == "solved":
        # Settled by this site's own solver (docs/solver.md), not by a publication.
        if table.side == "draw":
            return tr.gettext(
                "With sideways steps neither side can force a win: with best play the game "
                "is a draw, as this site's solver has worked out exactly, for every position."
            )
        if table.side == "fox":
            return tr.gettext(
                "With sideways steps the fox side wins with best play: this site's solver has "
                "worked it out exactly, for every position."
            )
        return tr.gettext(
            "With sideways steps the geese win with best play: this site's solver has worked "
            "it out exactly, for every position."
        )
    if table.side == "draw":
        return tr.gettext(
            "Neither side can force a win: with best play the game is a draw, as has been "
            "worked out exactly, for every position."
        )
    if (game.pieces, table.side, table.known) == ("officers-rebels", "geese", "measured"):
        return tr.pgettext(
            "asalto",
            "The rebels usually win: in the computer's test games they won more often than the "
            "officers.",
        )
    if game.pieces != "fox-geese":
        # Each side's sentence names the game's own pieces: one message per game and side.
        raise ValueError(f"{game.id}: no sentence yet for a {table.side} side's table")
    if table.known == "solved":
        if table.side == "fox":
            return tr.gettext(
                "The fox side wins with best play: this has been worked out exactly, "
                "for every position."
            )
        return tr.gettext(
            "The geese win with best play: this has been worked out exactly, for every position."
        )
    if table.side == "fox":
        return tr.gettext(
            "The fox side usually wins when the computer plays itself at its strongest level."
        )
    return tr.gettext(
        "The geese usually win when the computer plays itself at its strongest level."
    )


def label(game: Game, table: Favours, tr: Any) -> str:
    """The table's name, as the play page writes the table in force (texts.js tableText)."""
    n = table.geese
    if game.pieces == "tigers-goats":
        text = tr.npgettext("bagh-chal", "%(num)s goat in the game", "%(num)s goats in the game", n)
    elif game.pieces == "officers-rebels":
        text = tr.npgettext("asalto", "%(num)s rebel in the game", "%(num)s rebels in the game", n)
    elif not game.variant.sideways_option:
        text = tr.ngettext("%(num)s goose in the game", "%(num)s geese in the game", n)
    elif table.sideways:
        text = tr.ngettext(
            "%(num)s goose, sideways steps allowed", "%(num)s geese, sideways steps allowed", n
        )
    else:
        text = tr.ngettext(
            "%(num)s goose, no sideways steps", "%(num)s geese, no sideways steps", n
        )
    return str(text % {"num": n})


def kinder(game: Game, table: Favours) -> Favours | None:
    """The table (same sideways option, other geese count) that is easiest for the geese, if it
    is easier than this one, which the fox side wins. Between tables known alike, more geese
    are kinder: more pieces and more spare moves (in benchmarks/README.md the hard level's geese
    win more often with 17 geese than with 13, though both are fox wins with best play)."""
    if table.side != "fox":
        return None

    def ease(t: Favours) -> tuple[int, int]:
        return (_hardness(t), -t.geese)

    others = [t for t in game.favours if t.sideways == table.sideways and t.geese != table.geese]
    return min((t for t in others if ease(t) < ease(table)), key=ease, default=None)


def tables(game: Game, tr: Any) -> list[dict[str, Any]]:
    """Every table with what is known of it, for the templates and the play page (JSON)."""
    views = []
    for table in game.favours:
        view: dict[str, Any] = {
            "geese": table.geese,
            "sideways": table.sideways,
            "side": table.side,
            "known": table.known,
            "label": label(game, table, tr),
            "text": sentence(game, table, tr),
            "offer": None,
        }
        better = kinder(game, table)
        if better:
            n = better.geese
            view["offer"] = {
                "geese": n,
                "text": str(
                    tr.ngettext(
                        "You have a better chance with %(num)s goose.",
                        "You have a better chance with %(num)s geese.",
                        n,
                    )
                    % {"num": n}
                ),
                "button": str(
                    tr.ngettext("Play with %(num)s goose", "Play with %(num)s geese", n)
                    % {"num": n}
                ),
            }
        views.append(view)
    return views


def movement_phase(game: Game, tr: Any, locale: Any, results: Path = RESULTS) -> list[str]:
    """What this site's solver found for Bagh-Chal's movement phase (tools/solver/bagh.c),
    from its committed summary: paragraphs for the rules page, none for other games."""
    summary = load_summary("bagh-chal.json", results) if game.id == "bagh-chal" else None
    if summary is None:
        return []
    start = summary["layers"]["20"]

    def number(n: int) -> str:
        return format_decimal(n, locale=locale)

    return [
        tr.gettext(
            "This site's own solver has worked through every position of the movement phase, "
            "after the last goat is placed: all %(positions)s of them, or %(distinct)s when "
            "positions that are mirror images or rotations of each other count once, the "
            "number Lim and Nievergelt give."
        )
        % {
            "positions": number(summary["positions"]),
            "distinct": number(summary["up_to_symmetry"]),
        },
        tr.gettext(
            "With all twenty goats on the board and the tigers to move, as when the placing "
            "ends without a capture, the tigers win %(tigers)s of the %(total)s positions, "
            "the goats %(goats)s, and %(draws)s are draws."
        )
        % {
            "total": number(start["positions_per_side"]),
            "tigers": number(start["tigers_to_move_win"]),
            "goats": number(start["tigers_to_move_loss"]),
            "draws": number(start["tigers_to_move_draw"]),
        },
    ]
