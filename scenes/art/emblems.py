"""The emblems drawn by code: the landlord's crown and a farmer's straw hat, the few-cards alarm's light and the
mark on the kitty's cards in the landlord's hand."""

from __future__ import annotations

import math

import pygame

from scenes.art.cache import cache
from scenes.art.widgets import GOLD

Point = tuple[float, float]
EMBLEMS = cache("emblems", mib=2)  # the alarm's lights (a few glow levels per size) and the kitty's tags
GLOWS = 6  # the alarm light's glow levels, from dark (0) to full (GLOWS - 1)


def _turned(points: list[Point], center: Point, degrees: float) -> list[Point]:
    """`points` turned about `center` by `degrees` (clockwise on screen)."""
    a = math.radians(degrees)
    cos, sin = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points]


def draw_crown(surface: pygame.Surface, center: tuple[int, int], width: int, tilt: float = 0.0) -> None:
    """The landlord's crown: gold, five points, three gems; `tilt` degrees clockwise (drawn turned, no rotation of
    pixels)."""
    cx, cy = center
    w, h = width, width * 0.62
    x0, y0 = cx - w / 2, cy - h / 2
    pts = [
        (x0, y0 + h),
        (x0, y0 + h * 0.25),
        (x0 + w * 0.25, y0 + h * 0.55),
        (cx, y0),
        (x0 + w * 0.75, y0 + h * 0.55),
        (x0 + w, y0 + h * 0.25),
        (x0 + w, y0 + h),
    ]
    band = [(x0, y0 + h * 0.78), (x0 + w, y0 + h * 0.78), (x0 + w, y0 + h), (x0, y0 + h)]
    gems = [(x0 + w * (0.25 + 0.25 * k), y0 + h * 0.89) for k in range(3)]
    pts, band, gems = (_turned(shape, center, tilt) for shape in (pts, band, gems))
    pygame.draw.polygon(surface, (120, 80, 10), [(x + 2, y + 2) for x, y in pts])
    pygame.draw.polygon(surface, GOLD, pts)
    pygame.draw.polygon(surface, (150, 100, 20), pts, max(1, width // 18))
    pygame.draw.polygon(surface, (214, 160, 40), band)
    for at, color in zip(gems, ((220, 40, 50), (40, 110, 220), (220, 40, 50)), strict=True):
        pygame.draw.circle(surface, color, at, max(2, width // 12))


def draw_straw_hat(surface: pygame.Surface, center: tuple[int, int], width: int) -> None:
    """A farmer's straw hat: a wide woven brim, a rounded crown and a red band."""
    cx, cy = center
    straw, dark, light = (226, 190, 110), (150, 112, 50), (246, 222, 160)
    brim = pygame.Rect(0, 0, width, round(width * 0.3))
    brim.center = (cx, round(cy + width * 0.12))
    pygame.draw.ellipse(surface, (60, 40, 10), brim.move(2, 3))
    pygame.draw.ellipse(surface, straw, brim)
    pygame.draw.ellipse(surface, dark, brim, max(1, width // 28))
    crown = pygame.Rect(0, 0, round(width * 0.52), round(width * 0.42))
    crown.midbottom = (cx, brim.centery + round(width * 0.04))
    pygame.draw.ellipse(surface, straw, crown)
    pygame.draw.rect(surface, straw, (crown.x, crown.centery, crown.width, crown.height // 2))
    pygame.draw.ellipse(surface, dark, crown, max(1, width // 32))
    for k in range(1, 4):  # the weave
        y = crown.y + crown.height * k // 4
        pygame.draw.line(surface, dark, (crown.x + width // 20, y), (crown.right - width // 20, y), 1)
    band = pygame.Rect(crown.x, crown.bottom - round(width * 0.11), crown.width, round(width * 0.09))
    pygame.draw.rect(surface, (200, 50, 45), band)
    pygame.draw.ellipse(surface, light, brim.inflate(-width // 3, -brim.height // 2).move(0, -brim.height // 6), 1)


def beacon(radius: int, glow: int) -> pygame.Surface:
    """The few-cards alarm's light (报警灯): a red dome on a dark base, lit, with a halo and rays whose strength is
    `glow` of GLOWS (0: the light on but no halo). The image is `4 * radius` square, the dome at its centre."""

    def make() -> pygame.Surface:
        size = 4 * radius
        made = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        k = glow / (GLOWS - 1)
        for step in range(12, 0, -1):  # the halo: a soft disc fading outwards
            r = radius + round(radius * 0.95 * step / 12)
            pygame.draw.circle(made, (255, 70, 40, round(k * 70 * (1 - step / 13))), (c, c), r)
        for ray in range(8):  # short rays round the dome
            a = math.pi * ray / 4 + math.pi / 8
            inner, outer = radius * 1.2, radius * (1.45 + 0.45 * k)
            start = (c + math.cos(a) * inner, c + math.sin(a) * inner)
            end = (c + math.cos(a) * outer, c + math.sin(a) * outer)
            pygame.draw.line(made, (255, 200, 120, round(90 + 140 * k)), start, end, max(2, radius // 6))
        base = pygame.Rect(0, 0, round(radius * 1.9), max(3, round(radius * 0.42)))
        base.midtop = (c, c + round(radius * 0.35))
        dome = pygame.Rect(0, 0, round(radius * 1.5), round(radius * 1.7))
        dome.midbottom = (c, base.top + 2)
        lit = (255, 60 + round(60 * k), 40)
        pygame.draw.ellipse(made, (120, 16, 16), dome.inflate(4, 4))
        pygame.draw.ellipse(made, lit, dome)
        pygame.draw.rect(made, lit, (dome.x, dome.centery, dome.width, dome.height // 2 + 2))
        shine = pygame.Rect(0, 0, dome.width // 3, dome.height // 3)
        shine.topleft = (dome.x + dome.width // 5, dome.y + dome.height // 6)
        pygame.draw.ellipse(made, (255, 230, 200), shine)
        pygame.draw.rect(made, (40, 40, 46), base, border_radius=base.height // 3)
        pygame.draw.rect(made, (110, 110, 120), base, 1, border_radius=base.height // 3)
        return made.convert_alpha()

    return EMBLEMS.get(("beacon", radius, glow), make)


def kitty_tag(card: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
    """The mark on a kitty card in the landlord's hand: a small red tab with the landlord's crown, and where it sits
    on a card of size `card` (on the strip left of the card's middle that stays in sight where cards overlap, under
    the index)."""
    w, h = card

    def make() -> pygame.Surface:
        tw, th = max(10, round(w * 0.27)), max(9, round(w * 0.22))
        made = pygame.Surface((tw, th), pygame.SRCALPHA)
        radius = max(2, th // 4)
        pygame.draw.rect(made, (150, 24, 28), made.get_rect(), border_radius=radius)
        pygame.draw.rect(made, GOLD, made.get_rect(), max(1, th // 10), border_radius=radius)
        draw_crown(made, (tw // 2, th // 2 + max(1, th // 14)), round(tw * 0.62))
        return made.convert_alpha()

    return EMBLEMS.get(("kitty", w, h), make), (max(2, round(w * 0.05)), round(h * 0.42))
