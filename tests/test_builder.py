"""Site builder units: data-worded rule changes, the board drawing, the i18n pipeline."""

import dataclasses
import gettext
import json
import re
import subprocess
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from babel.support import NullTranslations, Translations

from game import VARIANTS, parse_square, rules_for, square_name
from site_builder import builder as build_module
from site_builder import i18n, phrasebook
from site_builder.content import load_games
from site_builder.diagram import board_svg
from site_builder.offline import write_manifests
from site_builder.palette import colours
from site_builder.words import rule_changes, start_words

EN = NullTranslations()
LOCALE = Locale.parse("en")
STANDARD = VARIANTS["fox-and-geese"]
GAMES = {g.id: g for g in load_games()}


def says(variant, pieces="fox-geese"):
    """The phrasebook of a set of pieces in English, for a game of these rules."""
    return phrasebook.load(pieces).phrases(EN, variant)


def changes(variant, pieces="fox-geese"):
    return rule_changes(STANDARD, variant, EN, LOCALE, says(STANDARD), says(variant, pieces))


def rows(variant):
    return {row.aspect: row for row in changes(variant)}


# --- rule changes -----------------------------------------------------------------------------


def test_rule_changes_have_one_row_per_aspect_in_order():
    assert list(rows(VARIANTS["two-foxes"])) == [
        "Board",
        "Pieces",
        "Start position",
        "Who moves first",
        "How the fox side moves",
        "How geese move",
        "Captures",
        "How the fox side wins",
        "How the geese win",
        "Draws",
    ]


def test_two_foxes_changes_follow_the_engine_data():
    r = rows(VARIANTS["two-foxes"])
    assert not r["Board"].changed
    assert r["Pieces"].variant[0] == "2 foxes and 20 geese"
    assert r["Pieces"].standard == ("1 fox and 13 geese", "Table option: 15 or 17 geese")
    assert r["Start position"].variant == (
        "The foxes start on c7 and e7",
        "The geese fill rows 1 to 4",
    )
    assert "sideways" in r["How geese move"].variant[0]
    assert r["Captures"].changed and r["Captures"].variant[0].startswith("Compulsory")
    assert r["How the fox side wins"].variant[0] == "Fewer than 9 geese are left"
    assert r["How the fox side wins"].standard[0] == "Fewer than 4 geese are left"
    pen = r["How the geese win"].variant[0]
    assert all(name in pen for name in ["c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"])
    assert r["How the geese win"].variant[-1] == "The foxes cannot move"


def test_large_cross_changes_only_where_the_data_differs():
    r = rows(VARIANTS["large-cross"])
    changed = {aspect for aspect, row in r.items() if row.changed}
    assert changed == {"Board", "Pieces", "Start position", "How geese move"}
    assert "45 points" in r["Board"].variant[0] and "every other point" in r["Board"].variant[0]
    assert r["Start position"].variant == ("The fox starts on e7", "The geese fill rows 1 to 4")


@pytest.mark.parametrize(
    ("change", "aspects"),
    [
        ({"forced_capture": True}, {"Captures"}),
        ({"fox_wins_below": 6}, {"How the fox side wins"}),
        ({"pen": VARIANTS["two-foxes"].pen}, {"How the geese win"}),
        # Two foxes: the count, the start, who moves first and "the foxes cannot move" follow.
        (
            {"foxes": VARIANTS["two-foxes"].foxes},
            {"Start position", "Pieces", "Who moves first", "How the geese win"},
        ),
    ],
)
def test_a_changed_rule_flag_changes_exactly_its_rows(change, aspects):
    variant = dataclasses.replace(VARIANTS["large-cross"], **change)
    before = rows(VARIANTS["large-cross"])
    after = rows(variant)
    assert {a for a in before if before[a].variant != after[a].variant} == aspects


def own_rows(game):
    return {row.aspect: row for row in changes(VARIANTS[game], GAMES[game].pieces)}


