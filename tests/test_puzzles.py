"""Every committed puzzle is proven again by exhaustive search (game/puzzles.py); a fifth of
them, spread over every file, in `make test-fast`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.boards import parse_square
from game.games import rules_for
from game.position import DRAW_PLIES, Move, Position, Side
from game.puzzles import NotAPuzzleError, Prover, mirrored
from game.record import GameRecord
from tests.helpers import sample

FILES = sorted((Path(__file__).resolve().parents[1] / "content" / "puzzles").glob("*.json"))
PUZZLES = sample(
    pytest.param(p, id=f"{f.stem}-{i}")
    for f in FILES
    for i, p in enumerate(json.loads(f.read_text())["puzzles"])
)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_committed_puzzle_is_proven(puzzle: dict) -> None:
    position = GameRecord.decode(puzzle["record"]).replay()
    assert position.turn.value == puzzle["side"]
    line = [Move.parse(m) for m in puzzle["line"]]
    refutations = {
        Move.parse(m): Move.parse(r) if r else None for m, r in puzzle["refutations"].items()
    }
    proof = Prover(position).check(puzzle["length"], line, refutations)
    assert proof.theme.value == puzzle["theme"]


def test_the_length_is_exact() -> None:
    # The same position stated one move longer is no puzzle: its move wins sooner.
    puzzle = json.loads(FILES[0].read_text())["puzzles"][0]
    position = GameRecord.decode(puzzle["record"]).replay()
    prover = Prover(position)
    with pytest.raises(NotAPuzzleError):
        prover.prove(puzzle["length"] + 1)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_no_two_puzzles_are_the_same_up_to_the_mirror(path: Path) -> None:
    puzzles = json.loads(path.read_text())["puzzles"]
    keys = [mirrored(GameRecord.decode(p["record"]).replay()) for p in puzzles]
    assert len(set(keys)) == len(keys)


def test_a_move_that_loses_at_once_is_refuted_without_a_reply() -> None:
    # Asalto, one officer left, nine rebels: its one capture leaves too few rebels to fill the
    # fortress; any step instead huffs it, the last officer, and the rebels win at once.
    rules = rules_for("asalto")
    rebels = [parse_square(n) for n in ["c1", "d1", "e1", "c2", "e2", "a3", "g3", "d3", "f4"]]
    position = Position(rules, [parse_square("d4")], rebels, Side.FOX)
    proof = Prover(position).prove(1)
    assert str(proof.move) == "d4xd2"
    assert len(proof.refutations) == 7
    assert all(reply is None for reply in proof.refutations.values())
    line = [proof.move]
    assert Prover(position).check(1, line, proof.refutations) == proof
    # A step written down as losing at once must lose at once.
    wrong = dict(proof.refutations) | {Move.parse("d4-d5"): Move.parse("d3-d2")}
    with pytest.raises(NotAPuzzleError):
        Prover(position).check(1, line, wrong)


def test_the_draw_rules_of_the_game_before_the_puzzle_are_checked() -> None:
    puzzle = json.loads(FILES[0].read_text())["puzzles"][0]
    position = GameRecord.decode(puzzle["record"]).replay()
    prover = Prover(position)
    prover.prove(puzzle["length"])
    # The hundred-ply counter so far on that the line could reach it: no puzzle.
    prover.clock = DRAW_PLIES - 2 * puzzle["length"] + 2
    with pytest.raises(NotAPuzzleError, match="hundred-ply"):
        prover.prove(puzzle["length"])
    prover.clock = 0
    prover.repeated = True
    with pytest.raises(NotAPuzzleError, match="twice"):
        prover.prove(puzzle["length"])


def _plain_wins(pos: Position, n: int) -> bool:
    """Whether the side to move forces a win within ``n`` moves, by the plainest search: every
    legal move and every reply, the game's own ``outcome``, no table, no order, no shortcut."""
    me = pos.turn
    for move in pos.legal_moves():
        pos.push(move)
        try:
            outcome = pos.outcome()
            if outcome is not None:
                if outcome.winner is me:
                    return True
                continue
            if n > 1 and all(_reply_loses(pos, reply, me, n - 1) for reply in pos.legal_moves()):
                return True
        finally:
            pos.pop()
    return False


def _reply_loses(pos: Position, reply: Move, attacker: Side, n: int) -> bool:
    pos.push(reply)
    try:
        outcome = pos.outcome()
        if outcome is not None:
            return outcome.winner is attacker
        return _plain_wins(pos, n)
    finally:
        pos.pop()


def _near_wins() -> list[Position]:
    """Positions of every table where a side is near a win, or its opponent to move: each
    table's first puzzles of one and two moves, and the positions one and two plies before."""
    found = []
    for path in FILES:
        short = [p for p in json.loads(path.read_text())["puzzles"] if p["length"] <= 2][:4]
        for puzzle in short:
            record = GameRecord.decode(puzzle["record"])
            found.append(Prover(record.replay()).pos)
            for back in (1, 2):
                if len(record.moves) >= back:
                    earlier = record.with_moves(record.moves[:-back]).replay()
                    found.append(Prover(earlier).pos)
    return found


def test_the_prover_agrees_with_the_plainest_search() -> None:
    # The prover's table, move order and shortcuts (a leaf asks only whether the opponent can
    # move) must change nothing it decides: wins within one and two moves, yes and no.
    positions = _near_wins()
    answers = set()
    for position in positions:
        assert position.can_move() == bool(position.legal_moves())
        shared = Prover(position)
        for n in (1, 2):
            expected = _plain_wins(position, n)
            answers.add(expected)
            assert shared.wins(n) == expected
            assert Prover(position).wins(n) == expected
        # The table filled at two moves must still answer one move right.
        assert shared.wins(1) == _plain_wins(position, 1)
    assert answers == {True, False}


def test_a_second_move_winning_within_two_more_is_no_puzzle() -> None:
    # Two Foxes, a position of a benchmark game: one move wins in 5, but f4-e4 wins within 7.
    # The prover looks for the win within 5 first; every other move must still be searched
    # to 7 moves.
    position = GameRecord.decode("3.two-foxes.20.-.e1f4-b5c5d5c6d6e6c7d7e7-fox").replay()
    assert Prover(position).distance(5) == 5
    with pytest.raises(NotAPuzzleError, match="f4-e4 wins within 7 moves"):
        Prover(position).prove(5)
