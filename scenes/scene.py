"""The scene interface: a stack entry with enter/exit/pause/resume, `update(dt)`, `draw(surface)`, `handle(input)`.

`draw` never changes state; time moves only in `update`. An `overlay` scene is drawn over the scene below it,
which stays visible and still (it is paused and gets no input).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.platform.input import Input

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    name = "scene"
    overlay = False
    typing = False  # takes typed text (Act.TEXT, Act.ERASE): the game turns text input on while it is on top

    def __init__(self, game: App) -> None:
        self.game = game

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was removed."""

    def relayout(self) -> None:
        """The window changed size: rebuild rects from `game.geo`."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds of table time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current state; must not change it."""

    def handle(self, event: Input) -> None:
        """React to one semantic input."""
