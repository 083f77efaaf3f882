"""Positions set up by hand (game/setup.py, docs/analysis.md): the check that refuses an
impossible one with every reason, and the worker's call."""

import pytest

from game import Position, api, rules_for
from game.codes import RecordCode, SetupProblem
from game.setup import Problem, Setup, check_setup

START_13 = ["c1", "d1", "e1", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "f3", "g3"]
TIGERS = ["a1", "e1", "a5", "e5"]
# Asalto's rebels at the start: every point outside the fortress (the top arm).
REBELS = [
    *("c1", "d1", "e1", "c2", "d2", "e2"),
    *("a3", "b3", "c3", "d3", "e3", "f3", "g3"),
    *("a4", "b4", "c4", "d4", "e4", "f4", "g4"),
    *("a5", "b5", "f5", "g5"),
]


def codes(result):
    assert isinstance(result, list), result
    return [p.code for p in result]


def test_the_start_and_a_position_of_a_game_are_valid():
    setup = check_setup("fox-and-geese", ["d4"], START_13, "fox")
    assert isinstance(setup, Setup)
    assert setup.position().legal_moves() == Position(rules_for("fox-and-geese")).legal_moves()
    setup = check_setup("fox-and-geese", ["c7"], ["c5", "d5", "e4", "a5"], "geese", 13)
    assert isinstance(setup, Setup)
    assert setup.as_dict()["goose_points"] == ["e4", "a5", "c5", "d5"]  # row by row


