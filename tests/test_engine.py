"""Rules engine: perft, move generation against a naive reference, endings, notation."""

import random

import pytest

from game import (
    CROSS_33,
    CROSS_45,
    GRID_5,
    IllegalMoveError,
    IllegalReason,
    Move,
    NotationError,
    Position,
    Side,
    Termination,
    parse_square,
    perft,
    rules_for,
    square_name,
)
from game.position import DRAW_PLIES, FOX, GOOSE
from tests.helpers import CONFIGS, SWEEP, share
from tests.reference_engine import Ref, pt

# Geese far from the action, so that two-foxes positions keep at least nine.
FILLER = " c1 e1 a3 g3 g4 a5 g5"
# Bagh-Chal goats out of the way, so that a position keeps at least sixteen.
GOATS = " b5 c5 d5 c4 d4 e4 d3 e3 b2 d2 e2 c1 d1 b4"


def sq(names: str) -> list[int]:
    return [parse_square(n) for n in names.split()]


def setup(game: str, foxes: str, geese: str, turn=Side.FOX, **options) -> Position:
    return Position(rules_for(game, **options), sq(foxes), sq(geese), turn)


# -- boards --------------------------------------------------------------


def test_cross_33_geometry():
    assert len(CROSS_33.points) == 33
    names = set(CROSS_33.names())
    assert {"c1", "a3", "g5", "e7", "d4"} <= names and not {"a1", "b6", "f2"} & names
    assert CROSS_33.linked(parse_square("c3"), parse_square("d4"))
    assert not CROSS_33.linked(
        parse_square("c6"), parse_square("b5")
    )  # square b5 c5 b6 c6 lacks b6


def test_cross_45_geometry():
    assert len(CROSS_45.points) == 45
    e5, f6, d4, e7 = sq("e5 f6 d4 e7")
    assert not CROSS_45.linked(e5, f6) and not CROSS_45.linked(d4, e5)
    diagonal_at = {
        p
        for a, b in CROSS_45.lines
        for p in (a, b)
        if abs(CROSS_45.column(a) - CROSS_45.column(b)) == 1
        and abs(CROSS_45.row(a) - CROSS_45.row(b)) == 1
    }
    assert e5 not in diagonal_at and e7 not in diagonal_at
    assert parse_square("e4") in diagonal_at and parse_square("d5") in diagonal_at


def test_boards_answer_geometry_questions():
    """What the site builder asks of a board instead of computing from square numbers."""
    c5 = parse_square("c5")
    assert (CROSS_33.column(c5), CROSS_33.row(c5)) == (2, 4)
    assert CROSS_33.diagonals_in_every_square and not CROSS_45.diagonals_in_every_square
    # A cross of two bands 3 points wide: 2 x (n - 1) squares per band, 4 shared.
    assert len(CROSS_33.unit_squares()) == 2 * 2 * 6 - 4
    assert len(CROSS_45.unit_squares()) == 2 * 2 * 8 - 4


def test_grid_5_geometry():
    """Bagh-Chal's board: every orthogonal neighbour joined, diagonals through even points."""
    assert len(GRID_5.points) == 25 and GRID_5.names()[0] == "a1" and "e5" in GRID_5.names()
    c3, d4, b2, b3, c4, a1, e5 = sq("c3 d4 b2 b3 c4 a1 e5")
    assert GRID_5.linked(c3, d4) and GRID_5.linked(a1, b2) and GRID_5.linked(b3, c3)
    assert not GRID_5.linked(b3, c4)  # b3 is odd: no diagonal through it
    diagonals = [(a, b) for a, b in GRID_5.lines if GRID_5.column(a) != GRID_5.column(b)]
    diagonals = [(a, b) for a, b in diagonals if GRID_5.row(a) != GRID_5.row(b)]
    assert len(GRID_5.lines) == 40 + len(diagonals) and len(diagonals) == 16
    assert GRID_5.neighbour(e5, (1, 1)) is None


def test_square_names_round_trip():
    for board in (CROSS_33, CROSS_45, GRID_5):
        for p in board.points:
            assert parse_square(square_name(p)) == p
    for bad in ("", "j1", "a0", "a10", "A1", "d4 "):
        with pytest.raises(ValueError, match="not a point name"):
            parse_square(bad)


