"""The site's address (--base-url, SITE_URL or pyproject.toml): absolute canonical links,
language alternates, og:url, sitemap and robots.txt; relative everything without it."""

import re
import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import pytest

from site_builder import __main__ as cli
from site_builder import builder

BASE = "https://example.org/fox-and-geese/"
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture(scope="module")
def with_base(tmp_path_factory):
    out = tmp_path_factory.mktemp("base")
    return out, builder.render_pages(out, BASE.rstrip("/"))  # given without its final slash


def head_links(html: str) -> dict[str, list[str]]:
    return {
        "canonical": re.findall(r'<link rel="canonical" href="([^"]+)">', html),
        "og:url": re.findall(r'<meta property="og:url" content="([^"]+)">', html),
        "alternates": re.findall(r'<link rel="alternate" hreflang="[^"]+" href="([^"]+)">', html),
    }


def test_every_page_names_its_absolute_address(with_base):
    out, site = with_base
    assert site.pages
    for path in site.pages:
        address = BASE + path.removesuffix("index.html")
        links = head_links((out / path).read_text(encoding="utf-8"))
        assert links["canonical"] == [address], path
        assert links["og:url"] == [address], path
        assert len(links["alternates"]) == len(site.locales) + 1, path
        for href in links["alternates"]:
            assert href.startswith(BASE), (path, href)
            assert (out / href[len(BASE) :] / "index.html").is_file(), (path, href)


def test_sitemap_follows_the_protocol_and_robots_names_it(with_base):
    out, site = with_base
    root = ET.fromstring((out / "sitemap.xml").read_bytes())
    assert root.tag == f"{SITEMAP_NS}urlset"
    urls = root.findall(f"{SITEMAP_NS}url")
    locs = [url.findtext(f"{SITEMAP_NS}loc") for url in urls]
    # One <loc> per <url>, absolute, on one host, under the site, unique, at most 2,048
    # characters, at most 50,000 of them.
    assert all(len(url.findall(f"{SITEMAP_NS}loc")) == 1 for url in urls)
    assert len(locs) == len(set(locs)) == len(site.pages) <= 50_000
    for loc in locs:
        parts = urlsplit(loc)
        assert parts.scheme == "https" and parts.netloc == "example.org", loc
        assert loc.startswith(BASE) and len(loc) <= 2048, loc
        assert (out / loc[len(BASE) :] / "index.html").is_file(), loc
    robots = (out / "robots.txt").read_text().splitlines()
    assert f"Sitemap: {BASE}sitemap.xml" in robots


def test_the_404_page_links_from_the_base_path(with_base):
    out, _ = with_base
    html = (out / "404.html").read_text(encoding="utf-8")
    addresses = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
    assert addresses
    assert all(a.startswith("/fox-and-geese/") for a in addresses), addresses
    assert "<script>" not in html  # no root-finding script needed


def test_without_a_base_url_nothing_is_absolute_and_404_finds_the_root(pages_dir):
    html = (pages_dir / "de" / "index.html").read_text(encoding="utf-8")
    links = head_links(html)
    assert links["canonical"] == [] and links["og:url"] == []
    assert all(not href.startswith(("http", "/")) for href in links["alternates"])
    assert "Sitemap" not in (pages_dir / "robots.txt").read_text()
    page = (pages_dir / "404.html").read_text(encoding="utf-8")
    script = re.search(r"<script>(.*?)</script>", page, re.DOTALL).group(1)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert builder.inline_script(builder.HERE / "static" / "js" / "notfound.js")["hash"] in csp
    assert "static/css/site.css" in script


def test_the_address_comes_from_the_command_line_the_environment_or_pyproject(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(builder, "ROOT", tmp_path)
    monkeypatch.delenv("SITE_URL", raising=False)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    assert builder.configured_base_url() == ("", "")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.site-builder]\nbase-url = "https://a.example/"\n'
    )
    assert builder.configured_base_url() == ("https://a.example/", "pyproject.toml")
    monkeypatch.setenv("SITE_URL", "https://b.example/x")
    assert builder.configured_base_url() == ("https://b.example/x", "SITE_URL")
    assert builder.configured_base_url("https://c.example/") == ("https://c.example/", "--base-url")
    assert builder.normalize_base_url("https://b.example/x") == "https://b.example/x/"


@pytest.mark.parametrize("bad", ["example.org", "/fox-and-geese/", "ftp://example.org/", "x"])
def test_a_bad_address_is_refused_with_a_clear_message(bad, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["build", "--out", str(tmp_path / "dist"), "--base-url", bad])
    assert stop.value.code == 2
    assert "not an absolute http(s) address" in capsys.readouterr().err
    assert not (tmp_path / "dist").exists()
