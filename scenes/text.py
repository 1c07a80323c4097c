"""Cached text surfaces: every string is rendered once per (text, size, colour, weight) and reused each frame."""

from __future__ import annotations

import pygame

from scenes.cache import Surfaces
from scenes.fonts import font

RENDERS = Surfaces(limit=4000)


def text(
    value: str, size: int, color: tuple[int, ...], bold: bool = False, shadow: tuple[int, ...] | None = None
) -> pygame.Surface:
    """The rendered string; with `shadow`, a soft drop shadow is baked in for text over the felt."""
    return RENDERS.get((value, size, color, bold, shadow), lambda: _render(value, size, color, bold, shadow))


def _render(
    value: str, size: int, color: tuple[int, ...], bold: bool, shadow: tuple[int, ...] | None
) -> pygame.Surface:
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
    RENDERS.clear()
