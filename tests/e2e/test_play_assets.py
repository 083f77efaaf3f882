"""What the build ships for playing: only the Pyodide files the worker loads, the whole
engine precompiled, and a memory snapshot of both; every play page points at them with
relative URLs. The worker restores the snapshot, and boots normally when it cannot."""

from __future__ import annotations

import gzip
import itertools
import json
import re
import struct
import time
import zipfile
from urllib.parse import urljoin

from playwright.sync_api import Request

from site_builder import i18n
from tests.e2e.support import PLAY_GAMES, READY
from tests.helpers import REPO


def test_pyodide_files_are_the_runtime_only(site_dir):
    # (With their precompressed copies: see test_network.py.)
    shipped = sorted(
        p.name for p in (site_dir / "pyodide").iterdir() if p.suffix not in (".br", ".gz")
    )
    assert shipped == sorted(
        [
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "engine-snapshot.bin",
            "engine-snapshot.raw",
        ]
    )
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert (site_dir / "pyodide" / name).read_bytes() == (
            REPO / "node_modules" / "pyodide" / name
        ).read_bytes()


def test_the_worker_carries_the_lockfile_header_and_nothing_fetches_the_lockfile(
    site_dir, page, site_server
):
    lock = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    worker = (site_dir / "static" / "js" / "engine-worker.js").read_text()
    assert f"const LOCKFILE_INFO = {json.dumps(lock['info'])};" in worker
    requested = []
    page.context.on("request", lambda request: requested.append(request.url.split("?")[0]))
    page.goto(f"{site_server.root_url}en/large-cross/play/")
    page.wait_for_selector(READY)
    assert any("/engine-snapshot." in url for url in requested)
    assert not any("lock" in url for url in requested)


def test_engine_archive_holds_every_engine_module_compiled(site_dir):
    with zipfile.ZipFile(site_dir / "engine.zip") as archive:
        names = set(archive.namelist())
    modules = {f"game/{p.stem}.pyc" for p in (REPO / "game").glob("*.py")}
    assert modules <= names
    assert not any(n.endswith(".py") for n in names)


def test_every_play_page_points_at_the_assets(site_dir, page, site_server):
    # The page preloads every module it loads, so they load with it, not one import level after
    # another: the modules a browser asks for while it opens a play page are the ones preloaded.
    loaded = set()

    def seen(request: Request) -> None:
        path = request.url.split("?")[0]
        if request.resource_type == "script" and "/static/js/" in path:
            loaded.add(path.split("/static/js/", 1)[1])

    page.on("request", seen)
    page.goto(f"{site_server.root_url}en/fox-and-geese/play/")
    page.wait_for_selector(READY)
    loaded.discard("engine-worker.js")  # the worker's script, loaded by the page's engine.js
    html = (site_dir / "en" / "fox-and-geese" / "play" / "index.html").read_text(encoding="utf-8")
    entries = set(re.findall(r'<script type="module" src="[^"]*/static/js/([^"]+)">', html))
    assert {"play.js", "site.js"} <= entries <= loaded
    assert {"engine.js", "i18n.js"} <= loaded
    imports = sorted(loaded - entries)
    for lang in i18n.locales():
        for game in PLAY_GAMES:
            page_file = f"{lang}/{game}/play/index.html"
            html = (site_dir / page_file).read_text(encoding="utf-8")
            # Scripts only from files (JSON data blocks aside), no inline event handlers.
            for attrs, body in re.findall(r"<script([^>]*)>(.*?)</script>", html, re.DOTALL):
                assert 'type="application/json"' in attrs or not body.strip(), page_file
            assert re.search(r"<[^>]*\son[a-z]+\s*=", html) is None, page_file
            for attr in ("data-pyodide", "data-archive"):
                value = re.search(rf'{attr}="([^"]+)"', html).group(1)
                assert not value.startswith(("/", "http")), value
                target = urljoin(f"http://x/{page_file}", value)[len("http://x/") :]
                assert (site_dir / target).exists(), (page_file, attr, target)
            assert f'data-game="{game}"' in html
            preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
            assert sorted(href.split("/static/js/", 1)[-1] for href in preloads) == imports


