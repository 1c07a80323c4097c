"""The role emblems drawn by code: the landlord's crown and a farmer's straw hat."""

from __future__ import annotations

import pygame

from scenes.art.widgets import GOLD


def draw_crown(surface: pygame.Surface, center: tuple[int, int], width: int) -> None:
    """The landlord's crown: gold, five points, three gems."""
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
    pygame.draw.polygon(surface, (120, 80, 10), [(x + 2, y + 2) for x, y in pts])
    pygame.draw.polygon(surface, GOLD, pts)
    pygame.draw.polygon(surface, (150, 100, 20), pts, max(1, width // 18))
    band = pygame.Rect(x0, y0 + h * 0.78, w, h * 0.22)
    pygame.draw.rect(surface, (214, 160, 40), band)
    for k, color in enumerate(((220, 40, 50), (40, 110, 220), (220, 40, 50))):
        pygame.draw.circle(surface, color, (x0 + w * (0.25 + 0.25 * k), band.centery), max(2, width // 12))


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
