"""Shared set-up for the scene tests (no tests here): a headless 1920x1080 game and synthetic input helpers."""

from collections.abc import Iterator

import pygame

from scenes.game import Game


def headless_game() -> Iterator[Game]:
    """The body of each scene test module's `game` fixture."""
    made = Game((1920, 1080), fullscreen=False, seed=1)
    pygame.event.clear()
    yield made
    made.close()


def steps(game: Game, n: int) -> None:
    for _ in range(n):
        game.step(1 / 60)


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(game: Game, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    steps(game, 2)


def pad(game: Game, button: int) -> None:
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
    steps(game, 2)
