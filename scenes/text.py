"""Cached text surfaces: every string is rendered once per (text, size, colour, weight) and reused each frame."""

from __future__ import annotations

import pygame

from scenes.fonts import font

_cache: dict[tuple[str, int, tuple[int, ...], bool, tuple[int, ...] | None], pygame.Surface] = {}
LIMIT = 4000  # renders kept before the cache starts over (a long match shows many distinct strings)


def text(value: str, size: int, color: tuple[int, ...], bold: bool = False, shadow: tuple[int, ...] | None = None):
    """The rendered string; with `shadow`, a soft drop shadow is baked in for text over the felt."""
    key = (value, size, color, bold, shadow)
    found = _cache.get(key)
    if found is not None:
        return found
    if len(_cache) >= LIMIT:
        _cache.clear()
    face = font(size, bold)
    front = face.render(value, True, color)
    if shadow is None:
        made = front.convert_alpha()
    else:
        offset = max(1, size // 14)
        back = face.render(value, True, shadow)
        made = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
        made.blit(back, (offset, offset))
        made.blit(front, (0, 0))
        made = made.convert_alpha()
    _cache[key] = made
    return made


def blit_text(
    surface: pygame.Surface,
    value: str,
    size: int,
    color: tuple[int, ...],
    at: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    shadow: tuple[int, ...] | None = None,
) -> pygame.Rect:
    """Draw cached text with its `anchor` point (a pygame.Rect attribute name) at `at`."""
    img = text(value, size, color, bold, shadow)
    rect = img.get_rect(**{anchor: at})
    surface.blit(img, rect)
    return rect


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break `value` into lines no wider than `width` pixels."""
    face = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in value.split():
        trial = f"{line} {word}".strip()
        if line and face.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def clear() -> None:
    """Forget every render (fonts and display format change with the window)."""
    _cache.clear()
