"""The games' content: one TOML file per game in ``content/``.

A content file names the engine's game id; board, pieces, start and rule
flags are read from ``game.VARIANTS``, never retyped here. Its strings are
English gettext messages (extracted by ``extract_content`` below).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from game import VARIANTS, Variant

from . import phrasebook

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"

# Keys whose values are messages, in page order.
TEXT_KEYS = ("name", "summary", "rules", "balance", "solved_here", "history")


@dataclass(frozen=True)
class Favours:
    """Which side a table of a game favours (`favours` in a content file), and how that is
    known: "solved", worked out exactly for every position (docs/solver.md), or "measured",
    the computer's strongest level playing itself (benchmarks/ai_tournament.py)."""

    geese: int
    sideways: bool  # the table option "geese may move sideways" (False where it does not exist)
    side: str  # "fox", "geese" or "draw" (neither side can force a win)
    known: str  # "solved" or "measured"
    # The summary of this project's solver run that settles it (tools/solver/results/), if any.
    summary: str | None = None


@dataclass(frozen=True)
class Game:
    id: str
    order: int
    name: str
    summary: str
    rules: tuple[str, ...]
    # Which side tends to win, by table (measured: benchmarks/ai_tournament.py).
    balance: tuple[str, ...]
    favours: tuple[Favours, ...]
    history: tuple[str, ...]
    variant_of: str | None
    # A game of the family that is not a variant of another (Bagh-Chal): its rule-changes
    # table compares it with this game all the same.
    related_to: str | None = None
    # Whose pieces the texts name: the phrasebook content/pieces/<pieces>.toml holds every
    # sentence about them (site_builder/phrasebook.py).
    pieces: str = ""
    # Whether the game has a play page yet (False hides every link to one).
    play: bool = True
    # What this project's solver found beyond the tables (balance.movement_phase): paragraphs
    # filled in from the committed summary named here (tools/solver/results/).
    solved_here: tuple[str, ...] = ()
    solved_here_summary: str | None = None

    @property
    def compared_with(self) -> str | None:
        """The game the rule-changes table compares this one with."""
        return self.variant_of or self.related_to

    @property
    def variant(self) -> Variant:
        return VARIANTS[self.id]

    @property
    def book(self) -> phrasebook.Phrasebook:
        """The phrasebook of its pieces."""
        return phrasebook.load(self.pieces)


def load_games(directory: Path = CONTENT) -> list[Game]:
    games = []
    for path in sorted(directory.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data["game"] not in VARIANTS:
            raise ValueError(f"{path.name}: no engine game {data['game']!r}")
        games.append(
            Game(
                id=data["game"],
                order=data["order"],
                name=data["name"],
                summary=data["summary"],
                rules=tuple(data["rules"]),
                balance=tuple(data.get("balance", ())),
                favours=tuple(_favours(path.name, data)),
                history=tuple(data["history"]),
                variant_of=data.get("variant_of"),
                related_to=data.get("related_to"),
                pieces=_pieces(path.name, data),
                play=data.get("play", True),
                solved_here=tuple(data.get("solved_here", ())),
                solved_here_summary=data.get("solved_here_summary"),
            )
        )
    return sorted(games, key=lambda g: g.order)


def _pieces(name: str, data: dict) -> str:
    """The game's set of pieces, whose phrasebook has every sentence the game's rules need."""
    book = phrasebook.load(data["pieces"])
    missing = book.missing(VARIANTS[data["game"]])
    if missing:
        raise ValueError(
            f"{name}: the phrasebook content/pieces/{book.name}.toml has no sentence for "
            f"{', '.join(missing)}, which the rules of {data['game']} need"
        )
    return book.name


def _favours(name: str, data: dict) -> list[Favours]:
    variant = VARIANTS[data["game"]]
    tables = []
    for entry in data.get("favours", ()):
        table = Favours(
            entry["geese"],
            entry.get("sideways", False),
            entry["side"],
            entry["known"],
            entry.get("summary"),
        )
        if table.geese not in variant.geese or (table.sideways and not variant.sideways_option):
            raise ValueError(f"{name}: favours names a table the game does not have: {entry}")
        if table.summary and table.known != "solved":
            raise ValueError(f"{name}: favours: a summary is for a table solved here: {entry}")
        if table.side not in ("fox", "geese", "draw") or table.known not in ("solved", "measured"):
            raise ValueError(
                f"{name}: favours: side is fox, geese or draw, known solved or measured"
            )
        tables.append(table)
    return tables


def extract_content(
    fileobj: BinaryIO, keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for content files: every text value is a message."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()

    def lineno(message: str) -> int:
        needle = message[:40]
        return next((i for i, line in enumerate(lines, 1) if needle in line), 0)

    for key in TEXT_KEYS:
        values = data.get(key, [])
        for value in [values] if isinstance(values, str) else values:
            comments = [f"{data['game']}: {key}"]
            if key == "name":
                comments.append("Use the game name given for your language in locales/GLOSSARY.md.")
            yield lineno(value), "gettext", value, comments
