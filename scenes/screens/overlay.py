"""The menu overlay every menu screen builds on: a titled column of buttons on an opaque panel over the screen
beneath, and under the buttons an optional note.

The screen beneath stays drawn (dimmed) and still while the overlay takes the input. The note is wrapped to the
panel's inner width, its width less `PAD` on either side, in every language, and the panel grows to hold it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import pygame

from scenes.art.text import blit_text, text, wrap
from scenes.art.widgets import ANY_WAY, GOLD, MODAL, MUTED, Button, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

NOTE_TOP = 126  # reference pixels from the panel's top to the note's first line, plus 86 for each button
PAD = 36  # reference pixels kept clear between the panel's rim and its words, on every side
NOTE_PX, NOTE_STEP = 20, 28  # the note's font size and line step, reference pixels


class MenuOverlay(Scene, ABC):
    """A titled column of buttons; Up/Down or the mouse pick, Confirm or a click chooses, Esc/Pass closes."""

    overlay = True
    title_key = ""
    width = 560
    note_room = 0  # lines of note the panel keeps room for even without a note (a note that comes and goes)
    closer = "back"  # the button Esc (a pad's B) stands for: it shows that key

    def __init__(self, host: Host) -> None:
        super().__init__(host)
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
        geo = self.canvas.geo
        focused = self.row.focused()
        items = self.items()
        height, gap = geo.px(70), geo.px(16)
        self.row = self.arrange(items, self.box(), height, gap)
        keep = next((b for b in self.row.buttons if focused and b.key == focused.key), None)
        (keep or self.row.buttons[0]).focus = True

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        """The buttons placed in the box: one centred column."""
        area = pygame.Rect(0, 0, self.canvas.geo.px(self.width - 120), len(items) * (height + gap))
        area.midtop = (box.centerx, box.y + self.canvas.geo.px(110))
        return Row.stacked(area, items, height, gap)

    def box(self) -> pygame.Rect:
        geo = self.canvas.geo
        count = len(self.items())
        lines = max(len(self.note_lines()), self.note_room)
        height = geo.px(150 + 86 * count)
        if lines:  # the note under the buttons, then the padding
            height = geo.px(NOTE_TOP + 86 * count) + lines * geo.px(NOTE_STEP) + geo.px(PAD)
        rect = pygame.Rect(0, 0, geo.px(self.width), height)
        rect.center = geo["panel"].center
        return rect

    def note_lines(self) -> list[str]:
        """The note broken to the panel's inner width: its width less the padding on either side."""
        geo = self.canvas.geo
        return wrap(self.note, geo.px(NOTE_PX), geo.px(self.width) - 2 * geo.px(PAD)) if self.note else []

    def note_layout(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each line of the note rendered and where it lies: centred, one under the other, below the buttons."""
        geo, box = self.canvas.geo, self.box()
        top = box.y + geo.px(NOTE_TOP + 86 * len(self.items()))
        placed = []
        for k, line in enumerate(self.note_lines()):
            image = text(line, geo.px(NOTE_PX), MUTED)
            placed.append((image, image.get_rect(midtop=(box.centerx, top + k * geo.px(NOTE_STEP)))))
        return placed

    def close(self) -> None:
        self.host.pop()

    def update(self, dt: float) -> None:
        self.show_keys()

    def show_keys(self) -> None:
        """Each button with a key shows it: Confirm's on the focused one, Esc's on the one Esc stands for."""
        inputs = self.canvas.inputs
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
        geo = self.canvas.geo
        dim(surface)
        box = self.box()
        surface.blit(panel(box.size, MODAL, geo.px(24)), box.topleft)
        blit_text(surface, tr(self.title_key), geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        self.row.draw(surface, geo.px(28))
        for image, rect in self.note_layout():
            surface.blit(image, rect)


class TwoColumnOverlay(MenuOverlay, ABC):
    """A menu of two columns of `lines` buttons each, and its last item (Back) centred below both. The reference
    pixels of the margins and the Back button are the screen's own."""

    lines = 8  # buttons per column
    margin, between = 60, 40  # the columns' outer margin and the gap between them
    back_width, back_lift, foot = 400, 40, 60  # Back's width and its rise from the panel's bottom; the room under it

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        geo = self.canvas.geo
        margin, between = geo.px(self.margin), geo.px(self.between)
        width = (box.width - 2 * margin - between) // 2
        buttons = []
        for k, (key, label, style) in enumerate(items[:-1]):
            column, line = divmod(k, self.lines)
            x = box.x + margin + column * (width + between)
            buttons.append(
                Button(key, label, pygame.Rect(x, box.y + geo.px(110) + line * (height + gap), width, height), style)
            )
        key, label, style = items[-1]
        back = pygame.Rect(0, 0, geo.px(self.back_width), height)
        back.midbottom = (box.centerx, box.bottom - geo.px(self.back_lift))
        return Row([*buttons, Button(key, label, back, style)])

    def box(self) -> pygame.Rect:
        geo = self.canvas.geo
        rect = pygame.Rect(0, 0, geo.px(self.width), geo.px(110 + 86 * (self.lines + 1) + self.foot))
        rect.center = geo["panel"].center
        return rect
