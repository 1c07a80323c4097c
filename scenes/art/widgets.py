"""Buttons, button rows and translucent panels in the table's look; every surface cached per size and state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from scenes.art.cache import cache
from scenes.art.text import text
from scenes.platform.input import Act, Input

GOLD = (247, 206, 92)
CREAM = (255, 248, 230)
INK = (32, 28, 24)
MUTED = (190, 200, 190)
WARN = (255, 170, 140)  # a problem's heading (a bad save, a refused write)
RED = (232, 72, 60)
SHADOW = (0, 0, 0)

STYLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    # top and bottom colour of the button's gradient
    "play": ((255, 190, 70), (232, 120, 20)),
    "pass": ((96, 170, 240), (36, 104, 196)),
    "hint": ((110, 212, 140), (32, 146, 80)),
    "plain": ((250, 244, 230), (206, 196, 172)),
    "dark": ((70, 84, 78), (38, 48, 44)),
}

SURFACES = cache("widgets", mib=24)


def _gradient_button(size: tuple[int, int], style: str, state: str) -> pygame.Surface:
    return SURFACES.get(("button", size, style, state), lambda: _make_button(size, style, state))


def _make_button(size: tuple[int, int], style: str, state: str) -> pygame.Surface:
    w, h = size
    top, bottom = STYLES[style]
    if state == "disabled":
        top, bottom = (150, 150, 146), (112, 112, 108)
    elif state == "hover":
        top, bottom = (tuple(min(255, c + 22) for c in top), tuple(min(255, c + 22) for c in bottom))
    radius = h // 2
    surf = pygame.Surface((w, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 90), (0, 6, w, h), border_radius=radius)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        color = [round(top[i] + (bottom[i] - top[i]) * k) for i in range(3)]
        pygame.draw.line(body, color, (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    gloss = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(gloss, (255, 255, 255, 60), (4, 3, w - 8, h // 2 - 2), border_radius=radius)
    body.blit(gloss, (0, 0))
    surf.blit(body, (0, 0))
    edge = (255, 240, 160) if state == "focus" else (0, 0, 0, 60)
    pygame.draw.rect(surf, edge, (0, 0, w, h), width=max(2, h // 18) if state == "focus" else 1, border_radius=radius)
    return surf.convert_alpha()


MODAL = 255  # a modal panel's alpha: opaque, so nothing of the screen beneath shows through it
RIM = 150  # the gold rim's alpha


def panel(size: tuple[int, int], alpha: int = 200, radius: int = 18, color=(10, 30, 22)) -> pygame.Surface:
    """A rounded translucent panel with a thin gold rim; at alpha `MODAL` the rim is opaque too (the gold laid
    over the panel's colour), so the panel hides everything beneath it."""

    def make() -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*color, alpha), surf.get_rect(), border_radius=radius)
        rim = (*GOLD, RIM)
        if alpha >= MODAL:  # the same gold, laid over the panel's colour
            rim = (*(round(c + (g - c) * RIM / 255) for g, c in zip(GOLD, color, strict=True)), 255)
        pygame.draw.rect(surf, rim, surf.get_rect(), width=2, border_radius=radius)
        return surf.convert_alpha()

    return SURFACES.get(("panel", size, alpha, radius, color), make)


def pill(
    label: str,
    font_px: int,
    color: tuple[int, int, int],
    pad: tuple[int, int],
    fill: tuple[int, int, int] = (12, 20, 16),
    alpha: int = 205,
    shadow: tuple[int, ...] | None = None,
) -> pygame.Surface:
    """Text on a rounded translucent pill, composed once: bubbles, banners and the message line."""

    def make() -> pygame.Surface:
        img = text(label, font_px, color, True, shadow)
        size = (img.get_width() + 2 * pad[0], img.get_height() + 2 * pad[1])
        made = panel(size, alpha, size[1] // 2, fill).copy()
        made.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2)))
        return made

    return SURFACES.get(("pill", label, font_px, color, pad, fill, alpha, shadow), make)