# -- perft ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "counts"),
    [
        ("fox-and-geese", [5, 89, 572, 9778]),
        ("two-foxes", [6, 114, 778, 16208]),
        ("large-cross", [4, 68, 438, 8608]),
        ("asalto", [11, 100, 1302, 8710, 107802]),
        ("bagh-chal", [21, 252, 5052, 68204]),
    ],
)
def test_perft_matches_spec(game, counts):
    position = Position(rules_for(game))
    assert [perft(position, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("depth", [4, pytest.param(5, marks=pytest.mark.slow)])
@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_perft_matches_reference(game, geese, sideways, depth):
    """Depth 5 is beyond the table in docs/rules.md: cross-checked against the naive reference
    (depth 4 in `make test-fast`, every table still)."""
    ref = Ref(game, geese, sideways)
    assert perft(Position(rules_for(game, geese, sideways)), depth) == ref.perft(depth)


def _ref_state(position: Position):
    cells = position.cells
    names = position.rules.board.points
    foxes = frozenset(pt(square_name(s)) for s in names if cells[s] == FOX)
    geese = frozenset(pt(square_name(s)) for s in names if cells[s] == GOOSE)
    return foxes, geese, position.turn.value, position.hand


@pytest.mark.parametrize("rest", SWEEP)
@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_moves_match_reference_in_random_games(game, geese, sideways, rest):
    """Mid-game positions exercise jumps, chains and huffs, which the start position barely
    does; the position after each move played (huffed foxes gone) must be the reference's."""
    ref = Ref(game, geese, sideways)
    chains = huffs = 0
    first = share(60, False) if rest else 0
    for i in range(first, first + share(60, rest)):
        rng = random.Random(f"{game}{geese}{sideways}{i}")
        position = Position(rules_for(game, geese, sideways))
        while position.outcome() is None and position.ply < 200:
            state = _ref_state(position)
            theirs = dict(ref.moves(state))
            mine = sorted(str(m) for m in position.legal_moves())
            assert mine == sorted(theirs), [str(m) for m in position.moves]
            chains += sum(m.count("x") > 1 for m in mine)
            # Favour captures so games reach sparse, chain-rich positions.
            moves = position.legal_moves()
            jumps = [m for m in moves if m.jump]
            move = rng.choice(jumps if jumps and rng.random() < 0.7 else moves)
            position.push(move)
            assert _ref_state(position) == theirs[str(move)], [str(m) for m in position.moves]
            huffs += bool(position.huffed)
    assert (chains > 0) == ref.chains
    assert (huffs > 0) == ref.huffing


# -- moves and notation --------------------------------------------------


def test_notation_round_trips():
    for text in ("d4-d5", "d4xd6", "d4xd6xf6", "a3xc5xe3xc1", "i5-h5", "@c3"):
        assert str(Move.parse(text)) == text
    assert Move.parse("@c3").placement and Move.parse("@c3").path == tuple(sq("c3"))
    assert Move.parse("d4xd6xf6").captures == tuple(sq("d5 e6"))


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "d4",
        "d4-",
        "d4--d5",
        "d4xd6-d7",
        "D4-D5",
        "d4 - d5",
        "k1-k2",
        "d0-d1",
        "d4-d5x",
        "x",
        None,
        42,
        "d4-d5-d6",
        "d10-d9",
        "@",
        "@c3-c4",
        "c3@",
        "@@c3",
        "@C3",
        "@c3xc5",
    ],
)
def test_parsing_garbage_raises_notation_error(garbage):
    with pytest.raises(NotationError):
        Move.parse(garbage)


