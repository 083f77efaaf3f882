"""Game records (the URL serialization) and the worker API."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings

from game import VARIANTS, Position, RecordCode, Side, api, codes, parse_square, rules_for
from game.record import MAX_LENGTH, GameRecord, RecordError
from game.setup import Start
from game.view import end_points
from tests.helpers import CONFIGS, SWEEP, finished_game, fragments, set_up_game, share


def test_encode_decode_round_trip():
    record = GameRecord.new("fox-and-geese", 17, True).with_moves(["d4-d5", "a5-b5", "d5-d6"])
    text = record.encode()
    assert text == "1.fox-and-geese.17s.d4-d5.a5-b5.d5-d6"
    assert GameRecord.decode(text) == record
    assert GameRecord.decode("1.two-foxes.20").replay().ply == 0


def test_a_link_names_its_senders_side_and_old_links_stay_readable():
    record = GameRecord.new("fox-and-geese", side="fox").with_moves(["d4-c4"])
    assert record.encode() == "2.fox-and-geese.13.fox.d4-c4"
    assert GameRecord.decode(record.encode()) == record
    assert record.with_moves([*record.moves, "c3-b4"]).side == "fox"  # kept as moves are added
    old = GameRecord.decode("1.fox-and-geese.13.d4-c4")
    assert old.side is None and old.moves == record.moves
    assert old.encode() == "1.fox-and-geese.13.d4-c4"  # written as it was read
    # The page reads the header from the engine, never from the text.
    state = api.load("2.two-foxes.20.geese.c7-c6")
    assert (state["game"], state["geese"], state["sideways"], state["side"]) == (
        "two-foxes",
        20,
        False,
        "geese",
    )
    assert api.load("1.fox-and-geese.13.d4-c4", side="geese")["record"] == (
        "2.fox-and-geese.13.geese.d4-c4"
    )
    assert api.load("2.fox-and-geese.13.geese.d4-c4", side="")["record"] == (
        "1.fox-and-geese.13.d4-c4"
    )
    assert api.new_game("fox-and-geese", side="fox")["record"] == "2.fox-and-geese.13.fox"
    assert api.load("1.fox-and-geese.13.d4-c4.c3-b4", ply=1)["moves"] == ["d4-c4"]


def test_records_of_games_with_placements_and_huffs_round_trip():
    goats = GameRecord.new("bagh-chal", side="geese").with_moves(["@c3", "a1-b1", "@b2", "b1-a1"])
    assert goats.encode() == "2.bagh-chal.20.geese.@c3.a1-b1.@b2.b1-a1"
    assert GameRecord.decode(goats.encode()) == goats
    assert goats.replay().hand == 18
    state = api.load(goats.encode())
    assert (state["in_hand"], state["to_move"], state["legal"][0]["move"]) == (18, "geese", "@a2")
    assert (state["captured"], state["captures_to_win"]) == (0, 5)
    taken = api.load("1.bagh-chal.20.@b2.a1xc3")
    assert (taken["captured"], taken["in_hand"], taken["pieces"]["goose"]) == (1, 19, [])
    bad = api.play(goats.encode(), "c3-c4")
    assert (bad["error"]["reason"], bad["error"]["valid_prefix"]) == ("must-place", goats.encode())
    assert api.play("1.bagh-chal.20", "@c3")["record"] == "1.bagh-chal.20.@c3"
    # Asalto: c4-c5 offers c6 a jump; whichever officer steps instead, c6 is huffed.
    state = api.load("1.asalto.24.c4-c5.e6-d6")
    assert state["huffed"] == ["c6"] and state["events"] == ["huff"]
    assert state["pieces"]["fox"] == ["d6"] and state["to_move"] == "geese"
    state = api.load("1.asalto.24.c4-c5.c6-d5")  # huffed where it landed
    assert (state["huffed"], state["pieces"]["fox"]) == (["d5"], ["e6"])
    assert api.load("1.asalto.24.c4-c5.c6xc4")["huffed"] == []
    assert api.load("1.asalto.24.c4-c5.e6-d6", ply=1)["events"] == []


@pytest.mark.parametrize(
    ("text", "code", "ply"),
    [
        ("", "empty", None),
        ("4.fox-and-geese.13", "bad-version", None),
        ("hello", "not-a-record", None),
        ("2.fox-and-geese.13", "truncated", None),
        ("2.fox-and-geese.13.wolf", "bad-options", None),
        ("2.fox-and-geese.13.d4-c4", "bad-options", None),
        ("1", "truncated", None),
        ("1.fox-and-geese", "truncated", None),
        ("1.chess.13", "unknown-game", None),
        ("1.fox-and-geese.14", "bad-options", None),
        ("1.fox-and-geese.13x", "bad-options", None),
        ("1.two-foxes.20s", "bad-options", None),
        ("1.large-cross.13", "bad-options", None),
        ("1.fox-and-geese.13.d4-d5.zz", "bad-notation", 2),
        ("1.fox-and-geese.13.d4-d5.", "bad-notation", 2),
        ("1.fox-and-geese.13.d4-d5.d3-d2", "illegal-move", 2),
        ("1.fox-and-geese.13." + "d4-d5." * 4000, "too-long", None),
    ],
)
def test_corrupt_records_are_rejected_with_a_reason(text, code, ply):
    with pytest.raises(RecordError) as info:
        GameRecord.decode(text)
    assert info.value.code == code
    assert info.value.ply == ply
    assert len(text) <= MAX_LENGTH or code == "too-long"


# -- version 3: a game from a position set up by hand ---------------------------------------


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_a_game_from_a_set_up_position_round_trips(game, geese, sideways):
    for seed in range(4):
        record = set_up_game(game, geese, sideways, seed, plies=6 + 5 * seed)
        text = record.encode()
        assert text.startswith(f"3.{game}.{record.options}.-.")
        assert GameRecord.decode(text) == record
        sent = record.with_side("geese")
        assert GameRecord.decode(sent.encode()) == sent
        # The start is the position it was taken from: pieces, side to move, geese in hand.
        start = record.start_position()
        assert Start.of(start) == record.start and start.ply == 0
        state = api.load(text)
        assert (state["start"], state["record"]) == (text.split(".")[4], text)
        assert state["moves"] == list(record.moves)
        assert api.load(text, ply=0)["pieces"] == api.load(record.with_moves(()).encode())["pieces"]
        taken = record.rules().total_geese - start.geese - start.hand
        assert api.load(text, ply=0)["captured"] == taken


def test_a_set_up_position_names_its_points_side_and_hand():
    record = GameRecord.decode("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese.c3-c4")
    assert (record.side, record.moves, record.start.turn) == (None, ("c3-c4",), Side.GEESE)
    assert record.replay().geese == 6
    goats = GameRecord.decode("3.bagh-chal.20.fox.a1e1a5e5-b2c3-geese-17.@d4")
    assert goats.side == "fox"
    position = goats.replay()
    assert (position.hand, position.geese, position.turn) == (16, 3, Side.FOX)
    assert api.load(goats.encode())["captured"] == 1
    officers = GameRecord.decode("3.asalto.24.-.d6-" + "a3b3c3d3e3f3g3a4b4c4d4e4f4g4-geese.d4-d5")
    assert officers.replay().foxes == [parse_square("d6")]
    # The game's own start is written as ever: one position, one record.
    same = "3.fox-and-geese.13.-.d4-c1d1e1c2d2e2a3b3c3d3e3f3g3-fox.d4-c4"
    assert GameRecord.decode(same).encode() == "1.fox-and-geese.13.d4-c4"
    assert (
        GameRecord.decode("3.bagh-chal.20.fox.a1e1a5e5--geese-20").encode() == "2.bagh-chal.20.fox"
    )
    # A side set later keeps the start.
    assert api.load("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese", side="fox")["record"] == (
        "3.fox-and-geese.13.fox.d4-c1d1e1c3d3e3-geese"
    )


@pytest.mark.parametrize(
    ("text", "code", "problems"),
    [
        ("3.fox-and-geese.13.-", "truncated", []),
        ("3.fox-and-geese.13.wolf.d4-c1c3-fox", "bad-options", []),
        ("3.fox-and-geese.13.d4-c1d1e1c3d3e3-geese", "truncated", []),
        ("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3", "bad-start", []),
        ("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-geese-0", "bad-start", []),  # no hand here
        ("3.fox-and-geese.13.-.d4-C1d1e1c3d3e3-geese", "bad-start", []),
        ("3.fox-and-geese.13.-.d4-d1c1e1c3d3e3-geese", "bad-start", []),  # not in board order
        ("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3e3-geese", "bad-start", ["two-on-a-point"]),
        ("3.fox-and-geese.13.-.d4-c1d1e1c3d3e3-goose", "bad-start", ["bad-side"]),
        ("3.fox-and-geese.13.-.d4e4-c1d1-fox", "bad-start", ["fox-count", "too-few-geese"]),
        ("3.fox-and-geese.13.-.d4-a1c1d1e1-fox", "bad-start", ["not-a-point"]),
        ("3.fox-and-geese.13.-.d4-a3b3a4e3f3-fox", "bad-start", ["goose-behind-start"]),
        ("3.fox-and-geese.13.-.d7-c5d5c6e6c7e7d6-fox", "bad-start", ["game-over"]),
        ("3.bagh-chal.20.-.a1e1a5e5-c3-fox", "bad-start", []),  # the hand is missing
        ("3.bagh-chal.20.-.a1e1a5e5-c3-fox-020", "bad-start", []),
        ("3.bagh-chal.20.-.a1e1a5e5-c3-fox-20", "bad-start", ["too-many-geese"]),
        ("3.bagh-chal.20.-.a1e1a5e5-c3-fox-999", "bad-start", ["bad-hand"]),
        ("3.asalto.24.-.c6d6e6-a3b3c3d3e3f3g3a4b4c4-geese", "bad-start", ["fox-count"]),
    ],
)
def test_a_corrupt_start_is_rejected_with_its_reasons(text, code, problems):
    with pytest.raises(RecordError) as info:
        GameRecord.decode(text)
    assert (info.value.code, [p.code for p in info.value.problems]) == (code, problems)
    assert info.value.ply is None and info.value.prefix is None
    error = api.load(text)["error"]
    assert (error["code"], [p["code"] for p in error["problems"]]) == (code, problems)


def test_a_set_up_game_keeps_its_longest_valid_prefix():
    start = "3.fox-and-geese.13.fox.d4-c1d1e1c3d3e3-geese"
    with pytest.raises(RecordError) as info:
        GameRecord.decode(f"{start}.c3-c4.d4-d5.c4-c3")
    error = info.value
    assert (error.code, error.ply, error.reason) == ("illegal-move", 3, "goose-backward")
    assert error.prefix.encode() == f"{start}.c3-c4.d4-d5"
    with pytest.raises(RecordError) as info:
        GameRecord.decode(f"{start}.zz")
    assert (info.value.code, info.value.prefix.encode()) == ("bad-notation", start)


@pytest.mark.parametrize(
    ("game", "geese", "sideways"),
    [
        ("two-foxes", None, True),  # geese always move sideways there: no option to turn on
        ("large-cross", None, True),
        ("fox-and-geese", 14, False),
        ("two-foxes", 13, False),
    ],
)
def test_every_entry_point_rejects_the_same_options(game, geese, sideways):
    """Options are checked once (Variant.rules): the API, new records and decoded records
    refuse alike, and none of them drops an option silently."""
    with pytest.raises(ValueError, match=r"sideways option|geese"):
        rules_for(game, geese, sideways)
    with pytest.raises(RecordError) as info:
        GameRecord.new(game, geese, sideways)
    assert info.value.code == "bad-options"
    assert api.new_game(game, geese, sideways)["error"]["code"] == "bad-options"
    count = GameRecord.new(game).geese if geese is None else geese
    text = f"1.{game}.{count}{'s' if sideways else ''}"
    with pytest.raises(RecordError) as info:
        GameRecord.decode(text)
    assert info.value.code == "bad-options"
    assert api.load(text)["error"]["code"] == "bad-options"


def test_rejection_keeps_the_longest_valid_prefix():
    with pytest.raises(RecordError) as info:
        GameRecord.decode("1.fox-and-geese.13.d4-d5.c3-c4.d5-d4.c4-c3")
    error = info.value
    assert (error.code, error.ply, error.move, error.reason) == (
        "illegal-move",
        4,
        "c4-c3",
        "goose-backward",
    )
    assert error.prefix.encode() == "1.fox-and-geese.13.d4-d5.c3-c4.d5-d4"


@pytest.mark.parametrize("game", list(VARIANTS))
def test_moves_after_the_end_are_rejected(game):
    record = finished_game(game, 1)
    with pytest.raises(RecordError) as info:
        GameRecord.decode(record.encode() + ".d4-d5")
    assert (info.value.ply, info.value.reason) == (len(record.moves) + 1, "game-over")
    assert info.value.prefix == record


@pytest.mark.parametrize("rest", SWEEP)
def test_every_fragment_gives_a_game_or_a_reason_the_page_explains(rest):
    """The generator of the page's fuzz test (tests/e2e), here against the deserializer."""

    @settings(max_examples=share(1500, rest), deadline=None)
    @given(fragments)
    def check(text):
        try:
            record, error = GameRecord.decode(text), None
        except RecordError as raised:
            record, error = None, raised
        if error is not None:
            assert error.code in set(RecordCode) and str(error)
            assert (error.ply is not None) == (error.code in ("bad-notation", "illegal-move"))
            if error.prefix is not None:  # the offer is playable
                assert GameRecord.decode(error.prefix.encode()) == error.prefix
            assert api.load(text)["error"]["code"] == error.code
        else:
            assert record is not None
            assert GameRecord.decode(record.encode()) == record
            assert api.load(text)["record"] == record.encode()

    check()


