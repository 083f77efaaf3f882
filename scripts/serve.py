"""Serve a built site over HTTP on loopback, as a static host would.

    python scripts/serve.py [DIR] [--port 8000] [--prefix /fox-and-geese/]

With --prefix the site is served only under that sub-path (and `/` is 404),
so a link that assumes the site sits at `/` breaks here as it would on a
real host. Missing files get the site's 404.html, as static hosts do.
Tests import make_server() and SiteServer from this file.
"""

import argparse
import contextlib
import functools
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class Handler(SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES
    prefix = "/"  # always starts and ends with "/"

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean + "/" == self.prefix:
            clean = self.prefix  # the default handler then redirects to the slash form
        if not clean.startswith(self.prefix):
            return ""  # outside the mount point: not found
        return super().translate_path("/" + clean[len(self.prefix) :])

    def send_error(self, code, message=None, explain=None):
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

    def end_headers(self):
        # Always revalidate, so a rebuilt site shows at once;
        # offline use is the service worker's job.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that drops a download it no longer needs is normal, not a server error.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(root, port=0, prefix=None, host="127.0.0.1", verbose=False):
    """A ThreadingHTTPServer for directory `root`; call serve_forever() to run it.

    port 0 picks a free port (see server.server_port). prefix such as
    "/fox-and-geese/" mounts the site there instead of at "/".
    """
    root = Path(root).resolve()
    if not root.is_dir():
        raise FileNotFoundError(f"no such directory: {root}")
    mount = (prefix or "").strip("/")
    handler = type("MountedHandler", (Handler,), {"prefix": f"/{mount}/" if mount else "/"})
    server = _Server((host, port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    server.verbose = verbose
    server.url = f"http://{host}:{server.server_port}{handler.prefix}"
    return server


class SiteServer:
    """Serves a directory twice, each in a daemon thread: at the root of one port
    (.root_url) and only under a sub-path on another (.subpath_url), where `/` is 404.
    stop()/start() take both offline and back on the same ports."""

    def __init__(self, root, subpath="/fox-and-geese/"):
        self.root, self.subpath = root, subpath
        self._servers = []
        self._ports = (0, 0)
        self.start()
        self.root_url, self.subpath_url = (server.url for server in self._servers)

    def start(self):
        if self._servers:
            return
        self._servers = [
            make_server(self.root, self._ports[0]),
            make_server(self.root, self._ports[1], prefix=self.subpath),
        ]
        self._ports = tuple(server.server_port for server in self._servers)
        for server in self._servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop(self):
        for server in self._servers:
            server.shutdown()
            server.server_close()
        self._servers = []

    @contextlib.contextmanager
    def offline(self):
        """`with server.offline():` unreachable inside, back afterwards even on failure."""
        self.stop()
        try:
            yield
        finally:
            self.start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", default="dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", help='serve under this sub-path, e.g. "/fox-and-geese/"')
    args = parser.parse_args()
    server = make_server(args.directory, args.port, args.prefix, args.host, verbose=True)
    print(f"Serving {Path(args.directory).resolve()} at {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
