"""The seats' cartoon characters, drawn by our own code: one per seat, each with four expressions and the role's hat.

A portrait is drawn at 3x in a unit space (the disc's centre at (0, 0), its radius 1, y down), the head and shoulders
clipped to the disc and the hat on top free to rise above it, then smooth-scaled down once and cached per
(character, expression, role, size): a frame only blits. Run ``python -m scenes.art.avatars --sheet PATH`` to write
every character in every expression and role. One module over 350 lines on purpose: the characters' parts share one
unit space, palette and pen, and a face reads best in one place.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from scenes.art.cache import cache
from scenes.art.emblems import draw_crown, draw_straw_hat

Colour = tuple[int, int, int]
Point = tuple[float, float]

SUPERSAMPLE = 3
OVERHANG = 0.18  # of the diameter: room above the disc for the hat
ZOOM = 1.08  # the character is drawn this much larger than the unit disc, to fill the frame
OUTLINE: Colour = (58, 40, 36)
WHITE: Colour = (255, 255, 255)
BLUSH: Colour = (255, 120, 120)
MOUTH: Colour = (150, 40, 50)
TONGUE: Colour = (240, 110, 110)
SWEAT: Colour = (120, 200, 255)
GOLD_RIM: Colour = (247, 206, 92)
CREAM_RIM: Colour = (255, 248, 230)


class Expression(Enum):
    NEUTRAL = "neutral"
    THINKING = "thinking"  # the bot's decision is pending: eyes up and aside, a finger on the chin
    HAPPY = "happy"  # its side won (or its bomb went off)
    UPSET = "upset"  # a bomb against it, or its side lost


@dataclass(frozen=True)
class Character:
    """A seat's look. `jaw` squares the lower face (2 is an ellipse), `chin` narrows it to a point."""

    name: str
    skin: Colour
    hair: Colour
    shirt: Colour
    backdrop: tuple[Colour, Colour]  # the disc's gradient, top to bottom
    head: tuple[float, float]  # half width, half height
    jaw: float
    chin: float
    hair_style: str  # "quiff", "buns", "parted" or "long"
    accessory: str  # "collar", "ribbons", "glasses" or "flower"


CHARACTERS: tuple[Character, ...] = (
    Character("you", (250, 214, 180), (66, 44, 32), (66, 124, 214), ((132, 186, 250), (52, 104, 196)), (0.5, 0.54),
              2.2, 0.1, "quiff", "collar"),
    Character("bao", (255, 226, 200), (44, 34, 40), (226, 64, 70), ((255, 196, 120), (226, 124, 60)), (0.56, 0.52),
              2.0, 0.0, "buns", "ribbons"),
    Character("lin", (236, 196, 156), (84, 86, 98), (46, 70, 120), ((200, 160, 240), (120, 76, 176)), (0.47, 0.58),
              3.2, 0.0, "parted", "glasses"),
    Character("mei", (255, 230, 212), (128, 72, 42), (40, 160, 150), ((150, 230, 180), (48, 150, 110)), (0.49, 0.55),
              2.0, 0.32, "long", "flower"),
)  # fmt: skip


def character(seat: int) -> Character:
    return CHARACTERS[seat % len(CHARACTERS)]


def _darker(colour: Colour, by: float = 0.7) -> Colour:
    return (round(colour[0] * by), round(colour[1] * by), round(colour[2] * by))


def _mixed(colour: Colour, other: Colour, by: float) -> Colour:
    return (round(colour[0] + (other[0] - colour[0]) * by), round(colour[1] + (other[1] - colour[1]) * by),
            round(colour[2] + (other[2] - colour[2]) * by))  # fmt: skip


def _lighter(colour: Colour, by: float = 0.35) -> Colour:
    return _mixed(colour, WHITE, by)