def test_api_states_and_errors_are_plain_values():
    state = api.new_game("fox-and-geese", 15, True)
    assert state["record"] == "1.fox-and-geese.15s"
    assert (
        state["to_move"] == "fox"
        and state["result"] is None
        and state["legal"][0]["move"] == "d4-c4"
    )
    assert sorted(state["pieces"]["goose"])[:2] == ["a3", "a4"] and state["pieces"]["fox"] == ["d4"]
    after = api.play(state["record"], "d4-d5")
    assert after["record"] == "1.fox-and-geese.15s.d4-d5" and after["last"]["move"] == "d4-d5"
    assert after["to_move"] == "geese" and after["ply"] == 1
    bad = api.play(after["record"], "d3-d2")
    assert bad["error"]["code"] == "illegal-move" and bad["error"]["reason"] == "goose-backward"
    assert bad["error"]["ply"] == 2 and bad["error"]["valid_prefix"] == after["record"]
    assert api.load("1.fox-and-geese.99")["error"]["code"] == "bad-options"
    assert api.new_game("chess")["error"]["code"] == "unknown-game"


@pytest.mark.parametrize("game", list(VARIANTS))
def test_api_reports_the_result(game):
    record = finished_game(game, 2)
    outcome = record.replay().outcome()
    state = api.load(record.encode())
    assert state["legal"] == [] and state["ply"] == len(record.moves)
    assert (state["result"], state["reason"]) == (outcome.result, outcome.termination.value)
    # The points that show why it ended, for the board to mark.
    if state["reason"] == "fox-trapped":
        assert state["end"] == state["pieces"]["fox"]
    elif state["reason"] == "goose-count":
        assert state["end"][0] in state["pieces"]["fox"]
    elif state["reason"] == "pen-full":
        assert set(state["end"]) <= set(state["pieces"]["goose"])
    elif state["reason"] == "foxes-gone":
        assert state["end"] == state["huffed"] and state["pieces"]["fox"] == []
    assert api.ai_move(record.encode())["error"]["code"] == "game-over"


