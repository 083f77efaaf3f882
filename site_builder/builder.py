"""Render the site: every locale x page from the templates, content and engine data."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from xml.sax.saxutils import escape as xml_escape

from babel import Locale
from babel.messages.catalog import Catalog
from babel.support import NullTranslations
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from game import api, codes

from . import balance, i18n, lessons, puzzles
from .compress import precompress, write_headers
from .content import CONTENT, Game, load_games
from .diagram import board_svg
from .game_sentences import game_sentences
from .offline import build_offline, write_manifests
from .palette import colours
from .play import build_assets, page_modules
from .words import rule_changes, start_words

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"


def git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,  # outside a git checkout the version line says "unknown"
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else "unknown"


def environment(translations: NullTranslations) -> Environment:
    """The template environment of one locale: its translations are fixed at creation."""
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    # A method jinja2.ext.i18n adds to the environment, unknown to the type stubs.
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    return env


def _json_script(data: object) -> Markup:
    # Data inside <script type="application/json">: "<" escaped so no "</script>".
    return Markup(
        json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    )


@dataclass(frozen=True)
class Localized:
    """What rendering in one locale needs, made once and passed explicitly."""

    code: str
    env: Environment
    tr: NullTranslations
    locale: Locale
    i18n_json: Markup
    games: list[dict[str, Any]]  # one view per game (plain data, see Site.game_view)


class Site:
    """Everything shared by the pages of one build."""

    def __init__(self, out_dir: Path, base_url: str = ""):
        self.out = out_dir
        self.base_url = normalize_base_url(base_url) if base_url else ""
        self.base_path = urlsplit(self.base_url).path if base_url else ""
        self.games = load_games()
        self.by_id = {g.id: g for g in self.games}
        self.translations = i18n.load_translations()
        self.locales = list(self.translations)
        self.js_messages = i18n.js_messages()
        info = i18n.project()
        self.version, self.commit = info["version"], git_commit()
        self.names = {code: i18n.language_name(code) for code in self.locales}
        self.lesson_modules = page_modules("lessons.js")
        self.puzzle_modules = page_modules("puzzles.js")
        self.pages: list[str] = []  # paths relative to out, for the sitemap

    def localized(self, code: str) -> Localized:
        tr, catalog = self.translations[code]
        locale = Locale.parse(code)
        return Localized(
            code,
            environment(tr),
            tr,
            locale,
            _json_script(i18n.js_catalog(code, catalog, self.js_messages)),
            [self.game_view(g, tr, catalog, locale) for g in self.games],
        )

    def game_view(
        self, game: Game, tr: NullTranslations, catalog: Catalog | None, locale: Locale
    ) -> dict[str, Any]:
        """What the templates know of a game: translated texts and plain values, and the
        sentences that name its pieces (``phrase``, site_builder/phrasebook.py)."""
        variant = game.variant
        rules = variant.rules()
        says = game.book.phrases(tr, variant)
        caption = start_words(variant, tr, locale, says)
        name = tr.gettext(game.name)
        sentences = game_sentences(game.id, tr)
        title = sentences["start_position"]
        view: dict[str, Any] = {
            "id": game.id,
            "name": name,
            # The sentences that name the game (game_sentences.py).
            "sentences": sentences,
            "summary": tr.gettext(game.summary),
            "rules": [tr.gettext(p) for p in game.rules],
            "balance": [tr.gettext(p) for p in game.balance],
            "balance_tables": balance.tables(game, says, tr),
            "solved_here": balance.movement_phase(game, tr, locale),
            "history": [tr.gettext(p) for p in game.history],
            "caption": caption,
            "variant_of": None,
            "related_to": None,
            "changes": None,
            "play": game.play,
            # The sentences that name the game's pieces: for the templates, and for the pages'
            # scripts (texts.js) as #phrases.
            "phrase": says,
            "phrases_json": _json_script(says.page_data(catalog)),
            "svg": board_svg(
                rules, title=title + ". " + ". ".join(caption) + ".", dress=game.book.dress
            ),
            "has_pen": bool(rules.pen),
            # The start diagram's note on the shaded area: the pen, or Asalto's fortress.
            "pen_note": says("pen-note") if rules.pen else "",
            # The play page's pieces and table settings.
            "foxes": len(rules.foxes),
            # The side that opens the game, which the move list's numbers count from.
            "first": rules.first.value,
            "default_geese": variant.default_geese,
            "geese_options": list(variant.geese),
            "sideways_option": variant.sideways_option,
            # The set-up editor's hand: how many pieces the game starts with in hand.
            "in_hand": rules.in_hand,
            "huffing": rules.huffing,
            "lessons": None,
            "puzzles": len(puzzles.engine_data(game.id)),
        }
        lesson_data = lessons.page_data(game.id, tr)
        if lesson_data["lessons"]:
            view["lessons"] = lesson_data
            view["lessons_json"] = _json_script(lesson_data)
            pieces = lessons.first_pieces(game.id)
            view["lesson_svg"] = board_svg(
                rules,
                pieces,
                title=tr.gettext("Lesson board"),
                interactive=True,
                in_hand=lesson_data["lessons"][0]["start"]["in_hand"],
                dress=game.book.dress,
            )
        if game.compared_with:
            base = self.by_id[game.compared_with]
            said = game_sentences(base.id, tr)
            link = {
                "id": base.id,
                "name": tr.gettext(base.name),
                # "A variant of Fox and Geese" or "A relative of Fox and Geese", whole.
                "line": said["variant_of" if game.variant_of else "relative_of"],
                "changes_from": said["changes_from"],
            }
            view["variant_of" if game.variant_of else "related_to"] = link
            base_says = base.book.phrases(tr, base.variant)
            view["changes"] = rule_changes(base.variant, variant, tr, locale, base_says, says)
        return view

    def context(
        self, loc: Localized, page: str, *, chooser: bool = False, root: str | None = None
    ) -> dict[str, Any]:
        """The base context every template gets; ``page`` is the path inside a locale.

        Links are relative (``root`` leads to the site root), so the site works from any
        folder; with a base URL, canonical, alternates and og:url are absolute, as search
        engines require."""
        if root is None:
            root = "" if chooser else "../" * (1 + page.count("/"))
        languages = [
            {
                "code": c,
                "name": self.names[c],
                "href": f"{root}{c}/{page}",
                "current": c == loc.code and not chooser,
            }
            for c in self.locales
        ]
        site = self.base_url or root
        alternates = [{"hreflang": c, "href": f"{site}{c}/{page}"} for c in self.locales]
        alternates.append(
            {"hreflang": "x-default", "href": (site or "./") if page == "" else f"{site}en/{page}"}
        )
        canonical = self.base_url and self.base_url + ("" if chooser else f"{loc.code}/{page}")
        return {
            "lang": loc.code,
            "dir": "rtl" if loc.locale.character_order == "right-to-left" else "ltr",
            "page": page,
            "root": root or "./",
            "static": f"{root}static/",
            "home": f"{root}{loc.code}/",
            "languages": languages,
            "alternates": alternates,
            "version": self.version,
            "commit": self.commit,
            "i18n_json": loc.i18n_json,
            "games": loc.games,
            "chooser": chooser,
            "lesson_modules": self.lesson_modules,
            "theme_color": colours()["accent"],
            "canonical": canonical,
            "inline_script": None,  # the one inline script a page may have (404.html)
        }

    def write(self, path: str, text: str) -> None:
        target = self.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def render(
        self,
        loc: Localized,
        template: str,
        path: str,
        context: dict[str, Any],
        *,
        listed: bool = True,
    ) -> None:
        self.write(path, loc.env.get_template(template).render(context))
        if listed:
            self.pages.append(path)

    # -- the pages ---------------------------------------------------------------------------

    def locale_pages(self, loc: Localized) -> None:
        code = loc.code
        self.render(loc, "home.html", f"{code}/index.html", self.context(loc, ""))
        for game, view in zip(self.games, loc.games, strict=True):
            ctx = self.context(loc, f"{game.id}/") | {"game": view}
            self.render(loc, "rules.html", f"{code}/{game.id}/index.html", ctx)
            if view["puzzles"]:
                self.puzzles_page(loc, game, view)
            if not game.play:
                continue
            ctx = self.context(loc, f"{game.id}/play/") | {
                "game": view,
                "board_svg": board_svg(
                    game.variant.rules(),
                    title=view["name"],
                    interactive=True,
                    dress=game.book.dress,
                ),
                "page_modules": page_modules(),
                "engine_codes": _json_script(codes.registry()),
                "openings": _json_script(opening_states(game)),
                "balance_json": _json_script(view["balance_tables"]),
            }
            self.render(loc, "play.html", f"{code}/{game.id}/play/index.html", ctx)

    def puzzles_page(self, loc: Localized, game: Game, view: dict[str, Any]) -> None:
        rules = game.variant.rules()
        data = puzzles.page_data(game.id, len(rules.foxes), loc.tr, view["phrase"])
        title = loc.tr.gettext("Puzzle board")
        # A game with geese in hand draws the hand, which puzzles.js keeps up to date.
        hand = data["puzzles"][0]["steps"][0]["view"]["in_hand"] or rules.in_hand
        ctx = self.context(loc, f"{game.id}/puzzles/") | {
            "game": view,
            "puzzles": data,
            "puzzles_json": _json_script(data),
            "puzzle_modules": self.puzzle_modules,
            "board": board_svg(
                rules,
                puzzles.start_pieces(game.id),
                title=title,
                interactive=True,
                in_hand=hand,
                dress=game.book.dress,
            ),
        }
        self.render(loc, "puzzles.html", f"{loc.code}/{game.id}/puzzles/index.html", ctx)

    def shared_pages(self, localized: list[Localized]) -> None:
        """Root language chooser and 404: English frame, a part in every language."""
        parts, choices = [], []
        for loc in localized:
            ctx = self.context(loc, "", chooser=True, root=self.base_path)
            parts.append(Markup(loc.env.get_template("_notfound_part.html").render(ctx)))
            choices.append(
                {
                    "code": loc.code,
                    "name": self.names[loc.code],
                    "href": f"{loc.code}/",
                    "title": loc.tr.gettext("Fox and Geese"),
                }
            )
        source = next(loc for loc in localized if loc.code == i18n.SOURCE_LOCALE)
        ctx = self.context(source, "", chooser=True)
        self.render(source, "root.html", "index.html", ctx | {"choices": choices})
        # 404.html is served at any mistyped address, at any depth: its addresses start from
        # the base URL's path when there is one; without, a script finds the site root.
        ctx = self.context(source, "", chooser=True, root=self.base_path)
        ctx |= {"canonical": "", "alternates": []}  # not a page of its own
        if not self.base_path:
            ctx["inline_script"] = inline_script(HERE / "static" / "js" / "notfound.js")
        self.render(source, "404.html", "404.html", ctx | {"parts": parts}, listed=False)

    def sitemap(self) -> None:
        xml, robots = sitemap_and_robots(self.pages, self.base_url)
        self.write("sitemap.xml", xml)
        self.write("robots.txt", robots)


def opening_states(game: Game) -> dict[str, dict]:
    """The engine's state of every table's opening position, by record, with the state after
    each of its legal moves under "after": what the play page shows and lets the player move
    before the engine has loaded, decided by the engine's own rules at build time.

    Where the computer moves in such a state, "reply" holds the state after its move at each
    level, from the game's book of first replies (``content/replies/``, made by
    ``tools/replies/generate.py`` with the computer's own search); a reply state in which the
    player may answer from the book again has an "after" of its own. Only a state with an
    "after" keeps its legal moves: in the others no move is made before the engine has loaded
    (the computer's come from the book), and without them the book's many states stay small."""
    book = load_replies(game.id)

    def with_replies(state: dict[str, Any]) -> dict[str, Any]:
        chosen = book.get(state["record"])
        if not chosen:
            return state
        replies = {}
        for level, move in chosen.items():
            reply = api.play(state["record"], move)
            answers = {m["move"]: f"{reply['record']}.{m['move']}" for m in reply["legal"]}
            if any(record in book for record in answers.values()):
                reply["after"] = {
                    move: with_replies(api.play(reply["record"], move)) for move in answers
                }
            else:
                reply["legal"] = []
            replies[level] = reply
        return state | {"reply": replies, "legal": [] if "after" not in state else state["legal"]}

    states = {}
    for geese in game.variant.geese:
        for sideways in (False, True) if game.variant.sideways_option else (False,):
            state = api.new_game(game.id, geese, sideways)
            after = {
                m["move"]: with_replies(api.play(state["record"], m["move"]))
                for m in state["legal"]
            }
            states[state["record"]] = with_replies(state | {"after": after})
    return states


def load_replies(game: str) -> dict[str, dict[str, str]]:
    """The game's book of first replies: {record: {level: move}} (empty without one)."""
    path = CONTENT / "replies" / f"{game}.json"
    if not path.exists():
        return {}
    replies: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))["replies"]
    return replies


