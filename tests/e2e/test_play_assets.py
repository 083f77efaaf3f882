"""What the build ships for playing: only the Pyodide files the worker loads, and the
whole engine, precompiled; every play page points at them with relative URLs."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin

from site_builder import i18n

REPO = Path(__file__).resolve().parents[2]
GAMES = ("fox-and-geese", "two-foxes", "large-cross")


def test_pyodide_files_are_the_runtime_only(site_dir):
    shipped = sorted(p.name for p in (site_dir / "pyodide").iterdir())
    assert shipped == sorted(["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                              "python_stdlib.zip"])
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (site_dir / "pyodide" / name).read_bytes() == \
            (REPO / "node_modules" / "pyodide" / name).read_bytes()


def test_the_worker_carries_the_lockfile_header_and_nothing_fetches_the_lockfile(site_dir, page,
                                                                              site_server):
    lock = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    worker = (site_dir / "static" / "js" / "engine-worker.js").read_text()
    assert f"const LOCKFILE_INFO = {json.dumps(lock['info'])};" in worker
    requested = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(f"{site_server.root_url}en/large-cross/play/")
    page.wait_for_selector("html[data-engine=ready]")
    assert any(url.endswith("python_stdlib.zip") for url in requested)
    assert not any("lock" in url for url in requested)


def test_engine_archive_holds_every_engine_module_compiled(site_dir):
    with zipfile.ZipFile(site_dir / "engine.zip") as archive:
        names = set(archive.namelist())
    modules = {f"game/{p.stem}.pyc" for p in (REPO / "game").glob("*.py")}
    assert modules <= names
    assert not any(n.endswith(".py") for n in names)


def test_every_play_page_points_at_the_assets(site_dir):
    for lang in i18n.locales():
        for game in GAMES:
            page = f"{lang}/{game}/play/index.html"
            html = (site_dir / page).read_text(encoding="utf-8")
            # Scripts only from files (JSON data blocks aside), no inline event handlers.
            for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S):
                assert 'type="application/json"' in attrs or not body.strip(), page
            assert re.search(r"<[^>]*\son[a-z]+\s*=", html) is None, page
            for attr in ("data-pyodide", "data-archive"):
                value = re.search(rf'{attr}="([^"]+)"', html).group(1)
                assert not value.startswith(("/", "http")), value
                target = urljoin(f"http://x/{page}", value)[len("http://x/"):]
                assert (site_dir / target).exists(), (page, attr, target)
            assert 'data-game="%s"' % game in html