ILLEGAL = [
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.GEESE, "d3-d2", "goose-backward", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.GEESE, "c3-b3", "goose-sideways", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.GEESE, "d4-d5", "not-your-piece", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "d3-d4", "not-your-piece", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "e5-e6", "no-piece", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "d4-d3", "occupied", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "d4-d6", "not-a-line", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "d4-a1", "off-board", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.FOX, "d4xd6", "not-a-jump", None),
    ("fox-and-geese", "d4", "c3 d3 a3 g3", Side.GEESE, "c3xe5", "geese-cannot-jump", None),
    (
        "two-foxes",
        "d5 c7",
        "d4 d2 c3 b4" + FILLER,
        Side.FOX,
        "c7-c6",
        "capture-compulsory",
        None,
    ),
    (
        "two-foxes",
        "d5 c7",
        "d4 d2 c3 b4" + FILLER,
        Side.FOX,
        "d5xd3",
        "chain-must-continue",
        None,
    ),
    # Asalto: rebels never step backward, even where they may step sideways.
    ("asalto", "c6 e6", "d3 c4" + FILLER, Side.GEESE, "d3-d2", "goose-backward", None),
    ("asalto", "c6 e6", "d3 c4" + FILLER, Side.GEESE, "d3-d5", "not-a-line", None),
    # Bagh-Chal: placing while goats are in hand, one jump per move.
    ("bagh-chal", "a1 e1 a5 e5", "c3", Side.GEESE, "c3-c4", "must-place", 19),
    ("bagh-chal", "a1 e1 a5 e5", "c3", Side.GEESE, "@c3", "occupied", 19),
    ("bagh-chal", "a1 e1 a5 e5", "c3", Side.GEESE, "@a1", "occupied", 19),
    ("bagh-chal", "a1 e1 a5 e5", "c3", Side.GEESE, "@f6", "off-board", 19),
    ("bagh-chal", "a1 e1 a5 e5", "c3", Side.FOX, "@c4", "none-in-hand", 19),
    ("bagh-chal", "a1 e1 a5 e5", "c3 b1" + GOATS, Side.GEESE, "@c4", "none-in-hand", None),
    (
        "bagh-chal",
        "a1 e1 a5 e5",
        "a2 b3" + GOATS,
        Side.FOX,
        "a1xa3xc3",
        "one-jump-per-move",
        None,
    ),
    ("bagh-chal", "a1 e1 a5 e5", "c2 b1" + GOATS, Side.GEESE, "c2-b3", "not-a-line", None),
]


def test_every_reason_a_move_is_refused_is_reachable():
    assert {case[5] for case in ILLEGAL} | {"game-over"} == set(IllegalReason)


@pytest.mark.parametrize(("game", "foxes", "geese", "turn", "move", "reason", "hand"), ILLEGAL)
def test_illegal_moves_say_why(game, foxes, geese, turn, move, reason, hand):
    position = Position(rules_for(game), sq(foxes), sq(geese), turn, hand)
    with pytest.raises(IllegalMoveError) as info:
        position.parse_move(move)
    assert info.value.code == reason


def test_optional_chain_may_stop_after_any_jump():
    position = setup("fox-and-geese", "d5", "d4 d2 a3 g3")
    moves = {str(m) for m in position.legal_moves()}
    assert {"d5xd3", "d5xd3xd1"} <= moves
    assert "d5-d6" in moves  # capture is optional


def test_forced_chain_must_continue_but_need_not_be_longest():
    position = setup("two-foxes", "d5 c7", "d4 d2 c3 b4" + FILLER)
    assert sorted(str(m) for m in position.legal_moves()) == ["d5xd3xb3xb5", "d5xd3xd1"]


def test_chain_may_land_where_it_passed_and_never_jumps_a_goose_twice():
    position = setup("fox-and-geese", "c3", "c4 d5 e4 d3 a3 g3")
    moves = [str(m) for m in position.legal_moves()]
    assert "c3xc5xe5xe3xc3" in moves and "c3xe3xe5xc5xc3" in moves
    for m in moves:
        caps = Move.parse(m).captures
        assert len(set(caps)) == len(caps)
    position.push(Move.parse("c3xc5xe5xe3xc3"))
    assert position.geese == 2 and position.cells[parse_square("c3")] == FOX


def test_foxes_never_jump_foxes():
    position = setup("two-foxes", "d4 d5", "c2 e2" + FILLER)
    moves = position.legal_moves()
    assert "d4-c4" in map(str, moves)  # no capture is compulsory: d5 is a fox, not a goose
    assert not any(m.jump for m in moves)


def snapshot(position: Position) -> tuple[object, ...]:
    """Everything push/pop must restore."""
    return (
        list(position.cells),
        sorted(position.foxes),
        position.hash,
        position.clock,
        position.turn,
        position.geese,
        dict(position._seen),
    )


