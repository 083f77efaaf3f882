"""The phrasebooks: every sentence that names pieces, one file per set of pieces.

A content file's ``pieces`` names a file in ``content/pieces/`` (foxes and geese, Asalto's
officers and rebels, Bagh-Chal's tigers and goats). It holds, by key, each sentence that names
the set's pieces as a whole English message, with its context and its plural: languages inflect the
nouns and make the verbs agree with them, so no piece name is put into a fixed frame. The
builder looks sentences up here by key (``Phrases``), and embeds them, translated, in every page
whose script speaks of the pieces (``#phrases``, read by i18n.js's ``phrase``): a sentence
exists once, for Python and JavaScript alike. The file may also dress the fox side's pieces
(a tiger's stripes, an officer's cap) for the board drawing.

The file format (docs/architecture.md, "A phrasebook"):

* ``context``: the context of every message of the file, unless one gives its own; none where
  it is missing.
* ``[dress]``: ``name`` (the class of the shape), ``path`` (SVG path data in the units of the
  fox's head, radius about 1) and ``paint`` (``fill`` or ``lines``), drawn over the head.
* Every other table is a sentence by its dotted key (``[win.fox]``): ``text``, and ``plural``
  with ``count`` (the value that picks the form, ``num`` unless given; its number also fills
  ``%(num)s``) where the sentence has a number; ``context`` and ``note`` (for translators) where
  needed. A sentence that differs with the number of the fox side's pieces, beyond a plural
  form, is two tables under its key: ``one-fox`` and ``more-foxes``.

Which keys exist and when a game's rules need each one is ``NEEDS`` below: a game whose set
lacks a sentence its rules need fails the build (content.load_games), and so does a sentence
the build looks up and does not find.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.support import NullTranslations

from game.games import BACKWARD, SIDEWAYS, Side, Variant

PIECES = Path(__file__).resolve().parent.parent / "content" / "pieces"
SPLIT = ("one-fox", "more-foxes")
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")

Need = Callable[[Variant], bool] | None


def _always(variant: Variant) -> bool:
    return True


def _pen(variant: Variant) -> bool:
    return bool(variant.pen)


def _huffing(variant: Variant) -> bool:
    return variant.huffing


def _hand(variant: Variant) -> bool:
    return variant.rules().in_hand > 0


def _no_hand(variant: Variant) -> bool:
    return not _hand(variant)


def _forced(variant: Variant) -> bool:
    return variant.forced_capture


def _chain_may_stop(variant: Variant) -> bool:
    return variant.chains and not variant.forced_capture


def _chain_goes_on(variant: Variant) -> bool:
    return variant.chains and variant.forced_capture


def _no_backward(variant: Variant) -> bool:
    return BACKWARD not in variant.goose_moves


def _no_sideways(variant: Variant) -> bool:
    return SIDEWAYS not in variant.goose_moves


def _option(variant: Variant) -> bool:
    return variant.sideways_option


def _no_option(variant: Variant) -> bool:
    return not variant.sideways_option


def _table_option(variant: Variant) -> bool:
    return len(variant.geese) > 1


def _fox_first(variant: Variant) -> bool:
    return variant.first is Side.FOX


def _geese_first(variant: Variant) -> bool:
    return variant.first is Side.GEESE


def _sides(prefix: str, need: Need = _always) -> dict[str, Need]:
    return {f"{prefix}.fox": need, f"{prefix}.geese": need}


# Every key a phrasebook may hold, with when a game needs it: always, for a rule it has, or
# (None) only where the build looks it up. "fox" and "geese" are the engine's sides, whatever
# the pieces are called; a code after a dot is the engine's (game/codes.py).
NEEDS: dict[str, Need] = {
    # How a game ends and who won (texts.js, the lessons' and puzzles' outcomes).
    **_sides("win"),
    **_sides("result"),
    "end.goose-count": _always,
    "end.pen-full": _pen,
    "end.foxes-gone": _huffing,
    "end.fox-trapped": _always,
    "end.geese-blocked": _always,
    "end.hundred-ply-rule": _always,
    "said.captured": _always,
    "event.huff": _huffing,
    # Why a move is refused (the page says the general sentence for a code without one).
    "illegal.goose-backward": _no_backward,
    "illegal.goose-sideways": _no_sideways,
    "illegal.geese-cannot-jump": _always,
    "illegal.capture-compulsory": _forced,
    "illegal.chain-must-continue": _chain_goes_on,
    "illegal.not-a-jump": _always,
    "illegal.must-place": _hand,
    "illegal.none-in-hand": _hand,
    # The play page's status, moves and counts.
    **_sides("you-play"),
    **_sides("the-side", None),  # what fills "You play %(side)s." where a set says it so
    **_sides("your-move"),
    **_sides("to-move"),
    "capture.you": _always,
    "capture.computer": _always,
    "place.you": _hand,
    "place.friend": _hand,
    "place.computer": _hand,
    "place.said": _hand,
    "place.played": _hand,
    "place.computer-would": _hand,
    "table.count": _no_option,
    "table.sideways": _option,
    "table.no-sideways": _option,
    # The counts beside the board: each one the game's rules need, in this order.
    "tally.in-hand": _hand,
    "tally.captured": _hand,
    "tally.geese-left": _no_hand,
    "tally.foxes-left": _huffing,
    "blocked.must-jump": _always,
    "label.fox": _always,
    "label.goose": _always,
    "chain.may-stop": _chain_may_stop,
    "chain.must-go-on": _chain_goes_on,
    # Hints and the review (codes: game/codes.py HintReason).
    **_sides("hint.wins"),
    **_sides("hint.holds-out"),
    "hint.captures": _always,
    "hint.threatens": _always,
    "hint.keeps-fox-from": _always,
    "hint.place": _hand,
    **_sides("exact"),
    **_sides("review"),
    **_sides("turn"),
    "chart.fox-wins": _always,
    "chart.geese-win": _always,
    "chart.caption": _always,
    "chart.table-caption": _always,
    # The set-up editor (codes: game/codes.py SetupProblem).
    "setup.fox-count": _always,
    "setup.too-many-geese": _always,
    "setup.too-few-geese": _always,
    "setup.goose-behind-start": _no_backward,
    "setup.bad-hand": None,
    "setup.foxes-on-board": _always,
    "setup.geese-on-board": _always,
    "setup.hand": _hand,
    "piece.fox": _always,
    "piece.goose": _always,
    **_sides("side"),
    # Notes of the play page and the lessons.
    "play.turned-note": _always,
    "play.huff-note": _huffing,
    "play.keys-placing": _hand,
    "play.first-place": _hand,
    "play.first-move": _hand,
    "lessons.play-orientation": _always,
    # The puzzles page: by the side to play, or the side that answers.
    **_sides("puzzle.title"),
    "puzzle.theme.fox-trapped": None,
    "puzzle.theme.goose-count": None,
    "puzzle.theme.pen-full": None,
    "puzzle.theme.foxes-gone": None,
    "puzzle.theme.geese-blocked": None,
    **_sides("puzzle.answer"),
    **_sides("puzzle.refuted"),
    "puzzle.answer-placing.geese": _hand,
    "puzzle.refuted-placing.geese": _hand,
    # The rules page: the start diagram's caption and the rule-changes table (words.py).
    "pen-note": _pen,
    "rules.count.fox": _always,
    "rules.count.geese": _always,
    "rules.table-option": _table_option,
    "rules.start.foxes": _always,
    "rules.start.in-hand": None,
    "rules.start.around-pen": None,
    "rules.start.row": None,
    "rules.start.rows": None,
    "rules.start.points": None,
    "rules.first.fox": _fox_first,
    "rules.first.geese": _geese_first,
    "rules.capture-compulsory": _forced,
    "rules.chain-goes-on": _forced,
    "rules.huffing": _huffing,
    "rules.placing": _hand,
    "rules.placing-first": _hand,
    "rules.fox-wins.fewer-left": _no_hand,
    "rules.fox-wins.captured": _hand,
    "rules.geese-blocked": _always,
    "rules.pen-filled": _pen,
    "rules.no-fox-left": _huffing,
    "rules.fox-trapped": _always,
    "rules.quiet": _always,
    "aspect.fox-moves": _always,
    "aspect.goose-moves": _always,
    "aspect.fox-wins": _always,
    "aspect.geese-win": _always,
    # Which side a table favours (balance.py, content files' `favours`).
    "balance.fox.solved": None,
    "balance.fox.measured": None,
    "balance.geese.solved": None,
    "balance.geese.measured": None,
    "balance.fox.solved-sideways": None,
    "balance.geese.solved-sideways": None,
    "balance.offer": None,
    "balance.offer-button": None,
}


class MissingPhraseError(ValueError):
    """A sentence the build needs that the set's phrasebook does not hold."""