def zoomed(image: pygame.Surface, k: float) -> pygame.Surface:
    """`image` scaled by `k` rounded to a tenth, so a popping animation reuses a few cached images. The key holds
    `image` itself, so a later surface at the same address never gets its picture."""
    step = round(k * 10) / 10
    if step == 1:
        return image
    w, h = image.get_size()
    size = (max(1, round(w * step)), max(1, round(h * step)))
    return SURFACES.get(("zoom", image, step), lambda: pygame.transform.smoothscale(image, size))


def blit_faded(surface: pygame.Surface, image: pygame.Surface, at, alpha: int) -> pygame.Rect:
    """`image` laid at `at` (a point or a rect) at `alpha` (0-255) of its opacity, the image left as it was: its own
    alpha is put back, as `set_alpha(None)` would switch off the blending of a per-pixel-alpha image."""
    before = image.get_alpha()
    image.set_alpha(alpha)
    try:
        return surface.blit(image, at)
    finally:
        image.set_alpha(before)


def dim(surface: pygame.Surface) -> None:
    """Darken the scene under an overlay (a multiply: much cheaper than blitting a translucent layer)."""
    surface.fill((112, 112, 112), special_flags=pygame.BLEND_MULT)


def clear() -> None:
    SURFACES.clear()


SHRINK = (1.0, 0.92, 0.84, 0.76, 0.68, 0.6)  # font scales a button tries, largest first, until its words fit
# A hint is two thirds of the label's size, a glyph (✕ ○ □ △, an arrow) four fifths: its fonts draw it small.


