"""The built site: every locale x page, relative links that resolve, translations complete."""

import json
import re
import subprocess
import sys
import urllib.request
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import urljoin, urlsplit

import pytest
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from game import VARIANTS, api, codes
from site_builder import builder, i18n, phrasebook, puzzles
from site_builder.content import load_games
from site_builder.game_sentences import game_sentences

REPO = Path(__file__).resolve().parent.parent
LOCALES = i18n.locales()
# The games the site publishes: those with a content file (the engine may have more).
CONTENT = {g.id: g for g in load_games()}
GAMES = list(CONTENT)
# Games with a play page (a content file may hide it: play = false).
PLAYABLE = [g for g in GAMES if CONTENT[g].play]
# Pages inside each locale: home, rules pages, play pages, and puzzles pages where a game has
# puzzles.
PAGES = [
    "",
    *(f"{g}/" for g in GAMES),
    *(f"{g}/play/" for g in PLAYABLE),
    *(f"{g}/puzzles/" for g in GAMES if puzzles.load(g)),
]


class Page(HTMLParser):
    """Links, <html lang>, alternates and visible text (minus translate="no" parts)."""

    VOID: ClassVar = {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
    HIDDEN: ClassVar = {"script", "style", "title"}

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.links: list[str] = []
        self.alternates: dict[str, str] = {}
        self.texts: list[str] = []
        self.stack: list[bool] = []  # per open element: is its text skipped?
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates[a["hreflang"]] = a["href"]
        for key in ("href", "src"):
            if a.get(key) is not None:
                self.links.append(a[key])
        if tag not in self.VOID:
            skipped = (
                (self.stack and self.stack[-1]) or tag in self.HIDDEN or a.get("translate") == "no"
            )
            self.stack.append(bool(skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]) and data.strip():
            self.texts.append(" ".join(data.split()))


def parse(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def internal(link: str) -> bool:
    scheme = urlsplit(link).scheme
    return not scheme and not link.startswith("#")


def target(site: Path, page: Path, link: str) -> Path:
    path = urlsplit(link).path
    resolved = (page.parent / path).resolve() if path else page
    return (
        resolved / "index.html"
        if re.split(r"[#?]", link, maxsplit=1)[0].endswith("/") or resolved.is_dir()
        else resolved
    )


# --- pages, languages, alternates -------------------------------------------------------------


def test_every_locale_has_every_page_with_its_lang(pages_dir):
    assert LOCALES[0] == "en" and len(LOCALES) == len(set(LOCALES))
    for code in LOCALES:
        for page in PAGES:
            path = pages_dir / code / page / "index.html"
            assert path.is_file(), path
            assert parse(path).lang == code, path
    for name in ("index.html", "404.html", "sitemap.xml", "robots.txt"):
        assert (pages_dir / name).is_file()


def test_pages_link_alternates_for_every_locale_and_x_default(pages_dir):
    for code in LOCALES:
        for page in PAGES:
            path = pages_dir / code / page / "index.html"
            alternates = parse(path).alternates
            assert set(alternates) == set(LOCALES) | {"x-default"}, path
            for lang, href in alternates.items():
                resolved = target(pages_dir, path, href)
                expected = pages_dir / (lang if lang != "x-default" else "en") / page / "index.html"
                if lang == "x-default" and page == "":
                    expected = pages_dir / "index.html"
                assert resolved == expected.resolve(), (path, lang, href)


def test_language_switcher_keeps_the_page(pages_dir):
    for page in PAGES:
        path = pages_dir / "de" / page / "index.html"
        html = path.read_text(encoding="utf-8")
        switch = re.search(r'<details class="lang-switch">.*?</details>', html, re.DOTALL).group(0)
        hrefs = dict(re.findall(r'href="([^"]+)" hreflang="(\w+)"', switch))
        assert sorted(hrefs.values()) == sorted(LOCALES)
        for href, lang in hrefs.items():
            assert (
                target(pages_dir, path, href) == (pages_dir / lang / page / "index.html").resolve()
            )


def test_every_page_has_skip_link_beta_badge_and_footer_version(pages_dir):
    version = i18n.project()["version"]
    commits = set()
    for path in html_files(pages_dir):
        html = path.read_text(encoding="utf-8")
        assert re.search(r'<a class="skip" href="#main">', html), path
        assert 'id="main"' in html, path
        assert 'class="badge"' in html, path
        found = re.search(
            rf"v{re.escape(version)} · ([0-9a-f]{{7,}}|unknown)</p>\s*</div>\s*"
            "</footer>",
            html,
        )
        assert found, f"{path}: no version line at the end of the footer"
        commits.add(found.group(1))
    # One build, one commit: the HEAD the build saw (other commits may land during tests).
    assert len(commits) == 1
    commit = commits.pop()
    try:
        git = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, check=False
        )
    except OSError:
        git = None
    if git is None or git.returncode != 0:
        assert commit == "unknown"
    else:
        subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"], cwd=REPO, check=True)


def test_the_home_page_shows_the_five_games_as_one_family_and_plays_only_playable_ones(
    pages_dir,
):
    for code in LOCALES:
        html = (pages_dir / code / "index.html").read_text(encoding="utf-8")
        cards = re.findall(r'<li class="game-card">(.*?)</li>', html, re.DOTALL)
        assert len(cards) == len(GAMES)
        for game, card in zip(GAMES, cards, strict=True):
            assert f'href="{game}/"' in card
            assert (f'href="{game}/play/"' in card) == (game in PLAYABLE), (code, game)
            # Every game but the standard one says how it is related to it.
            assert ('class="kicker"' in card) == (game != "fox-and-geese"), (code, game)
        rules = (pages_dir / code / "asalto" / "index.html").read_text(encoding="utf-8")
        others = re.search(r'<nav class="other-games".*?</nav>', rules, re.DOTALL).group(0)
        assert sorted(re.findall(r'href="[^"]*/([a-z-]+)/"', others)) == sorted(
            g for g in GAMES if g != "asalto"
        )


def test_rules_pages_have_their_parts_and_load_no_webassembly(pages_dir):
    for code in LOCALES:
        for game in GAMES:
            path = pages_dir / code / game / "index.html"
            html = path.read_text(encoding="utf-8")
            # The start diagram and the lessons' board.
            assert html.count("data-point=") == 2 * len(VARIANTS[game].board.points)
            # A game without a play page links to none and says so (issue #33).
            assert ('href="play/"' in html) == (game in PLAYABLE), path
            assert ('class="no-play"' in html) == (game not in PLAYABLE), path
            assert (pages_dir / code / game / "play").exists() == (game in PLAYABLE), path
            assert ('class="changes"' in html) == (game != "fox-and-geese"), path
            crumb = re.search(r'<nav class="breadcrumb".*?</nav>', html, re.DOTALL).group(0)
            standard = (pages_dir / code / "fox-and-geese" / "index.html").resolve()
            linked = {target(pages_dir, path, h) for h in re.findall(r'href="([^"]+)"', crumb)}
            assert (standard in linked) == (game != "fox-and-geese"), path
            assert 'id="history"' in html
            assert "pyodide" not in html.lower() and ".wasm" not in html
            scripts = re.findall(r'<script[^>]*src="([^"]+)"', html)
            assert scripts == [
                "../../static/js/site.js",
                "../../static/js/offline.js",
                "../../static/js/lessons.js",
            ], scripts
            preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
            assert sorted(preloads) == [
                f"../../static/js/{m}"
                for m in ("i18n.js", "shared/announce.js", "shared/board.js", "texts.js")
            ], preloads


def browser_source() -> str:
    """Every module under static/js, line comments removed (a code in a comment is no text)."""
    js = REPO / "site_builder" / "static" / "js"
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(js.rglob("*.js")))
    return re.sub(r"(^|\s)//.*", "", text, flags=re.MULTILINE)


