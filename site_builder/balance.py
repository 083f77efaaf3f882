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
from .phrasebook import Phrases

# The small summaries of this project's own solver runs (tools/solver/summary.py).
RESULTS = Path(__file__).resolve().parents[1] / "tools" / "solver" / "results"

# How hard a table is for the geese: a proven fox win first, a proven geese win last.
_HARDNESS = {("fox", "solved"): 3, ("fox", "measured"): 2, ("geese", "measured"): 1}


def _hardness(table: Favours) -> int:
    return _HARDNESS.get((table.side, table.known), 0)


def summary_name(game: Game, table: Favours) -> str | None:
    """The summary file of a table this project's solver settles (docs/solver.md), if any: the
    content file names it; the other tables are from publications or from the computer playing
    itself."""
    return table.summary


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


def sentence(game: Game, table: Favours, says: Phrases, tr: Any) -> str:
    """Which side the table favours, and how that is known, in the game's own pieces."""
    if table.side == "draw":
        if table.sideways and table.known == "solved":
            # Settled by this site's own solver (docs/solver.md), not by a publication.
            return tr.gettext(
                "With sideways steps neither side can force a win: with best play the game "
                "is a draw, as this site's solver has worked out exactly, for every position."
            )
        return tr.gettext(
            "Neither side can force a win: with best play the game is a draw, as has been "
            "worked out exactly, for every position."
        )
    solved_here = "-sideways" if table.sideways and table.known == "solved" else ""
    return says(f"balance.{table.side}.{table.known}{solved_here}")


def label(game: Game, table: Favours, says: Phrases) -> str:
    """The table's name, as the play page writes the table in force (texts.js tableText)."""
    if not game.variant.sideways_option:
        return says("table.count", num=table.geese)
    return says("table.sideways" if table.sideways else "table.no-sideways", num=table.geese)


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


def tables(game: Game, says: Phrases, tr: Any) -> list[dict[str, Any]]:
    """Every table with what is known of it, for the templates and the play page (JSON)."""
    views = []
    for table in game.favours:
        view: dict[str, Any] = {
            "geese": table.geese,
            "sideways": table.sideways,
            "side": table.side,
            "known": table.known,
            "label": label(game, table, says),
            "text": sentence(game, table, says, tr),
            "offer": None,
        }
        better = kinder(game, table)
        if better:
            n = better.geese
            view["offer"] = {
                "geese": n,
                "text": says("balance.offer", num=n),
                "button": says("balance.offer-button", num=n),
            }
        views.append(view)
    return views


def movement_phase(game: Game, tr: Any, locale: Any, results: Path = RESULTS) -> list[str]:
    """What this site's solver found for a game's movement phase (tools/solver/bagh.c), from the
    committed summary its content file names: paragraphs for the rules page, none for a game
    without one."""
    summary = load_summary(game.solved_here_summary, results) if game.solved_here_summary else None
    if summary is None:
        return []
    start = summary["layers"][str(game.variant.default_geese)]

    def number(n: int) -> str:
        return format_decimal(n, locale=locale)

    figures = {
        "positions": number(summary["positions"]),
        "distinct": number(summary["up_to_symmetry"]),
        "total": number(start["positions_per_side"]),
        "tigers": number(start["tigers_to_move_win"]),
        "goats": number(start["tigers_to_move_loss"]),
        "draws": number(start["tigers_to_move_draw"]),
    }
    return [tr.gettext(text) % figures for text in game.solved_here]
