"""The gettext pipeline: extract, update, compile, check, and catalogs for the build.

``babel.cfg`` maps sources to extractors; ``locales/messages.pot`` is the
template; ``locales/<lang>/LC_MESSAGES/messages.po`` the translations. A
locale exists when its catalog does: adding one is adding its ``.po``.
``.mo`` files are compiled, never committed.
"""

from __future__ import annotations

import io
import re
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import NullTranslations, Translations

ROOT = Path(__file__).resolve().parent.parent
LOCALES_DIR = ROOT / "locales"
POT = LOCALES_DIR / "messages.pot"
MAPPING = ROOT / "babel.cfg"
JS_DIR = Path(__file__).resolve().parent / "static" / "js"
SOURCE_LOCALE = "en"
# The catalogs `update` creates when they do not exist yet.
TRANSLATIONS = ("sv", "de", "fi", "nb", "da", "is")
COMMENT_TAGS = ("Translators:",)
JS_KEYWORDS = {"t": None, "tn": (1, 2)}

_PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([sdifr%])")


def project() -> dict:
    """Name and version from pyproject.toml, with a fallback if it is missing."""
    try:
        data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        return {"name": data.get("name", "fox-and-geese"), "version": data.get("version", "0")}
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return {"name": "fox-and-geese", "version": "0"}


def locales() -> list[str]:
    """English first, then every locale that has a catalog, sorted."""
    found = sorted(p.parent.parent.name for p in LOCALES_DIR.glob("*/LC_MESSAGES/messages.po"))
    return [SOURCE_LOCALE] + [code for code in found if code != SOURCE_LOCALE]


def po_path(code: str) -> Path:
    return LOCALES_DIR / code / "LC_MESSAGES" / "messages.po"


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False)


# --- extract / update / compile -------------------------------------------------------------

def extract_catalog() -> Catalog:
    info = project()
    catalog = Catalog(project=info["name"], version=info["version"], charset="utf-8",
                      copyright_holder="Fox & Geese contributors", fuzzy=False)
    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(MAPPING))
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=DEFAULT_KEYWORDS,
            comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def extract_pot() -> int:
    catalog = extract_catalog()
    _write(POT, catalog)
    return len(catalog)


def update_catalogs() -> list[str]:
    """Merge the template into every catalog, creating the missing ones."""
    template = _read(POT)
    done = []
    for code in sorted(set(locales()[1:]) | set(TRANSLATIONS)):
        path = po_path(code)
        if path.exists():
            catalog = _read(path, code)
            catalog.update(template, update_header_comment=True)
        else:
            catalog = Catalog(locale=code, project=template.project, version=template.version,
                              charset="utf-8", fuzzy=False)
            catalog.update(template)
        catalog.revision_date = datetime.now(timezone.utc)
        _write(path, catalog)
        done.append(code)
    return done


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_catalogs(out_dir: Path) -> list[Path]:
    written = []
    for code in locales()[1:]:
        target = out_dir / code / "LC_MESSAGES" / "messages.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(mo_bytes(_read(po_path(code), code)))
        written.append(target)
    return written


# --- check ----------------------------------------------------------------------------------

def placeholders(text: str) -> set[str]:
    return {name or f"%{kind}" for name, kind in _PLACEHOLDER.findall(text) if kind != "%"}


def check_catalog(code: str, template: Catalog) -> list[str]:
    """Problems in one locale's catalog, as readable lines (empty: all good)."""
    path = po_path(code)
    if not path.exists():
        return [f"{code}: no catalog at {path.relative_to(ROOT)}"]
    catalog = _read(path, code)
    problems = []
    for message in template:
        if not message.id:
            continue
        label = f"{code}: {message.id if isinstance(message.id, str) else message.id[0]!r}"
        entry = catalog.get(message.id, message.context)
        strings = () if entry is None else (
            entry.string if isinstance(entry.string, (list, tuple)) else (entry.string,))
        if entry is None or not strings or not all(strings):
            problems.append(f"{label}: untranslated")
            continue
        if entry.fuzzy:
            problems.append(f"{label}: fuzzy")
            continue
        if isinstance(message.id, (list, tuple)):
            expected = placeholders(message.id[0]) | placeholders(message.id[1])
            bad = [s for s in strings if not placeholders(s) <= expected]
            if bad or placeholders(strings[-1]) != placeholders(message.id[1]):
                problems.append(f"{label}: placeholders differ from {sorted(expected)}")
            if len(strings) != catalog.num_plurals:
                problems.append(f"{label}: {len(strings)} plural forms, "
                                f"expected {catalog.num_plurals}")
        elif placeholders(strings[0]) != placeholders(message.id):
            problems.append(f"{label}: placeholders {sorted(placeholders(strings[0]))} "
                            f"differ from {sorted(placeholders(message.id))}")
    for entry, errors in catalog.check():
        problems += [f"{code}: {entry.id!r}: {error}" for error in errors]
    return problems


def check_all() -> dict[str, list[str]]:
    template = _read(POT)
    return {code: check_catalog(code, template) for code in locales()[1:]}


# --- catalogs for the build -----------------------------------------------------------------

def load_translations() -> dict[str, tuple[NullTranslations, Catalog | None]]:
    """Per locale: a gettext object for rendering and its catalog (None for English).

    Compiled in memory; fuzzy and untranslated entries fall back to English.
    """
    result: dict[str, tuple[NullTranslations, Catalog | None]] = {
        SOURCE_LOCALE: (NullTranslations(), None)}
    for code in locales()[1:]:
        catalog = _read(po_path(code), code)
        result[code] = (Translations(io.BytesIO(mo_bytes(catalog))), catalog)
    return result


def js_messages() -> list[str | tuple[str, str]]:
    """The msgids the browser code uses, found by the same extractor as babel.cfg."""
    found = []
    for path in sorted(JS_DIR.rglob("*.js")):
        with path.open("rb") as f:
            for _, message, _, _ in extract("javascript", f, keywords=JS_KEYWORDS):
                if message not in found:
                    found.append(message)
    return found


def js_catalog(code: str, catalog: Catalog | None, messages) -> dict:
    """The JSON embedded in each page for i18n.js: translated JS messages only."""
    out = {}
    for message in messages:
        key = message if isinstance(message, str) else message[0]
        entry = catalog.get(message) if catalog is not None else None
        if entry is None or entry.fuzzy:
            continue
        if isinstance(entry.string, (list, tuple)):
            if all(entry.string):
                out[key] = list(entry.string)
        elif entry.string:
            out[key] = entry.string
    return {"lang": code, "messages": out}


def language_name(code: str) -> str:
    """The language's own name (from CLDR), shown in the language switcher."""
    name = Locale.parse(code).get_display_name(code)
    return name[:1].upper() + name[1:]