# The codes whose sentences name pieces are looked up in the game's phrasebook, by a key made
# of a prefix and the code (texts.js: `illegal.${code}`, and for a hint's side `hint.wins.fox`).
PHRASE_PREFIX = {
    "illegal": "illegal",
    "termination": "end",
    "event": "event",
    "hint": "hint",
    "setup": "setup",
}


def test_every_engine_code_has_a_text_in_the_browser_code(pages_dir):
    """The play page carries the registry of game/codes.py, and the browser code handles
    each code by name, or has a phrasebook key for it, so none reaches a player as a bare key
    or a generic text by mistake."""
    page = (pages_dir / "en" / "fox-and-geese" / "play" / "index.html").read_text()
    found = re.search(r'<script type="application/json" id="engine-codes">(.*?)</script>', page)
    assert found, "the play page lacks the engine's codes"
    registry = json.loads(found.group(1))
    assert registry == codes.registry()
    source = browser_source()

    def handled(kind: str, code: str) -> bool:
        key = f"{PHRASE_PREFIX.get(kind)}.{code}"
        return f'"{code}"' in source or any(
            k == key or k.startswith(key + ".") for k in phrasebook.NEEDS
        )

    missing = [
        code for kind, found in registry.items() for code in found if not handled(kind, code)
    ]
    assert missing == []


