"""Run inside Pyodide by precompile.mjs (never by CPython), in the Python whose memory
becomes the play page's snapshot: the engine imported and warmed up, and ``restored``,
which engine-worker.js calls right after restoring the snapshot.
"""

from __future__ import annotations

import random
import sys
import zlib
from collections.abc import Callable

from game.api import ai_move, call, new_game

# A first search in each game (to a fixed depth: easy stops there) builds the move and
# evaluation tables, so they are in the snapshot. (Snapshots still differ between builds:
# they hold entropy-seeded state.)
for _game in ("fox-and-geese", "two-foxes", "large-cross"):
    ai_move(new_game(_game)["record"], "easy", 60.0, 0)


def stdlib_crc() -> int:
    # In small pieces: a freed 1.5 MB buffer would stay in the snapshot as incompressible noise.
    crc = 0
    with open(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip", "rb") as f:
        while chunk := f.read(1 << 14):
            crc = zlib.crc32(chunk, crc)
    return crc


STDLIB_CRC = stdlib_crc()


def restored() -> Callable[[str, str], str]:
    """Run by engine-worker.js right after restoring; returns the engine's entry point."""
    if stdlib_crc() != STDLIB_CRC:  # zipimport's offsets in memory would point into another zip
        raise RuntimeError("the snapshot belongs to another build")
    random.seed()  # else every load would start the generator alike
    return call