def test_push_pop_restores_everything():
    position = Position(rules_for("two-foxes"))
    rng = random.Random(3)
    for _ in range(40):
        moves = position.legal_moves()
        if not moves:
            break
        before = snapshot(position)
        for m in moves:
            position.push(m)
            position.pop()
            assert before == snapshot(position)
        position.push(rng.choice(moves))


# -- endings -------------------------------------------------------------


def test_fox_wins_on_goose_count():
    position = setup("fox-and-geese", "d4", "d3 a3 g3 c1")
    position.push(position.parse_move("d4xd2"))
    assert position.outcome() == (Termination.GOOSE_COUNT, Side.FOX)
    assert position.legal_moves() == []


@pytest.mark.parametrize(
    ("extra", "outcome"),
    [
        ("", (Termination.GOOSE_COUNT, Side.FOX)),  # 8 geese left
        (" g4", None),  # 9 geese left: the game goes on
    ],
)
def test_two_foxes_goose_count_threshold_is_nine(extra, outcome):
    position = setup("two-foxes", "d5 c7", "a3 b3 c3 e3 f3 g3 c2 a4 d4" + extra)
    position.push(position.parse_move("d5xd3"))
    assert position.outcome() == outcome


def test_geese_win_by_filling_the_pen():
    position = setup("two-foxes", "a3 g3", "c5 d5 c6 d6 e6 c7 d7 e7 e4", Side.GEESE)
    assert position.outcome() is None
    position.push(position.parse_move("e4-e5"))
    assert position.outcome() == (Termination.PEN_FULL, Side.GEESE)


def test_fox_trapped():
    position = setup("fox-and-geese", "d7", "c7 e7 c6 d6 e6 d5 a3", Side.GEESE)
    position.push(position.parse_move("a3-a4"))
    assert position.outcome() == (Termination.FOX_TRAPPED, Side.GEESE)


def test_geese_blocked():
    position = setup("fox-and-geese", "b3", "c7 d7 e7 g5")
    position.push(position.parse_move("b3-b4"))
    assert position.outcome() == (Termination.GEESE_BLOCKED, Side.FOX)


def test_threefold_repetition():
    position = setup("two-foxes", "c7 e7", "a3 g3 c1 c2 d1 d2 e1 e2 b3 f3")
    for text in ["c7-c6", "b3-c3", "c6-c7", "c3-b3"] * 2:
        assert position.outcome() is None
        position.push(position.parse_move(text))
    assert position.repetitions() == 3
    assert position.outcome() == (Termination.THREEFOLD, None)


def test_hundred_ply_rule():
    """Quiet moves only (fox steps, sideways geese), never a third repetition: a draw at ply 100."""
    position = setup("fox-and-geese", "d6", "a3 b3 f3 g3 c1 d1 e1", sideways=True)
    row = position.rules.board.row
    rng = random.Random(7)
    while position.ply < DRAW_PLIES:
        assert position.outcome() is None
        quiet = [
            m
            for m in position.legal_moves()
            if not m.jump
            and not (position.cells[m.origin] == GOOSE and row(m.target) > row(m.origin))
        ]
        rng.shuffle(quiet)
        for move in quiet:
            position.push(move)
            if position.repetitions() < 3:
                break
            position.pop()
        else:
            pytest.fail("no quiet move left")
    assert position.clock == DRAW_PLIES
    assert position.outcome() == (Termination.HUNDRED_PLIES, None)


def test_forward_goose_step_and_capture_reset_the_clock():
    position = setup("fox-and-geese", "d6", "a3 b3 f3 g3 c1 d1 e1", sideways=True)
    position.push(position.parse_move("d6-d7"))
    position.push(position.parse_move("b3-c3"))
    assert position.clock == 2
    position.push(position.parse_move("d7-d6"))
    position.push(position.parse_move("c3-c4"))
    assert position.clock == 0


def test_goose_count_is_checked_before_blocked_geese():
    # The capture leaves three geese, all stuck on the top row: the reason is the count.
    position = setup("fox-and-geese", "d4", "d5 c7 d7 e7")
    position.push(position.parse_move("d4xd6"))
    assert position.outcome() == (Termination.GOOSE_COUNT, Side.FOX)


