"""Assets of the play pages: the pinned Pyodide runtime and the engine archive.

The browser loads only these files for playing (nothing from another origin):
``pyodide/`` holds the runtime files from the npm package, and ``engine.zip``
the ``game`` package, which the worker unpacks into Pyodide's file system.
Both the standard library zip and the engine are precompiled to bytecode by
``precompile.mjs`` (inside Pyodide, so the bytecode matches its Python), which
also saves a memory snapshot of Pyodide with the engine imported
(``pyodide/engine-snapshot.bin``): the worker restores it instead of booting
Python, and boots normally from the archive if the snapshot fails.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from game.api import CALLS

REPO = Path(__file__).resolve().parent.parent
PYODIDE_SRC = REPO / "node_modules" / "pyodide"
GAME_SRC = REPO / "game"

# What loadPyodide() fetches for a worker that installs no packages.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
WORKER = Path("static") / "js" / "engine-worker.js"
PRECOMPILE = Path(__file__).resolve().parent / "precompile.mjs"
PYODIDE_DIR = "pyodide"
ENGINE_ARCHIVE = "engine.zip"
SNAPSHOT = "engine-snapshot.bin"  # next to the runtime it only works with; gzipped
SNAPSHOT_RAW = "engine-snapshot.raw"  # the same, not gzipped: for hosts that compress


def page_modules(entry: str = "play.js") -> list[str]:
    """The modules ``entry`` imports, and theirs (paths under static/js): the page preloads
    them all, so they load with it, not one import level after another."""
    js = Path(__file__).resolve().parent / "static" / "js"
    found: list[str] = []
    todo = [entry]
    while todo:
        module = todo.pop()
        source = (js / module).read_text(encoding="utf-8")
        for name in re.findall(r'^import .* from "(\.\.?/[\w/-]+\.js)";$', source, re.MULTILINE):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(module), name))
            if path not in found:
                found.append(path)
                todo.append(path)
    return sorted(found)


def build_assets(out_dir: Path | str) -> dict[str, str]:
    """Copy the runtime and write the precompiled stdlib and engine under ``out_dir``
    (the site root); returns their paths with their versions (content digests)."""
    out = Path(out_dir)
    target = out / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        source = PYODIDE_SRC / name
        if not source.is_file():
            raise FileNotFoundError(f"{source} is missing: run `make setup` (npm ci) first")
        shutil.copyfile(source, target / name)
    node = shutil.which("node")
    if not node:
        raise FileNotFoundError("node is not on PATH: it precompiles the play page's Python")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [node, str(PRECOMPILE), str(PYODIDE_SRC), str(GAME_SRC), tmp],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,  # the error below carries node's stderr
        )
        if proc.returncode != 0:
            raise RuntimeError(f"precompile.mjs failed:\n{proc.stderr[-4000:]}")
        for name in ("python_stdlib.zip", SNAPSHOT, SNAPSHOT_RAW):
            shutil.copyfile(Path(tmp) / name, target / name)
        shutil.copyfile(Path(tmp) / ENGINE_ARCHIVE, out / ENGINE_ARCHIVE)
    # The worker gets the lockfile's header inline (no lockfile request at run time), the
    # engine's method names from game.api, their only home, and the size, digest and gzipped
    # size of each file it loads (for its progress, so that it never mixes files of two builds,
    # and to tell the link's speed from a file a host compresses on the fly).
    info = json.loads((PYODIDE_SRC / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    files = [*sorted(target.iterdir()), out / ENGINE_ARCHIVE]
    assets: dict[str, tuple[int, str, int]] = {}
    for path in files:
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()[:12]
        assets[path.name] = (len(data), digest, len(gzip.compress(data, 6)))
    worker = out / WORKER
    text = worker.read_text(encoding="utf-8")
    for placeholder, value in (
        ("/*LOCKFILE_INFO*/null", info),
        ("/*METHODS*/[]", list(CALLS)),
        ("/*ASSETS*/null", assets),
    ):
        if placeholder not in text:
            raise ValueError(f"{WORKER} lost its placeholder {placeholder}")
        text = text.replace(placeholder, json.dumps(value))
    worker.write_text(text, encoding="utf-8")
    # Paths from the site root with their versions, for the service worker (offline.py).
    return {path.relative_to(out).as_posix(): assets[path.name][1] for path in files}
