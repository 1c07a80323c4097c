"""An opponent's cards as the commercial tables show them: a small fan of card backs (the count is written on it by
the table), composed once per number of backs shown and size."""

from __future__ import annotations

import math

import pygame

from scenes.art.cache import cache

FANS = cache("fans", mib=4)
MOST = 5  # backs in a full fan: more cards do not make it wider
SPREAD = 7.0  # degrees between two backs of the fan


def fan_backs(count: int) -> int:
    """How many backs a fan shows for `count` cards: one a card up to MOST."""
    return max(0, min(count, MOST))


def fan(back: pygame.Surface, count: int) -> pygame.Surface:
    """`fan_backs(count)` card backs fanned out from a pivot below their middle, as cards held in a hand; the image's
    centre is the fan's middle."""
    shown = fan_backs(count)

    def make() -> pygame.Surface:
        w, h = back.get_size()
        reach = math.hypot(w / 2, h) + 2  # the pivot, a card's height below its top, to a top corner
        size = round(2 * reach)
        made = pygame.Surface((size, size), pygame.SRCALPHA)
        pivot = (size / 2, size / 2 + h * 0.42)
        for k in range(shown):
            angle = (k - (shown - 1) / 2) * SPREAD
            turned = pygame.transform.rotozoom(back, -angle, 1.0)
            a = math.radians(angle)
            centre = (pivot[0] + math.sin(a) * h / 2, pivot[1] - math.cos(a) * h / 2)
            made.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
        box = made.get_bounding_rect()
        return made.subsurface(box).copy().convert_alpha() if box.width else made.convert_alpha()

    return FANS.get(("fan", id(back), back.get_size(), shown), make)
