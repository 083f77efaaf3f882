"""The computer opponent's search and levels: legal, sees wins and losses, bounded, deterministic.

Strength is measured in benchmarks/ai_tournament.py, not here.
"""

import random
import time

import pytest

from game import VARIANTS, Position, Side, parse_square, rules_for
from game.levels import LEVELS, Level, choose_move
from game.search import WON, search
from tests.helpers import CONFIGS


def sq(names: str) -> list[int]:
    return [parse_square(n) for n in names.split()]


def build(
    game: str, foxes: str, geese: str, turn: Side, count: int | None = None, hand: int = 0
) -> Position:
    return Position(rules_for(game, count), foxes=sq(foxes), geese=sq(geese), turn=turn, hand=hand)


def snapshot(pos: Position):
    return (list(pos.cells), list(pos.foxes), pos.turn, pos.geese, pos.clock, pos.hash, pos.moves)


def random_positions(
    game: str, geese: int | None, sideways: bool, count: int, seed: int
) -> list[Position]:
    """Positions from random play, each taken at a random ply of its own game."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        pos = Position(rules_for(game, geese, sideways))
        stop = rng.randrange(0, 60)
        while pos.ply < stop and pos.outcome() is None:
            pos.push(rng.choice(pos.legal_moves()))
        if pos.outcome() is None:
            found.append(pos)
    return found


def shuttle(pos: Position, moves: str) -> None:
    for text in moves.split():
        pos.push(pos.parse_move(text))


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_every_level_plays_a_legal_move_and_leaves_the_position_alone(game, geese, sideways):
    positions = random_positions(game, geese, sideways, 3, seed=len(game) * 100 + (geese or 0))
    for i, pos in enumerate(positions):
        for level in LEVELS:
            before = snapshot(pos)
            move = choose_move(pos, level, seconds=0.05, seed=i)
            assert move in pos.legal_moves(), (level, str(move), pos.moves)
            assert snapshot(pos) == before


def test_a_search_cut_off_by_time_restores_the_position():
    pos = Position(rules_for("large-cross"))
    pos.push(pos.legal_moves()[0])
    before = snapshot(pos)
    result = search(pos, seconds=0.01)
    assert result.move in pos.legal_moves()
    assert result.nodes > 0
    assert snapshot(pos) == before


class TickingClock:
    """A clock that moves on a millisecond each time it is read: time control without a machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_search_keeps_its_time_budget(game, monkeypatch):
    clock = TickingClock()
    monkeypatch.setattr("game.search.time", clock)
    pos = random_positions(game, None, False, 1, seed=5)[0]
    for seconds in (0.02, 0.1):
        clock.now = 0.0
        result = search(pos, seconds=seconds)
        assert clock.now <= seconds, game
        assert result.depth >= 1


def test_hard_answers_within_its_budget_on_a_real_clock():
    pos = random_positions("two-foxes", None, False, 1, seed=5)[0]
    start = time.perf_counter()
    choose_move(pos, "hard", seconds=0.3)
    # The search stops itself at 90% of the budget; the rest is slack for a busy machine.
    assert time.perf_counter() - start < 1.0


def test_the_fox_takes_the_goose_that_wins():
    # Four geese; jumping d5 leaves three, below the standard game's threshold.
    pos = build("fox-and-geese", "d4", "d5 c1 e1 a3", Side.FOX)
    result = search(pos, max_depth=3, seconds=None)
    assert str(result.move) == "d4xd6"
    assert result.score > WON
    for level in LEVELS:  # every level plays a forced win it sees
        assert str(choose_move(pos, level, seed=3)) == "d4xd6", level


def test_the_geese_trap_the_fox():
    # The fox on d7 is boxed in once a goose reaches d6 with d5 still covered behind it.
    pos = build("fox-and-geese", "d7", "c7 e7 c6 e6 d5 c5 c1 e1", Side.GEESE)
    result = search(pos, max_depth=2, seconds=None)
    assert result.score > WON
    for level in LEVELS:
        pos.push(choose_move(pos, level, seed=3))
        outcome = pos.outcome()
        assert outcome is not None and outcome.winner is Side.GEESE, level
        pos.pop()


def test_the_geese_fill_the_pen():
    pos = build("two-foxes", "a3 g3", "d5 e5 c6 d6 e6 c7 d7 e7 c4", Side.GEESE)
    assert str(search(pos, max_depth=2, seconds=None).move) == "c4-c5"


