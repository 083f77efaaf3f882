"""Static site builder: localized rules pages and play pages from content/, locales/ and game/."""

from .builder import build

__all__ = ["build"]
