"""Serve a built site over HTTP on loopback, as a static host would.

    python scripts/serve.py [DIR] [--port 8000] [--prefix /fox-and-geese/]
                            [--throttle KBIT --latency MS] [--encodings br,gzip]

With --prefix the site is served only under that sub-path (and `/` is 404),
so a link that assumes the site sits at `/` breaks here as it would on a
real host. Missing files get the site's 404.html, as static hosts do.

--throttle and --latency make loopback behave like a slow network: all responses share
one link of KBIT kilobits per second, and each waits MS milliseconds before its first byte.
(Browser network emulation does not reliably throttle a worker's fetches; this does.)
A file's precompressed copy (FILE.br, FILE.gz, written by the builder) is sent when the
request accepts it, as hosts that serve precompressed files do; --encodings limits which.
Tests import make_server() and SiteServer from this file.
"""

import argparse
import contextlib
import email.utils
import functools
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, cast

# Explicit types: the platform's mimetypes database may lack .wasm or .mjs, and
# browsers refuse a module script or streaming WebAssembly with the wrong type.
MIME_TYPES = {
    "": "application/octet-stream",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".ico": "image/x-icon",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".mjs": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".tar": "application/x-tar",
    ".txt": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".xml": "application/xml",
    ".zip": "application/zip",
}


# Content-Encoding -> suffix of the precompressed copy, in order of preference.
ENCODINGS = {"br": ".br", "gzip": ".gz"}


class Link:
    """One shared link of `kbit` kilobits per second: writes queue for it in order."""

    CHUNK = 4096

    def __init__(self, kbit: float):
        self.bytes_per_second = kbit * 1000 / 8
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, write: Callable[[memoryview], object], data: bytes) -> None:
        view = memoryview(data)
        for at in range(0, len(view), self.CHUNK):
            piece = view[at : at + self.CHUNK]
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(piece) / self.bytes_per_second
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            write(piece)

    def lift(self) -> None:
        """No limit from now on (a test's slow start is over): what is queued goes at once."""
        with self.lock:
            self.bytes_per_second = float("inf")
            self.free_at = 0.0