def test_every_game_takes_its_own_pieces_and_hand():
    # Bagh-Chal: goats on the board and in hand, the rest taken; one tiger may be hemmed in.
    setup = check_setup("bagh-chal", TIGERS, ["b2", "c3"], "fox", hand=16)
    assert isinstance(setup, Setup)
    position = setup.position()
    assert (position.hand, position.geese, position.turn.value) == (16, 2, "fox")
    assert setup.as_dict()["in_hand"] == 16
    # Asalto: an officer huffed off the board leaves one, which may be all that is left.
    assert isinstance(check_setup("asalto", ["d6"], REBELS, "fox"), Setup)
    assert isinstance(check_setup("asalto", ["c6", "e6"], REBELS[:-2], "geese"), Setup)
    # Two Foxes and Large Cross from their own starts, the geese to move.
    two = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "a4", "b4", "c4", "d4", "e4", "f4", "g4"]
    assert isinstance(check_setup("two-foxes", ["c7", "e7"], two, "geese"), Setup)
    big = ["d1", "e1", "f1", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", "i4"]
    assert isinstance(check_setup("large-cross", ["e7"], big, "fox"), Setup)


# Every impossible position of every game, with its reasons: the page words each code
# (texts.js, setupProblemText) and the browser test checks one in another language.
CASES = [
    ("fox-and-geese", ["a1"], START_13, "fox", {}, [(SetupProblem.NOT_A_POINT, ("a1",))]),
    ("fox-and-geese", ["d4"], ["z9", *START_13[1:]], "fox", {}, [("not-a-point", ("z9",))]),
    ("fox-and-geese", ["c3"], START_13, "fox", {}, [(SetupProblem.TWO_ON_A_POINT, ("c3",))]),
    (
        "fox-and-geese",
        ["d4"],
        [*START_13[:-1], "c3"],
        "fox",
        {},
        [(SetupProblem.TWO_ON_A_POINT, ("c3",))],
    ),
    ("fox-and-geese", [], START_13, "fox", {}, [(SetupProblem.FOX_COUNT, ())]),
    ("two-foxes", ["c7"], START_13, "fox", {}, [(SetupProblem.FOX_COUNT, ())]),
    ("fox-and-geese", ["d4"], [*START_13, "a4"], "fox", {}, [(SetupProblem.TOO_MANY_GEESE, ())]),
    ("fox-and-geese", ["d4"], ["d5", "d6", "e5"], "fox", {}, [(SetupProblem.TOO_FEW_GEESE, ())]),
    # Forward-only geese: a4 is reached only from a3 (or diagonally from b3, which is taken
    # by its own goose), and the goose of a3 is still there.
    (
        "fox-and-geese",
        ["d4"],
        ["a3", "b3", "a4", "e3", "f3"],
        "fox",
        {},
        [(SetupProblem.GOOSE_BEHIND_START, ("a4",))],
    ),
    ("fox-and-geese", ["d4"], START_13, "nobody", {}, [(SetupProblem.BAD_SIDE, ())]),
    (
        "fox-and-geese",
        ["d7"],
        ["c7", "e7", "c6", "d6", "e6", "d5", "c5"],
        "fox",
        {},
        [("game-over", ())],
    ),
    ("fox-and-geese", ["d4"], START_13, "fox", {"hand": 1}, [(SetupProblem.BAD_HAND, ())]),
    ("fox-and-geese", ["d4"], START_13, "fox", {"geese_option": 14}, [("bad-options", ())]),
    ("chess", ["d4"], START_13, "fox", {}, [(RecordCode.UNKNOWN_GAME, ())]),
    # Asalto: two officers at most, twenty-four rebels at most, none behind the start.
    ("asalto", ["c6", "e6", "d7"], REBELS, "fox", {}, [(SetupProblem.FOX_COUNT, ())]),
    ("asalto", ["c6", "e6"], [*REBELS, "d5"], "fox", {}, [(SetupProblem.TOO_MANY_GEESE, ())]),
    ("asalto", ["c6", "e6"], REBELS[:8], "fox", {}, [(SetupProblem.TOO_FEW_GEESE, ())]),
    ("asalto", [], REBELS, "geese", {}, [("game-over", ())]),
    # Bagh-Chal: four tigers; goats on the board and in hand at most twenty, at least
    # sixteen (five taken is the tigers' win); no more in hand than at the start.
    ("bagh-chal", TIGERS[:3], [], "geese", {"hand": 20}, [(SetupProblem.FOX_COUNT, ())]),
    ("bagh-chal", TIGERS, ["c3"], "geese", {"hand": 20}, [(SetupProblem.TOO_MANY_GEESE, ())]),
    ("bagh-chal", TIGERS, ["c3"], "fox", {"hand": 14}, [(SetupProblem.TOO_FEW_GEESE, ())]),
    ("bagh-chal", TIGERS, [], "geese", {"hand": 21}, [(SetupProblem.BAD_HAND, ())]),
    ("bagh-chal", TIGERS, [], "geese", {"hand": -1}, [(SetupProblem.BAD_HAND, ())]),
    ("bagh-chal", TIGERS, [], "geese", {"hand": "3"}, [(SetupProblem.BAD_HAND, ())]),
    ("bagh-chal", ["a1", "e1", "a5", "f5"], [], "geese", {"hand": 20}, [("not-a-point", ("f5",))]),
]


@pytest.mark.parametrize(("game", "foxes", "geese", "to_move", "options", "expected"), CASES)
def test_an_impossible_position_is_refused_with_its_reasons(
    game, foxes, geese, to_move, options, expected
):
    found = check_setup(game, foxes, geese, to_move, **options)
    assert isinstance(found, list), found
    assert all(isinstance(p, Problem) for p in found)
    assert [(p.code, p.points) for p in found] == expected


def test_every_reason_is_given_at_once():
    found = check_setup("fox-and-geese", ["d4", "g7"], ["c1", "c1", "a1"], "up")
    assert set(codes(found)) == {
        SetupProblem.NOT_A_POINT,
        SetupProblem.TWO_ON_A_POINT,
        SetupProblem.FOX_COUNT,
        SetupProblem.TOO_FEW_GEESE,
        SetupProblem.BAD_SIDE,
    }
    found = check_setup("bagh-chal", ["a1"], ["a1", "b2"], "geese", hand=30)
    assert set(codes(found)) == {
        SetupProblem.TWO_ON_A_POINT,
        SetupProblem.FOX_COUNT,
        SetupProblem.BAD_HAND,
    }
    # No fox at all: the foxes are missing, and the geese too few for a side that is not there
    # is not said; with the fox put down it is.
    for game in ("fox-and-geese", "two-foxes", "large-cross", "bagh-chal"):
        assert codes(check_setup(game, [], [], "fox")) == [SetupProblem.FOX_COUNT], game
    assert codes(check_setup("fox-and-geese", ["d4"], [], "fox")) == [SetupProblem.TOO_FEW_GEESE]


def test_too_many_geese_names_the_tables_count():
    # A link's reader knows neither the game's table nor its count: the problem says it.
    found = check_setup("fox-and-geese", ["d4"], [*START_13, "a4"], "fox", geese_option=13)
    assert [p.as_dict() for p in found] == [
        {"code": "too-many-geese", "points": [], "reason": None, "most": 13}
    ]
    found = check_setup("bagh-chal", TIGERS, ["b2", "c3"], "fox", hand=20)
    assert [(p.code, p.most) for p in found] == [("too-many-geese", 20)]


def test_a_finished_position_names_how_it_ended():
    found = check_setup("fox-and-geese", ["d7"], ["c7", "e7", "c6", "d6", "e6", "d5", "c5"], "fox")
    assert [p.as_dict() for p in found] == [
        # 13 geese: the fox wins by its tenth capture, which the words of other endings name.
        {"code": "game-over", "points": [], "reason": "fox-trapped", "captures_to_win": 10}
    ]
    found = check_setup(
        "two-foxes", ["a3", "a4"], ["c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"], "fox"
    )
    assert [p.reason for p in found] == ["pen-full"]
    assert [p.reason for p in check_setup("asalto", [], REBELS, "geese")] == ["foxes-gone"]
    # No officer and too few rebels to go on: the officers are gone, not winners.
    for rebels in ([], REBELS[:3]):
        found = check_setup("asalto", [], rebels, "fox")
        assert [(p.code, p.reason) for p in found] == [("game-over", "foxes-gone")]
    assert [p.code for p in check_setup("asalto", ["d6"], REBELS[:3], "fox")] == ["too-few-geese"]
    # Every goat on the board, on every point but b3, out of the tigers' reach: they are
    # hemmed in, to move.
    goats = [f"{c}{r}" for r in "12345" for c in "abcde" if f"{c}{r}" not in [*TIGERS, "b3"]]
    found = check_setup("bagh-chal", TIGERS, goats, "fox")
    assert [p.reason for p in found] == ["fox-trapped"]


def test_geese_may_stand_anywhere_they_can_walk_to():
    ahead = ["a3", "b3", "a4", "e3", "f3"]
    assert codes(check_setup("fox-and-geese", ["d4"], ahead, "fox")) == ["goose-behind-start"]
    # With sideways steps the goose of c3 may have walked to a3 and the one of a3 on to a4.
    assert isinstance(check_setup("fox-and-geese", ["d4"], ahead, "fox", 13, True), Setup)
    # Fifteen geese start on a4 too.
    assert isinstance(check_setup("fox-and-geese", ["d4"], ahead, "fox", 15), Setup)
    # Goats are placed from the hand: anywhere.
    assert isinstance(check_setup("bagh-chal", TIGERS, ["c1", "c2"], "fox", hand=18), Setup)


def test_the_worker_checks_a_set_up_position_and_gives_its_record():
    ok = api.check_setup("fox-and-geese", ["d4"], START_13[6:], "geese", 13)
    expected = check_setup("fox-and-geese", ["d4"], START_13[6:], "geese").as_dict()
    assert ok["setup"] == {**expected, "record": "3.fox-and-geese.13.-.d4-a3b3c3d3e3f3g3-geese"}
    assert api.load(ok["setup"]["record"])["pieces"]["goose"] == START_13[6:]
    # The game's own start is no set-up position: its record is the usual one.
    start = api.check_setup("fox-and-geese", ["d4"], START_13, "fox")["setup"]["record"]
    assert start == "1.fox-and-geese.13"
    goats = api.check_setup("bagh-chal", TIGERS, ["c3"], "fox", hand=19)["setup"]["record"]
    assert goats == "3.bagh-chal.20.-.a1e1a5e5-c3-fox-19"
    bad = api.check_setup("fox-and-geese", ["d4", "d5"], START_13, "fox")
    assert bad == {"problems": [{"code": "fox-count", "points": [], "reason": None}]}


def test_a_game_from_a_set_up_position_is_reviewed_and_hinted_like_any():
    record = "3.fox-and-geese.13.-.d4-c1d1e1a3c3d3e3-geese.c3-c4.d4-e4"
    first = api.review(record, seconds=0.0)
    assert [r["ply"] for r in first["rows"]] == [2] and first["next"] == 1
    rest = api.review(record, until=first["next"], seconds=0.0, rows=first["rows"])
    assert [(r["ply"], r["side"], r["move"]) for r in rest["rows"]] == [(1, "geese", "c3-c4")]
    found = api.hint(record, seconds=0.2)
    assert found["move"] in [m["move"] for m in api.load(record)["legal"]]
