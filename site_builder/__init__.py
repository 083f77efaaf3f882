"""Static site builder: localized rules pages and play pages from content/, locales/ and game/."""

from .build import build

__all__ = ["build"]