def test_asalto_changes_name_officers_and_rebels_and_show_huffing():
    r = own_rows("asalto")
    assert list(r) == [
        "Board",
        "Pieces",
        "Start position",
        "Who moves first",
        "How officers move",
        "How rebels move",
        "Captures",
        "Huffing",
        "How the officers win",
        "How the rebels win",
        "Draws",
    ]
    assert not r["Board"].changed and not r["Captures"].changed
    assert r["Pieces"].variant == ("2 officers and 24 rebels",)
    assert r["Start position"].variant == (
        "The officers start on c6 and e6",
        "The rebels stand on every point outside the fortress",
    )
    assert r["Who moves first"].variant == ("The rebels move first",)
    assert r["Who moves first"].standard == ("The fox moves first",)
    assert "sideways" in r["How rebels move"].variant[0]
    assert r["Huffing"].standard == ("No penalty for a missed capture",)
    assert r["Huffing"].variant[0].startswith("When the officers step while a jump was possible")
    assert r["How the officers win"].variant == (
        "Fewer than 9 rebels are left",
        "The rebels cannot move",
    )
    assert r["How the rebels win"].variant[0].startswith("Rebels fill the fortress: all 9")
    assert r["How the rebels win"].variant[1:] == ("No officer is left", "The officers cannot move")
    assert "a huff or a rebel" in r["Draws"].variant[1]
    # The Fox and Geese column keeps its own pieces.
    assert r["How the officers win"].standard[0] == "Fewer than 4 geese are left"


def test_bagh_chal_changes_name_tigers_and_goats_and_show_placing():
    r = own_rows("bagh-chal")
    assert "Huffing" not in r and r["Placing pieces"].changed
    assert r["Board"].variant == (
        "A square of 25 points, with diagonals through every other point",
    )
    assert r["Pieces"].variant == ("4 tigers and 20 goats",)
    assert r["Start position"].variant == (
        "The tigers start on a1, e1, a5, and e5",
        "All 20 goats start in hand, beside the board",
    )
    assert r["Who moves first"].variant == ("The goats move first",)
    assert r["How goats move"].variant == ("One step along a line, in any direction",)
    assert r["Captures"].variant == ("Optional", "One jump per move, never a chain")
    assert r["Placing pieces"].standard == ("None: every piece starts on the board",)
    assert r["Placing pieces"].variant[1] == "No goat moves until all 20 have been placed"
    assert r["How the tigers win"].variant == (
        "5 goats have been captured",
        "The goats cannot move",
    )
    assert r["How the goats win"].variant == ("The tigers cannot move",)


def test_a_rule_without_words_for_the_game_s_pieces_fails_rather_than_name_others():
    # Huffing worded for foxes does not exist: a sentence about officers must not stand in.
    huffing = dataclasses.replace(VARIANTS["two-foxes"], huffing=True)
    with pytest.raises(
        phrasebook.MissingPhraseError, match=r"'rules\.huffing' for the pieces 'fox-geese'"
    ):
        changes(huffing)
    with pytest.raises(phrasebook.MissingPhraseError, match=r"'rules\.start\.in-hand'"):
        changes(VARIANTS["bagh-chal"], "officers-rebels")


def test_start_words_list_points_when_geese_do_not_fill_rows():
    squares = tuple(sorted(parse_square(n) for n in ("c1", "d1", "c2")))
    variant = dataclasses.replace(STANDARD, geese={3: squares})
    words = start_words(variant, EN, LOCALE, says(variant))
    assert words[1] == "The geese start on c1, d1, and c2"


# --- the board drawing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "points"),
    [
        ("fox-and-geese", 33),
        ("two-foxes", 33),
        ("large-cross", 45),
        ("asalto", 33),
        ("bagh-chal", 25),
    ],
)
def test_diagram_draws_every_point_line_and_piece(game, points):
    rules = rules_for(game)
    svg = str(board_svg(rules, title="Start"))
    names = re.findall(r'data-point="([a-i][1-9])"', svg)
    assert len(names) == points == len(set(names))
    assert set(names) == {square_name(sq) for sq in rules.board.points}
    assert len(re.findall(r'<line class="line', svg)) == len(rules.board.lines)
    foxes = re.findall(r'data-piece="fox" data-at="(\w+)"', svg)
    geese = re.findall(r'data-piece="goose" data-at="(\w+)"', svg)
    assert sorted(foxes) == sorted(square_name(sq) for sq in rules.foxes)
    assert sorted(geese) == sorted(square_name(sq) for sq in rules.geese)
    assert re.search(r'<svg [^>]*viewBox="0 0 \d+ \d+"', svg)
    assert "<title>Start</title>" in svg


def test_line_counts_match_the_spec_boards():
    # Cross 33: 52 orthogonal lines, both diagonals in each of its 20 unit squares.
    svg = str(board_svg(rules_for("fox-and-geese"), title="x"))
    assert (svg.count('class="line"'), svg.count('class="line diagonal"')) == (52, 40)
    # Cross 45: 72 orthogonal lines, one diagonal in each of its 28 unit squares.
    svg = str(board_svg(rules_for("large-cross"), title="x"))
    assert (svg.count('class="line"'), svg.count('class="line diagonal"')) == (72, 28)
    # Bagh-Chal's 5 x 5 grid: 40 orthogonal lines, one diagonal in each of its 16 unit squares.
    svg = str(board_svg(rules_for("bagh-chal"), title="x"))
    assert (svg.count('class="line"'), svg.count('class="line diagonal"')) == (40, 16)


