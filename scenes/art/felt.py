"""The green felt drawn by code for any window size: a lit centre, woven grain, a vignette and a gold rim; the
table's own felt also carries the game's name pressed faintly into its centre, as a card room's table does."""

from __future__ import annotations

import numpy as np
import pygame

from scenes.art.fonts import cjk_font

CENTRE = np.array([22, 122, 70], dtype=np.float32)
EDGE = np.array([5, 44, 26], dtype=np.float32)

MAX_WIDTH = 960  # the felt is computed at most this wide (half of 1080p: a quarter of the pixels to make)

NAME = "斗地主"  # pressed into the table's felt: the game's name, as the commercial tables carry theirs

_cache: dict[tuple[tuple[int, int], bool], pygame.Surface] = {}


def table_felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt: `felt` with the game's name pressed into its centre, made once per size."""
    if (size, True) in _cache:
        return _cache[(size, True)]
    made = felt(size).copy()
    w, h = size
    face = cjk_font(max(8, round(h * 0.15)), True)
    centre = (w // 2, round(h * 0.42))
    for colour, alpha, offset in (((0, 0, 0), 26, -max(1, h // 400)), ((190, 240, 200), 13, max(1, h // 400))):
        name = face.render(NAME, True, colour)  # pressed in: a shade above, a light below
        name.set_alpha(alpha)
        made.blit(name, name.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    _cache[(size, True)] = made
    return made


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The background for a window size, made once and kept (convert()ed for fast blits)."""
    if (size, False) in _cache:
        return _cache[(size, False)]
    shrink = min(1.0, MAX_WIDTH / size[0])  # bigger windows get an upscaled felt: it is soft anyway
    w, h = max(1, round(size[0] * shrink)), max(1, round(size[1] * shrink))
    # float32 throughout (a float64 temporary of the full window triples the time of the first frame)
    x = (np.arange(w, dtype=np.float32) - w / 2) / (w / 2)
    y = (np.arange(h, dtype=np.float32) - h * 0.42) / (h / 2)
    d = np.sqrt(x[:, None] ** 2 * np.float32(0.8) + y[None, :] ** 2)
    k = np.clip(1.0 - d * np.float32(0.62), 0.0, 1.0)
    k *= np.sqrt(np.sqrt(k))  # ** 1.25, near the old ** 1.4 at a fraction of the cost
    k += np.random.default_rng(7).standard_normal((w, h), dtype=np.float32) * np.float32(0.035)
    weave_x = np.sin(np.arange(w, dtype=np.float32) * np.float32(1.7))
    weave_y = np.sin(np.arange(h, dtype=np.float32) * np.float32(1.9)) * np.float32(0.018)
    k += weave_x[:, None] * weave_y[None, :]
    np.clip(k, 0.0, 1.05, out=k)
    rgb = np.empty((w, h, 3), dtype=np.uint8)
    for channel in range(3):  # k <= 1.05 keeps every channel below 255
        rgb[..., channel] = EDGE[channel] + (CENTRE[channel] - EDGE[channel]) * k
    surface = pygame.Surface((w, h))
    pygame.surfarray.blit_array(surface, rgb)
    ring = pygame.Surface((w, h), pygame.SRCALPHA)
    oval = pygame.Rect(0, 0, int(w * 0.62), int(h * 0.5))
    oval.center = (w // 2, int(h * 0.42))
    pygame.draw.ellipse(ring, (255, 230, 150, 26), oval, max(2, h // 360))
    pygame.draw.ellipse(ring, (0, 0, 0, 22), oval.inflate(h // 60, h // 60), max(1, h // 540))
    surface.blit(ring, (0, 0))
    if (w, h) != size:
        surface = pygame.transform.smoothscale(surface, size)
    _cache[(size, False)] = made = surface.convert()
    return made


def clear() -> None:
    _cache.clear()
