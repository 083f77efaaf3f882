"""Precompressed copies of the site's text and WebAssembly files, and the hosts' `_headers`.

Next to every compressible file of at least ``MIN_SIZE`` bytes the build writes ``FILE.br``
(brotli, best quality) and ``FILE.gz`` (gzip, best level), which hosts that serve
precompressed files send as they are (nginx's ``gzip_static``/``brotli_static``,
``scripts/serve.py``); hosts that compress on the fly ignore them. Already compressed
files (images, zips, the gzipped engine snapshot) are left alone.

Brotli at its best quality takes about a minute for Pyodide's 9.6 MB WebAssembly, and those
runtime files are the same in every build: compressed copies are kept in ``build/compressed/``
by content digest, so only new content costs that time.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "compressed"
SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest"}
SUFFIXES |= {".wasm", ".map", ".raw"}  # .raw: the engine snapshot as it is (play.py)
MIN_SIZE = 1024  # below this the saving is a few hundred bytes, less than a second request costs
ENCODINGS = {
    ".br": lambda data: brotli.compress(data, quality=11, lgwin=24),
    # mtime 0: the same file gives the same bytes in every build.
    ".gz": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
# For builds that only need correct copies (the tests): a second instead of a minute or two.
QUICK_ENCODINGS = {
    ".br": lambda data: brotli.compress(data, quality=5, lgwin=22),
    ".gz": lambda data: gzip.compress(data, compresslevel=6, mtime=0),
}


def compressible(path: Path) -> bool:
    return path.suffix in SUFFIXES and path.stat().st_size >= MIN_SIZE


def _compressed(data: bytes, suffix: str, cache: Path | None, quick: bool) -> bytes:
    if quick:
        return QUICK_ENCODINGS[suffix](data)
    if cache is None:
        return ENCODINGS[suffix](data)
    stored = cache / (hashlib.sha256(data).hexdigest() + suffix)
    if stored.is_file():
        return stored.read_bytes()
    out = ENCODINGS[suffix](data)
    cache.mkdir(parents=True, exist_ok=True)
    # A partial file of this process's own: two builds at once (parallel test workers) must
    # neither write into one file nor move away the other's.
    partial = stored.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(out)
    partial.replace(stored)  # never a half-written copy, even if two builds run at once
    return out


def precompress(out_dir: Path, cache: Path | None = CACHE, *, quick: bool = False) -> list[Path]:
    """Write FILE.br and FILE.gz next to each compressible file under out_dir; returns them.
    ``quick``: fast, larger copies (same content), never cached."""
    written = []
    for path in sorted(p for p in Path(out_dir).rglob("*") if p.is_file()):
        if not compressible(path):
            continue
        data = path.read_bytes()
        for suffix in ENCODINGS:
            target = path.with_name(path.name + suffix)
            target.write_bytes(_compressed(data, suffix, cache, quick))
            written.append(target)
    return written


def write_headers(out_dir: Path, base_path: str = "/") -> None:
    """``_headers`` for Netlify and Cloudflare Pages (other hosts ignore it; README.md shows
    the same for nginx and Apache). base_path: where the site sits on its host.

    The runtime and the engine are only ever requested with their version (``?v=digest``),
    so they may be cached for good; everything else keeps the host's default (revalidated:
    Netlify and Cloudflare merge the values of every rule that matches, so none is set here).
    """
    base = "/" + base_path.strip("/") + "/" if base_path.strip("/") else "/"
    lines = [
        "# Written by the site builder for Netlify and Cloudflare Pages.",
        f"{base}*",
        "  X-Content-Type-Options: nosniff",
        f"{base}pyodide/*",
        "  Cache-Control: public, max-age=31536000, immutable",
        f"{base}engine.zip",
        "  Cache-Control: public, max-age=31536000, immutable",
        f"{base}pyodide/pyodide.asm.wasm",
        "  Content-Type: application/wasm",
        f"{base}pyodide/pyodide.asm.mjs",
        "  Content-Type: text/javascript; charset=utf-8",
    ]
    (Path(out_dir) / "_headers").write_text("\n".join(lines) + "\n", encoding="utf-8")
