"""Run inside Pyodide by precompile.mjs (never by CPython): bytecode for the play page.

Bytecode is specific to the exact Python (Pyodide's 3.14, not the CPython running the
builder), so it is made here. ``precompile`` first runs the worker's real code paths, so
that every standard-library module they import, even lazily, is loaded; then it compiles
those modules and the engine to sourceless ``.pyc`` files in two zips.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

# The build's own modules (os, py_compile, zipfile) are imported inside the functions that
# use them, after the worker's modules were recorded: they are not the worker's and stay
# out of the trimmed standard library.

STDLIB = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def exercise_the_engine() -> None:
    """The worker's imports and code paths, including a search, a rejected record and a
    traceback, so that everything they need is imported."""
    from game import api, levels  # noqa: F401  (levels: the worker imports it at start-up)

    state = api.new_game("fox-and-geese")
    api.play(state["record"], state["legal"][0]["move"])
    api.play(state["record"], path=state["legal"][0]["path"])
    api.load("1.fox-and-geese.13.zz")
    api.ai_move(api.new_game("two-foxes")["record"], "hard", 0.05, 1)
    api.hint(state["record"], 0.05)
    api.review(api.play(state["record"], state["legal"][0]["move"])["record"], seconds=0.05)
    api.check_setup("fox-and-geese", ["d4"], ["c1", "c1"], "fox")
    try:
        raise ValueError("probe")
    except ValueError:
        traceback.format_exc()


def compiled_zip(sources: Iterable[tuple[bytes, str]], target: str, optimize: int = 0) -> None:
    """(source code, archive name without suffix) pairs -> a zip of sourceless .pyc files,
    compiled at ``optimize`` (2: without docstrings and asserts)."""
    import py_compile
    import zipfile

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for source, name in sorted(sources, key=lambda pair: pair[1]):
            with open("/tmp/one.py", "wb") as f:
                f.write(source)
            # Unchecked hash: the .pyc is trusted as is, with no source to compare against.
            py_compile.compile(
                "/tmp/one.py",
                cfile="/tmp/one.pyc",
                dfile=name + ".py",
                doraise=True,
                optimize=optimize,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            with open("/tmp/one.pyc", "rb") as f:
                data = f.read()
            info = zipfile.ZipInfo(name + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)


def stdlib_modules(loaded: Mapping[str, object], names_in_zip: set[str]) -> list[str]:
    """The standard library modules (archive names without suffix) among ``loaded``, with
    the ``__init__`` of every package they are in."""
    prefix = STDLIB + "/"
    names = set()
    for module in loaded.values():
        path = getattr(module, "__file__", None) or ""
        if path.startswith(prefix) and path.endswith(".py"):
            names.add(path[len(prefix) : -3])
    for name in list(names):
        parts = name.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            init = "/".join(parts[:i]) + "/__init__"
            if init + ".py" in names_in_zip:
                names.add(init)
    return sorted(names)


def precompile(engine_dir: str, out_dir: str) -> str:
    """Write ``python_stdlib.zip`` (trimmed) and ``engine.zip`` into ``out_dir``; returns
    the standard library modules they hold, as JSON."""
    exercise_the_engine()
    loaded = dict(sys.modules)
    import os
    import zipfile

    with zipfile.ZipFile(STDLIB) as stdlib:
        names = stdlib_modules(loaded, set(stdlib.namelist()))
        # Without docstrings and asserts: a sixth fewer bytes to download, and a smaller
        # snapshot. A sourceless .pyc is imported whatever level it was compiled at. The
        # engine keeps its asserts: the same code as in CPython.
        compiled_zip(
            ((stdlib.read(name + ".py"), name) for name in names),
            f"{out_dir}/python_stdlib.zip",
            optimize=2,
        )
    game = f"{engine_dir}/game"
    engine = []
    for file in os.listdir(game):
        if file.endswith(".py"):
            with open(f"{game}/{file}", "rb") as f:
                engine.append((f.read(), "game/" + file[:-3]))
    compiled_zip(engine, f"{out_dir}/engine.zip")
    return json.dumps(names)
