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

_cache: dict[tuple[int, int], pygame.Surface] = {}  # window size -> the felt
_names: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}  # window size -> the name's patch, where


def draw_table_felt(surface: pygame.Surface) -> None:
    """The table's felt: `felt` with the game's name pressed into its centre."""
    size = surface.get_size()
    surface.blit(felt(size), (0, 0))
    patch, at = name_patch(size)
    surface.blit(patch, at)


def name_patch(size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
    """The piece of felt under the game's name with the name pressed in, and where it goes: made once per size, a
    small image rather than a copy of the whole felt (a fresh window-sized image alone took 4-5 ms at 1080p)."""
    if size in _names:
        return _names[size]
    w, h = size
    face = cjk_font(max(8, round(h * 0.15)), True)
    offset = max(1, h // 400)
    names = [
        (face.render(NAME, True, colour), alpha, shift)  # pressed in: a shade above, a light below
        for colour, alpha, shift in (((0, 0, 0), 26, -offset), ((190, 240, 200), 13, offset))
    ]
    area = names[0][0].get_rect(center=(w // 2, round(h * 0.42))).inflate(2 * offset, 2 * offset).clip((0, 0, w, h))
    patch = felt(size).subsurface(area).copy()
    for name, alpha, shift in names:
        name.set_alpha(alpha)
        patch.blit(name, name.get_rect(center=(area.w // 2 + shift, area.h // 2 + shift)))
    _names[size] = made = patch, area.topleft
    return made


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The background for a window size, made once and kept (convert()ed for fast blits)."""
    if size in _cache:
        return _cache[size]
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
    _cache[size] = made = surface.convert()
    return made


def clear() -> None:
    _cache.clear()
    _names.clear()
