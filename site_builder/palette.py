"""The site's colours, defined once: the custom properties of site.css.

The stylesheet sets every colour per colour scheme. What cannot use the
stylesheet (the SVG fallback attributes of a diagram shown on its own, the web
app manifest, the theme-color meta tag) reads the light scheme's values here at
build time, so a colour changed in site.css changes everywhere.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

SITE_CSS = Path(__file__).resolve().parent / "static" / "css" / "site.css"


@functools.cache
def colours() -> dict[str, str]:
    """``--name: value`` of the stylesheet's first ``:root`` block (the light scheme)."""
    css = SITE_CSS.read_text(encoding="utf-8")
    block = re.search(r"^:root\s*\{(.*?)^\}", css, re.DOTALL | re.MULTILINE)
    if not block:
        raise ValueError(f"{SITE_CSS} has no :root block")
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;", block.group(1)))
