"""The phrasebooks (content/pieces/, site_builder/phrasebook.py): every sentence that names a set
of pieces is a whole message, in one place, looked up by key by the builder and the pages."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.support import NullTranslations

from game import VARIANTS
from site_builder import i18n, phrasebook
from site_builder.content import load_games
from tests.helpers import REPO

GAMES = {game.id: game for game in load_games()}
SETS = sorted(path.stem for path in phrasebook.PIECES.glob("*.toml"))
EN = NullTranslations()


def test_every_game_names_a_set_whose_phrasebook_has_what_its_rules_need():
    assert {game.pieces for game in GAMES.values()} == set(SETS)
    for game in GAMES.values():
        assert game.book.missing(game.variant) == [], game.id


def test_every_sentence_is_extracted_with_its_context_and_key():
    catalog = i18n.extract_catalog()
    for name in SETS:
        for key, phrase in phrasebook.load(name).messages():
            entry = catalog.get(phrase.message, phrase.context)
            assert entry is not None, (name, key)
            assert f"{name}: {key}" in entry.auto_comments
            assert (f"content/pieces/{name}.toml", 0) in [(f, 0) for f, _ in entry.locations]


def test_no_message_is_worded_both_in_python_and_in_javascript():
    """A sentence said by the builder and by a page's script lives in a phrasebook, once."""
    both = [
        message.id
        for message in i18n.extract_catalog()
        if {Path(f).suffix for f, _ in message.locations} >= {".py", ".js"}
    ]
    assert both == []


def test_no_builder_module_template_or_script_branches_on_a_set_of_pieces():
    """A new set of pieces is a phrasebook and translations, no code: nothing outside the
    phrasebooks names a set, or asks whose pieces a page shows."""
    names = "|".join(map(re.escape, SETS))
    branch = re.compile(rf"{names}|\bpieces\s*[!=]=|\b(OFFICERS|TIGERS|isTigers|isOfficers)\b")
    source = REPO / "site_builder"
    files = [*source.rglob("*.py"), *source.rglob("*.js"), *source.rglob("*.mjs")]
    files += [*source.rglob("*.html")]
    found = [
        f"{path.relative_to(REPO)}:{n}: {line.strip()}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []


def test_a_game_whose_pieces_lack_a_sentence_its_rules_need_does_not_load(tmp_path):
    # Bagh-Chal's goats are placed from the hand: the officers' phrasebook cannot say so.
    text = (REPO / "content" / "bagh-chal.toml").read_text(encoding="utf-8")
    (tmp_path / "bagh-chal.toml").write_text(
        text.replace('pieces = "tigers-goats"', 'pieces = "officers-rebels"'), encoding="utf-8"
    )
    with pytest.raises(ValueError, match=r"officers-rebels\.toml has no sentence for .*place\.you"):
        load_games(tmp_path)


def test_a_new_set_of_pieces_is_a_phrasebook_file_alone(tmp_path):
    """Jaguars and dogs, written as the tigers' file with other words: the builder's lookups,
    the page's data and the extraction need nothing else."""
    text = (phrasebook.PIECES / "tigers-goats.toml").read_text(encoding="utf-8")
    for old, new in (("tiger", "jaguar"), ("goat", "dog"), ('"bagh-chal', '"adugo')):
        text = text.replace(old, new)
    (tmp_path / "jaguars-dogs.toml").write_text(text, encoding="utf-8")
    book = phrasebook.load("jaguars-dogs", tmp_path)
    bagh_chal = VARIANTS["bagh-chal"]
    assert book.missing(bagh_chal) == []
    says = book.phrases(EN, bagh_chal)
    assert says("win.fox") == "The jaguars win."
    assert says("capture.you", move="c3xc5", num=2) == "You played c3xc5: the jaguar takes 2 dogs."
    assert says("rules.start.foxes", foxes=4, points="a1") == "The jaguars start on a1"
    page = says.page_data(None)
    assert page["tally.captured"] == "Captured: %(num)s of %(total)s"
    assert page["end.fox-trapped"] == {
        "count": "foxes",
        "forms": ["The jaguar cannot move.", "The jaguars cannot move."],
    }
    with (tmp_path / "jaguars-dogs.toml").open("rb") as f:
        extracted = list(phrasebook.extract_phrases(f, None, None, None))
    assert (
        "npgettext",
        ("adugo", "The jaguar cannot move.", "The jaguars cannot move."),
        ["jaguars-dogs: end.fox-trapped"],
    ) in [(kind, message, comments) for _, kind, message, comments in extracted]


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        ('[win.foxes]\ntext = "The foxes win."', "unknown sentences"),
        ('[win.fox]\ntext = "100% sure"', "a % that is no"),
        ('[win.fox]\ntext = "The fox wins."\ncount = "foxes"', "a count without a plural"),
        ('[win.fox]\ntext = "The fox wins."\nplural_form = "x"', "unknown fields"),
    ],
)
def test_a_phrasebook_with_a_mistake_is_refused(tmp_path, entry, error):
    (tmp_path / "bad.toml").write_text(entry, encoding="utf-8")
    with pytest.raises(ValueError, match=error):
        phrasebook.load("bad", tmp_path)


def test_a_missing_sentence_fails_with_the_set_and_the_key():
    says = GAMES["fox-and-geese"].book.phrases(EN, VARIANTS["fox-and-geese"])
    with pytest.raises(phrasebook.MissingPhraseError, match=r"'rules\.huffing'.*'fox-geese'"):
        says("rules.huffing")


def test_a_page_gets_the_sentences_its_game_needs_with_every_plural_form():
    tr, catalog = i18n.load_translations()["pl"]

    def page(game: str) -> dict:
        return GAMES[game].book.phrases(tr, VARIANTS[game]).page_data(catalog)

    bagh_chal, fox_and_geese, two_foxes = (
        page("bagh-chal"),
        page("fox-and-geese"),
        page("two-foxes"),
    )
    # Placing is Bagh-Chal's alone; the fox-geese set has a sentence for it that no game of
    # its needs, which its pages leave out (a refusal a page never meets says the general one).
    assert "illegal.must-place" in bagh_chal and "illegal.must-place" not in fox_and_geese
    assert "illegal.must-place" in phrasebook.load("fox-geese").entries
    # Polish has three plural forms.
    assert len(bagh_chal["end.fox-trapped"]["forms"]) == 3
    # One fox or two: a sentence of its own, chosen for the game.
    assert fox_and_geese["hint.wins.geese"] != two_foxes["hint.wins.geese"]
    assert fox_and_geese["hint.wins.geese"]["forms"][0] == tr.npgettext(
        "hint",
        "This wins: the fox is trapped in %(num)s move, whatever it does.",
        "This wins: the fox is trapped in %(num)s moves, whatever it does.",
        1,
    )


def test_the_extractor_reads_a_file_as_babel_hands_it_over():
    data = b'context = "x"\n[win.fox]\ntext = "A."\n[win.geese]\ntext = "B."\nplural = "Bs."\n'
    fileobj = io.BytesIO(data)
    fileobj.name = "content/pieces/some-set.toml"
    assert [m[1:] for m in phrasebook.extract_phrases(fileobj, None, None, None)] == [
        ("pgettext", ("x", "A."), ["some-set: win.fox"]),
        ("npgettext", ("x", "B.", "Bs."), ["some-set: win.geese"]),
    ]