def test_snapshot_is_packed_as_the_worker_reads_it(site_dir):
    data = (site_dir / "pyodide" / "engine-snapshot.raw").read_bytes()
    # The gzipped one, for hosts that do not compress, is the same.
    assert gzip.decompress((site_dir / "pyodide" / "engine-snapshot.bin").read_bytes()) == data
    length, count = struct.unpack_from("<2I", data)
    runs = [struct.unpack_from("<2I", data, 8 + 8 * i) for i in range(count)]
    chunk = 1 << 16
    stored = sum(min(n * chunk, length - first * chunk) for first, n in runs)
    assert 8 + 8 * count + stored == len(data)
    assert data[8 + 8 * count :][:4] == b"\0snp"  # Pyodide's own snapshot header comes first
    assert stored < length / 2  # the zeros are left out
    assert all(a + n < b for (a, n), (b, _) in itertools.pairwise(runs))  # ordered, and runs merged


def boot(page, site_server) -> tuple[dict, list[str]]:
    """Open a play page; the worker's load timings and the URLs the page and its
    worker requested."""
    requested: list[str] = []

    def record(request: Request) -> None:
        # Not the service worker's: after the engine loaded, it caches every engine file.
        if not request.service_worker:
            requested.append(request.url.split("?")[0])

    page.context.on("request", record)
    page.goto(f"{site_server.root_url}en/fox-and-geese/play/")
    page.wait_for_selector(READY)
    return json.loads(page.locator("html").get_attribute("data-engine-timings")), requested


def computer_moves_first(page) -> None:
    page.select_option("select[name=level]", "easy")
    page.check("input[name=mode][value=computer]")
    page.check("input[name=side][value=geese]")
    page.wait_for_selector("#moves [data-move]")


def test_the_worker_restores_the_snapshot_without_the_archive(page, site_server):
    timings, requested = boot(page, site_server)
    assert "fallback" not in timings and "ready" in timings
    # The packed one: the test server compresses (test_network.py tests both kinds of host).
    assert any(url.endswith("/pyodide/engine-snapshot.raw") for url in requested)
    assert not any(url.endswith("/engine.zip") for url in requested)
    computer_moves_first(page)
    assert not page.console_errors


def test_a_runtime_that_cannot_be_downloaded_fails_at_once_with_its_reason(page, site_server):
    # Pyodide would wait for its WebAssembly until the 20 s stall timeout, and the page would
    # then say that nothing arrived; the download failed, and the page says so at once.
    page.context.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    started = time.monotonic()
    page.goto(f"{site_server.root_url}de/fox-and-geese/play/")
    page.wait_for_selector("html[data-engine=failed]", timeout=30_000)
    assert time.monotonic() - started < 10
    assert "pyodide.asm.wasm" in page.inner_text("#engine-error")
    reason = page.inner_text("#engine-failed p")
    assert "Spiel-Engine" in reason and "20" not in reason, reason
    assert page.locator("[data-action=retry]").is_visible()


def test_without_the_snapshot_the_engine_boots_from_the_archive(page, site_server):
    page.context.route("**/engine-snapshot.*", lambda route: route.abort())
    timings, requested = boot(page, site_server)
    assert "fallback" in timings
    assert any(url.endswith("/engine.zip") for url in requested)
    # The runtime the first try started to download is the one the normal boot uses.
    assert sum(url.endswith("/pyodide.asm.wasm") for url in requested) == 1
    computer_moves_first(page)


def test_the_snapshot_boot_downloads_no_standard_library(page, site_server):
    # The snapshot's Python imported all the standard library zip holds before it was saved:
    # restoring it needs no zip, so 1.5 MB less to download before the first move.
    timings, requested = boot(page, site_server)
    assert "fallback" not in timings
    assert not any(url.endswith("/python_stdlib.zip") for url in requested)
    computer_moves_first(page)
    assert not page.console_errors


def test_a_damaged_snapshot_is_not_used(page, site_server):
    damaged = gzip.compress(struct.pack("<2I", 1 << 20, 1) + bytes(100))
    page.context.route("**/engine-snapshot.*", lambda route: route.fulfill(body=damaged))
    timings, requested = boot(page, site_server)
    assert "fallback" in timings
    assert any(url.endswith("/python_stdlib.zip") for url in requested)
    assert sum(url.endswith("/pyodide.asm.wasm") for url in requested) == 1
    computer_moves_first(page)