class Pen:
    """Draws in the unit space onto a supersampled surface."""

    def __init__(self, size: tuple[int, int], scale: float, centre: Point, onto: pygame.Surface | None = None) -> None:
        self.surface = pygame.Surface(size, pygame.SRCALPHA) if onto is None else onto
        self.scale, self.centre = scale, centre

    def layer(self) -> Pen:
        """A blank pen of the same size and space, to compose a part before it is laid on."""
        return Pen(self.surface.get_size(), self.scale, self.centre)

    def seen_as(self, other: Pen) -> Pen:
        """A pen on this surface in `other`'s space."""
        return Pen(self.surface.get_size(), other.scale, other.centre, self.surface)

    def p(self, x: float, y: float) -> Point:
        return (self.centre[0] + x * self.scale, self.centre[1] + y * self.scale)

    def n(self, length: float) -> int:
        return max(1, round(length * self.scale))

    def rect(self, x: float, y: float, rx: float, ry: float) -> pygame.Rect:
        """The box of an ellipse centred on (x, y)."""
        left, top = self.p(x - rx, y - ry)
        return pygame.Rect(round(left), round(top), self.n(2 * rx), self.n(2 * ry))

    def ellipse(self, colour: Sequence[int], x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        pygame.draw.ellipse(self.surface, colour, self.rect(x, y, rx, ry), self.n(width) if width else 0)

    def circle(self, colour: Sequence[int], x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.p(x, y), r * self.scale, self.n(width) if width else 0)

    def polygon(self, colour: Sequence[int], points: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(x, y) for x, y in points], self.n(width) if width else 0)

    def line(self, colour: Sequence[int], points: Sequence[Point], width: float) -> None:
        """A thick polyline with round joints and ends."""
        placed, w = [self.p(x, y) for x, y in points], self.n(width)
        pygame.draw.lines(self.surface, colour, False, placed, w)
        for at in placed:
            pygame.draw.circle(self.surface, colour, at, w / 2)

    def arc(self, colour: Sequence[int], x: float, y: float, rx: float, ry: float, start: float, end: float,
            width: float) -> None:  # fmt: skip
        """An elliptical arc from `start` to `end` radians, measured clockwise on screen from the right."""
        angles = [start + (end - start) * i / 16 for i in range(17)]
        self.line(colour, [(x + rx * math.cos(a), y + ry * math.sin(a)) for a in angles], width)

    def clip(self, mask: Pen) -> None:
        """Keep only what lies inside `mask`'s shape (its alpha)."""
        self.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def lay(self, other: Pen) -> None:
        self.surface.blit(other.surface, (0, 0))


def face_outline(c: Character, cy: float) -> list[Point]:
    """The head's outline: an ellipse whose lower half is squared by `jaw` and pinched to a chin by `chin`."""
    rx, ry = c.head
    out = []
    for i in range(96):
        t = 2 * math.pi * i / 96
        cos, sin = math.cos(t), math.sin(t)
        n = c.jaw if sin > 0 else 2.0
        x = rx * math.copysign(abs(cos) ** (2 / n), cos)
        y = ry * math.copysign(abs(sin) ** (2 / n), sin)
        if sin > 0:
            x *= 1 - c.chin * sin**3
        out.append((x, cy + y))
    return out


# ----------------------------------------------------------------------------------------------- hair styles
# Each style draws what lies behind the head (`back`) and the hair over it (`front`): a cap in the hair colour
# with the face's window cut out, outlined, and clipped to the cap.


def _cap(pen: Pen, c: Character, cy: float, window: Sequence[Point], rise: float = 0.12) -> None:
    """The hair over the head: the head's top half, grown by `rise`, without the face's `window`, outlined."""
    rx, ry = c.head
    hair = pen.layer()
    hair.ellipse(c.hair, 0, cy - 0.02, rx + 0.06, ry + rise)
    hair.polygon((0, 0, 0, 0), window)
    shape = Pen(hair.surface.get_size(), hair.scale, hair.centre, hair.surface.copy())
    hair.line(_darker(c.hair, 0.55), [*window, window[0]], 0.035)
    hair.ellipse(_darker(c.hair, 0.55), 0, cy - 0.02, rx + 0.06, ry + rise, 0.035)
    hair.clip(shape)
    hair.arc(_lighter(c.hair, 0.3), -0.12, cy - ry * 0.62, rx * 0.42, ry * 0.22, math.pi * 1.15, math.pi * 1.55, 0.05)
    pen.lay(hair)


