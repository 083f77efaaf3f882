"""Render the site: every locale x page from the templates, content and engine data."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from babel import Locale
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from game import rules_for

from . import i18n, lessons
from .content import Game, load_games
from .diagram import board_svg
from .offline import build_offline
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
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else "unknown"


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    return env


def _json_script(data) -> Markup:
    # Data inside <script type="application/json">: "<" escaped so no "</script>".
    return Markup(
        json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    )


class Site:
    """Everything shared by the pages of one build."""

    def __init__(self, out_dir: Path, base_url: str = ""):
        self.out = out_dir
        self.base_url = base_url
        self.env = environment()
        self.games = load_games()
        self.by_id = {g.id: g for g in self.games}
        self.translations = i18n.load_translations()
        self.locales = list(self.translations)
        self.js_messages = i18n.js_messages()
        info = i18n.project()
        self.version, self.commit = info["version"], git_commit()
        self.names = {code: i18n.language_name(code) for code in self.locales}
        self.lesson_modules = page_modules("lessons.js")
        self.pages: list[str] = []  # paths relative to out, for the sitemap

    # -- per-locale state --------------------------------------------------------------------

    def use(self, code: str):
        tr, catalog = self.translations[code]
        self.env.install_gettext_translations(tr, newstyle=True)
        self.tr, self.locale = tr, Locale.parse(code)
        self.i18n_json = _json_script(i18n.js_catalog(code, catalog, self.js_messages))
        self.game_views = [self.game_view(g) for g in self.games]

    def game_view(self, game: Game) -> dict:
        tr = self.tr
        rules = rules_for(game.id)
        caption = start_words(game.variant, tr, self.locale)
        name = tr.gettext(game.name)
        title = tr.gettext("Start position of %(name)s") % {"name": name}
        view = {
            "id": game.id,
            "name": name,
            "summary": tr.gettext(game.summary),
            "rules": [tr.gettext(p) for p in game.rules],
            "history": [tr.gettext(p) for p in game.history],
            "caption": caption,
            "rules_obj": rules,
            "variant_of": None,
            "changes": None,
            "svg": board_svg(rules, title=title + ". " + ". ".join(caption) + "."),
            "has_pen": bool(rules.pen),
            "variant": game.variant,  # the play page's table settings (geese counts, sideways option)
            "lessons": None,
        }
        lesson_data = lessons.page_data(game.id, tr.gettext)
        if lesson_data["lessons"]:
            view["lessons"] = lesson_data
            view["lessons_json"] = _json_script(lesson_data)
            pieces = lessons.first_pieces(game.id)
            view["lesson_svg"] = board_svg(
                rules, pieces, title=tr.gettext("Lesson board"), interactive=True
            )
        if game.variant_of:
            base = self.by_id[game.variant_of]
            view["variant_of"] = {"id": base.id, "name": tr.gettext(base.name)}
            view["changes"] = rule_changes(base.variant, game.variant, tr, self.locale)
        return view

    def context(self, code: str, page: str, *, chooser: bool = False) -> dict:
        """The base context every template gets; ``page`` is the path inside a locale."""
        root = "" if chooser else "../" * (1 + page.count("/"))
        languages = [
            {
                "code": c,
                "name": self.names[c],
                "href": f"{root}{c}/{page}",
                "current": c == code and not chooser,
            }
            for c in self.locales
        ]
        alternates = [{"hreflang": c, "href": f"{root}{c}/{page}"} for c in self.locales]
        alternates.append(
            {"hreflang": "x-default", "href": (root or "./") if page == "" else f"{root}en/{page}"}
        )
        return {
            "lang": code,
            "dir": "rtl" if self.locale.character_order == "right-to-left" else "ltr",
            "page": page,
            "root": root or "./",
            "static": f"{root}static/",
            "home": f"{root}{code}/",
            "languages": languages,
            "alternates": alternates,
            "version": self.version,
            "commit": self.commit,
            "i18n_json": self.i18n_json,
            "games": self.game_views,
            "chooser": chooser,
            "lesson_modules": self.lesson_modules,
        }

    def write(self, path: str, text: str) -> None:
        target = self.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def render(self, template: str, path: str, context: dict, *, listed: bool = True) -> None:
        self.write(path, self.env.get_template(template).render(context))
        if listed:
            self.pages.append(path)

    # -- the pages ---------------------------------------------------------------------------

    def locale_pages(self, code: str) -> None:
        self.use(code)
        self.render("home.html", f"{code}/index.html", self.context(code, ""))
        for game in self.games:
            ctx = self.context(code, f"{game.id}/")
            ctx["game"] = next(g for g in ctx["games"] if g["id"] == game.id)
            self.render("rules.html", f"{code}/{game.id}/index.html", ctx)
            ctx = self.context(code, f"{game.id}/play/")
            ctx["game"] = next(g for g in ctx["games"] if g["id"] == game.id)
            rules = ctx["game"]["rules_obj"]
            ctx["board_svg"] = board_svg(rules, title=ctx["game"]["name"], interactive=True)
            ctx["page_modules"] = page_modules()
            self.render("play.html", f"{code}/{game.id}/play/index.html", ctx)

    def shared_pages(self) -> None:
        """Root language chooser and 404: English frame, a part in every language."""
        parts, choices = [], []
        for code in self.locales:
            self.use(code)
            ctx = self.context(code, "", chooser=True)
            parts.append(Markup(self.env.get_template("_notfound_part.html").render(ctx)))
            choices.append(
                {
                    "code": code,
                    "name": self.names[code],
                    "href": f"{code}/",
                    "title": self.tr.gettext("Fox and Geese"),
                }
            )
        self.use(i18n.SOURCE_LOCALE)
        ctx = self.context(i18n.SOURCE_LOCALE, "", chooser=True)
        self.render("root.html", "index.html", ctx | {"choices": choices})
        self.render("404.html", "404.html", ctx | {"parts": parts}, listed=False)

    def sitemap(self) -> None:
        xml, robots = sitemap_and_robots(self.pages, self.base_url)
        self.write("sitemap.xml", xml)
        self.write("robots.txt", robots)

    def hook_context(self) -> dict:
        return {
            "out_dir": self.out,
            "root": ROOT,
            "locales": list(self.locales),
            "games": [g.id for g in self.games],
            "version": self.version,
            "commit": self.commit,
        }


def sitemap_and_robots(pages: list[str], base_url: str = "") -> tuple[str, str]:
    """sitemap.xml and robots.txt for the pages (paths relative to the site root).

    Without a base URL the addresses stay relative, like every link of the site;
    with one they are absolute and robots.txt names the sitemap.
    """
    base = base_url.rstrip("/") + "/" if base_url else ""
    urls = []
    for path in pages:
        loc = base + (path[: -len("index.html")] if path.endswith("index.html") else path)
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


def build(out_dir: Path | str | None = None, *, base_url: str = "") -> Path:
    """Build the whole site into ``out_dir`` (default ``dist/``); returns the directory.

    ``base_url`` (optional) makes the sitemap's addresses absolute, as search
    engines want; pages always link relatively.
    """
    out = Path(out_dir) if out_dir is not None else DIST
    if out.exists() and any(out.iterdir()):
        # Only ever replace a previous build, never some other directory.
        if not (out / "static").is_dir() or not (out / "index.html").is_file():
            raise FileExistsError(f"{out} is not empty and does not look like a site build")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(HERE / "static", out / "static")
    site = Site(out, base_url)
    for code in site.locales:
        site.locale_pages(code)
    site.shared_pages()
    site.sitemap()
    context = site.hook_context()
    build_assets(out, context)
    # Last: the service worker precaches every file written before it.
    build_offline(out, context)
    return out