def test_the_geese_save_the_goose_that_would_lose_the_game():
    # The fox on d4 threatens d4xd6, which would leave three geese: d5 must move.
    pos = build("fox-and-geese", "d4", "d5 c1 e1 a3", Side.GEESE)
    pos.push(search(pos, max_depth=3, seconds=None).move)
    assert not any(m.jump for m in pos.legal_moves())


def test_the_fox_does_not_walk_into_a_trap():
    # From b4 the fox may step into the corner a5, where b3-b4 shuts it in.
    pos = build("fox-and-geese", "b4", "a3 b3 a4 b5 c5 c3 d6 d2", Side.FOX)
    trap = pos.parse_move("b4-a5")
    shuttle(pos, "b4-a5 b3-b4")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Side.GEESE
    pos.pop()
    pos.pop()
    assert search(pos, max_depth=3, seconds=None).move != trap


def test_a_single_legal_move_is_played_without_searching():
    # Two Foxes, capture compulsory: the only legal move is the jump.
    pos = build("two-foxes", "a3 g3", "b3 c4 d4 e4 c5 d5 e5 c6 d6 e6", Side.FOX)
    legal = pos.legal_moves()
    assert len(legal) == 1
    result = search(pos, seconds=1.0)
    assert (result.move, result.depth, result.nodes) == (legal[0], 0, 0)


def test_a_depth_limited_search_depends_on_the_position_alone():
    pos = random_positions("fox-and-geese", 13, False, 1, seed=11)[0]
    assert search(pos, max_depth=4, seconds=None) == search(pos, max_depth=4, seconds=None)
    assert search(pos, nodes=3000, seconds=None) == search(pos, nodes=3000, seconds=None)


def test_the_levels_repeat_themselves_for_a_seed_and_vary_without():
    pos = Position(rules_for("large-cross"))
    pos.push(pos.legal_moves()[0])
    for level in ("easy", "medium"):
        first = choose_move(pos, level, seconds=30, seed=42)
        assert all(choose_move(pos, level, seconds=30, seed=42) == first for _ in range(2))
    assert len({choose_move(pos, "easy", seconds=30, seed=s) for s in range(12)}) > 1


def test_a_level_without_noise_or_blunders_plays_the_search_s_move(monkeypatch):
    pos = random_positions("two-foxes", None, False, 1, seed=2)[0]
    monkeypatch.setitem(LEVELS, "medium", Level(depth=3, noise=0.0, blunder=0.0))
    assert choose_move(pos, "medium", seed=1) == search(pos, max_depth=3, seconds=None).move


def test_the_blunder_knob_plays_random_legal_moves(monkeypatch):
    pos = Position(rules_for("large-cross"))
    monkeypatch.setitem(LEVELS, "easy", Level(depth=1, noise=0.0, blunder=1.0))
    picked = {choose_move(pos, "easy", seed=s) for s in range(40)}
    assert picked <= set(pos.legal_moves())
    assert len(picked) > 2


def test_the_retreat_knob_backs_the_fox_away_from_the_geese_and_leaves_the_geese_alone(
    monkeypatch,
):
    monkeypatch.setitem(LEVELS, "easy", Level(depth=1, noise=0.0, blunder=0.0, retreat=1.0))
    rules = rules_for("fox-and-geese", 13)
    start = Position(rules)
    picked = {str(choose_move(start, "easy", seed=s)) for s in range(30)}
    # From d4 the fox steps to the row furthest from the geese, any of its points.
    assert picked == {"d4-c5", "d4-d5", "d4-e5"}
    # A goose it can take, it takes (the longest chain), away from the geese or not.
    sq = [parse_square(n) for n in ("c3", "c4", "c6", "d1", "e1", "e2", "g3")]
    pos = Position(rules, [sq[0]], sq[1:], Side.FOX)
    assert all(str(choose_move(pos, "easy", seed=s)) == "c3xc5xc7" for s in range(5))
    # The geese play the search's best, never a retreat.
    start.push(start.parse_move("d4-d5"))
    result = search(start, max_depth=1, seconds=None)
    for s in range(5):
        assert result.scores[choose_move(start, "easy", seed=s)] == result.score


def test_bad_requests_are_refused():
    pos = Position(rules_for("fox-and-geese"))
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(pos, "grandmaster")
    with pytest.raises(ValueError, match="positive"):
        choose_move(pos, "hard", seconds=0)
    over = build("fox-and-geese", "d4", "c1 e1 a3", Side.GEESE)  # three geese: the fox has won
    assert over.outcome() is not None
    with pytest.raises(ValueError, match="over"):
        choose_move(over, "easy")