ENV_BASE_URL = "SITE_URL"


def normalize_base_url(url: str) -> str:
    """An absolute http(s) address ending in "/"; ValueError for anything else."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(
            f"base URL {url!r} is not an absolute http(s) address such as "
            "https://example.org/fox-and-geese/"
        )
    return parts._replace(path=parts.path.rstrip("/") + "/").geturl()


def configured_base_url(given: str | None = None) -> tuple[str, str]:
    """The site's address and where it came from: the given one (the command line), else the
    environment variable SITE_URL, else ``base-url`` under ``[tool.site-builder]`` in
    pyproject.toml; ("", "") when none is set."""
    if given:
        return given, "--base-url"
    if os.environ.get(ENV_BASE_URL):
        return os.environ[ENV_BASE_URL], ENV_BASE_URL
    with (ROOT / "pyproject.toml").open("rb") as f:
        configured = tomllib.load(f).get("tool", {}).get("site-builder", {}).get("base-url")
    return (configured, "pyproject.toml") if configured else ("", "")


def inline_script(path: Path) -> dict[str, str]:
    """A script to inline, with the hash that lets it run under the pages' CSP."""
    text = path.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return {"text": Markup(text), "hash": f"sha256-{digest}"}


def sitemap_and_robots(pages: list[str], base_url: str = "") -> tuple[str, str]:
    """sitemap.xml and robots.txt for the pages (paths relative to the site root).

    Without a base URL the addresses stay relative, like every link of the site;
    with one they are absolute and robots.txt names the sitemap.
    """
    base = base_url.rstrip("/") + "/" if base_url else ""
    urls = []
    for path in pages:
        loc = base + (path.removesuffix("index.html"))
        urls.append(f"  <url><loc>{xml_escape(loc or './')}</loc></url>")
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        + "\n".join(urls)
        + "\n</urlset>\n"
    )
    robots = "User-agent: *\nAllow: /\n"
    if base:
        robots += f"Sitemap: {base}sitemap.xml\n"
    return xml, robots