@dataclass
class Button:
    """A clickable, focusable button. `hint` is the key or pad button it answers to, shown under the label (beside
    it on a low button); both shrink until they fit inside, apart."""

    key: str
    label: str
    rect: pygame.Rect
    style: str = "plain"
    enabled: bool = True
    hint: str = ""
    hover: bool = False
    focus: bool = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, font_px: int) -> None:
        state = "disabled" if not self.enabled else "focus" if self.focus else "hover" if self.hover else "normal"
        surface.blit(_gradient_button(self.rect.size, self.style, state), self.rect.topleft)
        for image, at in self.placed(font_px):
            surface.blit(image, at)

    def ink(self) -> tuple[tuple[int, int, int], tuple[int, ...] | None]:
        """The label's colour and shadow on this button's face."""
        color = INK if self.style == "plain" and self.enabled else CREAM
        return color, None if self.style == "plain" or not self.enabled else (0, 0, 0)

    def label_size(self, font_px: int) -> int:
        """The font size the label is drawn at when asked for `font_px` (smaller where its words do not fit)."""
        return self.fit(font_px, *self.ink())[0]

    def placed(self, font_px: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The label and, when there is one, the hint, each with where it goes."""
        color, shadow = self.ink()
        label_px, hint_px, beside = self.fit(font_px, color, shadow)
        label = text(self.label, label_px, color, True, shadow)
        if not self.hint:
            return [(label, label.get_rect(center=self.rect.center))]
        hint = text(self.hint, hint_px, color)
        (lw, lh), (hw, hh), gap = label.get_size(), hint.get_size(), self._gap(hint_px)
        cx, cy = self.rect.center
        if beside:
            left = cx - (lw + gap + hw) // 2
            return [(label, label.get_rect(midleft=(left, cy))), (hint, hint.get_rect(midleft=(left + lw + gap, cy)))]
        top = cy - (lh + hh) // 2
        return [(label, label.get_rect(midtop=(cx, top))), (hint, hint.get_rect(midtop=(cx, top + lh)))]

    def fit(self, font_px: int, color: tuple[int, int, int], shadow: tuple[int, ...] | None) -> tuple[int, int, bool]:
        """The label's and the hint's font sizes, and whether the hint sits beside the label rather than under it:
        the largest that keep both inside the button (clear of its rounded ends). Measured as drawn, so cached."""
        room_w = max(self.rect.width - self.rect.height, self.rect.width * 3 // 4)
        room_h = self.rect.height - 2 * max(1, self.rect.height // 16)
        sizes = (0, 0, False)
        for k in SHRINK:
            label_px = max(8, round(font_px * k))
            hint_px = max(11, label_px * 2 // 3 if self.hint.isascii() else label_px * 4 // 5) if self.hint else 0
            lw, lh = text(self.label, label_px, color, True, shadow).get_size()
            hw, hh = text(self.hint, hint_px, color).get_size() if self.hint else (0, 0)
            sizes = (label_px, hint_px, True)
            if lh + hh <= room_h and max(lw, hw) <= room_w:
                return label_px, hint_px, False
            if max(lh, hh) <= room_h and lw + self._gap(hint_px) + hw <= room_w:
                return sizes
        return sizes

    @staticmethod
    def _gap(hint_px: int) -> int:
        return hint_px // 2


ACROSS: Mapping[Act, int] = {Act.LEFT: -1, Act.RIGHT: 1}
DOWN_THE_LIST: Mapping[Act, int] = {Act.UP: -1, Act.DOWN: 1}
ANY_WAY: Mapping[Act, int] = {Act.UP: -1, Act.LEFT: -1, Act.DOWN: 1, Act.RIGHT: 1}


@dataclass
class Row:
    """Buttons laid out centred in a bar; keyboard or pad focus moves along it."""

    buttons: list[Button] = field(default_factory=list)

    @classmethod
    def centered(cls, bar: pygame.Rect, specs: list[tuple[str, str, str]], width: int, gap: int) -> Row:
        total = len(specs) * width + (len(specs) - 1) * gap
        x = bar.centerx - total // 2
        buttons = []
        for key, label, style in specs:
            buttons.append(Button(key, label, pygame.Rect(x, bar.y, width, bar.height), style))
            x += width + gap
        return cls(buttons)

    @classmethod
    def stacked(cls, area: pygame.Rect, specs: list[tuple[str, str, str]], height: int, gap: int) -> Row:
        buttons = []
        y = area.y
        for key, label, style in specs:
            buttons.append(Button(key, label, pygame.Rect(area.x, y, area.width, height), style))
            y += height + gap
        return cls(buttons)

    def get(self, key: str) -> Button:
        return next(b for b in self.buttons if b.key == key)

    def at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.hit(pos)), None)

    def hover(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            b.hover = b.hit(pos)

    def move_focus(self, step: int) -> None:
        usable = [b for b in self.buttons if b.enabled]
        if not usable:
            return
        current = next((i for i, b in enumerate(usable) if b.focus), -1)
        for b in self.buttons:
            b.focus = False
        index = 0 if current < 0 else (current + step) % len(usable)
        usable[index].focus = True

    def focused(self) -> Button | None:
        return next((b for b in self.buttons if b.focus and b.enabled), None)

    def react(self, event: Input, steps: Mapping[Act, int] | None = None) -> str | None:
        """What `event` does to the row: the key of the button it chooses (a click, or Confirm on the focused
        one); "" when it only moved the hover or the focus (`steps`: act -> focus step, left/right by default);
        None when the row has no use for it, so the scene may."""
        act = event.act
        if act is Act.POINTER_MOVE:
            self.hover(event.pos)
            return ""
        if act is Act.POINTER_DOWN:
            hit = self.at(event.pos)
            return hit.key if hit is not None else None
        step = (steps or ACROSS).get(act)
        if step is not None:
            self.move_focus(step)
            return ""
        focused = self.focused() if act is Act.CONFIRM else None
        return focused.key if focused is not None else None

    def font_size(self, font_px: int) -> int:
        """The row's one label size: the largest, up to `font_px`, at which every button's words fit."""
        return min((b.label_size(font_px) for b in self.buttons), default=font_px)

    def draw(self, surface: pygame.Surface, font_px: int) -> None:
        """Every button, all at the row's one size (a row of buttons in several sizes looks unfinished)."""
        size = self.font_size(font_px)
        for b in self.buttons:
            b.draw(surface, size)
