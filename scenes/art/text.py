"""Cached text surfaces: every string is rendered once per (text, size, colour, weight) and reused each frame."""

from __future__ import annotations

import re

import pygame

from scenes.art.cache import cache
from scenes.art.fonts import CJK_START, font_for
from scenes.words.line_breaks import UNBROKEN

RENDERS = cache("text", mib=10)
NO_BREAK_BEFORE = "，。、；：？！）》」』”’…·%"
NO_BREAK_AFTER = "（《「『“‘"


def text(
    value: str, size: int, color: tuple[int, ...], bold: bool = False, shadow: tuple[int, ...] | None = None
) -> pygame.Surface:
    """The rendered string; with `shadow`, a soft drop shadow is baked in for text over the felt."""
    return RENDERS.get((value, size, color, bold, shadow), lambda: _render(value, size, color, bold, shadow))


def _render(
    value: str, size: int, color: tuple[int, ...], bold: bool, shadow: tuple[int, ...] | None
) -> pygame.Surface:
    face = font_for(value, size, bold)
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


# A Chinese character is a unit of its own (lines break between any two) but for the game's terms, which stay
# whole; the punctuation that must not open a line is kept on what it follows and an opening bracket on what follows
# it; other text breaks at spaces.
CJK = f"{chr(CJK_START)}-\U0010ffff"
WORDS = "|".join(sorted(UNBROKEN, key=len, reverse=True))
TOKENS = re.compile(rf"\s+|[{NO_BREAK_AFTER}]*(?:{WORDS}|[{CJK}]|[^\s{CJK}]+)[{NO_BREAK_BEFORE}]*")


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break `value` into lines no wider than `width` pixels: at spaces, and between Chinese characters; a path
    wider than a line after a "/". Each line is measured in the font it is drawn in (a line of Latin words in a
    Chinese sentence is drawn in DejaVu). The last line never holds a lone word (开始。 on a line of its own, at the
    end of a panel): it takes words from the line before while they fit and that line keeps more than a lone word."""
    lines: list[list[tuple[str, bool]]] = []  # each line's tokens, each with whether a space came before it
    line: list[tuple[str, bool]] = []
    gap = False
    for token in TOKENS.findall(value):
        if token.isspace():
            gap = True
            continue
        for piece in _cut(token, size, width, bold):
            if line and _width(_joined([*line, (piece, gap)]), size, bold) > width:
                lines.append(line)
                line = []
            line.append((piece, gap))
            gap = False
    if line:
        lines.append(line)
    while len(lines) > 1 and _lone(lines[-1]) and len(lines[-2]) > 1:
        before, taken = lines[-2][:-1], [lines[-2][-1], *lines[-1]]
        if _lone(before) or _width(_joined(taken), size, bold) > width:
            break
        lines[-2:] = [before, taken]
    return [_joined(tokens) for tokens in lines]


def _joined(tokens: list[tuple[str, bool]]) -> str:
    """A line's tokens as text: a space where one came before a token, but at the line's start."""
    return "".join((" " + token if spaced and k else token) for k, (token, spaced) in enumerate(tokens))


def _lone(tokens: list[tuple[str, bool]]) -> bool:
    """Is a line a lone word: one word of spaced text, or three characters or fewer of Chinese?"""
    said = _joined(tokens)
    if any(ord(ch) >= CJK_START for ch in said):
        return len(said.replace(" ", "")) <= 3
    return " " not in said


def _width(value: str, size: int, bold: bool) -> int:
    return font_for(value, size, bold).size(value)[0]


def _cut(token: str, size: int, width: int, bold: bool) -> list[str]:
    """A word wider than a line as pieces that end at a "/" (a long path), each as wide as fits; any other word is
    kept whole."""
    if "/" not in token or _width(token, size, bold) <= width:
        return [token]
    pieces = [""]
    for part in re.findall(r"[^/]*/|[^/]+$", token):
        if pieces[-1] and _width(pieces[-1] + part, size, bold) > width:
            pieces.append("")
        pieces[-1] += part
    return pieces


def clear() -> None:
    """Forget every render (fonts and display format change with the window)."""
    RENDERS.clear()