def _window(c: Character, cy: float, fringe: Callable[[float], float]) -> list[Point]:
    """The face below the hairline `fringe(x)` (a height in the head's space), down past the chin."""
    rx, ry = c.head
    xs = [rx * (-1 + 2 * i / 24) for i in range(25)]
    top = [(x * 1.02, cy + fringe(x / rx) * ry) for x in xs]
    low, high = cy + ry * 0.2, cy + ry * 2
    return [*top, (rx * 1.3, low), (rx * 1.3, high), (-rx * 1.3, high), (-rx * 1.3, low)]


def _hair_back(pen: Pen, c: Character, cy: float) -> None:
    rx, ry = c.head
    dark = _darker(c.hair, 0.55)
    if c.hair_style == "buns":
        for side in (-1, 1):
            pen.circle(dark, side * rx * 0.86, cy - ry * 0.86, 0.235)
            pen.circle(c.hair, side * rx * 0.86, cy - ry * 0.86, 0.2)
            pen.arc(_lighter(c.hair, 0.3), side * rx * 0.86, cy - ry * 0.9, 0.12, 0.1, math.pi * 1.1, math.pi * 1.5,
                    0.04)  # fmt: skip
    elif c.hair_style == "long":
        for side in (-1, 1):  # a fall of hair down each side, swelling and curling in at the ends
            edge = [(side * (rx + 0.04 + 0.12 * math.sin(math.pi * t * 0.8)), cy - ry * 0.5 + t * (ry * 1.5 + 0.3))
                    for t in (i / 12 for i in range(13))]  # fmt: skip
            fall = [*edge, (side * (rx - 0.12), cy + ry + 0.3), (side * (rx - 0.2), cy - ry * 0.5)]
            pen.polygon(c.hair, fall)
            pen.line(dark, [*edge, (side * (rx - 0.12), cy + ry + 0.3)], 0.035)
            pen.line(_lighter(c.hair, 0.2), [(side * (rx + 0.06), cy), (side * (rx + 0.1), cy + ry * 0.7)], 0.025)


def _hair_front(pen: Pen, c: Character, cy: float) -> None:
    ry = c.head[1]
    if c.hair_style == "quiff":  # short sides, a swept fringe rising on the right
        _cap(pen, c, cy, _window(c, cy, lambda u: -0.42 - 0.22 * u + 0.35 * u**4), 0.1)
        swoosh = [(-0.3, cy - ry + 0.02), (-0.05, cy - ry - 0.16), (0.3, cy - ry - 0.12), (0.46, cy - ry * 0.5)]
        pen.polygon(c.hair, [*swoosh, (0.1, cy - ry * 0.7)])
        pen.line(_darker(c.hair, 0.55), swoosh, 0.035)
        pen.arc(_lighter(c.hair, 0.3), 0.08, cy - ry * 0.78, 0.22, 0.12, math.pi * 1.2, math.pi * 1.7, 0.04)
    elif c.hair_style == "buns":  # a rounded fringe in three soft scallops
        _cap(pen, c, cy, _window(c, cy, lambda u: -0.42 + 0.12 * abs(math.sin(u * 4.7)) + 0.45 * u**4), 0.1)
    elif c.hair_style == "parted":  # swept to one side
        _cap(pen, c, cy, _window(c, cy, lambda u: -0.62 + 0.32 * max(0.0, u + 0.35) + 0.35 * u**4), 0.08)
    elif c.hair_style == "long":  # straight bangs
        _cap(pen, c, cy, _window(c, cy, lambda u: -0.3 + 0.6 * u**6), 0.1)


# ----------------------------------------------------------------------------------------------- the face