class _ThrottledWriter:
    def __init__(self, raw: Any, link: Link):
        self.raw, self.link = raw, link

    def write(self, data: bytes) -> int:
        self.link.send(self.raw.write, data)
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class Handler(SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES
    prefix = "/"  # always starts and ends with "/"
    link: Link | None = None
    latency = 0.0  # seconds before each response's first byte
    encodings: tuple[str, ...] = tuple(ENCODINGS)

    server: "_Server"

    def setup(self) -> None:
        super().setup()
        if self.link is not None:
            self.wfile = cast(Any, _ThrottledWriter(self.wfile, self.link))

    def handle_one_request(self) -> None:
        # Once a request is in, wait: the round trip a real network adds before any answer.
        if self.latency and cast(Any, self.rfile).peek(1):
            time.sleep(self.latency)
        super().handle_one_request()

    def send_head(self) -> Any:
        # A precompressed copy when the client accepts it, with the original's type.
        path = self.translate_path(self.path)
        accepted = {
            part.split(";")[0].strip()
            for part in self.headers.get("Accept-Encoding", "").split(",")
        }
        if path and os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")  # a page: its index file, compressed too
        if path and os.path.isfile(path):
            for encoding in self.encodings:
                if encoding in accepted and os.path.isfile(path + ENCODINGS[encoding]):
                    return self._send_encoded(path, encoding)
        return super().send_head()

    def _send_encoded(self, path: str, encoding: str) -> BinaryIO | None:
        f = open(path + ENCODINGS[encoding], "rb")  # noqa: SIM115 (the caller closes it)
        stat = os.fstat(f.fileno())
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        # A revalidation is answered as for the original: not modified, no body.
        if self.headers.get("If-Modified-Since") == modified:
            f.close()
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        size = stat.st_size
        self.send_response(HTTPStatus.OK)
        self.send_header("Last-Modified", modified)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        return f

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean + "/" == self.prefix:
            clean = self.prefix  # the default handler then redirects to the slash form
        if not clean.startswith(self.prefix):
            return ""  # outside the mount point: not found
        return super().translate_path("/" + clean[len(self.prefix) :])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory, "404.html")
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", MIME_TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self) -> None:
        # Always revalidate, so a rebuilt site shows at once; offline is the service worker's job.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class _Server(ThreadingHTTPServer):
    verbose = False
    url = ""
    link: Link | None = None  # the throttled link every response shares, if any

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a download it no longer needs is normal, not a server error.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(
    root: str | Path,
    port: int = 0,
    prefix: str | None = None,
    host: str = "127.0.0.1",
    verbose: bool = False,
    throttle_kbit: float | None = None,
    latency_ms: float = 0,
    encodings: tuple[str, ...] = tuple(ENCODINGS),
) -> "_Server":
    """A ThreadingHTTPServer for directory `root`; call serve_forever() to run it.

    port 0 picks a free port (see server.server_port). prefix such as
    "/fox-and-geese/" mounts the site there instead of at "/". throttle_kbit and
    latency_ms emulate a slow network; encodings are the precompressed copies it may send.
    """
    root = Path(root).resolve()
    if not root.is_dir():
        raise FileNotFoundError(f"no such directory: {root}")
    unknown = set(encodings) - set(ENCODINGS)
    if unknown:
        raise ValueError(f"unknown encodings: {sorted(unknown)}")
    mount = (prefix or "").strip("/")
    mount_point = f"/{mount}/" if mount else "/"
    link = Link(throttle_kbit) if throttle_kbit else None
    handler = type(
        "MountedHandler",
        (Handler,),
        {
            "prefix": mount_point,
            "link": link,
            "latency": latency_ms / 1000,
            "encodings": tuple(e for e in ENCODINGS if e in encodings),
        },
    )
    server = _Server((host, port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    server.verbose = verbose
    server.link = link
    server.url = f"http://{host}:{server.server_port}{mount_point}"
    return server


class SiteServer:
    """Serves a directory twice, each in a daemon thread: at the root of one port
    (.root_url) and only under a sub-path on another (.subpath_url), where `/` is 404.
    stop()/start() take both offline and back on the same ports."""

    def __init__(self, root: str | Path, subpath: str = "/fox-and-geese/"):
        self.root, self.subpath = root, subpath
        self._servers: list[_Server] = []
        self._ports = (0, 0)
        self.start()
        self.root_url, self.subpath_url = (server.url for server in self._servers)

    def start(self) -> None:
        if self._servers:
            return
        self._servers = [
            make_server(self.root, self._ports[0]),
            make_server(self.root, self._ports[1], prefix=self.subpath),
        ]
        self._ports = (self._servers[0].server_port, self._servers[1].server_port)
        for server in self._servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        for server in self._servers:
            server.shutdown()
            server.server_close()
        self._servers = []

    @contextlib.contextmanager
    def offline(self) -> Iterator[None]:
        """`with server.offline():` unreachable inside, back afterwards even on failure."""
        self.stop()
        try:
            yield
        finally:
            self.start()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", default="dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", help='serve under this sub-path, e.g. "/fox-and-geese/"')
    parser.add_argument("--throttle", type=float, metavar="KBIT", help="bandwidth, kbit/s")
    parser.add_argument("--latency", type=float, default=0, metavar="MS", help="delay per request")
    parser.add_argument(
        "--encodings",
        default="br,gzip",
        help='precompressed copies to send when accepted: "br,gzip", "gzip" or "" (none)',
    )
    args = parser.parse_args()
    server = make_server(
        args.directory,
        args.port,
        args.prefix,
        args.host,
        verbose=True,
        throttle_kbit=args.throttle,
        latency_ms=args.latency,
        encodings=tuple(e for e in args.encodings.split(",") if e),
    )
    print(f"Serving {Path(args.directory).resolve()} at {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
