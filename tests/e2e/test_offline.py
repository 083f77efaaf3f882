"""Offline play and installability: the service worker, its cache and the manifests."""

import json
import re

import pytest

from site_builder.builder import git_commit
from site_builder.i18n import project
from tests.e2e.support import READY

pytestmark = pytest.mark.service_worker


def sw_config(site_dir) -> dict:
    text = (site_dir / "sw.js").read_text()
    found = re.search(r"const CONFIG = (\{.*?\});", text)
    assert found, "sw.js has no CONFIG"
    return json.loads(found.group(1))


def test_cache_name_comes_from_version_and_commit(site_dir):
    config = sw_config(site_dir)
    assert config["cache"].startswith(f"fox-and-geese-v{project()['version']}-{git_commit()}-")
    assert {"static/js/play.js", "static/css/site.css", "404.html"} <= set(config["shell"])
    # The engine's files with their build's version (?v=digest, see test_network.py).
    engine = {name.split("?v=")[0] for name in config["engine"]}
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "engine.zip"} <= engine
    assert not any(f.startswith("pyodide/") for f in config["shell"])
    assert "fi/fox-and-geese/play/index.html" in config["locales"]["fi"]
    for files in [config["shell"], config["engine"], *config["locales"].values()]:
        for name in files:
            assert (site_dir / name.split("?v=")[0]).is_file(), name


def test_manifest_is_localized_and_its_icons_exist(site_dir):
    manifest = json.loads((site_dir / "sv" / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Räv och gäss" and manifest["lang"] == "sv"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site_dir / "sv" / icon["src"]).resolve().is_file()
    page = (site_dir / "sv" / "index.html").read_text()
    assert '<link rel="manifest" href="../sv/manifest.webmanifest">' in page


def test_play_page_works_offline_after_one_visit(page, site_server):
    url = f"{site_server.subpath_url}fi/fox-and-geese/play/"
    page.goto(url)
    page.wait_for_selector(READY)
    page.wait_for_selector("html[data-offline=ready]")
    with site_server.offline():
        page.reload()
        page.wait_for_selector(READY)
        # The fox moves first and the player is the fox: play a move and see the computer answer.
        page.locator('svg[data-board] [data-point="d4"]').click()
        page.locator('svg[data-board] [data-point="d5"]').click()
        page.wait_for_selector('[data-move="d4-d5"]')
        page.wait_for_function("() => document.querySelectorAll('[data-move]').length >= 2")
        # Another page of the same locale, never opened before, is there too.
        page.goto(f"{site_server.subpath_url}fi/large-cross/")
        assert page.locator("html").get_attribute("lang") == "fi"
        assert page.locator("h1").inner_text().startswith("Suuri risti")


def test_a_rules_page_keeps_its_locale_offline_without_webassembly(page, site_server):
    requested = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(f"{site_server.root_url}de/two-foxes/")
    page.wait_for_selector("html[data-offline=ready]")
    cached = page.evaluate("""async () => {
        const urls = [];
        for (const key of await caches.keys())
            for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
        return urls;
    }""")
    assert any(url.endswith("de/large-cross/play/index.html") for url in cached)
    assert not any("pyodide" in url or url.endswith(".wasm") for url in cached + requested)


def test_activation_deletes_older_caches(page, site_server):
    page.goto(f"{site_server.root_url}en/")
    page.wait_for_selector("html[data-offline=ready]")
    # A cache left by an older build, then a new worker version takes over.
    page.evaluate("caches.open('fox-and-geese-v0.0.0-old')")
    page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg.unregister();
    }""")
    page.reload()
    page.wait_for_function("""async () => {
        const keys = await caches.keys();
        return !keys.includes('fox-and-geese-v0.0.0-old')
            && keys.some(k => k.startsWith('fox-and-geese-v'));
    }""")