def render_pages(out: Path, base_url: str = "") -> Site:
    """Every page of every locale, the shared pages and the sitemap into ``out``: the part of
    the build that templates, catalogs and the address change (the runtime assets do not)."""
    site = Site(out, base_url)
    localized = [site.localized(code) for code in site.locales]
    for loc in localized:
        site.locale_pages(loc)
    site.shared_pages(localized)
    site.sitemap()
    return site


def build_pages(out: Path, base_url: str = "") -> Site:
    """The site without its runtime (no Pyodide, no Node): the static files, every page and
    the manifests the pages link to, into the empty or missing folder ``out``."""
    shutil.copytree(HERE / "static", out / "static")
    site = render_pages(out, base_url)
    write_manifests(out, site.locales)
    return site


def build(
    out_dir: Path | str | None = None, *, base_url: str = "", quick_compression: bool = False
) -> Path:
    """Build the whole site into ``out_dir`` (default ``dist/``); returns the directory.

    ``base_url`` (optional, see configured_base_url) makes canonical links, language
    alternates, og:url, the sitemap and robots.txt's Sitemap line absolute, as search engines
    want, and the 404 page's addresses root-relative; other links are always relative.
    ``quick_compression``: the precompressed copies at a fast setting (for tests, which need
    them correct, not smallest).
    """
    out = Path(out_dir) if out_dir is not None else DIST
    if out.exists() and any(out.iterdir()):
        # Only ever replace a previous build, never some other directory.
        if not (out / "static").is_dir() or not (out / "index.html").is_file():
            raise FileExistsError(f"{out} is not empty and does not look like a site build")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    site = build_pages(out, base_url)
    versions = build_assets(out)
    # The service worker precaches every file written before it.
    build_offline(out, site.locales, site.version, site.commit, versions)
    write_headers(out, urlsplit(site.base_url).path or "/")
    precompress(out, quick=quick_compression)
    return out
