"""The New match screens: the ruleset chooser, and a deal number typed in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rulesets import RULESETS
from game.view import DEAL_NUMBERS
from scenes.art.text import blit_text, wrap
from scenes.art.widgets import CREAM, GOLD, INK, MODAL, MUTED, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.screens.menus import start_new_match
from scenes.screens.overlay import MenuOverlay
from scenes.words.i18n import tr
from scenes.words.wording import ruleset_summary, ruleset_title

if TYPE_CHECKING:
    from scenes.scene import Host


class RulesetChooser(MenuOverlay):
    """New match: pick one of the rulesets that exist, `standard` first, each with its one-line summary beside it,
    or play a deal number of the ruleset last focused."""

    name = "new_match"
    title_key = "overlays.new_match"
    width = 1240
    button_width = 400  # the buttons; the rulesets' summaries fill the rest of the row
    note_room = 1  # the same height whether the deal note shows or not

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        names = sorted(RULESETS, key=lambda n: n != "standard")  # then as listed: the 003 family, rob, the seat counts
        self.rulesets = [RULESETS[n] for n in names]
        self.ruleset = self.rulesets[0]

    def items(self) -> list[tuple[str, str, str]]:
        rulesets = [(r.name, ruleset_title(r), "play" if r.name == "standard" else "plain") for r in self.rulesets]
        return [*rulesets, ("deal", tr("overlays.play_deal_number"), "plain"), ("back", tr("common.back"), "dark")]

    def update(self, dt: float) -> None:
        super().update(dt)
        focused = self.row.focused()
        if focused is None:
            return
        if focused.key in RULESETS:
            self.ruleset = RULESETS[focused.key]
        self.note = tr("overlays.deal_note", ruleset=ruleset_title(self.ruleset)) if focused.key == "deal" else ""

    def relayout(self) -> None:
        super().relayout()
        for b in self.row.buttons:
            b.rect.width = self.canvas.geo.px(self.button_width)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        geo = self.canvas.geo
        right = self.box().right - geo.px(50)
        for b in self.row.buttons:
            if b.key not in RULESETS:
                continue
            x = b.rect.right + geo.px(26)
            lines = wrap(ruleset_summary(RULESETS[b.key]), geo.px(22), right - x)[:2]
            y = b.rect.centery - len(lines) * geo.px(13)
            color = CREAM if b.focus or b.hover else MUTED
            for line in lines:
                y = blit_text(surface, line, geo.px(22), color, (x, y)).bottom

    def choose(self, key: str) -> None:
        if key == "back":
            self.close()
        elif key == "deal":
            self.host.push(DealEntry(self.host, self.ruleset.name))
        else:
            start_new_match(self.host, key)


DIGITS = len(str(DEAL_NUMBERS - 1))  # 8: deal numbers run 0..99,999,999


class DealEntry(Scene):
    """New match from a deal number. Keys type digits in from the right as on a calculator (Backspace takes the last
    one back); the D-pad, arrows or the small arrows by the mouse turn the digit under the cursor up or down and
    Left/Right move the cursor. Confirm plays the deal, Esc (B) goes back."""

    name = "deal_entry"
    overlay = True
    typing = True

    def __init__(self, host: Host, ruleset: str) -> None:
        super().__init__(host)
        self.ruleset = ruleset
        self.value = 0
        self.cursor = DIGITS - 1  # the slot the D-pad changes: the last digit first
        self.row = Row()

    def enter(self) -> None:
        self.relayout()

    def box(self) -> pygame.Rect:
        geo = self.canvas.geo
        rect = pygame.Rect(0, 0, geo.px(940), geo.px(600))
        rect.center = geo["panel"].center
        return rect

    def relayout(self) -> None:
        geo, box = self.canvas.geo, self.box()
        bar = pygame.Rect(box.x, box.bottom - geo.px(110), box.width, geo.px(74))
        self.row = Row.centered(
            bar,
            [("play", tr("overlays.play_deal"), "play"), ("back", tr("common.back"), "dark")],
            geo.px(300),
            geo.px(28),
        )
        self.row.buttons[0].focus = True
        first, *_, last = self.slots()
        pygame.key.set_text_input_rect(first.union(last))  # an input method's window opens by the digits

    @property
    def digits(self) -> str:
        return str(self.value).zfill(DIGITS)

    def typed(self, char: str) -> None:
        """A digit typed in from the right, or Backspace ("\b") taking the last one away."""
        if char == "\b":
            self.value //= 10
        elif char.isdecimal() and self.value * 10 + int(char) < DEAL_NUMBERS:  # also full-width ３ from an IME
            self.value = self.value * 10 + int(char)

    def turn(self, slot: int, step: int) -> None:
        """Turn the digit in `slot` (0 = leftmost) up or down by one, wrapping 9 -> 0."""
        place = 10 ** (DIGITS - 1 - slot)
        digit = self.value // place % 10
        self.value += ((digit + step) % 10 - digit) * place

    def slots(self) -> list[pygame.Rect]:
        geo, box = self.canvas.geo, self.box()
        w, gap = geo.px(78), geo.px(12)
        x = box.centerx - (DIGITS * w + (DIGITS - 1) * gap) // 2
        return [pygame.Rect(x + k * (w + gap), box.y + geo.px(200), w, geo.px(110)) for k in range(DIGITS)]

    def arrows(self, slot: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The clickable up and down arrows above and below a digit."""
        h = self.canvas.geo.px(40)
        return pygame.Rect(slot.x, slot.y - h, slot.width, h), pygame.Rect(slot.x, slot.bottom, slot.width, h)

    def play(self) -> None:
        start_new_match(self.host, self.ruleset, self.value)

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):  # the keyboard's P and Backspace type and erase here: the pad's B
            self.host.pop()
        elif act is Act.TEXT:
            for char in event.text:
                self.typed(char)
        elif act is Act.ERASE:
            self.typed("\b")
        elif act in (Act.UP, Act.DOWN):
            self.turn(self.cursor, 1 if act is Act.UP else -1)
        elif act in (Act.LEFT, Act.RIGHT):
            self.cursor = (self.cursor + (-1 if act is Act.LEFT else 1)) % DIGITS
        elif act is Act.CONFIRM:
            self.play()
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN:
            self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        hit = self.row.at(pos)
        if hit is not None:
            self.play() if hit.key == "play" else self.host.pop()
            return
        for k, slot in enumerate(self.slots()):
            up, down = self.arrows(slot)
            if up.collidepoint(pos) or down.collidepoint(pos):
                self.turn(k, 1 if up.collidepoint(pos) else -1)
            if up.collidepoint(pos) or down.collidepoint(pos) or slot.collidepoint(pos):
                self.cursor = k

    def update(self, dt: float) -> None:
        self.row.get("play").hint = self.canvas.inputs.label(Act.CONFIRM)
        self.row.get("back").hint = self.canvas.inputs.label(Act.MENU)

    def draw(self, surface: pygame.Surface) -> None:
        geo, box = self.canvas.geo, self.box()
        dim(surface)
        surface.blit(panel(box.size, MODAL, geo.px(24)), box.topleft)
        blit_text(
            surface, tr("overlays.deal_title"), geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True
        )
        lead = len(self.digits) - len(str(self.value)) if self.value else DIGITS - 1
        for k, (slot, digit) in enumerate(zip(self.slots(), self.digits, strict=True)):
            at_cursor = k == self.cursor
            fill = (255, 244, 214) if at_cursor else (236, 228, 206)
            pygame.draw.rect(surface, fill, slot, border_radius=geo.px(12))
            pygame.draw.rect(
                surface, GOLD if at_cursor else (120, 110, 90), slot, geo.px(4 if at_cursor else 2), geo.px(12)
            )
            color = INK if k >= lead else (170, 160, 140)
            blit_text(surface, digit, geo.px(72), color, slot.center, "center", True)
            up, down = self.arrows(slot)
            tint = GOLD if at_cursor else MUTED
            for rect, sign in ((up, -1), (down, 1)):
                cx, cy, r = rect.centerx, rect.centery, geo.px(12)
                pygame.draw.polygon(
                    surface, tint, [(cx - r, cy - sign * r // 2), (cx + r, cy - sign * r // 2), (cx, cy + sign * r)]
                )
        blit_text(surface, tr("overlays.deal_help"), geo.px(22), CREAM, (box.centerx, box.y + geo.px(384)), "midtop")
        blit_text(
            surface,
            tr("overlays.deal_same"),
            geo.px(20),
            MUTED,
            (box.centerx, box.y + geo.px(420)),
            "midtop",
        )
        self.row.draw(surface, geo.px(28))