def test_the_page_tells_the_engine_s_failures_by_the_registry_s_codes():
    """engine.js tells a failure of the engine itself (which the session restarts or gives up
    on) from an answer about the game by its code: exactly the codes of EngineCode."""
    engine = (REPO / "site_builder" / "static" / "js" / "engine.js").read_text(encoding="utf-8")
    found = re.search(r"ENGINE_FAILURES = new Set\(\[(.*?)\]\)", engine, re.DOTALL)
    assert found, "engine.js lacks its list of the engine's failures"
    assert json.loads(f"[{found.group(1)}]") == codes.registry()["engine"]


def test_worker_methods_are_the_api_functions(site_dir):
    worker = (site_dir / "static" / "js" / "engine-worker.js").read_text()
    found = re.search(r"const METHODS = new Set\((.*?)\);", worker)
    assert found, "the worker lacks its method list"
    assert json.loads(found.group(1)) == list(api.CALLS)


def test_js_catalog_is_data_not_code(pages_dir):
    for path in html_files(pages_dir):
        html = path.read_text(encoding="utf-8")
        inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", html)
        # (404.html's root finder aside: see test_security.py.)
        code = [attrs for attrs in inline if 'type="application/json"' not in attrs]
        assert len(code) == (1 if path.name == "404.html" else 0), path


