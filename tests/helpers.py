"""What the tests share (the browser tests' page helpers are in tests/e2e/support.py): the
repository's scripts as modules, the tables every engine test runs on, finished games, and the
fragments a player might open as a link."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet
from hypothesis import strategies as st

from game import VARIANTS
from game.record import GameRecord
from game.setup import Start

REPO = Path(__file__).resolve().parent.parent


def load_script(path: str) -> ModuleType:
    """A script of the repository (not a package) as a module, e.g. "scripts/serve.py"."""
    spec = importlib.util.spec_from_file_location(Path(path).stem, REPO / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Scripts loaded at run time: mypy cannot see what they hold.
serve: Any = load_script("scripts/serve.py")
chromium: Any = load_script("scripts/chromium.py")


# The big sweeps come in two parts: a fifth that every run makes, and the rest, marked `slow`,
# which `make test-fast` leaves out. `make test` runs both parts: the whole sweep, nothing twice.
SWEEP = [pytest.param(False, id="sample"), pytest.param(True, id="rest", marks=pytest.mark.slow)]


def share(count: int, rest: bool) -> int:
    """The examples of a sweep of ``count`` that its part draws: a fifth, or the rest."""
    return count - count // 5 if rest else count // 5


def sample(items: Iterable[Any]) -> list[Any]:
    """Items as test parameters, every fifth in the fast part and the others marked `slow`: the
    same fifth in every run, spread over the whole list (puzzles of every game and length)."""
    slow = pytest.mark.slow
    out = []
    for i, item in enumerate(items):
        if i % 5 == 0:
            out.append(item)
        elif isinstance(item, ParameterSet):
            out.append(pytest.param(*item.values, id=item.id, marks=(*item.marks, slow)))
        else:
            out.append(pytest.param(item, marks=slow))
    return out


# Every table of every game, as (game, geese, sideways): geese None where a game has one count.
CONFIGS = [
    (variant.id, geese if len(variant.geese) > 1 else None, sideways)
    for variant in VARIANTS.values()
    for geese in variant.geese
    for sideways in ((False, True) if variant.sideways_option else (False,))
]


def finished_game(game: str, seed: int) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord.new(game)
    position = record.replay()
    while position.legal_moves():
        move = rng.choice(position.legal_moves())
        position.push(move)
        record = record.with_moves((*record.moves, str(move)))
    return record


# -- URL fragments: a hypothesis strategy for what a player might open as a link. The same
# generator feeds the engine's deserializer in CPython and the play page's link loader in Chromium.


def _sample_records() -> list[str]:
    """Real records: a few random games per game, cut at a few lengths."""
    rng = random.Random(2026)
    records = []
    for game, geese, sideways in [
        ("fox-and-geese", 13, False),
        ("fox-and-geese", 17, True),
        ("two-foxes", None, False),
        ("large-cross", None, False),
        ("asalto", None, False),
        ("bagh-chal", None, False),  # placements (@c3) while goats are in hand
    ]:
        record = GameRecord.new(game, geese, sideways)
        position = record.replay()
        while position.legal_moves() and len(record.moves) < 60:
            move = rng.choice(position.legal_moves())
            position.push(move)
            record = record.with_moves((*record.moves, str(move)))
            if len(record.moves) % 7 == 0:
                records.append(record.encode())
        records.append(record.encode())
    return records


def set_up_game(game: str, geese: int | None, sideways: bool, seed: int, plies: int) -> GameRecord:
    """A game from a set-up position: the position after ``plies`` random moves of a game as
    its start (or the last one before the end), then up to ``plies`` random moves more."""
    rng = random.Random(seed)
    base = GameRecord.new(game, geese, sideways)
    position = base.replay()
    for _ in range(plies):
        moves = position.legal_moves()
        position.push(rng.choice(moves))
        if not position.legal_moves():
            position.pop()
            break
    record = base.with_start(Start.of(position))
    position = record.replay()
    for _ in range(plies):
        if not position.legal_moves():
            break
        move = rng.choice(position.legal_moves())
        position.push(move)
        record = record.with_moves((*record.moves, str(move)))
    return record


def _sample_set_ups() -> list[str]:
    """Games from set-up positions (version 3), of every game, a side named in some."""
    records = []
    for i, (game, geese, sideways) in enumerate(CONFIGS):
        record = set_up_game(game, geese, sideways, seed=i, plies=12)
        records.append(record.encode())
        records.append(record.with_side("fox" if i % 2 else "geese").encode())
    return records


VALID = _sample_records() + _sample_set_ups()
_valid = st.sampled_from(VALID)


def _mutate(record: str, at: int, kind: int, char: str) -> str:
    i = at % (len(record) + 1)
    if kind == 0:
        return record[:i] + char + record[i + 1 :]  # replace
    if kind == 1:
        return record[:i] + char + record[i:]  # insert
    return record[:i] + record[i + 1 :]  # delete


_move = st.one_of(
    st.from_regex(r"[a-j][0-9]{1,2}([-x][a-j][0-9]{1,2}){1,3}", fullmatch=True),
    st.from_regex(r"@[a-j][0-9]{1,2}", fullmatch=True),  # a placement
)

fragments = st.one_of(
    _valid,
    _valid.flatmap(lambda r: st.integers(0, len(r)).map(lambda n: r[:n])),  # truncated
    st.builds(
        _mutate, _valid, st.integers(0, 10_000), st.integers(0, 2), st.characters(codec="utf-8")
    ),  # mutated
    st.builds(
        lambda game, opts, moves: ".".join(["1", game, opts, *moves]),  # illegal moves
        st.sampled_from(["fox-and-geese", "two-foxes", "large-cross", "asalto", "bagh-chal"]),
        st.sampled_from(["13", "15s", "17", "20", "18", "14", "13s", "24"]),
        st.lists(_move, max_size=12),
    ),
    st.builds(
        lambda side, foxes, geese, to_move, moves: ".".join(  # set-up starts, any spelling
            ["3", "fox-and-geese", "13", side, f"{foxes}-{geese}-{to_move}", *moves]
        ),
        st.sampled_from(["-", "fox", "geese", "", "x"]),
        st.from_regex(r"([a-h][0-9]){0,2}", fullmatch=True),
        st.from_regex(r"([a-h][0-9]){0,14}", fullmatch=True),
        st.sampled_from(["fox", "geese", "", "goose"]),
        st.lists(_move, max_size=4),
    ),
    st.text(max_size=30).map(lambda game: f"1.{game}.13.d4-d5"),  # wrong game ids
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),  # random bytes
    st.integers(1, 12_000).map(lambda n: "1.fox-and-geese.13." + ".".join(["d4-d5", "d5-d4"] * n)),
    st.integers(20_001, 60_000).map(lambda n: "x" * n),  # huge
)


def fragments_for(game: str) -> st.SearchStrategy[str]:
    """``fragments``, with more of one game's records and their broken forms: what a player of
    that game's page opens most."""
    own = st.sampled_from([r for r in VALID if r.split(".")[1] == game])
    return st.one_of(
        fragments,
        own,
        st.builds(
            _mutate, own, st.integers(0, 10_000), st.integers(0, 2), st.characters(codec="utf-8")
        ),
    )