def test_diagram_draws_pieces_in_hand_beside_the_board_only_where_there_are_some():
    svg = str(board_svg(rules_for("bagh-chal"), title="x"))
    assert re.search(r'<g class="hand" data-in-hand="20">.*>\u00d720</text></g>', svg)
    # The picture of the hand is no piece on a point, and the board grows to hold it.
    hand = svg[svg.index('<g class="hand"') :]
    assert "data-piece" not in hand and svg.count('data-piece="goose"') == 0
    tall = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    plain = re.search(
        r'viewBox="0 0 (\d+) (\d+)"', str(board_svg(rules_for("bagh-chal"), {}, title="x"))
    )
    assert int(tall[2]) > int(plain[2]) and tall[1] == plain[1]
    for game in ("fox-and-geese", "asalto"):
        assert 'class="hand"' not in str(board_svg(rules_for(game), title="x"))
    # A live board (play page, lessons) of a game with a hand keeps its room and picture even
    # with none in hand, hidden: board.js shows the hand of every position it is given.
    live = str(board_svg(rules_for("bagh-chal"), {}, title="x", interactive=True))
    assert re.search(r'<g class="hand" data-in-hand="0" visibility="hidden">', live)
    assert re.search(r'viewBox="0 0 (\d+) (\d+)"', live)[2] == tall[2]
    for game in ("fox-and-geese", "asalto"):
        assert 'class="hand"' not in str(board_svg(rules_for(game), title="x", interactive=True))


def test_diagram_escapes_title_and_can_be_interactive_and_flipped():
    rules = rules_for("fox-and-geese")
    svg = str(board_svg(rules, {}, title="<b>", interactive=True, flipped=True))
    assert "<title>&lt;b&gt;</title>" in svg
    assert svg.count('role="button"') == 33 and "data-piece" not in svg
    # Flipped: a1's column label is drawn at the right, so 'g' comes first.
    labels = re.findall(r">([a-g])</text>", svg)
    assert labels == list("gfedcba")


def test_diagram_marks_the_pen_only_for_games_with_one():
    assert 'class="pen"' in str(board_svg(rules_for("two-foxes"), title="x"))
    assert 'class="pen"' in str(board_svg(rules_for("asalto"), title="x"))
    assert 'class="pen"' not in str(board_svg(rules_for("bagh-chal"), title="x"))
    assert 'class="pen"' not in str(board_svg(rules_for("fox-and-geese"), title="x"))


# --- content and catalogs ---------------------------------------------------------------------


def test_content_points_at_engine_games():
    games = load_games()
    assert [g.id for g in games] == [
        "fox-and-geese",
        "two-foxes",
        "large-cross",
        "asalto",
        "bagh-chal",
    ]
    assert [g.compared_with for g in games] == [None, *["fox-and-geese"] * 4]
    assert [g.pieces for g in games] == [*["fox-geese"] * 3, "officers-rebels", "tigers-goats"]
    assert all(g.play for g in games)
    for game in games:
        assert game.variant is VARIANTS[game.id]
        assert game.rules and game.balance and game.history and game.summary


def test_messages_pot_is_current_with_the_sources():
    """Every message in the sources is in locales/messages.pot (run `extract` if not)."""
    with i18n.POT.open("rb") as f:
        pot = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.extract_catalog() if m.id}
    assert extracted - pot == set()


def test_content_and_js_strings_are_extracted():
    catalog = i18n.extract_catalog()
    for game in load_games():
        for text in (game.name, game.summary, *game.rules, *game.balance, *game.history):
            assert catalog.get(text) is not None, text
    for message, context in i18n.js_messages():
        assert catalog.get(message, context) is not None, message


def _po(tmp_path: Path, entries) -> Path:
    catalog = Catalog(locale="sv")
    for msgid, msgstr, flags in entries:
        catalog.add(msgid, msgstr, flags=flags)
    path = tmp_path / "messages.po"
    with path.open("wb") as f:
        write_po(f, catalog)
    return path


