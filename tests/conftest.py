"""Shared fixtures: the built site, a static server for it, and headless Chromium.

Browser tests use `page` (and `site_server` for URLs). Everything heavy is built
once per session and only when a test asks for it, so engine tests need neither
the site builder nor a browser.
"""

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock
from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import BrowserContext, Page, expect, sync_playwright

from site_builder import build
from site_builder.builder import build_pages
from tests.helpers import REPO, chromium, serve

# What a test needs decides its tier: `make test-fast` leaves out these markers.
NEEDS = {
    "browser": "e2e",
    "site_dir": "build",
    "node_executable": "pyodide",  # Node.js with the npm Pyodide; `node` alone is fast
    # tests/test_solve.py: the C solvers compiled and their tables solved (minutes of CPU).
    "c_tables": "solver",
    "sideways_tables": "solver",
    "bagh_tables": "solver",
}


BUILDS_SITE = pytest.StashKey[bool]()


def pytest_collection_finish(session):
    session.config.stash[BUILDS_SITE] = any(i.get_closest_marker("build") for i in session.items)


def pytest_collection_modifyitems(items):
    e2e = REPO / "tests" / "e2e"
    for item in items:
        if e2e in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)
        for fixture, marker in NEEDS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)


@pytest.fixture(scope="session")
def chromium_executable():
    if not os.access(chromium.HEADLESS_SHELL, os.X_OK):
        pytest.fail(
            f"{chromium.HEADLESS_SHELL} is missing: run `make setup`"
            " (installs Debian's chromium-headless-shell)"
        )
    return chromium.HEADLESS_SHELL


class Browser:
    """The session's Chromium, whose contexts block the service worker unless a test asks for it
    (``service_workers="allow"``, or the ``service_worker`` mark for `page`). Registered once
    the engine has loaded, it downloads and stores the engine for offline use: CPU that every
    fresh context would spend while its test runs. The tests of what it does allow it."""

    def __init__(self, browser: PlaywrightBrowser) -> None:
        self.chromium = browser

    def new_context(self, **options: Any) -> BrowserContext:
        return self.chromium.new_context(**{"service_workers": "block", **options})

    def new_page(self, **options: Any) -> Page:
        return self.chromium.new_page(**{"service_workers": "block", **options})


@pytest.fixture(scope="session")
def browser(chromium_executable):
    # One sync Playwright for the whole session; it must not share a thread with an asyncio loop.
    expect.set_options(timeout=30_000)  # assertions may wait for the engine on a busy machine
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=chromium.ARGS
        )
        yield Browser(browser)
        browser.close()


@pytest.fixture
def page(browser, request):
    """A fresh context (no storage; no service worker unless the test is marked
    ``service_worker``) and page; console errors and uncaught exceptions are collected in
    page.console_errors."""
    allow = request.node.get_closest_marker("service_worker") is not None
    context = browser.new_context(service_workers="allow" if allow else "block")
    page = context.new_page()
    page.set_default_timeout(60_000)  # Pyodide start-up on a busy 2-core machine
    page.console_errors = []
    page.on(
        "console",
        lambda msg: (
            msg.type == "error"
            and page.console_errors.append(f"{msg.text} at {msg.location.get('url')}")
        ),
    )
    page.on("pageerror", lambda exc: page.console_errors.append(f"uncaught: {exc}"))
    yield page
    context.close()


def built_once(tmp_path_factory, name: str, make: Callable[[Path], object]) -> Path:
    """A directory ``make(path)`` fills, made once per test run. Under pytest-xdist the workers
    share it: the first to ask makes it in the run's common base directory while the others
    wait on a file lock, so that the site is not built once per worker."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    root = tmp_path_factory.getbasetemp().parent  # each worker's basetemp is a folder of it
    out, done = root / name, root / f"{name}.done"
    with FileLock(root / f"{name}.lock"):
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)  # what a worker that failed left behind
            out.mkdir()
            make(out)
            done.touch()
    return out


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The site, built once per session by site_builder.build(out_dir); its precompressed copies
    at a fast setting (best-quality brotli of the runtime costs a minute or more in a fresh
    clone; tests/test_compress.py checks the best setting on small files)."""

    def build_site(out: Path) -> None:
        build(out / "dist", quick_compression=True)

    return built_once(tmp_path_factory, "site", build_site) / "dist"


@pytest.fixture(scope="session")
def pages_dir(request, tmp_path_factory):
    """The site's pages without its runtime (no Pyodide, no Node): every page of every locale
    by render_pages, with the static files and manifests they link to. For tests of the pages'
    HTML; what needs the engine's files or the service worker takes site_dir. A run that
    builds the whole site (one that selected a test marked `build`: all but `make test-fast`)
    reads its pages, the same render_pages output, rather than rendering every page twice."""
    if request.config.stash.get(BUILDS_SITE, True):
        return request.getfixturevalue("site_dir")
    return built_once(tmp_path_factory, "pages", build_pages)


@pytest.fixture(scope="session")
def site_server(site_dir):
    """site_dir on loopback: .root_url at `/` of one port, .subpath_url under /fox-and-geese/
    of another; .stop()/.start() or `with site_server.offline():` for offline tests."""
    server = serve.SiteServer(site_dir)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def node():
    """Node.js alone, for the page modules' unit tests (tests/node/), which import no Pyodide."""
    found = shutil.which("node")
    if not found:
        pytest.fail("node is not on PATH: Node.js 20 or newer is needed (README.md)")
    return found


@pytest.fixture(scope="session")
def node_executable():
    node = shutil.which("node")
    if not node:
        pytest.fail("node is not on PATH")
    if not (REPO / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules/pyodide is missing: run `make setup` (npm ci)")
    return node
