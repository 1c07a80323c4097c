"""Bounded caches of made surfaces: each is made once per key and reused every frame; when a cache is full it
starts over (a long match shows ever new messages and counts), and the window's refit empties it."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Surfaces:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.items: dict[Hashable, pygame.Surface] = {}

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        found = self.items.get(key)
        if found is None:
            if len(self.items) >= self.limit:
                self.items.clear()
            found = self.items[key] = make()
        return found

    def clear(self) -> None:
        self.items.clear()