def _eyes(pen: Pen, c: Character, cy: float, face: Expression) -> None:
    ey, dx = cy + 0.04, 0.2
    ink = OUTLINE
    if face is Expression.HAPPY:
        for side in (-1, 1):
            pen.arc(ink, side * dx, ey + 0.03, 0.08, 0.07, math.pi * 1.1, math.pi * 1.9, 0.045)
        return
    look_x, look_y = (0.035, -0.04) if face is Expression.THINKING else (0.0, 0.0)
    for side in (-1, 1):
        x = side * dx
        if face is Expression.UPSET:
            pen.ellipse(WHITE, x, ey, 0.085, 0.095)
            pen.ellipse(ink, x, ey, 0.085, 0.095, 0.02)
            pen.ellipse(ink, x, ey + 0.01, 0.045, 0.055)
        else:
            pen.ellipse(ink, x + look_x, ey + look_y, 0.07, 0.09)
            pen.circle(WHITE, x + look_x - 0.025, ey + look_y - 0.035, 0.026)
            pen.circle(WHITE, x + look_x + 0.025, ey + look_y + 0.035, 0.012)
    if c.accessory == "glasses":
        frame = (30, 30, 36)
        for side in (-1, 1):
            pen.circle(frame, side * dx, ey, 0.13, 0.03)
        pen.line(frame, [(-dx + 0.13, ey - 0.01), (dx - 0.13, ey - 0.01)], 0.03)


def _brows(pen: Pen, c: Character, cy: float, face: Expression) -> None:
    y, ink = cy - 0.14, _darker(c.hair, 0.7)
    if c.accessory == "glasses":
        y -= 0.04
    for side in (-1, 1):
        outer, inner = (side * 0.29, y), (side * 0.12, y)
        if face is Expression.UPSET:  # worried: the inner ends raised
            inner = (side * 0.12, y - 0.07)
            outer = (side * 0.29, y + 0.02)
        elif face is Expression.THINKING and side == 1:  # one brow raised
            outer, inner = (0.29, y - 0.06), (0.12, y - 0.08)
        elif face is Expression.HAPPY:
            outer, inner = (side * 0.29, y - 0.02), (side * 0.12, y - 0.04)
        mid = ((outer[0] + inner[0]) / 2, (outer[1] + inner[1]) / 2 - 0.025)
        pen.line(ink, [outer, mid, inner], 0.04)


def _mouth(pen: Pen, c: Character, cy: float, face: Expression) -> None:
    my = cy + c.head[1] * 0.5
    if face is Expression.HAPPY:  # wide open, a tongue inside
        grin = [(0.16 * math.cos(math.pi * i / 12), my - 0.03 + 0.15 * math.sin(math.pi * i / 12)) for i in range(13)]
        pen.polygon(MOUTH, grin)
        pen.ellipse(TONGUE, 0, my + 0.085, 0.08, 0.035)
        pen.polygon(OUTLINE, grin, 0.03)
    elif face is Expression.UPSET:  # a wobbly frown
        pen.arc(OUTLINE, 0, my + 0.06, 0.1, 0.06, math.pi * 1.15, math.pi * 1.85, 0.04)
    elif face is Expression.THINKING:  # pursed, pushed to one side
        pen.line(OUTLINE, [(0.0, my), (0.06, my - 0.012), (0.11, my - 0.03)], 0.04)
    else:
        pen.arc(OUTLINE, 0, my - 0.04, 0.11, 0.07, math.pi * 0.15, math.pi * 0.85, 0.04)
    if c.accessory == "glasses":  # a neat moustache over the mouth
        for side in (-1, 1):
            tuft = [(0.0, my - 0.09), (side * 0.07, my - 0.11), (side * 0.15, my - 0.06), (side * 0.06, my - 0.06)]
            pen.polygon(_darker(c.hair, 0.9), tuft)


