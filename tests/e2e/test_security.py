"""The Content Security Policy of every page, and a whole session that stays on our origin."""

import re
from base64 import b64encode
from hashlib import sha256
from urllib.parse import urlsplit

import pytest

from site_builder.i18n import locales
from tests.e2e.support import PLAY_GAMES

# Every page of every locale: the home page, and each game's rules, play and puzzles pages.
PAGES = ["index.html", "404.html"] + [
    f"{code}/{page}"
    for code in locales()
    for page in [
        "index.html",
        *(f"{game}/{kind}index.html" for game in PLAY_GAMES for kind in ("", "play/", "puzzles/")),
    ]
]


def policy(html: str) -> dict:
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert len(metas) == 1
    directives = [d.split() for d in metas[0].split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def test_the_pages_checked_are_every_page_of_the_site(site_dir):
    built = {str(p.relative_to(site_dir)) for p in site_dir.rglob("*.html")}
    assert built == set(PAGES)


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_strict_policy(site_dir, path):
    html = (site_dir / path).read_text(encoding="utf-8")
    csp = policy(html)
    assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"]
    assert csp["style-src"] == ["'self'"]
    wasm = ["'wasm-unsafe-eval'"] if "/play/" in path else []
    inline = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    # The one exception: 404.html of a build without a base URL finds the site root with a
    # script that cannot be a file (its address is unknown at any depth); allowed by its hash.
    hashes = [f"'sha256-{b64encode(sha256(text.encode()).digest()).decode()}'" for text in inline]
    assert len(inline) <= (1 if path == "404.html" else 0)
    assert csp["script-src"] == ["'self'", *wasm, *hashes]
    # Nothing else inline that the policy would have to allow: no handlers, no script code.
    assert not re.search(r"\son[a-z]+=", html)
    rest = re.sub(r"<script>.*?</script>", "", html, flags=re.DOTALL)
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", rest)
    assert "style=" not in html


def test_a_whole_session_stays_on_our_origin_without_errors(page, site_server):
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_server.subpath_url))
    requests = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    page.goto(f"{site_server.subpath_url}nb/two-foxes/play/")
    page.wait_for_selector("html[data-engine=ready]")
    page.check("input[name=mode][value=two]")
    for move in ["c7-c6", "a4-a5", "c6-c7"]:
        src, dst = move.split("-")
        page.locator(f'svg[data-board] [data-point="{src}"]').click()
        page.locator(f'svg[data-board] [data-point="{dst}"]').click()
        page.wait_for_selector(f'[data-move="{move}"]')
    page.locator('[data-action="copy-link"]').click()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.endswith("#1.two-foxes.20.c7-c6.a4-a5.c6-c7")
    page.reload()
    page.wait_for_selector("html[data-engine=ready]")
    assert page.locator("button.move[data-move]").count() == 3  # the move list's moves
    foreign = [url for url in requests if not url.startswith((origin, "data:", "blob:"))]
    assert not foreign
    assert not page.console_errors
