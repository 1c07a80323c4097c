"""Bounded caches of made surfaces: each is made once per key and reused every frame. A long match shows ever new
messages and counts, so a cache holds at most its budget of pixel memory and lets the least recently used surfaces
go first: what the current frames draw stays, and the game's memory levels off once every cache is full. Budgets
are for the reference window (1920x1080) and grow with the window's area (`fit`); the window's refit also empties
the caches. Every cache is listed in `CACHES`, so a long run can show what each holds (benchmarks/soak.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

MIB = 1 << 20


def pixel_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class Surfaces:
    def __init__(self, name: str, mib: float) -> None:
        self.name = name
        self.mib = mib
        self.budget = round(mib * MIB)
        self.items: dict[Hashable, pygame.Surface] = {}  # least recently used first
        self.held = 0  # the pixel bytes of `items`
        self.dropped = 0  # surfaces let go to stay within the budget

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        found = self.items.pop(key, None)
        if found is None:
            found = make()
            self.held += pixel_bytes(found)
            while self.held > self.budget and self.items:
                oldest = next(iter(self.items))
                self.held -= pixel_bytes(self.items.pop(oldest))
                self.dropped += 1
        self.items[key] = found
        return found

    def clear(self) -> None:
        self.items.clear()
        self.held = 0


CACHES: list[Surfaces] = []


def cache(name: str, mib: float) -> Surfaces:
    """A new cache of `mib` MiB of pixels at the reference window, listed in `CACHES`."""
    made = Surfaces(name, mib)
    CACHES.append(made)
    return made


def fit(scale: float) -> None:
    """Size every budget for a window `scale` times the reference one (never below the reference budget)."""
    for each in CACHES:
        each.budget = round(each.mib * MIB * max(1.0, scale) ** 2)