def _details(pen: Pen, c: Character, cy: float, face: Expression) -> None:
    rx = c.head[0]
    blush = _mixed(c.skin, BLUSH, 0.4)
    for side in (-1, 1):
        pen.ellipse(blush, side * 0.3, cy + 0.2, 0.085 if face is Expression.HAPPY else 0.07, 0.045)
    pen.arc(_darker(c.skin, 0.75), 0, cy + 0.16, 0.035, 0.03, math.pi * 0.1, math.pi * 0.9, 0.03)  # the nose
    if face is Expression.UPSET:  # a drop of sweat on the temple
        drop = [(rx - 0.02, cy - 0.28), (rx + 0.05, cy - 0.13), (rx - 0.09, cy - 0.13)]
        pen.polygon(SWEAT, drop)
        pen.circle(SWEAT, rx - 0.02, cy - 0.12, 0.07)
        pen.circle(WHITE, rx - 0.04, cy - 0.14, 0.02)


def _hand(pen: Pen, c: Character, cy: float) -> None:
    """A thinker's hand: a fist under the chin, the forefinger raised to it."""
    rx, ry = c.head
    x, y, edge = rx * 0.4, cy + ry + 0.05, _darker(c.skin, 0.72)
    pen.line(edge, [(x - 0.1, y - 0.02), (x - 0.14, y - 0.16)], 0.1)
    pen.line(c.skin, [(x - 0.1, y - 0.02), (x - 0.14, y - 0.16)], 0.055)
    pen.ellipse(edge, x, y + 0.02, 0.14, 0.11)
    pen.ellipse(c.skin, x, y + 0.02, 0.115, 0.085)
    for k in range(2):  # the curled fingers
        pen.arc(edge, x + 0.03, y - 0.02 + 0.06 * k, 0.07, 0.03, -math.pi / 2, math.pi / 2, 0.02)


def _accessory(pen: Pen, c: Character, cy: float) -> None:
    rx, ry = c.head
    if c.accessory == "ribbons":
        for side in (-1, 1):
            x, y = side * rx * 0.74, cy - ry * 0.62
            for wing in (-1, 1):
                bow = [(x, y), (x + wing * 0.12, y - 0.07), (x + wing * 0.12, y + 0.07)]
                pen.polygon((220, 40, 60), bow)
                pen.polygon(_darker((220, 40, 60)), bow, 0.02)
            pen.circle((250, 90, 100), x, y, 0.04)
    elif c.accessory == "flower":
        x, y = -rx * 0.72, cy - ry * 0.55
        for k in range(5):
            a = 2 * math.pi * k / 5 - math.pi / 2
            pen.circle((255, 150, 190), x + 0.07 * math.cos(a), y + 0.07 * math.sin(a), 0.06)
        pen.circle((255, 220, 90), x, y, 0.045)
        for side in (-1, 1):  # earrings
            pen.circle((255, 215, 120), side * (rx + 0.01), cy + 0.2, 0.035)


def _bust(pen: Pen, c: Character, cy: float) -> None:
    """Shoulders and neck, the collar of each character's shirt."""
    ry = c.head[1]
    pen.ellipse(_darker(c.shirt, 0.6), 0, 0.98, 0.9, 0.44)
    pen.ellipse(c.shirt, 0, 1.0, 0.87, 0.41)
    pen.ellipse(_lighter(c.shirt, 0.25), -0.42, 0.76, 0.2, 0.08)
    neck = [(-0.13, cy + ry * 0.6), (0.13, cy + ry * 0.6), (0.15, 0.62), (-0.15, 0.62)]
    pen.polygon(_darker(c.skin, 0.85), neck)
    if c.accessory == "collar":  # a white T under an open shirt
        pen.polygon(WHITE, [(-0.17, 0.58), (0.17, 0.58), (0.0, 0.78)])
        for side in (-1, 1):
            pen.polygon(_lighter(c.shirt, 0.15), [(side * 0.16, 0.56), (side * 0.38, 0.62), (side * 0.05, 0.84)])
    elif c.accessory == "glasses":  # a mandarin collar with knot buttons
        pen.polygon(_darker(c.shirt, 0.8), [(-0.19, 0.56), (0.19, 0.56), (0.17, 0.66), (-0.17, 0.66)])
        pen.circle(GOLD_RIM, 0, 0.74, 0.035)
        pen.circle(GOLD_RIM, 0, 0.85, 0.035)
    else:  # a rounded collar, trimmed gold or white
        pen.arc(GOLD_RIM if c.accessory == "ribbons" else WHITE, 0, 0.56, 0.2, 0.13, 0.1, math.pi - 0.1, 0.05)


