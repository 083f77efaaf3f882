"""Property tests over hundreds of random games played to their end (hypothesis drives the
move choices): some 120 whole games per configuration, each checking every legal move of every
position it passes (tests/test_engine.py also compares random games with a reference engine)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Position, Side, rules_for
from game.position import DRAW_PLIES, FOX, GOOSE
from game.record import GameRecord
from tests.helpers import CONFIGS, SWEEP, share


def snapshot(p: Position):
    return (list(p.cells), sorted(p.foxes), p.hash, p.clock, p.turn, p.geese, dict(p._seen))


@pytest.mark.parametrize("rest", SWEEP)
def test_random_games_keep_every_invariant(rest):
    @settings(
        max_examples=share(600, rest), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(
        config=st.sampled_from(CONFIGS),
        choices=st.lists(st.integers(0, 10**6), min_size=0, max_size=40),
        seed=st.integers(0, 2**32),
    )
    def check(config, choices, seed):
        game, geese, sideways = config
        rules = rules_for(game, geese, sideways)
        position = Position(rules)
        rng = random.Random(seed)
        record = GameRecord.new(game, geese, sideways)
        n_points = len(rules.board.points)
        # Progress moves (captures, huffs, placements, forward goose steps) are finite; the 100-ply
        # rule bounds the rest.
        progress = rules.total_geese * rules.board.height * 2 + len(rules.foxes)
        bound = (progress + 1) * (DRAW_PLIES + 1)
        foxes = len(rules.foxes)
        i = 0
        while position.outcome() is None:
            assert position.ply <= bound
            moves = position.legal_moves()
            assert moves and len(set(moves)) == len(moves)
            assert position.can_move()
            before = snapshot(position)
            for move in moves:  # every legal move applies and undoes to the identical position
                position.push(move)
                position.pop()
            assert snapshot(position) == before
            move = moves[choices[i] % len(moves)] if i < len(choices) else rng.choice(moves)
            i += 1
            mover = position.cells[move.origin]
            geese_before, hand_before = position.geese, position.hand
            position.push(move)
            if move.placement:
                assert mover == 0 and hand_before > 0 and position.turn is Side.FOX
                assert (position.geese, position.hand) == (geese_before + 1, hand_before - 1)
            elif mover == GOOSE:
                row = rules.board.row
                assert hand_before == 0, "a goose moved while geese were in hand"
                assert rules.backward or row(move.target) >= row(move.origin), "a goose moved back"
                assert rules.sideways or row(move.target) > row(move.origin)
                assert position.geese == geese_before
            else:
                assert mover == FOX
                assert position.geese == geese_before - len(move.captures)
                assert rules.chains or len(move.captures) <= 1
            # Foxes leave the board only by huffing: a step while one of them could jump.
            assert not position.huffed or (rules.huffing and mover == FOX and not move.jump)
            foxes -= len(position.huffed)
            assert position.hand == hand_before - move.placement
            cells = [position.cells[s] for s in rules.board.points]
            assert cells.count(FOX) == foxes == len(position.foxes)  # foxes are never stacked
            assert cells.count(GOOSE) == position.geese
            assert cells.count(FOX) + cells.count(GOOSE) <= n_points
            record = record.with_moves((*record.moves, str(move)))
        assert position.legal_moves() == []
        # Whether the side to move could move, asked without listing the moves (the puzzle
        # prover's leaves), agrees with the moves themselves at the end too, a trapped side's
        # above all.
        assert position.can_move() == bool(position._generate())
        # The whole game round-trips through the serialization.
        assert GameRecord.decode(record.encode()) == record
        assert GameRecord.decode(record.encode()).replay().hash == position.hash

    check()
