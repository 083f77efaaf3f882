"""The engine's one view of a position (game/view.py), a clicked path turned into a move or a
reason (Position.move_for_path, api.play(path=...)), and the computer's move in one call."""

from __future__ import annotations

import random

import pytest

from game import Position, api, parse_square, rules_for
from game.boards import col_of, row_of, square_name
from game.codes import IllegalReason
from game.position import IllegalMoveError, Move, NotationError
from game.record import GameRecord
from game.view import must_jump, refusals, view
from tests.helpers import CONFIGS, finished_game


def names(squares) -> list[str]:
    return [square_name(sq) for sq in squares]


def positions_along(game: str, geese: int | None, sideways: bool, seed: int):
    """Every position of a random game of this table, the start included: one position,
    played on after each yield."""
    rng = random.Random(seed)
    position = Position(rules_for(game, geese, sideways))
    yield position
    while position.legal_moves():
        position.push(rng.choice(position.legal_moves()))
        yield position


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_the_view_s_moves_are_the_position_s_and_every_path_plays_its_move(game, geese, sideways):
    for seed in range(3):
        for position in positions_along(game, geese, sideways, seed):
            legal = sorted(position.legal_moves(), key=str)
            shown = view(position)
            assert [m["move"] for m in shown["legal"]] == [str(m) for m in legal]
            for move, seen in zip(legal, shown["legal"], strict=True):
                assert seen["path"] == names(move.path)
                assert seen["captures"] == names(move.captures)
                # The points a player clicks are the move's path: the engine gives the move back.
                assert position.move_for_path(move.path) == move
            assert shown["to_move"] == position.turn.value
            assert shown["ply"] == position.ply and shown["geese_left"] == position.geese
            assert sorted(shown["pieces"]["goose"]) == sorted(names(position.goose_squares()))
            assert sorted(shown["pieces"]["fox"]) == sorted(names(position.foxes))
            last = position.moves[-1] if position.ply else None
            assert shown["last"] == (None if last is None else view_of(last))
            outcome = position.outcome()
            assert shown["result"] == (outcome.result if outcome else None)


def view_of(move: Move) -> dict:
    return {"move": str(move), "path": names(move.path), "captures": names(move.captures)}


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_every_refused_path_has_the_engine_s_reason(game, geese, sideways):
    position = next(
        p for p in positions_along(game, geese, sideways, 7) if p.ply == 6 or not p.legal_moves()
    )
    legal = position.legal_moves()
    refused = refusals(position)
    assert refused
    for path, reason in refused.items():
        assert all(m.path != path for m in legal)
        with pytest.raises(IllegalMoveError) as error:
            position.move_for_path(path)
        assert error.value.code == reason
        # The path is read as the player meant it: one point is a placement, a long path or a
        # far point a jump.
        if len(path) == 1:
            assert reason == position.illegal_reason(Move(path, False), legal)
            continue
        a, b = path[0], path[1]
        far = max(abs(col_of(a) - col_of(b)), abs(row_of(a) - row_of(b))) > 1
        assert reason == position.illegal_reason(Move(path, len(path) > 2 or far), legal)


def test_paths_that_are_no_legal_move_say_why():
    start = Position(rules_for("fox-and-geese"))

    def reason(*points: str) -> IllegalReason:
        with pytest.raises(IllegalMoveError) as error:
            start.move_for_path([parse_square(p) for p in points])
        return error.value.code

    assert reason("d4", "d6") == IllegalReason.NOT_A_JUMP  # two points away: a jump
    assert reason("d4", "e3") == IllegalReason.OCCUPIED
    assert reason("d4", "f5") == IllegalReason.NOT_A_JUMP
    assert reason("c3", "c4") == IllegalReason.NOT_YOUR_PIECE
    assert reason("d5", "d6") == IllegalReason.NO_PIECE
    assert reason("d4", "a1") == IllegalReason.OFF_BOARD
    assert reason("d4") == IllegalReason.NONE_IN_HAND  # one point: a placement
    with pytest.raises(NotationError):
        start.move_for_path([])


def test_the_api_plays_a_clicked_path_or_says_why_not():
    record = api.new_game("fox-and-geese")["record"]
    by_path = api.play(record, path=["d4", "d5"])
    assert by_path == api.play(record, "d4-d5")
    refused = api.play(record, path=["d4", "d6"])["error"]
    assert (refused["code"], refused["reason"], refused["ply"]) == ("illegal-move", "not-a-jump", 1)
    # One error shape: a set-up start's problems are an empty list for any other error.
    keys = {"code", "detail", "ply", "move", "reason", "valid_prefix", "problems"}
    assert set(refused) == keys and refused["problems"] == []
    # One point is a placement, which this game has not: refused, not malformed.
    assert api.play(record, path=["d4"])["error"]["reason"] == "none-in-hand"
    assert api.play(api.new_game("bagh-chal")["record"], path=["c3"])["moves"] == ["@c3"]
    for bad in (["d4", "z9"], [], "d4-d5", [4, 5]):
        assert api.play(record, path=bad)["error"]["code"] == "bad-notation", bad
    # A chain is its landing points, in order.
    position = next(
        p
        for seed in range(20)
        for p in positions_along("fox-and-geese", None, False, seed)
        if any(len(m.path) > 2 for m in p.legal_moves())
    )
    chain = GameRecord.new("fox-and-geese").with_moves(map(str, position.moves)).encode()
    jumps = [m for m in api.load(chain)["legal"] if m["captures"]]
    assert any(len(m["path"]) > 2 for m in jumps)
    for m in jumps:
        assert api.play(chain, path=m["path"])["last"] == m


def test_the_foxes_that_must_jump_are_those_with_a_capture_when_all_moves_are_captures():
    seen = 0
    for seed in range(10):
        for position in positions_along("two-foxes", None, False, seed):
            legal = position.legal_moves()
            marked = view(position)["must_jump"]
            if legal and all(m.jump for m in legal):
                seen += 1
                assert marked == sorted({square_name(m.origin) for m in legal})
            else:
                assert marked == []
    assert seen
    assert must_jump(Position(rules_for("two-foxes")).legal_moves()) == []


def test_the_computer_s_move_and_the_state_after_it_come_in_one_call():
    record = GameRecord.new("two-foxes").encode()
    answer = api.ai_move(record, "easy", 0.5, seed=3)
    assert answer["ply"] == 1 and answer["last"] is not None
    # The state is the one playing that move gives.
    assert answer == api.play(record, answer["last"]["move"])
    over = finished_game("fox-and-geese", 1).encode()
    error = api.ai_move(over)["error"]
    assert error["code"] == "game-over" and set(error) >= {"code", "detail"}


def test_end_marks_name_the_fox_that_made_the_last_capture():
    rules = rules_for("fox-and-geese")
    taken = Position(
        rules, [parse_square("d4")], [parse_square(s) for s in ["d5", "c1", "d1", "e1"]]
    )
    taken.push(taken.parse_move("d4xd6"))
    shown = view(taken)
    assert shown["reason"] == "goose-count" and shown["end"] == ["d6"]
    assert shown["last"]["captures"] == ["d5"]