# -- Asalto: huffing, the fortress, rebels that move first --------------

ASALTO_REBELS = "d3 b4" + FILLER  # nine: d4 can jump d3


def test_asalto_rebels_move_first_from_every_point_outside_the_fortress():
    position = Position(rules_for("asalto"))
    assert position.turn is Side.GEESE and position.geese == 24
    assert set(position.goose_squares()).isdisjoint(position.rules.pen)
    assert sorted(position.foxes) == sq("c6 e6")


def test_a_step_while_a_jump_was_possible_huffs_the_officer_at_its_new_point():
    position = setup("asalto", "d4 c6", ASALTO_REBELS)
    position.push(position.parse_move("d4-e4"))
    assert position.huffed == tuple(sq("e4")) and position.foxes == sq("c6")
    assert position.cells[parse_square("e4")] != FOX and position.clock == 0
    position.pop()
    assert sorted(position.foxes) == sq("d4 c6") and position.huffed == ()


def test_the_officer_that_could_have_jumped_is_huffed_when_the_other_steps():
    position = setup("asalto", "d4 c6", ASALTO_REBELS)
    position.push(position.parse_move("c6-c7"))
    assert position.huffed == tuple(sq("d4")) and position.foxes == sq("c7")


def test_a_jump_huffs_nobody_and_may_stop_after_any_jump():
    position = setup("asalto", "d4 c6", "d3 d1" + FILLER.replace(" c1", "") + " b4 b3")
    moves = {str(m) for m in position.legal_moves()}
    assert {"d4xd2", "d4-e4"} <= moves
    position.push(position.parse_move("d4xd2"))
    assert position.huffed == () and len(position.foxes) == 2


def test_huffing_both_officers_wins_for_the_rebels():
    position = setup("asalto", "d4 c5", "d3 c4" + FILLER)
    assert position.outcome() is None
    position.push(position.parse_move("c5-c6"))
    assert sorted(position.huffed) == sq("d4 c6") and position.foxes == []
    assert position.outcome() == (Termination.FOXES_GONE, Side.GEESE)
    assert position.legal_moves() == []


def test_asalto_officers_win_below_nine_rebels():
    position = setup("asalto", "d4 c6", ASALTO_REBELS)
    position.push(position.parse_move("d4xd2"))
    assert position.outcome() == (Termination.GOOSE_COUNT, Side.FOX)


# Eight rebels in the fortress (e5 free), one to fill it, and an officer on a5 hemmed in.
FORTRESS_BUT_E5 = "c5 d5 c6 d6 e6 c7 d7 e7 e4 a4 b4 b5 a3 c3"


def test_filling_the_fortress_is_checked_before_the_officers_being_stuck():
    position = setup("asalto", "a5", FORTRESS_BUT_E5, Side.GEESE)
    position.push(position.parse_move("e4-e5"))
    assert position.outcome() == (Termination.PEN_FULL, Side.GEESE)


def test_asalto_officers_without_a_move_lose():
    position = setup("asalto", "a5", FORTRESS_BUT_E5, Side.GEESE)
    position.push(position.parse_move("e4-f4"))
    assert position.outcome() == (Termination.FOX_TRAPPED, Side.GEESE)


def test_asalto_clock_resets_on_a_huff_and_a_rebel_moving_forward_not_sideways():
    position = setup("asalto", "d6 c6", "a3 b3 f3 g3 c1 d1 e1 g4 a4", Side.GEESE)
    position.push(position.parse_move("b3-c3"))
    position.push(position.parse_move("d6-d7"))
    assert position.clock == 2
    position.push(position.parse_move("c3-c4"))
    assert position.clock == 0
    position.push(position.parse_move("d7-d6"))
    position.push(position.parse_move("c4-c5"))
    assert position.clock == 0
    position.push(position.parse_move("d6-e6"))  # both could jump c5: both huffed
    assert sorted(position.huffed) == sq("c6 e6") and position.clock == 0


# -- Bagh-Chal: placement, goats in every direction, five captures ------

