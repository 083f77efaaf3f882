"""The evaluation: built from the rules' data, neutral at the start, blind to left and right."""

import random

import pytest

from game import Position, Side, parse_square, rules_for
from game.boards import col_of, row_of, square
from game.evaluation import WEIGHTS, draw_score, evaluation_for, pen_point_value
from tests.helpers import CONFIGS


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_the_start_scores_zero(game, geese, sideways):
    rules = rules_for(game, geese, sideways)
    assert evaluation_for(rules).score(Position(rules)) == 0


def test_goats_in_hand_leave_the_tigers_no_refuge():
    # Bagh-Chal starts with an empty board and the goats in hand, which may be placed on any
    # point: no point is a refuge, so one goat placed changes the value by little, not by
    # the twenty-odd refuges of an empty board.
    rules = rules_for("bagh-chal")
    ev = evaluation_for(rules)
    pos = Position(rules)
    for move in pos.legal_moves():
        pos.push(move)
        assert abs(ev.score(pos)) < 100, move
        pos.pop()


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_a_mirrored_position_scores_the_same(game, geese, sideways):
    # Every board is symmetric left to right, so the evaluation must be too.
    rules = rules_for(game, geese, sideways)
    width = rules.board.width

    def mirror(sq: int) -> int:
        return square(width - 1 - col_of(sq), row_of(sq))

    ev = evaluation_for(rules)
    rng = random.Random(4)
    for _ in range(20):
        pos = Position(rules)
        for _ in range(rng.randrange(1, 40)):
            if pos.outcome() is not None:
                break
            pos.push(rng.choice(pos.legal_moves()))
        mirrored = Position(
            rules,
            foxes=[mirror(f) for f in pos.foxes],
            geese=[mirror(g) for g in pos.goose_squares()],
            turn=pos.turn,
            hand=pos.hand,
        )
        assert ev.score(mirrored) == ev.score(pos), pos.moves


def test_a_goose_that_strands_itself_costs_the_forward_only_geese_their_spare_steps():
    # a3-a4 and a3-b4 both move one goose one row up; a4 leads only to a5, b4 to the middle.
    # Geese that can step sideways lose nothing by it.
    for sideways, costs in ((False, True), (True, False)):
        rules = rules_for("fox-and-geese", 13, sideways)
        ev = evaluation_for(rules)
        scores = []
        for text in ("a3-a4", "a3-b4"):
            pos = Position(rules, foxes=[parse_square("d7")], turn=Side.GEESE)
            pos.push(pos.parse_move(text))
            scores.append(ev.score(pos))
        to_the_edge, to_the_middle = scores
        assert (to_the_edge > to_the_middle) is costs, sideways


def test_a_draw_is_worth_less_than_an_even_game_to_either_side():
    # Each side plays on from an even position, in every game where draws occur.
    for rules in (
        rules_for("large-cross"),
        rules_for("two-foxes"),
        rules_for("fox-and-geese", 13, sideways=True),
    ):
        assert draw_score(rules, Side.FOX) < 0
        assert draw_score(rules, Side.GEESE) < 0
    # Geese pay more for a draw the more captures the fox still needs.
    assert draw_score(rules_for("large-cross"), Side.GEESE) < draw_score(
        rules_for("two-foxes"), Side.GEESE
    )


@pytest.mark.parametrize("game", ["two-foxes", "asalto"])
def test_a_goose_stepping_into_the_pen_weighs_the_captures_it_outweighs(game):
    # Asalto's officers need 16 captures, Two Foxes' foxes 12, against a pen of 9 points:
    # a goose that steps into it costs the fox side more than a goose taken gains it.
    rules = rules_for(game)
    ev = evaluation_for(rules)
    step_in = ev.goose_square[parse_square("d5")] - ev.goose_square[parse_square("d4")]
    assert (step_in > WEIGHTS.goose) is (rules.captures_to_win > len(rules.pen))
    assert pen_point_value(rules) * len(rules.pen) == pytest.approx(
        WEIGHTS.goose * rules.captures_to_win, abs=len(rules.pen)
    )
    assert pen_point_value(rules_for("bagh-chal")) == 0


# A frozen fortress (issue #33): a fox on d7, every point it could step or jump to (d5, b5,
# f5) filled by geese that can never move (rows 4 and 5 full, the pen's top rows full), the
# other fox free below the geese. The pen can never be full.
_FROZEN = "c7 e7 c6 d6 e6 a5 b5 c5 d5 e5 f5 g5 a4 b4 c4 d4 e4 f4 g4"
# The same, with the goose of d5 further back: the fox on d7 can be made to jump (or be
# huffed), so the geese can still fill the pen.
_OPENED = _FROZEN.replace(" d5", "")
# Geese below the wall, the same count in both: free geese in row 3, and one on e1 instead
# of d3, which can still reach the free fox's points, so it has no refuge.
_BELOW = {
    "asalto": ("a3 c3 d3 e3 g3", "a3 b3 c3 d3 e3 g3"),
    "two-foxes": ("d3", "c3 d3"),
}


@pytest.mark.parametrize("turn", [Side.GEESE, Side.FOX])
@pytest.mark.parametrize("game", ["asalto", "two-foxes"])
def test_a_fox_held_in_the_pen_for_good_makes_the_pen_worth_nothing(game, turn):
    rules = rules_for(game)
    ev = evaluation_for(rules)

    def score(geese: str) -> int:
        squares = [parse_square(n) for n in geese.split()]
        assert len(squares) == len(rules.geese)
        foxes = [parse_square("d7"), parse_square("d2")]
        return ev.score(Position(rules, foxes=foxes, geese=squares, turn=turn))

    frozen_below, opened_below = _BELOW[game]
    no_refuge = frozen_below.replace("d3", "e1"), opened_below.replace("d3", "e1")
    # Neither side can win (the free fox has refuges, the count can never be reached): a draw.
    assert score(f"{_FROZEN} {frozen_below}") == 0
    # The free fox can still be hunted: close to even, no longer the pen's eight points.
    assert abs(score(f"{_FROZEN} {no_refuge[0]}")) < WEIGHTS.goose
    # With a landing point open the filled pen points count, for the geese.
    for below in (opened_below, no_refuge[1]):
        assert score(f"{_OPENED} {below}") < -3 * pen_point_value(rules)
