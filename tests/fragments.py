"""A hypothesis strategy for URL fragments a player might open: the same generator feeds
the engine's deserializer in CPython and the play page's link loader in Chromium."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from game.record import GameRecord


def _sample_records() -> list[str]:
    """Real records: a few random games per game, cut at a few lengths."""
    rng = random.Random(2026)
    records = []
    for game, geese, sideways in [
        ("fox-and-geese", 13, False),
        ("fox-and-geese", 17, True),
        ("two-foxes", None, False),
        ("large-cross", None, False),
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


VALID = _sample_records()
_valid = st.sampled_from(VALID)


def _mutate(record: str, at: int, kind: int, char: str) -> str:
    i = at % (len(record) + 1)
    if kind == 0:
        return record[:i] + char + record[i + 1 :]  # replace
    if kind == 1:
        return record[:i] + char + record[i:]  # insert
    return record[:i] + record[i + 1 :]  # delete


_move = st.from_regex(r"[a-j][0-9]{1,2}([-x][a-j][0-9]{1,2}){1,3}", fullmatch=True)

fragments = st.one_of(
    _valid,
    _valid.flatmap(lambda r: st.integers(0, len(r)).map(lambda n: r[:n])),  # truncated
    st.builds(
        _mutate, _valid, st.integers(0, 10_000), st.integers(0, 2), st.characters(codec="utf-8")
    ),  # mutated
    st.builds(
        lambda game, opts, moves: ".".join(["1", game, opts, *moves]),  # illegal moves
        st.sampled_from(["fox-and-geese", "two-foxes", "large-cross"]),
        st.sampled_from(["13", "15s", "17", "20", "18", "14", "13s"]),
        st.lists(_move, max_size=12),
    ),
    st.text(max_size=30).map(lambda game: f"1.{game}.13.d4-d5"),  # wrong game ids
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),  # random bytes
    st.integers(1, 12_000).map(lambda n: "1.fox-and-geese.13." + ".".join(["d4-d5", "d5-d4"] * n)),
    st.integers(20_001, 60_000).map(lambda n: "x" * n),  # huge
)
