"""Offline play and installation: the service worker and a web app manifest per locale.

The service worker precaches the small shell (styles, scripts, icons) on
install, a locale's pages when a page in that locale asks for them, and the
Pyodide runtime with the engine only when a play page asks (a reader of the
rules never downloads WebAssembly), so that after one visit the play page
loads and plays with no network. Its cache name carries the version, the commit and a digest
of the cached files, so a new build never serves an old file; activation
deletes older caches.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import i18n
from .palette import colours
from .play import PYODIDE_DIR, SNAPSHOT, SNAPSHOT_RAW

HERE = Path(__file__).resolve().parent
CACHE_PREFIX = "fox-and-geese-"
# Not worth an offline copy: machine-readable files and the worker itself.
SKIP = {"sw.js", "sitemap.xml", "robots.txt"}
# What only the play page needs (see play.py).
ENGINE_FILES = ("pyodide/", "engine.zip")
# The engine snapshot, packed and gzipped: the service worker stores one of them, not both.
SNAPSHOTS = tuple(f"{PYODIDE_DIR}/{name}" for name in (SNAPSHOT_RAW, SNAPSHOT))


def _files(out: Path) -> list[str]:
    return sorted(
        p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name not in SKIP
    )


def write_manifests(out: Path, locales: list[str]) -> None:
    translations = i18n.load_translations()
    for code in locales:
        tr = translations[code][0]
        manifest = {
            "name": tr.gettext("Fox and Geese"),
            "short_name": tr.gettext("Fox and Geese"),
            "description": tr.gettext(
                "Rules of Fox and Geese and four games of its family, with lessons and a board "
                "to play on in your browser."
            ),
            "lang": code,
            "start_url": "./",
            "scope": "../",
            "display": "standalone",
            "background_color": colours()["bg"],
            "theme_color": colours()["accent"],
            "icons": [
                {"src": "../static/img/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                {"src": "../static/img/icon-192.png", "sizes": "192x192", "type": "image/png"},
                {"src": "../static/img/icon-512.png", "sizes": "512x512", "type": "image/png"},
                {
                    "src": "../static/img/icon-maskable-512.png",
                    "sizes": "512x512",
                    "type": "image/png",
                    "purpose": "maskable",
                },
            ],
        }
        (out / code / "manifest.webmanifest").write_text(
            json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8"
        )


def write_service_worker(
    out: Path, locales: list[str], version: str, commit: str, versions: dict[str, str]
) -> str:
    """Write ``sw.js`` at the site root; returns its cache name.

    versions: the engine files' digests (play.py), asked for as ``?v=`` so that a browser's
    cache never hands in a file of another build."""
    files = _files(out)
    per_locale = {code: [f for f in files if f.startswith(code + "/")] for code in locales}
    in_a_locale = {f for fs in per_locale.values() for f in fs}
    engine = [f for f in files if f.startswith(ENGINE_FILES)]
    shell = [f for f in files if f not in in_a_locale and f not in engine and f != "404.html"]
    engine = [f"{f}?v={versions[f]}" if f in versions else f for f in engine]
    snapshots = [f"{f}?v={versions[f]}" for f in SNAPSHOTS]
    engine = [f for f in engine if f not in snapshots]
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode() + b"\0" + (out / f).read_bytes())
    cache = f"{CACHE_PREFIX}v{version}-{commit}-{digest.hexdigest()[:10]}"
    config = {
        "cache": cache,
        "prefix": CACHE_PREFIX,
        "shell": [*shell, "404.html"],
        "engine": engine,
        "snapshots": snapshots,
        "locales": per_locale,
    }
    template = (HERE / "sw.template.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(
        template.replace("/*CONFIG*/null", json.dumps(config)), encoding="utf-8"
    )
    return cache


def build_offline(
    out_dir: Path | str, locales: list[str], version: str, commit: str, versions: dict[str, str]
) -> None:
    out = Path(out_dir)  # the manifests are written with the pages (builder.build_pages)
    write_service_worker(out, locales, version, commit, versions)
