"""Mechanical typography of every text in every locale, as the catalogs hold it, as the
built pages show it and as the play page builds its sentences from parts: no doubled sentence
punctuation, no stray space before punctuation, French no-break spaces, and the capital (or
small letter) after a colon that each language's rule wants (locales/GLOSSARY.md,
Conventions). Wording is for reviewers; these are the faults a machine can find."""

import json
import random
import re
import subprocess
from html.parser import HTMLParser
from typing import ClassVar

import pytest
from babel.messages.pofile import read_po

from game import VARIANTS, Position, rules_for
from game.codes import (
    EngineCode,
    HintReason,
    IllegalReason,
    MoveEvent,
    MoveMark,
    RecordCode,
    SetupProblem,
    Termination,
    Verdict,
)
from game.view import move_view
from site_builder import i18n
from site_builder.content import load_games
from tests.helpers import REPO

LOCALES = i18n.locales()
TRANSLATED = LOCALES[1:]
# After a colon these languages write a small letter, full sentence or not (a name keeps its
# capital). German and Danish capitalise a full sentence there, and Swedish, Norwegian and
# Icelandic may: whether what follows is a sentence or a fragment is for a reader to tell, so
# only the small-letter rule is checked.
SMALL_AFTER_COLON = {"en", "fr", "nl", "pl", "fi"}
NO_BREAK = "\u00a0\u202f"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")

DOUBLED = re.compile(r"[.!?,;:][\s\u00a0\u202f]*[.,;:](?!\.)|(?<!\.)\.\.(?!\.)")
SPACE_BEFORE = re.compile(rf"[\s{NO_BREAK}][.,;:!?]")
# French: a plain space before ; : ! ? (it must be a no-break one), or none at all.
FRENCH_PLAIN_SPACE = re.compile(r" [;:!?]")
FRENCH_NO_SPACE = re.compile(rf"[^\s{NO_BREAK}][;:!?](?=[\s{NO_BREAK}»]|$)")
FRENCH_WRONG_SPACE = re.compile("\u202f:|\u00a0[;!?]")
# After a colon, a clause: its first word, then the rest up to the end of its sentence.
AFTER_COLON = re.compile(rf":[ {NO_BREAK}]+(\S+)([^.!?]*)([.!?])")


def sample(text: str) -> str:
    """The text as shown, with each placeholder filled by a neutral word."""
    return PLACEHOLDER.sub("d4", text)


def catalog_texts(code: str) -> list[tuple[str, str]]:
    """(msgid, text) for every form of every message of one locale."""
    path = i18n.POT if code == "en" else i18n.po_path(code)
    with path.open("rb") as f:
        catalog = read_po(f, locale=None if code == "en" else code)
    out: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        ids = [str(i) for i in (message.id if isinstance(message.id, tuple) else (message.id,))]
        if code == "en":
            out += [(i, i) for i in ids]
            continue
        string = message.string
        strings = string if isinstance(string, tuple | list) else (string,)
        out += [(ids[0], str(s)) for s in strings if s]
    return out


def faults(code: str, text: str) -> list[str]:
    found = []
    if m := DOUBLED.search(text):
        found.append(f"doubled punctuation {m.group()!r}")
    if code == "fr":
        if m := FRENCH_PLAIN_SPACE.search(text):
            found.append(f"plain space before {m.group()[-1]!r}")
        if m := FRENCH_NO_SPACE.search(text):
            found.append(f"no no-break space before {m.group()[-1]!r}")
        # The glossary's spaces: U+00A0 before a colon, U+202F before ; ? !.
        if m := FRENCH_WRONG_SPACE.search(text):
            found.append(f"the wrong no-break space before {m.group()[-1]!r}")
        stray = re.search(rf"[\s{NO_BREAK}][.,]", text)
        if stray:
            found.append(f"space before {stray.group()[-1]!r}")
    elif m := SPACE_BEFORE.search(text):
        found.append(f"space before {m.group()[-1]!r}")
    for m in AFTER_COLON.finditer(text):
        word, rest = m.group(1), m.group(2)
        # A point, a move or a number is no word to capitalise; a fragment (one or two
        # words, a list) after a colon keeps its small letter in every language.
        if not word[0].isalpha() or re.fullmatch(r"[a-i][1-9]\W*", word):
            continue
        if len(rest.split()) < 2:
            continue
        if code in SMALL_AFTER_COLON and word[0].isupper() and word[1:2].islower():
            found.append(f"capital after a colon: {word!r}")
    return found


