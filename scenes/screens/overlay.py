"""The menu overlay every menu screen builds on: a titled column of buttons over the screen beneath.

The screen beneath stays drawn and still while the overlay takes the input.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import pygame

from scenes.art.text import blit_text, wrap
from scenes.art.widgets import ANY_WAY, GOLD, MUTED, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host


class MenuOverlay(Scene, ABC):
    """A titled column of buttons; Up/Down or the mouse pick, Confirm or a click chooses, Esc/Pass closes."""

    overlay = True
    title_key = ""
    width = 560
    closer = "back"  # the button Esc (a pad's B) stands for: it shows that key

    def __init__(self, game: Host) -> None:
        super().__init__(game)
        self.row = Row()
        self.note = ""

    @abstractmethod
    def items(self) -> list[tuple[str, str, str]]:
        """(key, label, style) per button, top to bottom."""

    @abstractmethod
    def choose(self, key: str) -> None:
        """Act on the button with this key."""

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.game.geo
        focused = self.row.focused()
        items = self.items()
        height, gap = geo.px(70), geo.px(16)
        self.row = self.arrange(items, self.box(), height, gap)
        keep = next((b for b in self.row.buttons if focused and b.key == focused.key), None)
        (keep or self.row.buttons[0]).focus = True

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        """The buttons placed in the box: one centred column."""
        area = pygame.Rect(0, 0, self.game.geo.px(self.width - 120), len(items) * (height + gap))
        area.midtop = (box.centerx, box.y + self.game.geo.px(110))
        return Row.stacked(area, items, height, gap)

    def box(self) -> pygame.Rect:
        geo = self.game.geo
        count = len(self.items())
        rect = pygame.Rect(0, 0, geo.px(self.width), geo.px(150 + 86 * count + (60 if self.note else 0)))
        rect.center = geo["panel"].center
        return rect

    def close(self) -> None:
        self.game.pop()

    def update(self, dt: float) -> None:
        self.show_keys()

    def show_keys(self) -> None:
        """Each button with a key shows it: Confirm's on the focused one, Esc's on the one Esc stands for."""
        inputs = self.game.inputs
        for b in self.row.buttons:
            b.hint = inputs.label(Act.MENU) if b.key == self.closer else inputs.label(Act.CONFIRM) if b.focus else ""

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.close()
            return
        picked = self.row.react(event, ANY_WAY)
        if picked:
            self.choose(picked)
        elif picked is None and act is Act.POINTER_DOWN and not self.box().collidepoint(event.pos):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.game.geo
        dim(surface)
        box = self.box()
        surface.blit(panel(box.size, 250, geo.px(24)), box.topleft)
        blit_text(surface, tr(self.title_key), geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        self.row.draw(surface, geo.px(28))
        if self.note:
            y = box.bottom - geo.px(56)
            for line in wrap(self.note, geo.px(20), box.width - geo.px(60))[:2]:
                y = blit_text(surface, line, geo.px(20), MUTED, (box.centerx, y), "midtop").bottom
