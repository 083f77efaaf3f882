"""The static server used by `make serve` and the browser tests behaves like a
static host: right content types, sub-path mounting, 404 page, going offline."""

import gzip
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from tests.helpers import serve

# The smallest valid WebAssembly module: magic number and version.
EMPTY_WASM = b"\0asm\1\0\0\0"
PAGE = """<!doctype html><html lang="en"><title>t</title><link rel="icon" href="data:,">
<script type="module" src="app.mjs"></script></html>"""
# Streaming compilation succeeds only with Content-Type application/wasm.
APP = """try {
  await WebAssembly.compileStreaming(fetch("empty.wasm"));
  document.documentElement.dataset.wasm = "ok";
} catch (error) {
  document.documentElement.dataset.wasm = String(error);
}
"""


@pytest.fixture
def tiny_site(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "app.mjs").write_text(APP)
    (tmp_path / "empty.wasm").write_bytes(EMPTY_WASM)
    (tmp_path / "sub" / "index.html").write_text("sub page")
    (tmp_path / "404.html").write_text("custom not found")
    server = serve.SiteServer(tmp_path)
    yield server
    server.stop()


def get(url):
    """(status, content type, body), also for error statuses."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read()


def test_content_types(tiny_site):
    base = tiny_site.root_url
    assert get(base + "empty.wasm") == (200, "application/wasm", EMPTY_WASM)
    assert get(base + "app.mjs")[1] == "text/javascript; charset=utf-8"
    assert get(base)[1:] == ("text/html; charset=utf-8", PAGE.encode())


def test_subpath_mount_only(tiny_site):
    assert urllib.parse.urlsplit(tiny_site.subpath_url).path == "/fox-and-geese/"
    assert get(tiny_site.subpath_url + "sub/")[0::2] == (200, b"sub page")
    # Outside the sub-path nothing is served, so links assuming the site sits at "/" fail.
    assert get(tiny_site.subpath_url.removesuffix("fox-and-geese/") + "sub/")[0::2] == (
        404,
        b"custom not found",
    )
    # A directory without its slash redirects to it (urllib follows), keeping relative links right.
    assert get(tiny_site.subpath_url + "sub")[0::2] == (200, b"sub page")


def test_missing_file_gets_404_page(tiny_site):
    assert get(tiny_site.root_url + "nope.html") == (
        404,
        "text/html; charset=utf-8",
        b"custom not found",
    )


def test_offline_and_back_on_same_port(tiny_site):
    url = tiny_site.root_url + "sub/"
    with tiny_site.offline(), pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=5)
    assert get(url)[0] == 200


@pytest.mark.e2e
@pytest.mark.parametrize("where", ["root_url", "subpath_url"])
def test_browser_loads_module_and_wasm(page, tiny_site, where):
    page.goto(getattr(tiny_site, where))
    page.wait_for_selector("html[data-wasm]")
    assert page.get_attribute("html", "data-wasm") == "ok"
    assert page.console_errors == []


def test_a_dropped_download_is_quiet_and_other_errors_are_not(tmp_path, capsys):
    # Browsers abort downloads they no longer need (the tests do it on purpose): that is no
    # traceback in the output. A real fault in the server still prints one.
    server = serve.make_server(tmp_path)
    try:
        for error, printed in (
            (BrokenPipeError(32, "Broken pipe"), False),
            (ConnectionResetError(104, "reset"), False),
            (ValueError("a bug"), True),
        ):
            try:
                raise error
            except (OSError, ValueError):
                server.handle_error(None, ("127.0.0.1", 1))
            assert ("Traceback" in capsys.readouterr().err) is printed, error
    finally:
        server.server_close()


def serving(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_throttle_and_latency_slow_every_response_down(tmp_path):
    # 64 kB over a 256 kbit/s link takes 2 s; a 300 ms latency delays even a tiny file.
    (tmp_path / "big.bin").write_bytes(bytes(64_000))
    (tmp_path / "small.txt").write_text("x")
    server = serving(serve.make_server(tmp_path, throttle_kbit=256, latency_ms=300))
    try:
        started = time.monotonic()
        status, _, body = get(server.url + "small.txt")
        assert (status, body) == (200, b"x")
        assert time.monotonic() - started >= 0.3
        started = time.monotonic()
        assert len(get(server.url + "big.bin")[2]) == 64_000
        assert 1.9 <= time.monotonic() - started < 4
        # Lifted, the link no longer limits: the same file comes in a fraction of that.
        server.link.lift()
        started = time.monotonic()
        assert len(get(server.url + "big.bin")[2]) == 64_000
        assert time.monotonic() - started < 1.5
    finally:
        server.shutdown()
        server.server_close()


def get_encoded(url, accept):
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(request, timeout=10) as response:
        return (
            response.headers["Content-Encoding"],
            response.headers["Content-Type"],
            response.read(),
        )


def test_precompressed_copies_are_sent_when_accepted(tmp_path):
    text = b"fox " * 1000
    (tmp_path / "a.js").write_bytes(text)
    (tmp_path / "a.js.gz").write_bytes(gzip.compress(text))
    (tmp_path / "a.js.br").write_bytes(b"brotli bytes")
    server = serving(serve.make_server(tmp_path))
    gzip_only = serving(serve.make_server(tmp_path, encodings=("gzip",)))
    try:
        js = "text/javascript; charset=utf-8"
        assert get_encoded(server.url + "a.js", "gzip, br") == ("br", js, b"brotli bytes")
        encoding, kind, body = get_encoded(server.url + "a.js", "gzip")
        assert (encoding, kind, gzip.decompress(body)) == ("gzip", js, text)
        assert get_encoded(server.url + "a.js", "identity") == (None, js, text)
        assert get_encoded(gzip_only.url + "a.js", "br, gzip")[0] == "gzip"
    finally:
        for s in (server, gzip_only):
            s.shutdown()
            s.server_close()


def test_a_page_is_sent_compressed_as_its_index_file(tmp_path):
    # A page's address names its folder: the host sends its index.html's precompressed copy,
    # as it would the file's own address (the slow-network measurements depend on it).
    page = b"<!doctype html><title>fox</title>" + b"<p>geese</p>" * 500
    (tmp_path / "play").mkdir()
    (tmp_path / "play" / "index.html").write_bytes(page)
    (tmp_path / "play" / "index.html.gz").write_bytes(gzip.compress(page))
    server = serving(serve.make_server(tmp_path))
    try:
        html = "text/html; charset=utf-8"
        for url in ("play/", "play/index.html"):
            encoding, kind, body = get_encoded(server.url + url, "gzip")
            assert (encoding, kind, gzip.decompress(body)) == ("gzip", html, page)
        assert get_encoded(server.url + "play/", "identity") == (None, html, page)
    finally:
        server.shutdown()
        server.server_close()


def test_a_precompressed_copy_is_revalidated_without_its_body(tmp_path):
    (tmp_path / "a.js").write_text("fox " * 1000)
    (tmp_path / "a.js.gz").write_bytes(gzip.compress(b"fox " * 1000))
    server = serving(serve.make_server(tmp_path))
    try:
        request = urllib.request.Request(server.url + "a.js", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as first:
            modified = first.headers["Last-Modified"]
        again = urllib.request.Request(
            server.url + "a.js",
            headers={"Accept-Encoding": "gzip", "If-Modified-Since": modified},
        )
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(again)
        assert answer.value.code == 304
        assert answer.value.read() == b""
    finally:
        server.shutdown()
        server.server_close()