def test_check_finds_untranslated_fuzzy_and_placeholder_mismatch(tmp_path):
    template = Catalog()
    for msgid in (
        "Hello",
        "Fuzzy",
        "Play %(name)s",
        "Bad %(name)s",
        ("%(num)s goose", "%(num)s geese"),
    ):
        template.add(msgid)
    path = _po(
        tmp_path,
        [
            ("Hello", "", ()),
            ("Fuzzy", "Luddig", ("fuzzy",)),
            ("Play %(name)s", "Spela %(name)s", ()),
            ("Bad %(name)s", "Dålig %(namn)s", ()),
            (("%(num)s goose", "%(num)s geese"), ("%(num)s gås", "%(num)s gäss"), ()),
        ],
    )
    problems = "\n".join(i18n.check_catalog("sv", template, path))
    assert "'Hello': untranslated" in problems
    assert "'Fuzzy': fuzzy" in problems
    assert "Bad %(name)s" in problems
    assert "Play %(name)s" not in problems and "goose" not in problems


def test_check_accepts_a_complete_catalog(tmp_path):
    template = Catalog()
    template.add("Play %(name)s")
    path = _po(tmp_path, [("Play %(name)s", "Spela %(name)s", ())])
    assert i18n.check_catalog("sv", template, path) == []


def test_js_catalog_holds_only_translated_js_messages():
    catalog = Catalog(locale="sv")
    catalog.add("The game is over.", "Partiet är slut.")
    catalog.add(("The fox wins.", "The foxes win."), ("Räven vinner.", "Rävarna vinner."))
    catalog.add("Rules", "Regler")  # a template message, not used by JS
    catalog.add("Geese cannot jump.", "")
    catalog.add("The officers win.", "Officerarna vinner.", context="asalto")
    data = i18n.js_catalog(
        "sv",
        catalog,
        [
            ("The game is over.", None),
            (("The fox wins.", "The foxes win."), None),
            ("Geese cannot jump.", None),
            ("The officers win.", "asalto"),
        ],
    )
    assert data == {
        "lang": "sv",
        "plural": {"one": 0, "other": 1},
        "numbers": {"decimal": ",", "percent": "%(num)s\xa0%", "megabytes": "%(num)s MB"},
        "messages": {
            "The game is over.": "Partiet är slut.",
            "The fox wins.": ["Räven vinner.", "Rävarna vinner."],
            # A message with a context is keyed as gettext keys it, context first.
            "asalto\x04The officers win.": "Officerarna vinner.",
        },
    }


def test_number_formats_are_the_locales_own():
    # The loading figures, written as each locale writes them (page side: loading.js).
    assert i18n.number_formats("en") == {
        "decimal": ".",
        "percent": "%(num)s%",
        "megabytes": "%(num)s MB",
    }
    assert i18n.number_formats("fr") == {
        "decimal": ",",
        "percent": "%(num)s\xa0%",
        "megabytes": "%(num)s\u202fMo",
    }
    assert i18n.number_formats("fi")["megabytes"] == "%(num)s Mt"


def test_plural_forms_follow_the_catalogs_order_for_every_category():
    # Polish: 1 lis, 2 lisy, 5 lisów; the browser must not fall back to two forms.
    assert i18n.plural_forms("pl", Catalog(locale="pl")) == {"one": 0, "few": 1, "many": 2}
    assert i18n.plural_forms("fr", Catalog(locale="fr"))["one"] == 0  # 0 and 1 are singular
    assert i18n.plural_forms("en", None) == {"one": 0, "other": 1}


def test_plural_forms_pick_the_catalogs_form_for_every_count_in_every_locale():
    # The browser knows only the count's CLDR category: each category must mean one form.
    for code in i18n.locales()[1:]:
        catalog = Catalog(locale=code)
        forms = i18n.plural_forms(code, catalog)
        category = Locale.parse(code).plural_form
        form_of = gettext.c2py(catalog.plural_expr)
        wrong = [n for n in range(1000) if forms[category(n)] != form_of(n)]
        assert wrong == [], f"{code}: {wrong[:5]}"


def test_git_commit_falls_back_to_unknown(monkeypatch):
    def no_git(*args, **kwargs):
        raise FileNotFoundError("git")

    monkeypatch.setattr(subprocess, "run", no_git)
    assert build_module.git_commit() == "unknown"


def test_build_refuses_to_wipe_a_directory_that_is_not_a_site(tmp_path):
    (tmp_path / "precious.txt").write_text("keep me")
    with pytest.raises(FileExistsError):
        build_module.build(tmp_path)
    assert (tmp_path / "precious.txt").read_text() == "keep me"


