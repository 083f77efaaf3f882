"""One runner for the site: ``python -m site_builder extract|update|compile|check|build``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import i18n
from .builder import DIST, build, configured_base_url, normalize_base_url


def main(argv: list[str] | None = None) -> int:
    info = i18n.project()
    parser = argparse.ArgumentParser(
        prog="python -m site_builder", description=f"{info['name']} {info['version']} site builder"
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("extract", help="extract messages into locales/messages.pot")
    verbs.add_parser("update", help="merge messages.pot into every locale's messages.po")
    comp = verbs.add_parser("compile", help="compile .po to .mo (into build/locales)")
    comp.add_argument("--out", type=Path, default=i18n.ROOT / "build" / "locales")
    verbs.add_parser("check", help="fail on untranslated, fuzzy or mismatched entries")
    b = verbs.add_parser("build", help="build the site")
    b.add_argument("--out", type=Path, default=DIST)
    b.add_argument(
        "--base-url",
        help="the site's absolute address, e.g. https://example.org/fox-and-geese/ (else the "
        "SITE_URL environment variable, else base-url under [tool.site-builder] in "
        "pyproject.toml)",
    )
    args = parser.parse_args(argv)

    if args.verb == "extract":
        count = i18n.extract_pot()
        print(f"{i18n.POT.relative_to(i18n.ROOT)}: {count} messages")
    elif args.verb == "update":
        for code in i18n.update_catalogs():
            print(f"updated {i18n.po_path(code).relative_to(i18n.ROOT)}")
    elif args.verb == "compile":
        for path in i18n.compile_catalogs(args.out):
            print(f"compiled {path}")
    elif args.verb == "check":
        failed = False
        for code, problems in i18n.check_all().items():
            print(f"{code}: {'ok' if not problems else f'{len(problems)} problems'}")
            for line in problems:
                print(f"  {line}")
            failed |= bool(problems)
        return 1 if failed else 0
    elif args.verb == "build":
        base_url, source = configured_base_url(args.base_url)
        try:
            base_url = normalize_base_url(base_url) if base_url else ""
        except ValueError as error:
            parser.error(f"{error} (from {source})")
        out = build(args.out, base_url=base_url)
        print(f"built {out}" + (f" for {base_url} (from {source})" if base_url else ""))
        if not base_url:
            print(
                "no site address (--base-url, SITE_URL or pyproject.toml): the pages have no "
                "canonical link or og:url, their language alternates and sitemap.xml are "
                "relative (search engines ignore them), robots.txt names no sitemap, and "
                "404.html finds the site root with a script"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