@pytest.mark.parametrize("code", LOCALES)
def test_catalog_messages_are_typeset_by_the_languages_rules(code):
    english_capitals = {
        msgid for msgid, _ in catalog_texts("en") if re.search(r": [A-Z][a-z]", sample(msgid))
    }
    problems = []
    for msgid, text in catalog_texts(code):
        for fault in faults(code, sample(text)):
            # A capital the English has too is a name (a game, a saga), not a sentence start.
            if fault.startswith("capital after") and msgid in english_capitals:
                continue
            problems.append(f"{msgid[:60]!r}: {fault} in {text!r}")
    assert not problems, "\n".join(problems)


class Texts(HTMLParser):
    """The texts of a page as a reader meets them: the text of each block (inline elements,
    hidden ones included, run together as a screen reader reads them) and the accessible
    names given as attributes."""

    INLINE: ClassVar = {"a", "span", "strong", "em", "b", "i", "code", "abbr", "kbd", "small"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.run: list[str] = []
        self.skip = 0
        self.feed(html)
        self.flush()

    def flush(self):
        # Only ASCII white space is folded: no-break spaces are part of the text.
        text = re.sub(r"[ \t\r\n]+", " ", "".join(self.run)).strip(" ")
        if text:
            self.parts.append(text)
        self.run = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.INLINE:
            self.flush()
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "alt", "title") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag not in self.INLINE:
            self.flush()
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.run.append(data)


@pytest.mark.parametrize("code", LOCALES)
def test_built_pages_are_typeset_by_the_languages_rules(pages_dir, code):
    pages = sorted((pages_dir / code).rglob("index.html"))
    assert pages
    problems = []
    for page in pages:
        for text in Texts(page.read_text(encoding="utf-8")).parts:
            where = page.relative_to(pages_dir)
            problems += [f"{where}: {fault} in {text!r}" for fault in faults(code, text)]
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("en", "The computer played d4xd6: the fox takes 1 goose.."),
        ("nl", "Jouw beurt: Zet de vos en wacht dan."),
        ("fr", "Jouer: Le renard et les oies"),
        ("fr", "Changer la règle ? Une nouvelle partie commencera."),
        ("nl", "Een zet , en nog een."),
    ],
)
def test_each_kind_of_fault_is_found(code, text):
    assert faults(code, text)


# -- The sentences the play page builds from parts at run time: composed under Node by the
# page's own functions (tests/node/sentences.mjs) from the catalog the builder embeds in each
# page, and checked here by the same rules as every other text.

SENTENCES = REPO / "tests" / "node" / "sentences.mjs"
# What a placeholder left unfilled or a value missing looks like once in a sentence.
LEFTOVER = re.compile(r"%\(\w+\)s|%[sd]|\b(undefined|null|NaN)\b|\[object")
PLACEMENT = re.compile(r"@[a-i][1-9]")


def moves_of_every_kind() -> list[dict]:
    """The engine's view of a step, a jump, a chain of jumps and a placement: the first of each
    kind in seeded random games."""
    found: dict[str, dict] = {}
    rng = random.Random(1)
    for _ in range(50):
        for game in ("fox-and-geese", "two-foxes", "bagh-chal"):
            position = Position(rules_for(game))
            while position.legal_moves():
                move = rng.choice(position.legal_moves())
                view = move_view(move)
                taken = len(view["captures"])
                kind = "placement" if len(view["path"]) == 1 else ("step", "jump")[min(taken, 1)]
                found.setdefault("chain" if taken > 1 else kind, view)
                position.push(move)
        if len(found) == 4:
            return list(found.values())
    raise AssertionError(f"only {sorted(found)} found")


