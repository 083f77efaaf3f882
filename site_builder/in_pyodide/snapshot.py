"""Run inside Pyodide by precompile.mjs (never by CPython), in the Python whose memory
becomes the play page's snapshot: the engine imported and warmed up, and ``restored``,
which engine-worker.js calls right after restoring the snapshot.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Callable

from game import VARIANTS
from game.api import ai_move, call, new_game

# A first search in each game (to a fixed depth: easy stops there) builds the move and
# evaluation tables, so they are in the snapshot. (Snapshots still differ between builds:
# they hold entropy-seeded state.)
for _game in VARIANTS:
    ai_move(new_game(_game)["record"], "easy", 60.0, 0)


def import_everything(stdlib_modules: str) -> None:
    """Import every module of the trimmed standard library zip (a JSON list of its names, as
    precompile.py returns them) and of the engine. The restored Python has no files (the file
    system is not part of the snapshot), so it must never need one: the worker then downloads
    no standard library, and a snapshot cannot meet the zip of another build."""
    for name in json.loads(stdlib_modules):
        importlib.import_module(name.removesuffix("/__init__").replace("/", "."))
    for name in sorted(os.listdir("/home/pyodide/engine/game")):
        if name.endswith(".pyc") and name != "__main__.pyc":
            importlib.import_module("game." + name.removesuffix(".pyc"))


def restored() -> Callable[[str, str], str]:
    """Run by engine-worker.js right after restoring; returns the engine's entry point."""
    random.seed()  # else every load would start the generator alike
    return call
