"""The play page on a slow or broken network: real progress, a stall timeout instead of a
fixed one, files of one build only; and the precompressed copies the build writes.

Slow networks are made by scripts/serve.py's throttled link (browser emulation does not
throttle a worker's fetches reliably)."""

from __future__ import annotations

import functools
import gzip
import itertools
import json
import re
import shutil
import threading
import time

import brotli
import pytest

from site_builder.builder import Site
from site_builder.compress import compressible
from tests.e2e.support import READY, running, stall_after
from tests.helpers import serve

PLAY = "sv/fox-and-geese/play/"

# Before any page script: every value the progress bar takes, with the text beside it.
RECORD_PROGRESS = """
window.__progress = [];
new MutationObserver(() => {
  const bar = document.getElementById("engine-progress");
  const text = document.getElementById("engine-progress-text");
  const last = window.__progress[window.__progress.length - 1];
  // The parser may have inserted the bar but not yet the text beside it.
  if (bar && text && (!last || last[0] !== bar.value || last[1] !== text.textContent)) {
    window.__progress.push([bar.value, text.textContent]);
  }
}).observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
"""


def test_a_slow_network_that_keeps_sending_never_fails_and_progress_runs_to_100(page, site_dir):
    # A stall timeout, and a link so slow that loading takes longer: as long as bytes arrive,
    # the page waits; the bar only ever moves forward, in MB and percent. The timeout leaves
    # room for a busy machine, where the throttled server itself may pause for seconds.
    # At 2 Mbit/s the snapshot would take longer than booting Python: the worker drops it
    # after its first second and boots from the standard library and the engine archive.
    page.context.add_init_script(RECORD_PROGRESS)
    stall_s = 8
    page.context.route(f"**/{PLAY}", stall_after(stall_s * 1000))
    requested: list[str] = []
    page.context.on("request", lambda r: r.service_worker or requested.append(r.url))
    with running(serve.make_server(site_dir, throttle_kbit=2000, latency_ms=100), page) as url:
        started = time.monotonic()
        page.goto(url + PLAY)
        page.wait_for_selector(f"{READY}, html[data-engine=failed]", timeout=180_000)
        took = time.monotonic() - started
        engine = page.get_attribute("html", "data-engine")
        steps = page.evaluate("window.__progress")
        failed = page.locator("#engine-failed").inner_text() if engine == "failed" else ""
        assert engine == "ready", f"the engine failed after {took:.0f} s: {failed}"
        timings = json.loads(page.get_attribute("html", "data-engine-timings"))
        page.check("input[name=side][value=geese]")  # the computer's fox moves first
        page.wait_for_selector("#moves [data-move]", timeout=60_000)
    assert engine == "ready"
    assert took > stall_s  # the load took longer than the stall timeout
    assert "slow-link" in timings and "fallback" not in timings
    names = [u.split("?")[0].rsplit("/", 1)[1] for u in requested]
    assert "python_stdlib.zip" in names and "engine.zip" in names
    assert names.count("pyodide.asm.wasm") == 1
    values = [value for value, _ in steps]
    assert values == sorted(values)
    assert values[-1] == 100
    assert len(set(values)) > 10  # it moved in many steps, not in a few phases
    downloading = [text for value, text in steps if 0 < value < 100]
    # Swedish, with MB and a percentage: "Hämtar: 3,2 av 17,3 MB (18 %)"
    assert downloading
    assert all(re.search(r"\d,\d av \d+,\d MB \(\d+\s%\)", text) for text in downloading), (
        downloading[:3]
    )
    assert "Downloading" not in " ".join(text for _, text in steps)
    # The total grows as files are known and shrinks once, when the snapshot is dropped for
    # the smaller files a boot needs: it never shrinks and then grows again.
    totals = [
        float(re.search(r"av (\d+,\d) MB", t).group(1).replace(",", ".")) for t in downloading
    ]
    changes = [b - a for a, b in itertools.pairwise(totals) if b != a]
    assert not any(a < 0 < b for a, b in itertools.pairwise(changes)), totals
    assert not page.console_errors


class _StopsSending(serve.Handler):
    """Until `resumed` is set: sends the first part of the WebAssembly runtime, then nothing
    more, without closing the connection (as a mobile connection that dropped)."""

    encodings = ()
    resumed = threading.Event()

    def send_head(self):
        f = super().send_head()
        if f is None or "pyodide.asm.wasm" not in self.path or self.resumed.is_set():
            return f
        self.wfile.write(f.read(300_000))
        self.wfile.flush()
        self.resumed.wait(60)
        f.close()
        return None


def test_a_server_that_stops_sending_fails_with_a_clear_message_and_retry(page, site_dir):
    page.context.route(f"**/{PLAY}", stall_after(3000))
    server = serve.make_server(site_dir)
    _StopsSending.resumed.clear()
    server.RequestHandlerClass = functools.partial(_StopsSending, directory=str(site_dir))
    with running(server, page) as url:
        page.goto(url + PLAY)
        page.wait_for_selector("html[data-engine=failed]", timeout=60_000)
        failed = page.locator("#engine-failed")
        assert failed.is_visible()
        # In Swedish, and saying what happened: nothing arrived for 3 seconds.
        reason = failed.locator("p").first.inner_text()
        assert "3" in reason and "Nothing" not in reason, reason
        assert "timeout" in page.locator("#engine-error").inner_text()
        _StopsSending.resumed.set()  # the connection works again
        page.context.unroute(f"**/{PLAY}")
        page.evaluate("document.getElementById('play').dataset.timeout = '60000'")
        page.click("[data-action=retry]")
        page.wait_for_selector(READY, timeout=120_000)
        assert failed.is_hidden()


