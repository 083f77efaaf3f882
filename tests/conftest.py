"""Shared fixtures: the built site, a static server for it, and headless Chromium.

Browser tests use `page` (and `site_server` for URLs). Everything heavy is built
once per session and only when a test asks for it, so engine tests need neither
the site builder nor a browser.
"""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from site_builder import build
from site_builder.builder import build_pages
from tests.helpers import REPO, serve

CHROMIUM = "/usr/bin/chromium"
# Debian's Chromium as root in a closed network: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# What a test needs decides its tier: `make test-fast` leaves out these markers.
NEEDS = {"browser": "e2e", "site_dir": "build", "node_executable": "pyodide"}


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
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (installs Debian's chromium)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_executable):
    # One sync Playwright for the whole session; it must not share a thread with an asyncio loop.
    expect.set_options(timeout=30_000)  # assertions may wait for the engine on a busy machine
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A fresh context (no storage, no service worker) and page; console errors and
    uncaught exceptions are collected in page.console_errors."""
    context = browser.new_context()
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


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The site, built once per session by site_builder.build(out_dir); its precompressed copies
    at a fast setting (best-quality brotli of the runtime costs a minute or more in a fresh
    clone; tests/test_compress.py checks the best setting on small files)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build(out, quick_compression=True)
    return out


@pytest.fixture(scope="session")
def pages_dir(tmp_path_factory):
    """The site's pages without its runtime (no Pyodide, no Node, a second or two): every page
    of every locale by render_pages, with the static files and manifests they link to. For
    tests of the pages' HTML; what needs the engine's files or the service worker takes
    site_dir."""
    out = tmp_path_factory.mktemp("pages")
    build_pages(out)
    return out


@pytest.fixture(scope="session")
def site_server(site_dir):
    """site_dir on loopback: .root_url at `/` of one port, .subpath_url under /fox-and-geese/
    of another; .stop()/.start() or `with site_server.offline():` for offline tests."""
    server = serve.SiteServer(site_dir)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def node_executable():
    node = shutil.which("node")
    if not node:
        pytest.fail("node is not on PATH")
    if not (REPO / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules/pyodide is missing: run `make setup` (npm ci)")
    return node