@dataclass(frozen=True)
class Phrase:
    text: str
    plural: str | None = None
    context: str | None = None
    # The value whose number picks the plural form (and fills %(num)s unless given).
    count: str = "num"
    note: str = ""

    @property
    def message(self) -> str | tuple[str, str]:
        return self.text if self.plural is None else (self.text, self.plural)


@dataclass(frozen=True)
class Dress:
    """What sets the fox side's pieces apart from a fox, drawn over the fox's head."""

    name: str
    path: str
    paint: str  # "fill" or "lines"


@dataclass(frozen=True)
class Phrasebook:
    name: str
    # A phrase, or for a sentence split by the number of foxes one per SPLIT name.
    entries: Mapping[str, Phrase | Mapping[str, Phrase]]
    dress: Dress | None = None

    def phrase(self, key: str, foxes: int) -> Phrase:
        entry = self.entries.get(key)
        if entry is None:
            raise MissingPhraseError(
                f"no sentence {key!r} for the pieces {self.name!r} ({_path(self.name)})"
            )
        if isinstance(entry, Phrase):
            return entry
        return entry[SPLIT[0] if foxes == 1 else SPLIT[1]]

    def missing(self, variant: Variant) -> list[str]:
        """The sentences the game's rules need that this set lacks."""
        return [k for k, need in NEEDS.items() if need and need(variant) and k not in self.entries]

    def phrases(self, tr: NullTranslations, variant: Variant) -> Phrases:
        return Phrases(self, tr, variant)

    def messages(self) -> Iterator[tuple[str, Phrase]]:
        for key, entry in self.entries.items():
            if isinstance(entry, Phrase):
                yield key, entry
            else:
                for split in SPLIT:
                    yield f"{key}.{split}", entry[split]