TIGERS = "a1 e1 a5 e5"
BAGH_CHAL_GOATS = "b3 b4 b5 c4 c5 d1 d2 d3 d4 d5"  # ten, none touching a1


def bagh_chal(tigers: str, goats: str, turn: Side, hand: int = 0) -> Position:
    return Position(rules_for("bagh-chal"), sq(tigers), sq(goats), turn, hand)


def test_bagh_chal_goats_place_first_and_then_step_in_every_direction():
    position = Position(rules_for("bagh-chal"))
    assert (position.turn, position.hand, position.geese) == (Side.GEESE, 20, 0)
    assert all(m.placement for m in position.legal_moves())
    position.push(position.parse_move("@c3"))
    assert position.hand == 19 and position.clock == 0
    # c3 hemmed in but for a step back and one sideways, which goats may take.
    moved = bagh_chal(TIGERS, "c3 a3" + GOATS, Side.GEESE)
    from_c3 = {str(m) for m in moved.legal_moves() if m.origin == parse_square("c3")}
    assert from_c3 == {"c3-c2", "c3-b3"}


def test_tigers_jump_once_and_capturing_is_optional():
    position = bagh_chal(TIGERS, "a2 b3" + GOATS, Side.FOX)
    moves = {str(m) for m in position.legal_moves()}
    assert "a1xa3" in moves and "a1-b1" in moves
    assert not any(m.count("x") > 1 for m in moves)


@pytest.mark.parametrize(("hand", "outcome"), [(5, (Termination.GOOSE_COUNT, Side.FOX)), (6, None)])
def test_five_captures_win_counting_goats_in_hand(hand, outcome):
    position = bagh_chal("a1", "b1 " + BAGH_CHAL_GOATS, Side.FOX, hand)  # 11 on the board
    assert position.outcome() is None
    position.push(position.parse_move("a1xc1"))
    assert position.outcome() == outcome


def test_placing_the_goat_that_traps_the_last_tiger_wins():
    goats = "a2 b1 b2 a3 c1 " + BAGH_CHAL_GOATS
    position = bagh_chal("a1", goats, Side.GEESE, hand=1)
    position.push(position.parse_move("@c3"))
    assert position.outcome() == (Termination.FOX_TRAPPED, Side.GEESE)


def test_five_captures_are_checked_before_a_tiger_without_a_move():
    position = bagh_chal("a1", "a2 b1 b2 a3 c1 c3 b3 b4 b5 c4 c5 d1 d2 d3 d4", Side.FOX)
    assert position.outcome() == (Termination.GOOSE_COUNT, Side.FOX)


def test_goats_without_a_move_lose():
    # Tigers around the one empty point, a1; twenty goats everywhere else.
    tigers = "a2 b1 b2 e5"
    goats = [n for n in GRID_5.names() if n not in [*tigers.split(), "a1"]]
    position = bagh_chal(tigers, " ".join(goats), Side.GEESE)
    assert position.outcome() == (Termination.GEESE_BLOCKED, Side.FOX)


def test_bagh_chal_clock_resets_on_capture_and_placement_only():
    position = bagh_chal(TIGERS, "c3 a3" + GOATS, Side.GEESE)
    for text in ("c3-c2", "a5-a4", "c2-c3", "a4-a5"):  # a goat forward or back is no progress
        position.push(position.parse_move(text))
    assert position.clock == 4
    position.push(position.parse_move("c3-c2"))
    position.push(position.parse_move("e1xc3"))
    assert position.clock == 0
    placing = bagh_chal(TIGERS, "c3", Side.FOX, hand=15)
    placing.push(placing.parse_move("a5-a4"))
    assert placing.clock == 1
    placing.push(placing.parse_move("@c4"))
    assert placing.clock == 0


def test_goats_in_hand_are_part_of_the_repeated_position():
    rules = rules_for("bagh-chal")
    one = Position(rules, sq(TIGERS), sq("c3"), Side.GEESE, 2)
    two = Position(rules, sq(TIGERS), sq("c3"), Side.GEESE, 3)
    assert one.hash != two.hash
    assert (
        Position(rules, sq(TIGERS), sq("c3"), Side.GEESE, 0).hash
        == Position(rules, sq(TIGERS), sq("c3"), Side.GEESE).hash
    )
