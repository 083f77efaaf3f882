"""Which side each table favours (content/*.toml `favours`, site_builder/balance.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from babel.support import NullTranslations

from site_builder import balance
from site_builder.content import Favours, load_games

GAMES = {g.id: g for g in load_games()}
EN = NullTranslations()


def tables_of(game) -> list[dict]:
    return balance.tables(game, game.book.phrases(EN, game.variant), EN)


def by_geese(game_id: str, sideways: bool = False) -> dict[int, dict]:
    tables = tables_of(GAMES[game_id])
    return {t["geese"]: t for t in tables if t["sideways"] == sideways}


def test_the_geese_are_offered_the_table_kindest_to_them():
    tables = by_geese("fox-and-geese")
    # 13, 15 and 17 are all fox wins worked out exactly: more geese are kinder to the geese.
    assert tables[13]["offer"]["geese"] == 17
    assert tables[15]["offer"]["geese"] == 17
    assert tables[17]["offer"] is None
    assert tables[13]["label"] == "13 geese, no sideways steps"
    assert all("best play" in t["text"] for t in tables.values())
    # With sideways steps, 13 geese are a geese win (tools/solver/results/sideways-13.json).
    sideways = by_geese("fox-and-geese", sideways=True)[13]
    assert (sideways["side"], sideways["offer"]) == ("geese", None)
    assert sideways["label"] == "13 geese, sideways steps allowed"


def test_a_table_not_proven_lost_is_kinder_than_more_geese_proven_lost():
    game = GAMES["fox-and-geese"]
    proven, measured = (Favours(17, False, "fox", "solved"), Favours(13, False, "fox", "measured"))
    mixed = replace(game, favours=(Favours(15, False, "fox", "solved"), proven, measured))
    assert balance.kinder(mixed, proven) == measured
    assert balance.kinder(mixed, measured) is None


def test_a_table_the_geese_win_offers_nothing():
    (table,) = by_geese("two-foxes").values()
    assert table["side"] == "geese" and table["offer"] is None


def test_every_game_says_who_its_default_table_favours():
    for game in GAMES.values():
        default = game.variant.default_geese
        assert any(t.geese == default and not t.sideways for t in game.favours), game.id


def test_bagh_chal_gives_the_published_draw_as_a_solved_result():
    (table,) = by_geese("bagh-chal").values()
    assert (table["side"], table["known"], table["offer"]) == ("draw", "solved", None)
    assert table["label"] == "20 goats in the game"
    assert table["text"].startswith("Neither side can force a win")
    assert "Tigers and Goats is a draw" in " ".join(GAMES["bagh-chal"].balance)


def test_asalto_names_its_rebels_for_the_side_its_test_games_favour():
    (table,) = by_geese("asalto").values()
    assert (table["side"], table["known"], table["offer"]) == ("geese", "measured", None)
    assert table["label"] == "24 rebels in the game"
    assert table["text"].startswith("The rebels usually win")


def test_a_measured_side_of_a_game_with_its_own_pieces_needs_its_own_sentence():
    # "The fox side usually wins" must not be said of the officers.
    game = replace(GAMES["asalto"], favours=(Favours(24, False, "fox", "measured"),))
    with pytest.raises(
        ValueError, match=r"'balance\.fox\.measured' for the pieces 'officers-rebels'"
    ):
        tables_of(game)


def write_game(folder: Path, favours: str) -> None:
    text = (Path("content") / "two-foxes.toml").read_text(encoding="utf-8")
    start = text.index("favours = ")
    end = text.index("\n", start)
    (folder / "two-foxes.toml").write_text(
        text[:start] + "favours = " + favours + text[end:], encoding="utf-8"
    )


@pytest.mark.parametrize(
    "favours",
    [
        '[{ geese = 13, side = "geese", known = "measured" }]',  # no such table
        '[{ geese = 20, sideways = true, side = "geese", known = "measured" }]',  # no option
        '[{ geese = 20, side = "goose", known = "measured" }]',
        '[{ geese = 20, side = "geese", known = "guessed" }]',
        # A solver summary settles only a table solved here.
        '[{ geese = 20, side = "geese", known = "measured", summary = "forward-13.json" }]',
    ],
)
def test_a_content_file_cannot_name_a_table_or_fact_that_does_not_exist(tmp_path, favours):
    write_game(tmp_path, favours)
    with pytest.raises(ValueError, match="favours"):
        load_games(tmp_path)


def test_every_table_solved_here_is_what_its_committed_summary_says():
    # A table this project's solver settles (Fox and Geese, with or without sideways steps)
    # needs its summary in tools/solver/results/, and the side it is said to favour must be
    # the start's value.
    for game in GAMES.values():
        assert balance.unsupported(game) == [], game.id


def write_summary(path: Path, sideways: bool, value: str) -> None:
    summary = {
        "game": "fox-and-geese",
        "sideways": sideways,
        "geese": 13,
        "start_fox_to_move": value,
    }
    path.write_text(json.dumps(summary))


@pytest.mark.parametrize(
    ("sideways", "value"),
    [(True, "fox"), (True, "geese"), (True, "draw"), (False, "fox"), (False, "geese")],
)
def test_a_solved_table_is_stated_once_its_summary_is_there(tmp_path, sideways, value):
    game = GAMES["fox-and-geese"]
    name = f"{'sideways' if sideways else 'forward'}-13.json"
    solved = replace(game, favours=(Favours(13, sideways, value, "solved", name),))
    assert balance.unsupported(solved, tmp_path) == [
        f"fox-and-geese {solved.favours[0]}: no {name} in {tmp_path}"
    ]
    write_summary(tmp_path / name, sideways, value)
    assert balance.unsupported(solved, tmp_path) == []
    (table,) = tables_of(solved)
    if sideways:
        assert table["label"] == "13 geese, sideways steps allowed"
        assert table["text"].startswith("With sideways steps")
    else:
        assert table["label"] == "13 geese, no sideways steps"
    # A statement the summary contradicts is caught.
    other = "draw" if value == "fox" else "fox"
    wrong = replace(game, favours=(Favours(13, sideways, other, "solved", name),))
    assert balance.unsupported(wrong, tmp_path) == [
        f"fox-and-geese {wrong.favours[0]}: {name} says {value}"
    ]


def test_the_three_sideways_sentences_differ():
    game = GAMES["fox-and-geese"]
    says = game.book.phrases(EN, game.variant)
    texts = {
        balance.sentence(game, Favours(13, True, side, "solved"), says, EN)
        for side in ("fox", "geese", "draw")
    }
    assert len(texts) == 3


def test_bagh_chal_states_the_movement_phase_as_its_committed_summary_has_it():
    summary = json.loads((balance.RESULTS / "bagh-chal.json").read_text())
    start = summary["layers"]["20"]
    first, second = balance.movement_phase(GAMES["bagh-chal"], NullTranslations(), "en")
    assert "705,743,500" in first and "88,260,972" in first
    assert summary["positions"] == 705_743_500 and summary["up_to_symmetry"] == 88_260_972
    for n in (
        start["tigers_to_move_win"],
        start["tigers_to_move_loss"],
        start["tigers_to_move_draw"],
    ):
        assert f"{n:,}" in second
    assert balance.movement_phase(GAMES["fox-and-geese"], NullTranslations(), "en") == []