def _hat(pen: Pen, c: Character, cy: float, role: str) -> None:
    """The role's hat on the head: the landlord's crown, tilted, or a farmer's straw hat."""
    top = cy - c.head[1] - 0.1
    if role == "landlord":
        x, y = pen.p(0.14, top - 0.16)
        draw_crown(pen.surface, (round(x), round(y)), pen.n(0.76), tilt=14)
    elif role == "farmer":
        x, y = pen.p(0, top - 0.1)
        draw_straw_hat(pen.surface, (round(x), round(y)), pen.n(1.3))


# ----------------------------------------------------------------------------------------------- the portrait


def paint(c: Character, face: Expression, role: str, diameter: int) -> pygame.Surface:
    """One portrait `diameter` px across, `diameter * (1 + OVERHANG)` tall: the disc at the bottom, hat above."""
    big = diameter * SUPERSAMPLE
    size = (big, round(big * (1 + OVERHANG)))
    pen = Pen(size, big / 2, (big / 2, size[1] - big / 2))
    cy = 0.0 if c.hair_style != "buns" else 0.05
    rim = GOLD_RIM if role == "landlord" else CREAM_RIM
    pen.circle(_darker(rim, 0.6), 0, 0, 1.0)
    portrait = Pen(size, pen.scale * ZOOM, pen.p(0, 0.0))
    disc = portrait.seen_as(pen)
    top, bottom = c.backdrop
    for i in range(24):  # the backdrop, lighter towards the top left, with a soft shine
        t = i / 23
        disc.circle(_mixed(top, bottom, t), -0.25 * (1 - t), -0.3 * (1 - t), 1.3 - 0.9 * t)
    disc.ellipse(_mixed(top, WHITE, 0.14), -0.28, -0.5, 0.5, 0.36)
    _hair_back(portrait, c, cy)
    _bust(portrait, c, cy)
    head = face_outline(c, cy)
    for side in (-1, 1):  # ears
        portrait.circle(_darker(c.skin, 0.8), side * c.head[0], cy + 0.06, 0.1)
        portrait.circle(c.skin, side * c.head[0], cy + 0.06, 0.075)
    portrait.polygon(c.skin, head)
    portrait.polygon(_darker(c.skin, 0.72), head, 0.03)
    _hair_front(portrait, c, cy)
    _accessory(portrait, c, cy)
    _details(portrait, c, cy, face)
    _eyes(portrait, c, cy, face)
    _brows(portrait, c, cy, face)
    _mouth(portrait, c, cy, face)
    if face is Expression.THINKING:
        _hand(portrait, c, cy)
    inside = pen.layer()
    inside.circle(WHITE, 0, 0, 0.92)
    portrait.clip(inside)
    pen.circle(rim, 0, 0, 0.97)
    pen.lay(portrait)
    _hat(pen.seen_as(portrait), c, cy, role)
    small = pygame.transform.smoothscale(pen.surface, (diameter, round(diameter * (1 + OVERHANG))))
    return small.convert_alpha() if pygame.display.get_surface() is not None else small


PORTRAITS = cache("portraits", mib=10)  # every look of the three seats (made ahead on the title), 5 MiB at 1080p


def avatar(seat: int, face: Expression, role: str, diameter: int) -> pygame.Surface:
    """The seat's portrait (role "landlord", "farmer" or ""), made once per look and size."""
    return PORTRAITS.get((seat, face, role, diameter), lambda: paint(character(seat), face, role, diameter))


AHEAD: dict[tuple[int, Expression, str, int], None] = {}  # looks the table may show next, in order (`paint_ahead`)


