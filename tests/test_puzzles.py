"""Every committed puzzle is proven again by exhaustive search (game/puzzles.py); a fifth of
them, spread over every file, in `make test-fast`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.position import Move
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
    refutations = {Move.parse(m): Move.parse(r) for m, r in puzzle["refutations"].items()}
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
