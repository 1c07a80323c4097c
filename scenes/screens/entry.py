"""A line of text typed in over the screen beneath: your name, a server's address, a room's code.

Keys type (an input method too: the text comes as typed text), Backspace erases. Without a keyboard, a pad or the
arrows edit it character by character: Left/Right move the cursor (Right past the end adds a character), Up/Down
turn the character under the cursor through the ones `allowed`. Confirm takes the text, Esc (B) goes back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.art.text import blit_text, text
from scenes.art.widgets import CREAM, GOLD, INK, MODAL, MUTED, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host


class TextEntry(Scene):
    name = "entry"
    overlay = True
    typing = True

    def __init__(
        self,
        host: Host,
        title: str,
        value: str,
        allowed: str,
        limit: int,
        done: Callable[[str], None],
        note: str = "",
        upper: bool = False,
    ) -> None:
        super().__init__(host)
        self.title, self.note = title, note
        self.allowed = allowed  # the characters the arrows turn through (typed text may hold any printable one)
        self.limit, self.upper = limit, upper
        self.done = done
        self.value = value[:limit]
        self.cursor = len(self.value)
        self.row = Row()

    def enter(self) -> None:
        self.relayout()

    def box(self) -> pygame.Rect:
        geo = self.canvas.geo
        rect = pygame.Rect(0, 0, geo.px(980), geo.px(520))
        rect.center = geo["panel"].center
        return rect

    def field(self) -> pygame.Rect:
        geo, box = self.canvas.geo, self.box()
        return pygame.Rect(box.x + geo.px(70), box.y + geo.px(150), box.width - geo.px(140), geo.px(96))

    def relayout(self) -> None:
        geo, box = self.canvas.geo, self.box()
        bar = pygame.Rect(box.x, box.bottom - geo.px(110), box.width, geo.px(74))
        specs = [("ok", tr("common.ok"), "play"), ("back", tr("common.back"), "dark")]
        self.row = Row.centered(bar, specs, geo.px(300), geo.px(28))
        self.row.buttons[0].focus = True
        pygame.key.set_text_input_rect(self.field())  # an input method's window opens by the field

    # ----- editing ---------------------------------------------------------------------------------------------

    def typed(self, chars: str) -> None:
        for char in chars:
            if not char.isprintable() or len(self.value) >= self.limit:
                continue
            char = char.upper() if self.upper else char
            self.value = self.value[: self.cursor] + char + self.value[self.cursor :]
            self.cursor += 1

    def erase(self) -> None:
        if self.cursor:
            self.value = self.value[: self.cursor - 1] + self.value[self.cursor :]
            self.cursor -= 1

    def turn(self, step: int) -> None:
        """The character under the cursor through `allowed`; at the end, a new one."""
        if self.cursor >= len(self.value):
            if len(self.value) >= self.limit:
                return
            self.value += self.allowed[0 if step > 0 else -1]
            return
        current = self.value[self.cursor]
        at = self.allowed.find(current)
        new = self.allowed[(at + step) % len(self.allowed)] if at >= 0 else self.allowed[0]
        self.value = self.value[: self.cursor] + new + self.value[self.cursor + 1 :]

    def move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.value), self.cursor + step))

    def accept(self) -> None:
        value = self.value.strip()
        self.host.pop()
        self.done(value)

    def handle(self, event: Input) -> None:
        act = event.act
        if act is Act.MENU or (act is Act.PASS and event.device.value == "gamepad"):
            self.host.pop()
        elif act is Act.TEXT:
            self.typed(event.text)
        elif act is Act.ERASE:
            self.erase()
        elif act in (Act.UP, Act.DOWN):
            self.turn(1 if act is Act.UP else -1)
        elif act in (Act.LEFT, Act.RIGHT):
            self.move(-1 if act is Act.LEFT else 1)
        elif act is Act.CONFIRM:
            self.accept()
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN:
            hit = self.row.at(event.pos)
            if hit is not None:
                self.accept() if hit.key == "ok" else self.host.pop()

    def update(self, dt: float) -> None:
        self.row.get("ok").hint = self.canvas.inputs.label(Act.CONFIRM)
        self.row.get("back").hint = self.canvas.inputs.label(Act.MENU)

    def draw(self, surface: pygame.Surface) -> None:
        geo, box, field = self.canvas.geo, self.box(), self.field()
        dim(surface)
        surface.blit(panel(box.size, MODAL, geo.px(24)), box.topleft)
        blit_text(surface, self.title, geo.px(44), GOLD, (box.centerx, box.y + geo.px(34)), "midtop", True)
        pygame.draw.rect(surface, (255, 248, 230), field, border_radius=geo.px(14))
        pygame.draw.rect(surface, GOLD, field, geo.px(4), geo.px(14))
        size, pad = geo.px(52), geo.px(24)
        inner = field.inflate(-2 * pad, 0)
        before = text(self.value[: self.cursor], size, INK, True).get_width() if self.cursor else 0
        shift = max(0, before - inner.width + geo.px(6))  # a long text scrolls: the caret stays in the field
        clip = surface.get_clip()
        surface.set_clip(inner)
        if self.value:
            shown = text(self.value, size, INK, True)
            surface.blit(shown, shown.get_rect(midleft=(inner.x - shift, field.centery)))
        caret = pygame.Rect(inner.x + before - shift, field.y + geo.px(18), geo.px(4), field.height - geo.px(36))
        pygame.draw.rect(surface, (200, 60, 40), caret)
        surface.set_clip(clip)
        help_line = tr("rooms.entry_help", limit=self.limit)
        blit_text(surface, help_line, geo.px(22), CREAM, (box.centerx, field.bottom + geo.px(24)), "midtop")
        if self.note:
            blit_text(surface, self.note, geo.px(20), MUTED, (box.centerx, field.bottom + geo.px(60)), "midtop")
        self.row.draw(surface, geo.px(28))