def test_sitemap_lists_every_localized_page(pages_dir):
    sitemap = (pages_dir / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    expected = {f"{code}/{page}" for code in LOCALES for page in PAGES} | {"./"}
    assert set(locs) == expected


# --- links --------------------------------------------------------------------------------------


def test_every_internal_link_resolves_to_a_file(pages_dir):
    missing = []
    for path in html_files(pages_dir):
        for link in parse(path).links:
            assert not link.startswith("/"), f"{path}: absolute path {link} breaks under a sub-path"
            if internal(link) and not target(pages_dir, path, link).is_file():
                missing.append(f"{path.relative_to(pages_dir)} -> {link}")
    assert missing == []


def test_links_resolve_over_http_under_a_sub_path(site_dir, site_server):
    """Crawl from the sub-path root; every internal page and asset answers 200."""
    base = site_server.subpath_url
    seen, queue, failures = set(), [base], []
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                body = response.read()
                kind = response.headers.get("Content-Type", "")
        except OSError as exc:  # urllib's URLError and HTTPError included
            failures.append(f"{url}: {exc}")
            continue
        if "text/html" in kind:
            for link in Page(body.decode("utf-8")).links:
                if internal(link):
                    absolute = urljoin(url, link).split("#")[0]
                    assert absolute.startswith(base), f"{url} links outside the site: {link}"
                    queue.append(absolute)
    assert failures == []
    pages = {u for u in seen if u.endswith("/")}
    assert len(pages) >= len(LOCALES) * len(PAGES)


# --- translations -------------------------------------------------------------------------------

SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+")


def sentences(path: Path) -> set[str]:
    """Sentences of three or more words in the visible, translatable text."""
    out = set()
    for text in parse(path).texts:
        for sentence in SENTENCE_END.split(text):
            if len(sentence.split()) >= 3:
                out.add(sentence)
    return out


@pytest.mark.parametrize("code", [c for c in LOCALES if c != "en"])
def test_no_english_sentence_is_left_on_translated_pages(pages_dir, code):
    leftovers = []
    for page in PAGES:
        english = sentences(pages_dir / "en" / page / "index.html")
        same = english & sentences(pages_dir / code / page / "index.html")
        leftovers += [f"{code}/{page}: {sentence}" for sentence in sorted(same)]
    assert leftovers == [], f"{len(leftovers)} untranslated sentences, first: {leftovers[:5]}"


def test_catalogs_pass_check():
    """python -m site_builder check: no untranslated, fuzzy or mismatched entry in any locale."""
    result = subprocess.run(
        [sys.executable, "-m", "site_builder", "check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    summary = [line for line in result.stdout.splitlines() if not line.startswith("  ")]
    assert result.returncode == 0, "\n".join(summary + result.stdout.splitlines()[:20])


# Vowels swapped for look-alikes: every word changes, placeholders stay.
PSEUDO = str.maketrans("aeiouyAEIOUY", "äëïöüÿÄËÏÖÜŸ")


def pseudo(text: str) -> str:
    parts = re.split(r"(%\(\w+\)s)", text)
    return "".join(p if p.startswith("%(") else p.translate(PSEUDO) for p in parts)


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pages built with every locale's catalog pseudo-translated (each with its own
    plural forms), so the check below costs one build, not one per locale."""
    root = tmp_path_factory.mktemp("pseudo")
    with i18n.POT.open("rb") as f:
        template = read_po(f)
    for code in LOCALES[1:]:
        catalog = Catalog(locale=code)
        for m in template:
            if m.id:
                string: str | tuple[str, ...]
                if isinstance(m.id, tuple):
                    string = (pseudo(m.id[0]),) + (pseudo(m.id[1]),) * (catalog.num_plurals - 1)
                else:
                    string = pseudo(str(m.id))
                catalog.add(m.id, string, context=m.context)
        po = root / "locales" / code / "LC_MESSAGES" / "messages.po"
        po.parent.mkdir(parents=True)
        with po.open("wb") as f:
            write_po(f, catalog)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "LOCALES_DIR", root / "locales")
        site = root / "site"
        site.mkdir()
        builder.render_pages(site)  # the pages only: the runtime assets hold no catalog text
        return site


@pytest.mark.parametrize("code", [c for c in LOCALES if c != "en"])
def test_every_visible_word_goes_through_gettext(pseudo_site: Path, code: str) -> None:
    """Built with pseudo-translated catalogs (vowels swapped for look-alikes): no
    word with a plain vowel may survive, except those of the locale's own list
    patterns ("a, b och c"), which come from CLDR. Per locale, since plural forms
    (three in Polish) and list patterns differ."""
    lists = " ".join(
        format_list(["1", "2", "3"], style=style, locale=code) for style in ("standard", "or")
    )
    allowed = set(re.findall(r"[A-Za-z]+", lists))
    leftovers = []
    for page in PAGES:
        for text in parse(pseudo_site / code / page / "index.html").texts:
            words = {
                w for w in re.findall(r"[A-Za-z]{2,}", text) if re.search(r"[aeiouyAEIOUY]", w)
            } - allowed
            if words:
                leftovers.append(f"{code}/{page}: {sorted(words)} in {text[:80]!r}")
    assert leftovers == []


def test_pages_name_each_game_in_the_games_own_sentences(pages_dir):
    """What a page says of a game comes whole from game_sentences.py, in the page's language:
    the rules heading and play button, the start diagram's title, the play page's share texts
    and its buttons to the other games' pages (issue #51: no frame around a name)."""
    translations = i18n.load_translations()
    for code in LOCALES:
        tr = translations[code][0]
        for game in PLAYABLE:
            said = game_sentences(game, tr)
            rules = (pages_dir / code / game / "index.html").read_text(encoding="utf-8")
            play = (pages_dir / code / game / "play" / "index.html").read_text(encoding="utf-8")
            for key in ("what_is", "play", "start_position"):
                assert escape(said[key], quote=False) in rules, (code, game, key)
            for key in ("invite", "shared"):
                assert f'data-{key}="{escape(said[key])}"' in play, (code, game, key)
            for other in PLAYABLE:
                label = escape(game_sentences(other, tr)["open_page"], quote=False)
                assert f'data-game="{other}"' in play and label in play, (code, game, other)
