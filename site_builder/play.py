"""Assets of the play pages: the pinned Pyodide runtime and the engine archive.

The browser loads only these files for playing (nothing from another origin):
``pyodide/`` holds the runtime files from the npm package, and ``engine.zip``
the ``game`` package, which the worker unpacks into Pyodide's file system.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYODIDE_SRC = REPO / "node_modules" / "pyodide"
GAME_SRC = REPO / "game"

# What loadPyodide() fetches for a worker that installs no packages.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_DIR = "pyodide"
ENGINE_ARCHIVE = "engine.zip"


def build_assets(out_dir, context=None) -> None:
    """Copy the runtime and write the engine archive under ``out_dir`` (the site root)."""
    out = Path(out_dir)
    target = out / PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        source = PYODIDE_SRC / name
        if not source.is_file():
            raise FileNotFoundError(f"{source} is missing: run `make setup` (npm ci) first")
        shutil.copyfile(source, target / name)
    write_engine_archive(out / ENGINE_ARCHIVE)


def write_engine_archive(path: Path) -> None:
    """A zip of game/*.py, byte-identical for identical sources (fixed timestamps, sorted)."""
    sources = sorted(p for p in GAME_SRC.rglob("*.py") if "__pycache__" not in p.parts)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for source in sources:
            info = zipfile.ZipInfo(source.relative_to(REPO).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, source.read_bytes())