def test_end_points_name_what_ended_the_game():
    rules = rules_for("fox-and-geese")

    def sq(names):
        return [parse_square(n) for n in names.split()]

    trapped = Position(rules, [parse_square("d7")], sq("c7 e7 c6 d6 e6 d5"), Side.FOX)
    assert end_points(trapped) == ["d7"]
    # The capture that left three geese: the fox where its chain ended.
    taken = Position(rules, [parse_square("d4")], sq("d5 c1 d1 e1"), Side.FOX)
    taken.push(taken.parse_move("d4xd6"))
    assert end_points(taken) == ["d6"]
    going_on = Position(rules)
    assert end_points(going_on) == []


def test_the_code_tables_of_docs_notation_are_the_engine_s_registry() -> None:
    """docs/notation.md lists, under "Codes", one table per kind of code (the kind named in
    its heading); each lists exactly the codes of game/codes.py, in the registry's order."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "notation.md").read_text("utf-8")
    section = text[text.index("\n## Codes") :]
    tables: dict[str, list[str]] = {}
    for part in re.split(r"\n### ", section)[1:]:
        kind = re.search(r"\(`([a-z]+)`\)", part.splitlines()[0])
        assert kind, part.splitlines()[0]
        tables[kind.group(1)] = re.findall(r"^\| `([a-z-]+)` \|", part, re.MULTILINE)
    assert tables == codes.registry()