def test_the_losing_side_takes_a_draw_by_repetition_and_the_winning_side_avoids_it():
    # Five geese against a free fox in Large Cross: the fox is far ahead.
    pos = build("large-cross", "e9", "a4 c4 e4 g4 i4", Side.FOX)
    shuttle(pos, "e9-e8 a4-b4 e8-e9 b4-a4 e9-e8 a4-b4")
    # Fox to move: e8-e9 lets the geese repeat the start a third time.
    assert str(search(pos, max_depth=4, seconds=None).move) != "e8-e9"
    shuttle(pos, "e8-e9")
    pos.push(search(pos, max_depth=4, seconds=None).move)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None


def test_the_fox_does_not_repeat_its_way_to_a_draw_in_an_even_game():
    # Large Cross, no goose taken, both sides shuttling: d5-e6 would repeat the position after
    # the fox's second move a third time. The geese win with best play, but these geese may
    # still go wrong: hard plays on.
    pos = Position(rules_for("large-cross"))
    shuttle(pos, "e7-f7 a4-b5 f7-e6 b4-a4 e6-d5 a4-b4 d5-e6 b4-a4 e6-d5 a4-b4")
    pos.push(choose_move(pos, "hard", nodes=20_000))
    assert pos.outcome() is None


def test_the_losing_side_runs_down_the_hundred_ply_clock():
    pos = build("large-cross", "e9", "a4 c4 e4 g4 i4", Side.GEESE)
    pos.clock = 99  # one quiet goose step from the 100-ply draw
    pos.push(search(pos, max_depth=3, seconds=None).move)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_late_quiet_moves_are_reduced_only_where_the_geese_can_step_sideways(
    game, geese, sideways, monkeypatch
):
    # Where every goose step is for good, a reduced search misses the tempo that decides the game.
    pos = random_positions(game, geese, sideways, 1, seed=3)[0]
    reduced = search(pos, max_depth=4, seconds=None).nodes
    monkeypatch.setattr("game.search.LMR_DEPTH", 99)
    full = search(pos, max_depth=4, seconds=None).nodes
    if pos.rules.sideways:
        assert reduced < full
    else:
        assert reduced == full


def test_hard_with_a_node_budget_plays_the_same_move_on_any_machine():
    pos = random_positions("large-cross", None, False, 1, seed=9)[0]
    first = choose_move(pos, "hard", seconds=60, nodes=2000)
    assert choose_move(pos, "hard", seconds=60, nodes=2000) == first
    assert first == search(pos, seconds=None, nodes=2000).move


# -- Asalto and Bagh-Chal --------------------------------------------------

REBELS = " c1 e1 a3 g3 g4 a5 g5 b3"  # far from the action: nine with one more


@pytest.mark.parametrize("game", ["asalto", "bagh-chal"])
def test_hard_answers_within_one_second_in_the_new_games(game):
    for pos in random_positions(game, None, False, 3, seed=11):
        start = time.perf_counter()
        choose_move(pos, "hard", seconds=1.0)
        # The search stops itself at 90% of the budget; the rest is slack for a busy machine.
        assert time.perf_counter() - start < 1.3


@pytest.mark.parametrize("level", list(LEVELS))
def test_an_officer_that_can_jump_jumps_rather_than_be_huffed(level):
    pos = build("asalto", "d4 c6", "d3" + REBELS, Side.FOX)
    move = choose_move(pos, level, seconds=0.5, seed=1)
    assert move.jump, str(move)


def test_the_rebels_fill_the_fortress():
    pos = build("asalto", "a4 g4", "c5 d5 c6 d6 e6 c7 d7 e7 e4 b3", Side.GEESE)
    assert str(choose_move(pos, "hard", seconds=0.5)) == "e4-e5"


def test_the_tiger_takes_the_fifth_goat():
    goats = "b1 b3 b4 b5 c4 c5 d1 d2 d3 d4 d5"
    pos = build("bagh-chal", "a1 e5", goats, Side.FOX, hand=5)  # 16 goats: one more capture wins
    assert str(choose_move(pos, "hard", seconds=0.5)) == "a1xc1"


def test_the_goats_place_the_goat_that_traps_the_last_tiger():
    goats = "a2 b1 b2 a3 c1 b3 b4 b5 c4 c5 d1 d2 d3 d4 d5"
    pos = build("bagh-chal", "a1", goats, Side.GEESE, hand=1)
    assert str(choose_move(pos, "hard", seconds=0.5)) == "@c3"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_goats_cover_the_goat_a_tiger_could_take(level):
    pos = build("bagh-chal", "a1 e1 a5 e5", "b2", Side.GEESE, hand=19)
    assert str(choose_move(pos, level, seconds=0.5, seed=3)) == "@c3"
