"""The game's shipped fonts (DejaVu Sans, which has the ♠♥♣♦ glyphs), loaded once per size and weight."""

from __future__ import annotations

import pathlib

import pygame

FONT_DIR = pathlib.Path(__file__).resolve().parent.parent / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

_cache: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped sans font at ``size`` pixels, cached per (size, bold).

    A ``Font`` dies with ``pygame.quit()``, so the cache empties itself then (tests quit and re-init pygame).
    """
    key = (size, bold)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    if not pygame.font.get_init():
        pygame.font.init()
    if not _cache:
        pygame.register_quit(_cache.clear)
    made = _cache[key] = pygame.font.Font(BOLD if bold else REGULAR, size)
    return made