class Phrases:
    """A phrasebook in one language, for one game (its number of foxes picks a split
    sentence): ``phrases("win.fox", foxes=2)`` is the sentence, translated and filled in."""

    def __init__(self, book: Phrasebook, tr: NullTranslations, variant: Variant):
        self.book, self.tr, self.variant = book, tr, variant
        self.foxes = len(variant.foxes)

    def __contains__(self, key: str) -> bool:
        return key in self.book.entries

    def __call__(self, key: str, **values: Any) -> str:
        phrase = self.book.phrase(key, self.foxes)
        context, tr = phrase.context, self.tr
        if phrase.plural is None:
            text = str(tr.pgettext(context, phrase.text) if context else tr.gettext(phrase.text))
        else:
            n = values[phrase.count]
            values = {"num": n} | values
            if context:
                text = str(tr.npgettext(context, phrase.text, phrase.plural, n))
            else:
                text = tr.ngettext(phrase.text, phrase.plural, n)
        return text % values if values else text

    def page_data(self, catalog: Catalog | None) -> dict[str, Any]:
        """What the page embeds (#phrases, i18n.js): every sentence the game may need, by key,
        in the page's language: a text, or a plural's forms and the value that picks one. A key
        the game's rules do not need is left out, so the page shows only what applies."""
        out: dict[str, Any] = {}
        for key, need in NEEDS.items():
            if key not in self.book.entries or (need and not need(self.variant)):
                continue
            phrase = self.book.phrase(key, self.foxes)
            found = _translated(catalog, phrase)
            if phrase.plural is None:
                out[key] = found or phrase.text
            else:
                out[key] = {"count": phrase.count, "forms": found or [phrase.text, phrase.plural]}
        return out