# Every game: its pieces' phrasebook is embedded in its pages (#phrases).
GAMES = {game.id: game for game in load_games()}


def composed(node: str, catalog: dict, phrases: dict, game: str) -> list[tuple[str, str]]:
    """[(what, sentence)] for one locale's embedded catalog and one game's embedded phrasebook:
    the moves it can make (placements where it has pieces in hand), its number of foxes."""
    rules = VARIANTS[game].rules()
    payload = {
        "catalog": catalog,
        "phrases": phrases,
        "moves": [m for m in MOVES if len(m["path"]) > 1 or rules.in_hand],
        "foxes": [len(rules.foxes)],
        "sidewaysOption": VARIANTS[game].sideways_option,
        "codes": {
            "results": ["fox", "geese", "draw"],
            "reasons": [t.value for t in Termination],
            "illegal": [r.value for r in IllegalReason],
            "record": [c.value for c in RecordCode],
            "engine": [c.value for c in EngineCode],
            "events": [e.value for e in MoveEvent],
            "hints": [r.value for r in HintReason],
            "marks": [m.value for m in MoveMark],
            "verdicts": [v.value for v in Verdict],
            "setup": [p.value for p in SetupProblem],
        },
    }
    proc = subprocess.run(
        [node, str(SENTENCES)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [tuple(pair) for pair in json.loads(proc.stdout)]


MOVES = moves_of_every_kind()


def english_phrases() -> re.Pattern[str]:
    """The words of the browser's English messages between their placeholders, three words or
    more: found in a translated sentence, they are English left untranslated."""
    phrases = set()
    messages = [message for message, _context in i18n.js_messages()]
    messages += [p.message for g in GAMES.values() for _, p in g.book.messages()]
    for message in messages:
        for msgid in (message,) if isinstance(message, str) else message:
            parts = (part.strip(" .,:;!?()") for part in PLACEHOLDER.split(msgid)[::2])
            phrases |= {part for part in parts if len(re.findall(r"[A-Za-z]{2,}", part)) >= 3}
    return re.compile("|".join(map(re.escape, sorted(phrases, key=len, reverse=True))))


def sentence_faults(code: str, sentences: list[tuple[str, str]]) -> list[str]:
    english = english_phrases()
    problems = []
    # Each sentence once (many states share a status), named by the first that gives it.
    for sentence, what in dict(reversed([(s, w) for w, s in sentences])).items():
        found = faults(code, sentence)
        if m := LEFTOVER.search(sentence):
            found.append(f"left over {m.group()!r}")
        # A placement's notation (@e4) is no move to a reader: a sentence says where it went.
        if m := PLACEMENT.search(sentence):
            found.append(f"a placement in notation {m.group()!r}")
        if code != "en" and (m := english.search(sentence)):
            found.append(f"English {m.group()!r}")
        problems += [f"{what}: {fault} in {sentence!r}" for fault in found]
    return problems


@pytest.fixture(scope="module")
def catalogs() -> dict[str, dict]:
    """Each locale's catalog as the builder embeds it in a page (i18n.js_catalog)."""
    messages = i18n.js_messages()
    return {
        code: i18n.js_catalog(code, catalog, messages)
        for code, (_, catalog) in i18n.load_translations().items()
    }


def page_phrases(code: str, game: str) -> dict:
    """A game's phrasebook as the builder embeds it in a page of the locale (#phrases)."""
    tr, catalog = i18n.load_translations()[code]
    return GAMES[game].book.phrases(tr, VARIANTS[game]).page_data(catalog)


@pytest.fixture(scope="module")
def sentences(node_executable, catalogs):
    """composed() for a locale's own catalog, made once per locale and game: the typography
    test and the test of the pieces' names read the same sentences."""
    made: dict[tuple[str, str], list[tuple[str, str]]] = {}

    def of(code: str, game: str) -> list[tuple[str, str]]:
        if (code, game) not in made:
            phrases = page_phrases(code, game)
            made[code, game] = composed(node_executable, catalogs[code], phrases, game)
        return made[code, game]

    return of


@pytest.mark.parametrize("code", LOCALES)
def test_the_play_pages_sentences_built_from_parts_are_typeset_in_every_locale(sentences, code):
    """Status, messages and what is said after a move, for every kind of move and every
    ending: no doubled or stray punctuation, no English left in a translation, no placeholder
    left unfilled."""
    said = [
        (f"{game}: {what}", sentence) for game in GAMES for what, sentence in sentences(code, game)
    ]
    assert len(said) > 3000
    problems = sentence_faults(code, said)
    assert not problems, "\n".join(problems[:40])


def test_a_sentence_broken_in_the_catalog_is_found(node_executable, catalogs):
    broken = json.loads(json.dumps(catalogs["fr"]))
    messages = broken["messages"]
    phrases = page_phrases("fr", "fox-and-geese")
    capture = phrases["capture.computer"]
    capture["forms"] = [form + "." for form in capture["forms"]]  # a doubled full stop
    phrases["win.geese"] = "Les oies gagnent !"  # a plain space before "!"
    phrases["end.geese-blocked"] = "The geese cannot move."  # left in English
    # A full sentence put after a colon, where French wants a small letter.
    failed = "The computer could not move. %(error)s"
    messages[failed] = messages[failed].replace(". %(error)s", "\u00a0: %(error)s")
    said = composed(node_executable, broken, phrases, "fox-and-geese")
    problems = "\n".join(sentence_faults("fr", said))
    assert "doubled punctuation" in problems
    assert "plain space before '!'" in problems
    assert "English 'The geese cannot move'" in problems
    assert "capital after a colon" in problems


# The words for fox and goose in each locale (locales/GLOSSARY.md), with their inflections: none
# belongs in a sentence of Asalto's or Bagh-Chal's page.
FOX_AND_GOOSE = {
    "en": r"fox|foxes|goose|geese",
    "sv": r"räv\w*|gås\w*|gäss\w*",
    "de": r"Fuchs\w*|Füchs\w*|Gans|Gänse\w*",
    "fi": r"kettu\w*|ketu\w*|hanh\w*",
    "nb": r"rev|reven|rever|revene|revens|gås|gåsa|gåsen|gjess\w*",
    "da": r"ræv\w*|gås\w*|gæs\w*",
    "is": r"refur\w*|refi\w*|refs|refnum|gæs\w*",
    "fr": r"renard\w*|oies?",
    "nl": r"vos|vossen\w*|gans|ganzen",
    "pl": r"lis|lisa|lisy|lisów|lisem|lisami|lisowi|gęś|gęsi\w*",
}


@pytest.mark.parametrize("code", LOCALES)
def test_every_sentence_of_a_game_with_its_own_pieces_names_them(sentences, code):
    """Everything Asalto's and Bagh-Chal's pages say (status, moves, refusals, hints, reviews,
    set-up checks, what a move did) speaks of officers and rebels, tigers and goats, never of
    foxes and geese."""
    words = re.compile(rf"\b(?:{FOX_AND_GOOSE[code]})\b", re.IGNORECASE)
    wrong = [
        f"{game}: {what}: {sentence!r}"
        for game in GAMES
        if GAMES[game].pieces != "fox-geese"
        for what, sentence in sentences(code, game)
        if words.search(sentence)
    ]
    assert not wrong, "\n".join(wrong[:40])
