"""The rules site in headless Chromium: every locale renders, the switcher and the
root page's language choice work, also under a sub-path."""

import re

import pytest
from playwright.sync_api import expect

from game import VARIANTS
from site_builder import i18n
from site_builder.content import load_games

LOCALES = i18n.locales()
# The games the site publishes: those with a content file (the engine may have more).
GAMES = [game.id for game in load_games()]
# Games with a play page (Asalto's and Bagh-Chal's wait for the play page's split by game).
PLAYABLE = {game.id for game in load_games() if game.play}


@pytest.mark.parametrize("code", LOCALES)
def test_rules_pages_render_in_every_locale(page, site_server, code):
    for game in GAMES:
        page.goto(f"{site_server.subpath_url}{code}/{game}/")
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("h1")).to_be_visible()
        # The start diagram (the lessons' board below it is interactive).
        board = page.locator('svg.board[role="img"]')
        expect(board).to_be_visible()
        expect(board.locator("[data-point]")).to_have_count(len(VARIANTS[game].board.points))
        if game in PLAYABLE:
            expect(page.locator("a.play-link")).to_have_attribute("href", "play/")
        else:
            # No dead end: no link to a play page that does not exist, and a word why.
            expect(page.locator('a[href="play/"]')).to_have_count(0)
            expect(page.locator(".no-play")).to_be_visible()
        # The stylesheet applied: the board surface is filled from a CSS variable.
        assert (
            page.evaluate("getComputedStyle(document.querySelector('.board .surface')).fill")
            != "rgb(0, 0, 0)"
        )
        if game != "fox-and-geese":
            # Board, pieces, start, who moves first, each side's moves, captures, each
            # side's win and draws; huffing or placing where the game has it.
            rows = 10 + (game in ("asalto", "bagh-chal"))
            expect(page.locator(".changes tbody tr")).to_have_count(rows)
    assert page.console_errors == []


def test_switcher_keeps_the_page_and_remembers_the_choice(page, site_server):
    page.goto(f"{site_server.subpath_url}sv/two-foxes/")
    page.locator(".lang-switch summary").click()
    page.locator('.lang-switch a[hreflang="de"]').click()
    expect(page).to_have_url(f"{site_server.subpath_url}de/two-foxes/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # The stored choice beats the browser's languages on the root page.
    page.goto(site_server.subpath_url)
    expect(page).to_have_url(f"{site_server.subpath_url}de/")
    assert page.console_errors == []


@pytest.mark.parametrize(
    ("browser_locale", "expected"),
    [
        ("sv-SE", "sv"),
        ("nb-NO", "nb"),
        ("no", "nb"),
        ("fr-CA", "fr"),
        ("nl-BE", "nl"),
        ("pl-PL", "pl"),
        ("pt-BR", "en"),
    ],
)
def test_root_page_sends_the_reader_to_their_language(
    browser, site_server, browser_locale, expected
):
    context = browser.new_context(locale=browser_locale)
    try:
        page = context.new_page()
        for base in (site_server.root_url, site_server.subpath_url):
            page.goto(base)
            expect(page).to_have_url(f"{base}{expected}/")
            expect(page.locator("html")).to_have_attribute("lang", expected)
    finally:
        context.close()


def test_root_page_without_javascript_lists_every_language(browser, site_server):
    context = browser.new_context(java_script_enabled=False, locale="sv-SE")
    try:
        page = context.new_page()
        page.goto(site_server.subpath_url)
        links = page.locator(".language-list a")
        expect(links).to_have_count(len(LOCALES))
        hrefs = [links.nth(i).get_attribute("href") for i in range(len(LOCALES))]
        assert hrefs == [f"{code}/" for code in LOCALES]
    finally:
        context.close()


def test_skip_link_is_first_and_moves_focus_to_main(page, site_server):
    page.goto(f"{site_server.subpath_url}fi/large-cross/")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#main$"))


def test_phone_width_has_no_horizontal_scroll(browser, site_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        for path in ("en/", "is/two-foxes/", "de/large-cross/", ""):
            page.goto(f"{site_server.root_url}{path}")
            page.wait_for_load_state("load")
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, (path, overflow)
    finally:
        context.close()


def test_i18n_js_translates_from_the_embedded_catalog(page, site_server):
    """t() and tn() read the page's JSON catalog; plural forms follow Intl.PluralRules."""
    for code in LOCALES:
        page.goto(f"{site_server.subpath_url}{code}/")
        result = page.evaluate(r"""async () => {
            const i18n = await import(new URL("../static/js/i18n.js", location.href).href);
            const data = JSON.parse(document.getElementById("i18n").textContent);
            const wrong = [];
            for (const [key, value] of Object.entries(data.messages)) {
                const forms = Array.isArray(value) ? value : [value];
                // Messages with other placeholders need values; %(num)s is tn's count.
                if (forms.some((s) => s.replace(/%\(num\)s/g, "").includes("%("))) continue;
                // A single message with a count is given it by its caller (pt with {num}).
                if (!Array.isArray(value) && value.includes("%(")) continue;
                const got = Array.isArray(value) ? [i18n.tn(key, "-", 1), i18n.tn(key, "-", 2)]
                                                 : [i18n.t(key)];
                const want = Array.isArray(value)
                    ? [forms[0].replace(/%\(num\)s/g, "1"), forms[1].replace(/%\(num\)s/g, "2")]
                    : forms;
                got.forEach((g, i) => { if (g !== want[i]) wrong.push([key, g, want[i]]); });
            }
            return {lang: i18n.lang, count: Object.keys(data.messages).length, wrong,
                    untranslated: i18n.t("No such message: %(x)s", {x: "<b>"}),
                    one: i18n.tn("%(num)s goose", "%(num)s geese", 21),
                    few: i18n.tn("%(num)s goose", "%(num)s geese", 3),
                    mistakes: [1, 2, 5, 12, 22].map((n) =>
                        i18n.tn("%(num)s mistake", "%(num)s mistakes", n))};
        }""")
        assert result["lang"] == code
        assert result["wrong"] == []
        assert result["untranslated"] == "No such message: <b>"
        # Icelandic counts 21 as "one"; the others do not.
        assert result["one"] == ("21 goose" if code == "is" else "21 geese")
        assert result["few"] == "3 geese"
        if code == "pl":  # three forms: 1; 2-4 and 22-24; 5-21
            assert result["mistakes"] == ["1 błąd", "2 błędy", "5 błędów", "12 błędów", "22 błędy"]
        if code != "en":
            assert result["count"] > 0, f"{code}: no JS messages in the page catalog"
    assert page.console_errors == []


@pytest.mark.parametrize("path", ["de/asalto/", "sv/fox-and-geese/puzzles/"])
def test_the_breadcrumbs_words_stand_on_one_line(page, site_server, path):
    # The links carry padding to be tall enough to tap; the current page's name, plain text,
    # stood higher than them.
    page.goto(site_server.root_url + path)
    bottoms = page.evaluate(
        """() => [...document.querySelectorAll('.breadcrumb li')].map(li => {
            const range = document.createRange();
            range.selectNodeContents(li.querySelector('a') || li);
            return Math.round(range.getBoundingClientRect().bottom);
        })"""
    )
    assert len(bottoms) >= 3
    assert max(bottoms) - min(bottoms) <= 1, bottoms