def _translated(catalog: Catalog | None, phrase: Phrase) -> Any:
    """The catalog's translation (a text, or every plural form), or None."""
    entry = catalog.get(phrase.message, phrase.context) if catalog is not None else None
    if entry is None or entry.fuzzy:
        return None
    if isinstance(entry.string, (list, tuple)):
        return [str(s) for s in entry.string] if all(entry.string) else None
    return entry.string or None


def _path(name: str) -> str:
    return f"content/pieces/{name}.toml"


def _phrase(key: str, data: dict[str, Any], context: str | None) -> Phrase:
    unknown = set(data) - {"text", "plural", "count", "context", "note"}
    if unknown:
        raise ValueError(f"{key}: unknown fields {sorted(unknown)}")
    phrase = Phrase(
        text=data["text"],
        plural=data.get("plural"),
        context=data.get("context", context) or None,
        count=data.get("count", "num"),
        note=data.get("note", ""),
    )
    if "count" in data and phrase.plural is None:
        raise ValueError(f"{key}: a count without a plural")
    for text in (phrase.text, phrase.plural or ""):
        if "%" in _PLACEHOLDER.sub("", text):
            raise ValueError(f"{key}: a % that is no %(name)s placeholder in {text!r}")
    return phrase


def _entries(
    data: dict[str, Any], context: str | None, prefix: str = ""
) -> Iterator[tuple[str, Phrase | dict[str, Phrase]]]:
    for name, value in data.items():
        key = prefix + name
        if not isinstance(value, dict):
            raise ValueError(f"{key}: a sentence is a table with a text")
        if "text" in value:
            yield key, _phrase(key, value, context)
        elif set(value) == set(SPLIT):
            yield key, {s: _phrase(f"{key}.{s}", value[s], context) for s in SPLIT}
        else:
            yield from _entries(value, context, key + ".")


def parse(name: str, text: str) -> Phrasebook:
    data = tomllib.loads(text)
    context = data.pop("context", None)
    dress = data.pop("dress", None)
    entries = dict(_entries(data, context))
    unknown = sorted(set(entries) - set(NEEDS))
    if unknown:
        raise ValueError(f"{_path(name)}: unknown sentences {unknown} (site_builder/phrasebook.py)")
    if dress is not None:
        dress = Dress(dress["name"], dress["path"], dress["paint"])
        if dress.paint not in ("fill", "lines"):
            raise ValueError(f"{_path(name)}: a dress is painted as fill or lines")
    return Phrasebook(name, entries, dress)


@cache
def load(name: str, directory: Path = PIECES) -> Phrasebook:
    path = directory / f"{name}.toml"
    if not path.exists():
        sets = ", ".join(sorted(p.stem for p in directory.glob("*.toml")))
        raise ValueError(f"no phrasebook {path.name} in {directory} (there are: {sets})")
    try:
        return parse(name, path.read_text(encoding="utf-8"))
    except (KeyError, ValueError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{_path(name)}: {error}") from error


def extract_phrases(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extractor for phrasebooks: every sentence is a message, with its context."""
    text = fileobj.read().decode("utf-8")
    name = Path(getattr(fileobj, "name", "pieces")).stem
    lines = text.splitlines()
    for key, phrase in parse(name, text).messages():
        lineno = next((n for n, line in enumerate(lines, 1) if phrase.text in line), 0)
        comments = [f"{name}: {key}"] + ([phrase.note] if phrase.note else [])
        if phrase.plural is None:
            if phrase.context:
                yield lineno, "pgettext", (phrase.context, phrase.text), comments
            else:
                yield lineno, "gettext", phrase.text, comments
        elif phrase.context:
            yield lineno, "npgettext", (phrase.context, phrase.text, phrase.plural), comments
        else:
            yield lineno, "ngettext", (phrase.text, phrase.plural), comments