def ahead(seat: int, role: str, diameter: int) -> None:
    """Queue the looks the seat may change to: its other expressions in this role, or in no role and either role
    during the auction, so a change of mood (a bomb changes every face at once) finds them painted."""
    for then in ("", "landlord", "farmer") if not role else (role,):
        for face in Expression:
            if (seat, face, then, diameter) not in PORTRAITS.items:
                AHEAD[(seat, face, then, diameter)] = None


def paint_ahead() -> None:
    """Paint the first queued look not yet painted: one a frame, a few ms."""
    while AHEAD:
        look = next(iter(AHEAD))
        del AHEAD[look]
        if look not in PORTRAITS.items:
            avatar(*look)
            return


def thought(diameter: int, dots: int, leftward: bool = False) -> pygame.Surface:
    """A thought bubble for a portrait `diameter` px across: a cloud with `dots` of three dots, two trailing puffs at
    its bottom left (at its bottom right, `leftward`: the bubble of a seat at the window's right edge)."""

    def make() -> pygame.Surface:
        big = diameter * SUPERSAMPLE
        pen = Pen((round(big * 0.62), round(big * 0.5)), big / 2, (big * 0.36, big * 0.18))
        for x, y, r in ((-0.34, 0.42, 0.05), (-0.22, 0.3, 0.075)):
            pen.circle(OUTLINE, x, y, r + 0.025)
            pen.circle(WHITE, x, y, r)
        cloud = [(-0.22, 0.02, 0.16), (0.0, -0.06, 0.2), (0.22, 0.02, 0.16), (0.0, 0.08, 0.17)]
        for x, y, r in cloud:
            pen.circle(OUTLINE, x, y, r + 0.025)
        for x, y, r in cloud:
            pen.circle(WHITE, x, y, r)
        for k in range(dots):
            pen.circle(OUTLINE, -0.16 + 0.16 * k, 0.02, 0.045)
        w, h = pen.surface.get_size()
        small = pygame.transform.smoothscale(pen.surface, (w // SUPERSAMPLE, h // SUPERSAMPLE))
        small = pygame.transform.flip(small, True, False) if leftward else small
        return small.convert_alpha() if pygame.display.get_surface() is not None else small

    return PORTRAITS.get(("thought", diameter, dots, leftward), make)


def shadow(diameter: int) -> pygame.Surface:
    """A soft round shadow for a portrait `diameter` px across, `shadow_margin(diameter)` px larger on every side."""

    def make() -> pygame.Surface:  # blurred at half size, then doubled: as soft, in a quarter of the time (5 ms)
        margin = shadow_margin(diameter)
        size = diameter + 2 * margin
        half = max(1, size // 2)
        disc = pygame.Surface((half, half), pygame.SRCALPHA)
        pygame.draw.circle(disc, (0, 0, 0, 130), (half / 2, half / 2), diameter / 4)
        blurred = pygame.transform.smoothscale(pygame.transform.gaussian_blur(disc, max(1, margin // 4)), (size, size))
        return blurred.convert_alpha() if pygame.display.get_surface() is not None else blurred

    return PORTRAITS.get(("shadow", diameter), make)


def shadow_margin(diameter: int) -> int:
    return max(2, diameter // 10)


def sheet(path: str, diameter: int) -> None:
    """Every character (rows) in every expression, then as landlord and farmer (columns), on felt green."""
    roles = [(face, "") for face in Expression] + [(Expression.NEUTRAL, "landlord"), (Expression.HAPPY, "farmer")]
    step = round(diameter * 1.35)
    out = pygame.Surface((step * (len(roles) + 1), step * len(CHARACTERS)))
    out.fill((22, 100, 64))
    for row in range(len(CHARACTERS)):
        for col, (face, role) in enumerate(roles):
            out.blit(avatar(row, face, role, diameter), (col * step + 8, row * step + 4))
        out.blit(thought(diameter, 3), (len(roles) * step + 4, row * step + 8))
    pygame.image.save(out, path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", required=True, help="where to write the PNG")
    parser.add_argument("--diameter", type=int, default=86)
    sheet(parser.parse_args().sheet, parser.parse_args().diameter)
