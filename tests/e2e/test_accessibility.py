"""axe-core on every page type in every locale, in light and dark colour schemes.

The play page is checked as it first appears; test_play.py checks it in play, with marks."""

import pytest

from site_builder.i18n import locales
from tests.e2e.axe import axe_violations

PAGES = [
    f"{code}/{page}" for code in locales() for page in ["", "two-foxes/", "large-cross/play/"]
] + ["", "404.html"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violations(browser, site_server, path, scheme):
    # bypass_csp lets Playwright inject axe; the pages' own scripts run as always.
    context = browser.new_context(color_scheme=scheme, bypass_csp=True)
    try:
        page = context.new_page()
        if path == "":
            # Keep the language chooser on screen instead of following its redirect.
            page.route("**/static/js/site.js", lambda route: route.abort())
        page.goto(f"{site_server.root_url}{path}")
        page.wait_for_load_state("load")
        violations = axe_violations(page)
        assert violations == [], (page.url, violations)
    finally:
        context.close()
