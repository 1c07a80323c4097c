"""Marks over card faces at the wild-card tables (RULESETS `wildcard`, `swap-three`): the gold rim and star of a
wild card, in hands and on the table, and the rank tag of a wild card played as another rank (a stand-in).

Both sit in the card's index column, the strip a fanned hand or an overlapping play leaves visible.
"""

from __future__ import annotations

import pygame

from scenes.art.cache import cache
from scenes.art.cards import INDEX_CENTRE_X as INDEX_X
from scenes.art.cards import star_points
from scenes.art.text import text

RIM = (236, 178, 40)
RIM_LIGHT = (255, 230, 130)
TAG_FILL = (150, 20, 30)
TAG_INK = (255, 244, 214)
MARKS = cache("wild marks", mib=2)


def wild_mark(size: tuple[int, int]) -> pygame.Surface:
    """Laid over a wild card's face: a gold rim round the card and a gold star badge under its index."""

    def make() -> pygame.Surface:
        w, h = size
        made = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(2, round(w * 0.08))
        rim = max(2, round(w * 0.045))
        pygame.draw.rect(made, (*RIM, 235), made.get_rect(), rim, radius)
        pygame.draw.rect(made, (*RIM_LIGHT, 200), made.get_rect().inflate(-2 * rim, -2 * rim), max(1, rim // 3), radius)
        centre = (w * INDEX_X + rim * 0.3, h * 0.5)
        badge = w * 0.13
        pygame.draw.circle(made, (120, 16, 26, 240), centre, badge)
        pygame.draw.circle(made, (*RIM, 255), centre, badge, max(1, rim // 2))
        pygame.draw.polygon(made, (*RIM_LIGHT, 255), star_points(centre, badge * 0.8, badge * 0.34))
        return made.convert_alpha()

    return MARKS.get(("wild", size), make)


def stand_tag(size: tuple[int, int], label: str) -> pygame.Surface:
    """Laid over a played stand-in's face: the rank it stood for (`label`, e.g. "10") on a red tag under the star."""

    def make() -> pygame.Surface:
        w, h = size
        made = pygame.Surface(size, pygame.SRCALPHA)
        ink = text(label, max(8, round(h * 0.15)), TAG_INK, True)
        tag = pygame.Rect(0, 0, max(round(w * 0.3), ink.get_width() + round(w * 0.08)), round(h * 0.19))
        tag.center = (round(w * INDEX_X + w * 0.02), round(h * 0.7))
        tag.left = max(round(w * 0.03), tag.left)
        pygame.draw.rect(made, (*TAG_FILL, 245), tag, border_radius=tag.height // 3)
        pygame.draw.rect(made, (*RIM, 255), tag, max(1, round(w * 0.025)), tag.height // 3)
        made.blit(ink, ink.get_rect(center=tag.center))
        return made.convert_alpha()

    return MARKS.get(("stand", size, label), make)