def test_sitemap_is_relative_without_a_base_url_and_absolute_with_one():
    pages = ["index.html", "en/index.html", "en/two-foxes/index.html"]
    xml, robots = build_module.sitemap_and_robots(pages)
    assert re.findall(r"<loc>(.*?)</loc>", xml) == ["./", "en/", "en/two-foxes/"]
    assert "Sitemap" not in robots
    xml, robots = build_module.sitemap_and_robots(pages, "https://example.org/fox-and-geese")
    assert re.findall(r"<loc>(.*?)</loc>", xml) == [
        "https://example.org/fox-and-geese/",
        "https://example.org/fox-and-geese/en/",
        "https://example.org/fox-and-geese/en/two-foxes/",
    ]
    assert "Sitemap: https://example.org/fox-and-geese/sitemap.xml" in robots


def test_compile_writes_loadable_mo_files(tmp_path):
    written = i18n.compile_catalogs(tmp_path)
    assert sorted(p.parent.parent.name for p in written) == sorted(i18n.locales()[1:])
    for path in written:
        code = path.parent.parent.name
        with path.open("rb") as f:
            tr = Translations(f)
        with i18n.po_path(code).open("rb") as f:
            catalog = read_po(f, locale=code)
        for m in catalog:
            if m.id and isinstance(m.id, str) and m.string and not m.fuzzy and not m.context:
                assert tr.gettext(m.id) == m.string, (code, m.id)


NUMBER_WORDS = {
    4: "four",
    5: "five",
    9: "nine",
    13: "thirteen",
    18: "eighteen",
    20: "twenty",
    24: "twenty-four",
}
# The geese side's pieces, as the prose names them.
GEESE_WORD = {"fox-geese": "geese", "officers-rebels": "rebels", "tigers-goats": "goats"}


@pytest.mark.parametrize("game", load_games(), ids=lambda g: g.id)
def test_english_prose_agrees_with_the_engine_data(game):
    """The prose is written by hand; this catches it drifting from game/."""
    variant = game.variant
    prose = " ".join(game.rules)
    for sq in variant.foxes:
        assert square_name(sq) in prose
    rules = variant.rules()
    geese = GEESE_WORD[game.pieces]
    assert NUMBER_WORDS[variant.default_geese] in prose
    if rules.in_hand:
        assert f"captured {NUMBER_WORDS[rules.captures_to_win]} {geese}" in prose
        assert "in hand" in prose and "move first" in prose
    else:
        assert f"fewer than {NUMBER_WORDS[variant.fox_wins_below]} {geese}" in prose
    assert ("capturing is compulsory" in prose.lower()) == variant.forced_capture
    assert ("huffing" in prose) == variant.huffing
    assert ("sideways" in prose) == bool(
        variant.sideways_option
        or ("sideways" in variant.goose_moves and "backward" not in variant.goose_moves)
    )
    board = variant.board
    if len(board.points) == board.width * board.height:
        assert f"{board.width} by {board.height} points" in prose
    else:
        assert f"{len(board.points)} points" in prose
    if variant.pen:
        assert f"{NUMBER_WORDS[len(variant.pen)]} points" in prose


def test_colours_come_from_the_stylesheet_only(tmp_path):
    """Diagrams (their fallback attributes) and the manifests use site.css's custom
    properties, so no colour is defined twice."""
    css = colours()
    assert {"bg", "accent", "board", "board-pen", "goose", "fox-fill"} <= set(css)
    for game in VARIANTS:
        svg = board_svg(rules_for(game), title="t", interactive=True)
        assert set(re.findall(r"#[0-9a-fA-F]{3,8}\b", svg)) <= set(css.values())
    (tmp_path / "en").mkdir()
    write_manifests(tmp_path, ["en"])
    manifest = json.loads((tmp_path / "en" / "manifest.webmanifest").read_text())
    assert (manifest["background_color"], manifest["theme_color"]) == (css["bg"], css["accent"])


def test_the_fox_side_of_each_game_is_drawn_as_its_own_piece():
    # A tiger's stripes and an officer's cap over the hunters' shared head; a fox has neither.
    looks = {"fox-geese": (), "tigers-goats": ("stripes",), "officers-rebels": ("cap",)}
    for game in load_games():
        svg = str(board_svg(game.variant.rules(), title="x", dress=game.book.dress))
        for mark in ("stripes", "cap"):
            expected = len(game.variant.foxes) if mark in looks[game.pieces] else 0
            assert svg.count(f'class="{mark}"') == expected, (game.id, mark)
