"""The game's shipped fonts, loaded once per size: DejaVu Sans (Latin, ♠♥♣♦) and WenQuanYi Micro Hei (Chinese)."""

from __future__ import annotations

import pathlib

import pygame

from scenes.assets import ASSETS

FONT_DIR = ASSETS / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CJK = FONT_DIR / "wqy-microhei.ttc"  # also has Latin, digits and the suits, so mixed text renders in one go
CJK_START = 0x2E80  # CJK radicals onwards: ideographs, kana, CJK punctuation, full-width forms

_cache: dict[tuple[pathlib.Path, int, bool], pygame.font.Font] = {}


def _load(path: pathlib.Path, size: int, emboldened: bool = False) -> pygame.font.Font:
    """A ``Font`` dies with ``pygame.quit()``, so the cache empties itself then (tests quit and re-init pygame).
    `emboldened` is SDL_ttf's synthetic bold, for a face that ships one weight only."""
    key = (path, size, emboldened)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    if not pygame.font.get_init():
        pygame.font.init()
    if not _cache:
        pygame.register_quit(_cache.clear)
    made = _cache[key] = pygame.font.Font(path, size)
    made.bold = emboldened
    return made


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped sans font at ``size`` pixels, cached per (size, bold)."""
    return _load(BOLD if bold else REGULAR, size)


def cjk_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped Chinese-capable font at ``size`` pixels; it has one weight, so bold is drawn emboldened."""
    return _load(CJK, size, bold)


def font_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font that can draw ``text``: DejaVu unless it holds Chinese (or other CJK) characters."""
    if any(ord(ch) >= CJK_START for ch in text):
        return cjk_font(size, bold)
    return font(size, bold)