def snapshot_downloads(page, url: str) -> dict[str, str]:
    """Open the play page at url; how each download of the engine snapshot ended."""
    ended: dict[str, str] = {}

    def note(how: str):
        def handler(request) -> None:
            name = request.url.split("?")[0].rsplit("/", 1)[1]
            if name.startswith("engine-snapshot") and not request.service_worker:
                ended[name] = how

        return handler

    page.context.on("requestfinished", note("finished"))
    page.context.on("requestfailed", note("failed"))
    page.context.add_init_script(RECORD_PROGRESS)
    page.goto(url + PLAY)
    page.wait_for_selector(f"{READY}, html[data-engine=failed]", timeout=120_000)
    assert page.get_attribute("html", "data-engine") == "ready"
    assert "fallback" not in page.get_attribute("html", "data-engine-timings")
    # The bytes counted are those of the file used (decoded, if the host compressed it).
    assert page.evaluate("window.__progress")[-1][0] == 100
    return ended


@pytest.mark.parametrize(
    ("encodings", "expected"),
    [
        (("br",), {"engine-snapshot.raw": "finished"}),
        (("gzip",), {"engine-snapshot.raw": "finished"}),
        ((), {"engine-snapshot.raw": "failed", "engine-snapshot.bin": "finished"}),
    ],
)
def test_a_host_that_compresses_gets_the_packed_snapshot_and_one_that_does_not_the_gzipped(
    page, site_dir, encodings, expected
):
    # Brotli or gzip on the wire beats the gzip inside the file; a host that sends files as
    # they are is cut off after the packed file's headers (it would be 12.8 MB) and sends the
    # gzipped one.
    with running(serve.make_server(site_dir, encodings=encodings), page) as url:
        assert snapshot_downloads(page, url) == expected
    assert not page.console_errors


def test_the_worker_asks_for_this_builds_files_only(page, site_server, site_dir):
    # Every runtime and engine file is requested with its content digest, so no cache can
    # hand in a file of another build; the service worker precaches the same versions.
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(site_server.root_url + "en/fox-and-geese/play/")
    page.wait_for_selector(READY)
    worker = (site_dir / "static" / "js" / "engine-worker.js").read_text()
    assets = json.loads(re.search(r"const ASSETS = (\{.*?\});", worker).group(1))
    runtime = [url for url in requested if "/pyodide/" in url]
    assert runtime
    for url in runtime:
        name, _, version = url.rsplit("/", 1)[1].partition("?v=")
        assert assets[name][1] == version, url
        assert assets[name][0] == (site_dir / "pyodide" / name).stat().st_size
    sw = (site_dir / "sw.js").read_text()
    for name, (size, digest, gzipped) in assets.items():
        assert f"{name}?v={digest}" in sw
        assert 0 < gzipped < size  # what the worker takes the file's bytes on the wire to be


def test_precompressed_copies_match_their_originals(site_dir):
    originals = [p for p in site_dir.rglob("*") if p.is_file() and compressible(p)]
    assert any(p.suffix == ".wasm" for p in originals)
    for original in originals:
        data = original.read_bytes()
        assert brotli.decompress(original.with_name(original.name + ".br").read_bytes()) == data
        assert gzip.decompress(original.with_name(original.name + ".gz").read_bytes()) == data
    # Already compressed files get no copies.
    assert not (site_dir / "pyodide" / "engine-snapshot.bin.gz").exists()
    assert not list(site_dir.rglob("*.png.br"))


STYLED = """() => [...document.styleSheets].some(
  (sheet) => sheet.href && sheet.href.endsWith("/static/css/site.css") && sheet.cssRules.length > 0
)"""


def assert_404_works(page, url: str) -> None:
    """The 404 page at a mistyped address: styled, in every language, with working links."""
    response = page.goto(url)
    assert response.status == 404
    page.wait_for_function(STYLED, timeout=20_000)
    assert page.locator(".notfound-others li").count() > 1
    links = page.eval_on_selector_all(
        "a[href]", "(links) => links.map((a) => a.href).filter((h) => !h.includes('#'))"
    )
    assert len(links) > 5
    for link in links:
        assert page.request.get(link).status == 200, (url, link)


def test_a_mistyped_nested_address_gets_a_styled_404_at_root_and_under_a_sub_path(
    page, site_server
):
    # Built without a base URL: the page finds the site root itself.
    for base in (site_server.root_url, site_server.subpath_url):
        assert_404_works(page, base + "en/fox-and-gese/play/")
        assert_404_works(page, base + "nothing-here")
    assert not [e for e in page.console_errors if "404" not in e]


def test_with_a_base_url_the_404_page_links_from_its_path(page, site_dir, tmp_path):
    # The same site with the 404 page of a build for https://example.org/fox-and-geese/,
    # served under that path.
    site = shutil.copytree(site_dir, tmp_path / "dist")
    built = Site(site, "https://example.org/fox-and-geese/")
    built.shared_pages([built.localized(code) for code in built.locales])
    with running(serve.make_server(site, prefix="/fox-and-geese/"), page) as url:
        assert_404_works(page, url + "en/fox-and-gese/play/")
        assert_404_works(page, url + "de/x/y/z")
