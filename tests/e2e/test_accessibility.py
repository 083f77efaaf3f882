"""axe-core on every page kind and in every locale, in light and dark colour schemes.

Pages of one kind share their template and differ by locale only in their texts, so every
locale is checked on the play page (the page with the most translated names, labels and
live regions), and every other kind (root chooser, 404, home, rules, puzzles) in one
translated locale. Each page is loaded once and checked in both schemes
(axe_violations_light_and_dark).

The play page is checked as it first appears, its engine still loading (held back, so that
what is checked does not change while axe runs); test_play.py checks it in play, with marks,
test_lesson_pages.py a finished lesson and test_puzzles_page.py a solved puzzle."""

import pytest

from site_builder.i18n import locales
from tests.e2e.support import axe_violations_light_and_dark, hold

PAGES = [f"{code}/large-cross/play/" for code in locales()] + [
    "",
    "404.html",
    "pl/",
    "pl/two-foxes/",
    "pl/two-foxes/puzzles/",
    # The rules and play pages of the games with pieces of their own (a fortress, goats in
    # hand), the play pages in locales of their own.
    "pl/asalto/",
    "fr/bagh-chal/",
    "de/asalto/play/",
    "nl/bagh-chal/play/",
]


@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violations_light_and_dark(browser, site_server, path):
    # bypass_csp lets Playwright inject axe; the pages' own scripts run as always.
    context = browser.new_context(bypass_csp=True)
    try:
        page = context.new_page()
        if path == "":
            # Keep the language chooser on screen instead of following its redirect.
            page.route("**/static/js/site.js", lambda route: route.abort())
        if "/play/" in path:
            hold(page)
        page.goto(f"{site_server.root_url}{path}")
        page.wait_for_load_state("load")
        assert axe_violations_light_and_dark(page) == {"light": [], "dark": []}, page.url
    finally:
        context.close()
