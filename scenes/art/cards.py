"""Playing-card art drawn by our own code at load time: faces, back, shadow and highlight, cached as surfaces.

Everything is drawn at 2-4x the target size with plain pygame primitives and smooth-scaled down once, which gives
anti-aliased edges at any card height (about 60 px to 300 px). Nothing is loaded from disk except the shipped font.
Run ``python -m scenes.art.cards --sheet PATH`` to write a contact sheet of every face, the back and a fanned hand.
One module over 350 lines on purpose: the pips, court figures, jokers and back share one drawing scale and palette,
and a card face is read best in one place.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pygame

from game.cards import ACE, BIG_JOKER, RANK_NAMES, RANKS, WILD, Card, DeckSpec
from scenes.art.fonts import font

Colour = tuple[int, int, int]
Point = tuple[float, float]

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)
BLACK: Colour = (26, 26, 34)
RED: Colour = (206, 22, 40)
GREEN: Colour = (8, 128, 62)
BLUE: Colour = (22, 84, 196)
TWO_COLOURS: tuple[Colour, ...] = (BLACK, RED, BLACK, RED)
FOUR_COLOURS: tuple[Colour, ...] = (BLACK, RED, GREEN, BLUE)

PAPER_TOP: Colour = (255, 255, 255)
PAPER_BOTTOM: Colour = (240, 238, 232)
EDGE: Colour = (150, 146, 140)
OUTLINE: Colour = (40, 30, 30)
GOLD: Colour = (226, 180, 70)
GOLD_LIGHT: Colour = (250, 222, 140)
GOLD_DARK: Colour = (150, 108, 30)
SKIN: Colour = (252, 222, 192)
CHEEK: Colour = (242, 160, 150)
STEEL: Colour = (206, 212, 222)
WOOD: Colour = (120, 76, 40)
PANEL: Colour = (252, 246, 228)
BACK_DEEP: Colour = (112, 10, 22)
BACK_BRIGHT: Colour = (178, 26, 40)
HIGHLIGHT: Colour = (70, 140, 255)
LIPS: Colour = (180, 30, 44)
ERMINE: Colour = (238, 238, 242)
HAIR_DARK: Colour = (70, 44, 30)
HAIR_LIGHT: Colour = (150, 90, 40)
LEAF: Colour = (40, 120, 60)
MOON: Colour = (60, 62, 74)
STAR_GREY: Colour = (96, 98, 110)

JOKER_WORD = "JOKER"
SUPERSAMPLED_HEIGHT = 720  # draw at least this tall (within 2-4x) before scaling down
CORNER_RADIUS = 0.08  # of the card width
HEAD_ZOOM = 1.3  # court heads are drawn larger than the box-width unit of the bodies
INDEX_CENTRE_X = 0.165  # of the card width: the rank index column, the part of a fanned card that stays visible


# ---------------------------------------------------------------------------------------------- geometry helpers


def _bezier(p0: Point, c: Point, p1: Point, steps: int = 12) -> list[Point]:
    """Points along a quadratic Bezier curve, p0 included, p1 excluded."""
    out = []
    for i in range(steps):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _normalised(points: Sequence[Point]) -> list[Point]:
    """Scale and centre points so the shape is 2 tall, centred on (0, 0)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy, half = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (max(ys) - min(ys)) / 2
    return [((x - cx) / half, (y - cy) / half) for x, y in points]


def _heart_outline() -> list[Point]:
    """The classic parametric heart, squeezed a little to card proportions."""
    pts = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x * 0.9, y))
    return _normalised(pts)


def _stem(top: float, half_width: float) -> list[Point]:
    """A flared foot for spades and clubs, from a narrow neck at ``top`` down to y = 1."""
    return [
        (-0.05, top),
        (0.05, top),
        *_bezier((0.07, top + 0.25), (0.12, 0.9), (half_width, 1.0), 8),
        (half_width, 1.0),
        (-half_width, 1.0),
        *_bezier((-half_width, 1.0), (-0.12, 0.9), (-0.07, top + 0.25), 8),
    ]


HEART = _heart_outline()
SPADE_BLADE = [(x * 0.98, -y * 0.8 - 0.2) for x, y in HEART]  # upside-down heart, top at y = -1
SPADE_STEM = _stem(0.2, 0.34)
CLUB_LOBES = (((0.0, -0.6), 0.4), ((-0.45, 0.1), 0.4), ((0.45, 0.1), 0.4))
CLUB_STEM = _stem(0.0, 0.34)
DIAMOND = [
    *_bezier((0.0, -1.0), (0.32, -0.42), (0.76, 0.0)),
    *_bezier((0.76, 0.0), (0.32, 0.42), (0.0, 1.0)),
    *_bezier((0.0, 1.0), (-0.32, 0.42), (-0.76, 0.0)),
    *_bezier((-0.76, 0.0), (-0.32, -0.42), (0.0, -1.0)),
]


def draw_suit(surface: pygame.Surface, suit: int, centre: Point, height: float, colour: Colour) -> None:
    """A suit symbol ``height`` pixels tall centred on ``centre``, from our own vector shapes."""
    s, (cx, cy) = height / 2, centre

    def place(points: Sequence[Point]) -> list[Point]:
        return [(cx + x * s, cy + y * s) for x, y in points]

    if suit == HEARTS:
        pygame.draw.polygon(surface, colour, place(HEART))
    elif suit == DIAMONDS:
        pygame.draw.polygon(surface, colour, place(DIAMOND))
    elif suit == SPADES:
        pygame.draw.polygon(surface, colour, place(SPADE_BLADE))
        pygame.draw.polygon(surface, colour, place(SPADE_STEM))
    else:
        for (x, y), r in CLUB_LOBES:
            pygame.draw.circle(surface, colour, (cx + x * s, cy + y * s), r * s)
        pygame.draw.polygon(surface, colour, place([(-0.3, 0.0), (0.0, -0.4), (0.3, 0.0), (0.0, 0.3)]))
        pygame.draw.polygon(surface, colour, place(CLUB_STEM))


def _vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """An opaque surface shading from ``top`` to ``bottom``: a column of one pixel, stretched across (a line a row
    took ten times as long; the column a pixel at a time, most of a card back's making)."""
    w, h = size
    shade = np.linspace(0.0, 1.0, h)[:, None]
    column = pygame.Surface((1, h), pygame.SRCALPHA)
    column.fill((0, 0, 0, 255))
    pygame.surfarray.pixels3d(column)[0] = np.round(np.add(top, np.subtract(bottom, top) * shade))
    return pygame.transform.scale(column, (w, h))


def _clip_rounded(surface: pygame.Surface, radius: int) -> None:
    """Round the surface's corners off (transparent outside): only the four corners change, each multiplied by a
    quarter of a disc (a mask of the whole card took most of a card back's making)."""
    rect = surface.get_rect()
    radius = min(radius, rect.w // 2, rect.h // 2)
    disc = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.rect(disc, (255, 255, 255, 255), disc.get_rect(), border_radius=radius)
    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        at = (rect.right - radius if dx else rect.left, rect.bottom - radius if dy else rect.top)
        surface.blit(disc, at, (dx * radius, dy * radius, radius, radius), special_flags=pygame.BLEND_RGBA_MULT)


def _text(text: str, height: float, colour: Colour, max_width: float | None = None) -> pygame.Surface:
    """Bold text cropped to its ink, scaled so the ink is ``height`` tall (and squeezed to ``max_width``).

    Characters are set tight, ink to ink, so a two-digit index such as "10" needs little squeezing.
    """
    size = max(4, round(height * 1.38))  # DejaVu Sans Bold capitals are about 0.73 em tall
    face = font(size, bold=True)
    pieces = []
    for ch in text:
        glyph = face.render(ch, True, colour)
        ink = glyph.get_bounding_rect()
        pieces.append(glyph.subsurface((ink.x, 0, ink.w, glyph.get_height())))
    gap = round(size * 0.05)
    line = pygame.Surface(
        (sum(p.get_width() for p in pieces) + gap * (len(pieces) - 1), face.get_height()), pygame.SRCALPHA
    )
    x = 0
    for piece in pieces:
        line.blit(piece, (x, 0))
        x += piece.get_width() + gap
    ink = line.subsurface(line.get_bounding_rect())
    w = ink.get_width() * height / max(1, ink.get_height())
    if max_width is not None:
        w = min(w, max_width)
    return pygame.transform.smoothscale(ink, (max(1, round(w)), max(1, round(height))))


def _recoloured(surface: pygame.Surface, colour: Colour) -> pygame.Surface:
    """A copy of ``surface`` in one flat colour, keeping its alpha (its shape)."""
    out = surface.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def _outlined(glyph: pygame.Surface, stroke: int, ink: Colour, fill: Colour) -> pygame.Surface:
    """Hollow lettering: ``glyph`` dilated by ``stroke`` px in ``ink``, its own shape filled with ``fill``."""
    w, h = glyph.get_size()
    out = pygame.Surface((w + 2 * stroke, h + 2 * stroke), pygame.SRCALPHA)
    dark = _recoloured(glyph, ink)
    for i in range(16):
        a = 2 * math.pi * i / 16
        out.blit(dark, (stroke + stroke * math.cos(a), stroke + stroke * math.sin(a)))
    out.blit(_recoloured(glyph, fill), (stroke, stroke))
    return out


def star_points(centre: Point, outer: float, inner: float, points: int = 5, turn: float = -math.pi / 2) -> list[Point]:
    """A star polygon with ``points`` tips, the first pointing along angle ``turn`` (default: up)."""
    cx, cy = centre
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = turn + math.pi * i / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _shape(surface: pygame.Surface, colour: Colour, points: Sequence[Point], line: int) -> None:
    """A filled polygon with a dark outline, the house style of the court figures and jokers."""
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, OUTLINE, points, line)


def _shade(colour: Colour) -> Colour:
    """A darker tone of ``colour`` for folds; black gets a grey so the fold still shows."""
    if max(colour) < 60:
        return (92, 92, 104)
    return (colour[0] * 3 // 5, colour[1] * 3 // 5, colour[2] * 3 // 5)


def _disc(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, line: int) -> None:
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, OUTLINE, centre, radius, line)


# ------------------------------------------------------------------------------------------------ court figures


class _Frame:
    """A drawing box: ``p(u, v)`` maps unit coordinates of the box to pixels."""

    def __init__(self, x: float, y: float, w: float, h: float, line: int) -> None:
        self.x, self.y, self.w, self.h, self.line = x, y, w, h, line

    def p(self, u: float, v: float) -> Point:
        return (self.x + u * self.w, self.y + v * self.h)

    def ps(self, *uv: Point) -> list[Point]:
        return [self.p(u, v) for u, v in uv]

    def len(self, a: float) -> float:
        return a * self.w

    def local(self, u: float, v: float, zoom: float = 1.0) -> _Local:
        """Coordinates around the point (u, v) in units of ``zoom`` box widths."""
        return _Local(self.p(u, v), self.w * zoom, self.line)


class _Local:
    """Points as offsets from an origin in one square unit, so circles stay round whatever the box's shape."""

    def __init__(self, origin: Point, unit: float, line: int) -> None:
        self.x, self.y = origin
        self.unit, self.line = unit, line

    def q(self, du: float, dv: float) -> Point:
        return (self.x + du * self.unit, self.y + dv * self.unit)

    def qs(self, *d: Point) -> list[Point]:
        return [self.q(du, dv) for du, dv in d]

    def len(self, a: float) -> float:
        return a * self.unit

    def rect(self, du: float, dv: float, w: float, h: float) -> pygame.Rect:
        """A rectangle of size (w, h) units centred on offset (du, dv)."""
        r = pygame.Rect(0, 0, round(self.len(w)), round(self.len(h)))
        r.center = (round(self.x + du * self.unit), round(self.y + dv * self.unit))
        return r

    def curve(self, p0: Point, c: Point, p1: Point, steps: int = 12) -> list[Point]:
        return _bezier(self.q(*p0), self.q(*c), self.q(*p1), steps)


def _face(s: pygame.Surface, h: _Local, smile: bool) -> None:
    """A round stylised face centred on the local origin: skin, eyes, brows, nose, mouth and cheeks."""
    thin, lip = max(1, h.line), max(1, round(h.line * 1.5))
    pygame.draw.ellipse(s, SKIN, h.rect(0, 0, 0.25, 0.3))
    pygame.draw.ellipse(s, OUTLINE, h.rect(0, 0, 0.25, 0.3), h.line)
    for side in (-1, 1):
        pygame.draw.circle(s, CHEEK, h.q(side * 0.07, 0.05), h.len(0.025))
        pygame.draw.ellipse(s, OUTLINE, h.rect(side * 0.048, -0.01, 0.032, 0.044))
        pygame.draw.line(s, OUTLINE, h.q(side * 0.025, -0.05), h.q(side * 0.075, -0.055), thin)
    pygame.draw.line(s, OUTLINE, h.q(0, 0), h.q(0.015, 0.045), thin)
    mouth = h.rect(0, 0.08, 0.07, 0.04)
    if smile:
        pygame.draw.arc(s, LIPS, mouth, math.pi * 1.1, math.pi * 1.9, lip)
    else:
        pygame.draw.line(s, LIPS, mouth.midleft, mouth.midright, lip)


def _robe(s: pygame.Surface, f: _Frame, robe: Colour) -> None:
    """Shoulders and chest down to the mirror line, with a gold collar and a buttoned centre band."""
    body = [
        f.p(0.07, 1.0),
        *_bezier(f.p(0.09, 0.86), f.p(0.11, 0.71), f.p(0.4, 0.7)),
        *_bezier(f.p(0.6, 0.7), f.p(0.89, 0.71), f.p(0.91, 0.86)),
        f.p(0.91, 0.86),
        f.p(0.93, 1.0),
    ]
    _shape(s, robe, body, f.line)
    fold = _shade(robe)
    for side in (-1, 1):  # the inner line of each sleeve
        arm = _bezier(f.p(0.5 + side * 0.3, 0.76), f.p(0.5 + side * 0.25, 0.86), f.p(0.5 + side * 0.26, 1.0))
        pygame.draw.lines(s, fold, False, [*arm, f.p(0.5 + side * 0.26, 1.0)], max(1, f.line))
    _shape(s, GOLD, f.ps((0.42, 0.76), (0.58, 0.76), (0.62, 1.0), (0.38, 1.0)), f.line)
    for v in (0.85, 0.93):
        _disc(s, robe, f.p(0.5, v), f.len(0.02), max(1, f.line // 2))
    pygame.draw.rect(s, SKIN, pygame.Rect(*f.p(0.44, 0.56), f.len(0.12), f.h * 0.16))
    _shape(s, GOLD, f.ps((0.27, 0.73), (0.4, 0.68), (0.5, 0.8), (0.6, 0.68), (0.73, 0.73), (0.5, 0.9)), f.line)


def _king(s: pygame.Surface, f: _Frame, robe: Colour, accent: Colour) -> None:
    """Bearded, crowned, a sword raised behind the shoulder, ermine on the robe."""
    _shape(s, STEEL, f.ps((0.13, 0.08), (0.16, 0.02), (0.19, 0.08), (0.19, 0.8), (0.13, 0.8)), f.line)
    _shape(s, GOLD, f.ps((0.06, 0.74), (0.26, 0.74), (0.26, 0.79), (0.06, 0.79)), f.line)
    _robe(s, f, robe)
    for u in (0.2, 0.32, 0.68, 0.8):
        _disc(s, ERMINE, f.p(u, 0.87), f.len(0.032), f.line)
        pygame.draw.circle(s, OUTLINE, f.p(u, 0.87), f.len(0.009))
    _disc(s, SKIN, f.p(0.16, 0.86), f.len(0.05), f.line)
    h = f.local(0.5, 0.45, HEAD_ZOOM)
    _disc(s, ERMINE, h.q(0, 0.02), h.len(0.16), h.line)
    _face(s, h, smile=False)
    beard = h.qs((-0.125, 0.03), (-0.06, 0.1), (0.06, 0.1), (0.125, 0.03), (0.1, 0.18), (0, 0.26), (-0.1, 0.18))
    _shape(s, ERMINE, beard, h.line)
    _shape(s, ERMINE, h.qs((-0.08, 0.08), (0, 0.055), (0.08, 0.08), (0, 0.075)), h.line)
    crown = [h.q(-0.15, -0.14)]
    tips = [-0.15 + 0.3 * (i + 0.5) / 5 for i in range(5)]
    for x in tips:
        crown += h.qs((x - 0.02, -0.2), (x, -0.27), (x + 0.02, -0.2))
    crown += h.qs((0.15, -0.14), (0.15, -0.09), (-0.15, -0.09))
    _shape(s, GOLD, crown, h.line)
    for x in tips:
        _disc(s, GOLD_LIGHT, h.q(x, -0.27), h.len(0.018), max(1, h.line // 2))
    for i, colour in enumerate((accent, robe, accent)):
        _disc(s, colour, h.q(0.09 * (i - 1), -0.115), h.len(0.017), max(1, h.line // 2))


def _queen(s: pygame.Surface, f: _Frame, robe: Colour, accent: Colour) -> None:
    """Long hair under a tiara, holding a flower."""
    h = f.local(0.5, 0.45, HEAD_ZOOM)
    _shape(s, HAIR_DARK, h.qs((-0.15, -0.06), (-0.21, 0.3), (0.21, 0.3), (0.15, -0.06)), h.line)
    _disc(s, HAIR_DARK, h.q(0, -0.02), h.len(0.16), h.line)
    _robe(s, f, robe)
    _face(s, h, smile=True)
    fringe = [h.q(-0.13, -0.03), *h.curve((-0.12, -0.16), (0, -0.2), (0.13, -0.03)), h.q(0.13, -0.03), h.q(0, -0.11)]
    _shape(s, HAIR_DARK, fringe, h.line)
    tiara = [h.q(-0.12, -0.12)]
    for i in range(3):
        x0 = -0.12 + 0.08 * i
        tiara += h.curve((x0, -0.15), (x0 + 0.04, -0.29), (x0 + 0.08, -0.15), 8)
    tiara += h.qs((0.12, -0.15), (0.12, -0.12))
    _shape(s, GOLD, tiara, h.line)
    for i in range(3):
        _disc(s, accent, h.q(-0.08 + 0.08 * i, -0.2), h.len(0.018), max(1, h.line // 2))
    stem_top = f.p(0.8, 0.6)
    pygame.draw.line(s, LEAF, stem_top, f.p(0.8, 0.9), max(2, f.line * 2))
    _disc(s, SKIN, f.p(0.8, 0.86), f.len(0.05), f.line)
    flower = _Local(stem_top, f.w, f.line)
    for i in range(5):
        a = -math.pi / 2 + 2 * math.pi * i / 5
        _disc(s, accent, flower.q(0.045 * math.cos(a), 0.045 * math.sin(a)), flower.len(0.035), f.line)
    _disc(s, GOLD_LIGHT, stem_top, f.len(0.025), f.line)


def _jack(s: pygame.Surface, f: _Frame, robe: Colour, accent: Colour) -> None:
    """Young, curly-haired, in a feathered cap, a halberd on the shoulder."""
    pygame.draw.line(s, WOOD, f.p(0.84, 0.08), f.p(0.84, 0.95), max(2, round(f.len(0.03))))
    _shape(s, STEEL, f.ps((0.84, 0.02), (0.87, 0.1), (0.84, 0.12), (0.81, 0.1)), f.line)
    _shape(s, STEEL, f.ps((0.85, 0.12), (0.96, 0.1), (0.98, 0.2), (0.96, 0.3), (0.85, 0.26)), f.line)
    _robe(s, f, robe)
    _disc(s, SKIN, f.p(0.84, 0.82), f.len(0.05), f.line)
    h = f.local(0.5, 0.45, HEAD_ZOOM)
    for side in (-1, 1):
        for dv in (0.0, 0.07):
            _disc(s, HAIR_LIGHT, h.q(side * 0.13, dv), h.len(0.045), h.line)
    _face(s, h, smile=True)
    feather = [
        *h.curve((-0.05, -0.2), (-0.3, -0.28), (-0.36, -0.06)),
        *h.curve((-0.36, -0.06), (-0.24, -0.14), (-0.12, -0.1)),
    ]
    _shape(s, ERMINE, feather, h.line)
    cap = [*h.curve((-0.17, -0.08), (-0.05, -0.33), (0.19, -0.12), 14), h.q(0.19, -0.12)]
    _shape(s, accent, cap, h.line)
    _shape(s, GOLD, h.qs((-0.17, -0.08), (0.19, -0.12), (0.18, -0.07), (-0.16, -0.04)), h.line)


COURT_FIGURES: dict[str, Callable[[pygame.Surface, _Frame, Colour, Colour], None]] = {
    "J": _jack,
    "Q": _queen,
    "K": _king,
}


# ------------------------------------------------------------------------------------------------------ jokers


def _crescent(centre: Point, r: float, bite: Point, r_bite: float, steps: int = 48) -> list[Point]:
    """The outline of a disc with an overlapping disc bitten out: the outer arc, then the bite's arc back."""
    (cx, cy), (bx, by) = centre, bite
    d, a = math.hypot(bx - cx, by - cy), math.atan2(by - cy, bx - cx)
    gap = math.acos((r * r + d * d - r_bite * r_bite) / (2 * r * d))
    cut = math.acos((r_bite * r_bite + d * d - r * r) / (2 * r_bite * d))
    outer = [a + gap + (2 * math.pi - 2 * gap) * i / steps for i in range(steps + 1)]
    inner = [a + math.pi + cut - 2 * cut * i / steps for i in range(1, steps)]
    return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in outer] + [
        (bx + r_bite * math.cos(t), by + r_bite * math.sin(t)) for t in inner
    ]


def _big_joker_emblem(s: pygame.Surface, f: _Frame) -> None:
    """A laughing jester: a three-pointed cap with bells over a gold ruff."""
    h = f.local(0.5, 0.5)
    _shape(s, GOLD, star_points(h.q(0, 0.2), h.len(0.36), h.len(0.22), 12, 0.0), h.line)
    _shape(s, RED, star_points(h.q(0, 0.2), h.len(0.24), h.len(0.15), 12, math.pi / 12), h.line)
    prongs = (  # colour, outer edge (start, control, tip), inner edge (control, end)
        (GOLD, (-0.14, -0.1), (-0.22, -0.5), (0.1, -0.58), (0.04, -0.3), (0.16, -0.1)),
        (RED, (-0.2, -0.08), (-0.42, -0.52), (-0.46, 0.0), (-0.28, -0.24), (0.0, -0.12)),
        (RED, (0.2, -0.08), (0.42, -0.52), (0.46, 0.0), (0.28, -0.24), (0.0, -0.12)),
    )
    for colour, start, ctrl, tip, back, end in prongs:
        _shape(s, colour, [*h.curve(start, ctrl, tip, 14), *h.curve(tip, back, end, 14), h.q(*end)], h.line)
    for colour, _start, _ctrl, tip, _back, _end in prongs:
        _disc(s, RED if colour == GOLD else GOLD_LIGHT, h.q(*tip), h.len(0.05), h.line)
    _shape(s, GOLD, h.qs((-0.21, -0.1), (0.21, -0.1), (0.2, -0.03), (-0.2, -0.03)), h.line)
    face = f.local(0.5, 0.5 + 0.08 * f.w / f.h)
    pygame.draw.ellipse(s, SKIN, face.rect(0, 0, 0.34, 0.3))
    pygame.draw.ellipse(s, OUTLINE, face.rect(0, 0, 0.34, 0.3), h.line)
    for side in (-1, 1):
        pygame.draw.arc(
            s,
            OUTLINE,
            face.rect(side * 0.065, -0.02, 0.07, 0.05),
            0.15 * math.pi,
            0.85 * math.pi,
            max(1, round(h.line * 1.5)),
        )
        pygame.draw.circle(s, CHEEK, face.q(side * 0.1, 0.04), face.len(0.03))
    pygame.draw.arc(s, LIPS, face.rect(0, 0.02, 0.16, 0.12), 1.1 * math.pi, 1.9 * math.pi, max(1, h.line * 2))
    _disc(s, RED, face.q(0, 0.02), face.len(0.03), h.line)


def _small_joker_emblem(s: pygame.Surface, f: _Frame) -> None:
    """A sleepy crescent moon among stars, in ink and grey: a silhouette nothing like the jester's."""
    m = f.local(0.5, 0.5)
    _shape(s, MOON, _crescent(m.q(0, 0), m.len(0.38), m.q(0.16, -0.08), m.len(0.31)), m.line)
    pale, lid = (236, 236, 240), max(2, m.line * 2)
    eye = m.rect(-0.25, -0.06, 0.12, 0.08)
    pygame.draw.arc(s, pale, eye, 1.05 * math.pi, 1.95 * math.pi, lid)
    for du in (-0.04, 0.0, 0.04):  # lashes of the closed eye
        pygame.draw.line(s, pale, m.q(-0.25 + du, -0.02), m.q(-0.25 + du * 1.6, 0.01), max(1, m.line))
    pygame.draw.circle(s, (120, 112, 128), m.q(-0.27, 0.07), m.len(0.035))
    pygame.draw.arc(s, pale, m.rect(-0.2, 0.12, 0.13, 0.1), 1.15 * math.pi, 1.85 * math.pi, lid)
    for (u, v), size in (((0.78, 0.22), 0.11), ((0.86, 0.58), 0.07), ((0.62, 0.86), 0.06)):
        _shape(s, STAR_GREY, star_points(f.p(u, v), f.len(size), f.len(size * 0.45)), f.line)


# ------------------------------------------------------------------------------------------------------- art


def _supersampling(height: int) -> int:
    return max(2, min(4, math.ceil(SUPERSAMPLED_HEIGHT / max(1, height))))


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Converted for fast blits once a display mode exists (converting before one raises)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale a supersampled drawing down to the target size, ready to blit."""
    return _ready(pygame.transform.smoothscale(surface, size))


class CardArt:
    """All card images for one card size. Faces are drawn on first use and cached per (rank, suit).

    ``shadow()`` is larger than the card: blit it at the card position plus ``shadow_offset``.
    """

    def __init__(self, width: int, height: int, four_colour: bool = False) -> None:
        self.size = (width, height)
        self.four_colour = four_colour
        self._k = _supersampling(height)
        self._big = (width * self._k, height * self._k)
        self._faces: dict[tuple[int, int | None], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self._highlight: pygame.Surface | None = None
        self._blank: pygame.Surface | None = None
        self._line = max(1, round(self._k * height / 170))  # outline width of figures, in supersampled pixels
        self._spread = max(2, round(width * 0.06))  # how far the shadow's blur reaches beyond the card
        self.shadow_offset = (-self._spread + round(width * 0.01), -self._spread + round(height * 0.02))

    # -- public -------------------------------------------------------------------------------------------------

    def face(self, card: Card) -> pygame.Surface:
        """The face of ``card``; cards of the same rank and suit share one surface."""
        key = (card.rank, card.suit)
        cached = self._faces.get(key)
        if cached is None:
            cached = self._faces[key] = _finish(self._draw_face(card.rank, card.suit), self.size)
        return cached

    def back(self) -> pygame.Surface:
        """The patterned back, the same for every card."""
        if self._back is None:
            self._back = _finish(self._draw_back(), self.size)
        return self._back

    def blank(self) -> None:
        """Make the blank paper that the back and every face are drawn on (a step of its own between the frames)."""
        self._paper()

    def shadow(self) -> pygame.Surface:
        """A soft drop shadow in the card's shape, larger than the card (see ``shadow_offset``)."""
        if self._shadow is None:
            w, h = self.size
            spread = self._spread
            surface = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            pygame.draw.rect(surface, (0, 0, 0, 110), (spread, spread, w, h), border_radius=self._radius(1))
            surface = pygame.transform.gaussian_blur(surface, max(1, spread // 2))
            self._shadow = _ready(surface)
        return self._shadow

    def highlight(self) -> pygame.Surface:
        """A translucent blue, card-shaped overlay with a brighter rim, for selected or hovered cards."""
        if self._highlight is None:
            big = pygame.Surface(self._big, pygame.SRCALPHA)
            rect, radius = big.get_rect(), self._radius(self._k)
            pygame.draw.rect(big, (*HIGHLIGHT, 64), rect, border_radius=radius)
            pygame.draw.rect(big, (*HIGHLIGHT, 230), rect, max(2, round(self._k * self.size[0] * 0.02)), radius)
            self._highlight = _finish(big, self.size)
        return self._highlight

    def suit_colour(self, suit: int) -> Colour:
        """The ink of ``suit`` (0-3 = ♠♥♣♦) in this art's colour scheme."""
        return (FOUR_COLOURS if self.four_colour else TWO_COLOURS)[suit]

    # -- drawing at supersampled size -------------------------------------------------------------------------------

    def _radius(self, scale: int) -> int:
        return max(2, round(self.size[0] * CORNER_RADIUS)) * scale

    def _paper(self) -> pygame.Surface:
        """A blank card: white paper with a soft gradient and a fine grey edge."""
        if self._blank is None:
            W, H = self._big
            rect, radius = pygame.Rect(0, 0, W, H), self._radius(self._k)
            paper = _vertical_gradient((W, H), PAPER_TOP, PAPER_BOTTOM)
            pygame.draw.rect(paper, EDGE, rect, max(1, self._k), radius)
            _clip_rounded(paper, radius)
            self._blank = paper
        return self._blank.copy()

    def _draw_face(self, rank: int, suit: int | None) -> pygame.Surface:
        s = self._paper()
        if rank == WILD:
            self._draw_extra_wild(s)
            return s
        if suit is None:
            self._draw_joker(s, rank)
            return s
        W, H = self._big
        colour = self.suit_colour(suit)
        index = _text(RANK_NAMES[rank], H * 0.19, colour, max_width=W * 0.26)
        cx = W * INDEX_CENTRE_X
        s.blit(index, index.get_rect(midtop=(round(cx), round(H * 0.045))))
        draw_suit(s, suit, (cx, H * 0.33), H * 0.12, colour)
        if RANKS[rank] in COURT_FIGURES:
            self._draw_court(s, RANKS[rank], suit, colour)
        elif rank == ACE:
            pip = (W * 0.65, H * 0.66)
            draw_suit(s, suit, pip, H * 0.4, colour)
            draw_suit(s, suit, pip, H * 0.18, PAPER_TOP)
            draw_suit(s, suit, pip, H * 0.1, colour)
        else:
            draw_suit(s, suit, (W * 0.68, H * 0.72), H * 0.32, colour)  # clear of a fanned card's visible strip
        return s

    def _draw_court(self, s: pygame.Surface, rank: str, suit: int, colour: Colour) -> None:
        """A framed, double-headed figure (mirrored top to bottom, as on real court cards)."""
        W, H = self._big
        panel = pygame.Rect(round(W * 0.3), round(H * 0.05), round(W * 0.64), round(H * 0.9))
        pygame.draw.rect(s, PANEL, panel, border_radius=self._k * 3)
        half = pygame.Surface((panel.w, panel.h // 2), pygame.SRCALPHA)
        line = self._line
        frame = _Frame(0, 0, panel.w, panel.h // 2, line)
        accent = RED if colour != RED else BLUE
        COURT_FIGURES[rank](half, frame, colour, accent)
        draw_suit(half, suit, frame.p(0.1, 0.12), frame.len(0.14), colour)
        s.blit(half, panel.topleft)
        s.blit(pygame.transform.rotate(half, 180), (panel.x, panel.y + panel.h - half.get_height()))
        pygame.draw.line(s, GOLD_DARK, (panel.x, panel.centery), (panel.right - 1, panel.centery), line)
        pygame.draw.rect(s, GOLD, panel, line * 2, border_radius=self._k * 3)
        pygame.draw.rect(s, colour, panel.inflate(-line * 5, -line * 5), line, border_radius=self._k * 2)

    def _draw_joker(self, s: pygame.Surface, rank: int) -> None:
        """Vertical JOKER in the index corner, solid red for the big joker, hollow black for the small one."""
        W, H = self._big
        big = rank == BIG_JOKER
        ink = RED if big else BLACK
        letter_h, step = H * 0.084, H * 0.1
        stroke = max(self._k, round(H * 0.009))
        cx = W * INDEX_CENTRE_X
        for i, ch in enumerate(JOKER_WORD):
            if big:
                glyph = _text(ch, letter_h, ink)
            else:
                glyph = _outlined(_text(ch, letter_h - 2 * stroke, ink), stroke, ink, PAPER_TOP)
            s.blit(glyph, glyph.get_rect(midtop=(round(cx), round(H * 0.05 + i * step))))
        box = _Frame(W * 0.28, H * 0.3, W * 0.68, H * 0.62, self._line)
        (_big_joker_emblem if big else _small_joker_emblem)(s, box)

    def _draw_extra_wild(self, s: pygame.Surface) -> None:
        """The extra wild card of a 55-card pack (RULES.md `swap-three`): a gold star as its index, where a fanned
        card shows it (the table's wild mark adds its badge below), and a large gold star on a deep red medallion."""
        W, H = self._big
        cx = W * INDEX_CENTRE_X
        line = self._line
        _shape(s, GOLD, star_points((cx, H * 0.12), H * 0.085, H * 0.036), line)
        centre = (W * 0.62, H * 0.55)
        pygame.draw.circle(s, GOLD_DARK, centre, W * 0.3 + line * 3)
        pygame.draw.circle(s, BACK_BRIGHT, centre, W * 0.3)
        pygame.draw.circle(s, GOLD_LIGHT, centre, W * 0.26, line)
        _shape(s, GOLD, star_points(centre, W * 0.24, W * 0.1), line)
        pygame.draw.polygon(s, GOLD_LIGHT, star_points(centre, W * 0.1, W * 0.04))

    def _draw_back(self) -> pygame.Surface:
        """Deep red with a gold lattice, a double gold frame and a central medallion, inside a white margin."""
        W, H = self._big
        s = self._paper()
        margin = round(W * 0.05)
        inner = pygame.Rect(0, 0, W, H).inflate(-2 * margin, -2 * margin)
        field = _vertical_gradient(inner.size, BACK_BRIGHT, BACK_DEEP)
        step = max(4, round(W * 0.11))
        thin = max(1, round(W * 0.006))  # in proportion to the card, so small backs stay red rather than gold
        for d in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(field, GOLD_DARK, (d, 0), (d + inner.h, inner.h), thin)
            pygame.draw.line(field, GOLD_DARK, (d, 0), (d - inner.h, inner.h), thin)
        for d in range(-inner.h, inner.w + inner.h, step):  # gold studs where the lattice lines cross
            for j in range(0, 2 * inner.h // step + 2):
                pygame.draw.circle(field, GOLD, (d + j * step / 2, j * step / 2), thin * 1.8)
        radius = self._radius(self._k) - margin // 2
        _clip_rounded(field, max(2, radius))
        s.blit(field, inner.topleft)
        pygame.draw.rect(s, GOLD, inner, thin * 2, max(2, radius))
        pygame.draw.rect(s, GOLD_LIGHT, inner.inflate(-thin * 8, -thin * 8), thin, max(2, radius - thin * 4))
        corner = W * 0.11
        for x, y in (
            (inner.left, inner.top),
            (inner.right, inner.top),
            (inner.left, inner.bottom),
            (inner.right, inner.bottom),
        ):
            at = (x + corner if x == inner.left else x - corner, y + corner if y == inner.top else y - corner)
            pygame.draw.circle(s, BACK_DEEP, at, W * 0.055)
            pygame.draw.polygon(s, GOLD, star_points(at, W * 0.06, W * 0.018, 4, -math.pi / 2))
            pygame.draw.circle(s, GOLD_LIGHT, at, W * 0.012)
        cx, cy = inner.center
        r = W * 0.27
        pygame.draw.circle(s, GOLD_DARK, (cx, cy), r + thin * 3)
        pygame.draw.circle(s, BACK_DEEP, (cx, cy), r)
        pygame.draw.circle(s, GOLD, (cx, cy), r, thin * 2)
        pygame.draw.circle(s, GOLD_LIGHT, (cx, cy), r * 0.86, thin)
        for turn in (0.0, math.pi / 8):
            pygame.draw.polygon(s, GOLD, star_points((cx, cy), r * 0.78, r * 0.42, 8, turn - math.pi / 2))
        pygame.draw.circle(s, BACK_BRIGHT, (cx, cy), r * 0.34)
        pygame.draw.circle(s, GOLD_LIGHT, (cx, cy), r * 0.34, thin * 2)
        pygame.draw.polygon(s, GOLD_LIGHT, star_points((cx, cy), r * 0.24, r * 0.1, 4, -math.pi / 2))
        return s


# ------------------------------------------------------------------------------------------------ contact sheet


def contact_sheet(heights: Sequence[int] = (90, 180), four_colour: bool = False) -> pygame.Surface:
    """Every face and the back at each height, then a fanned 17-card hand, on a green table."""
    deck = DeckSpec().build()
    arts = [CardArt(round(h * 0.7), h, four_colour) for h in heights]
    per_row = 14
    gap = 8
    width = max(per_row * (a.size[0] + gap) for a in arts) + gap
    rows = [(a, deck[i : i + per_row]) for a in arts for i in range(0, len(deck), per_row)]
    fan_art = arts[-1]
    height = sum(a.size[1] + gap for a, _ in rows) + fan_art.size[1] + 4 * gap
    sheet = pygame.Surface((width, height))
    sheet.fill((18, 92, 58))
    y = gap
    for art, cards in rows:
        x = gap
        for card in cards:
            sheet.blit(art.face(card), (x, y))
            x += art.size[0] + gap
        if len(cards) < per_row:
            sheet.blit(art.back(), (x, y))
        y += art.size[1] + gap
    hand = sorted(deck[::3][:17], key=lambda c: (c.rank, c.suit or 0))
    step = round(fan_art.size[0] * 0.34)
    x, y = gap * 2, y + gap * 2
    for i, card in enumerate(hand):
        lifted = i in (3, 4)  # two selected cards, raised and highlighted as the play scene does
        top = y - fan_art.size[1] // 6 if lifted else y
        ox, oy = fan_art.shadow_offset
        sheet.blit(fan_art.shadow(), (x + ox, top + oy))
        sheet.blit(fan_art.face(card), (x, top))
        if lifted:
            sheet.blit(fan_art.highlight(), (x, top))
        x += step
    return sheet


def main(argv: Sequence[str] | None = None) -> None:
    import argparse
    import time

    parser = argparse.ArgumentParser(description="Write a contact sheet of the card art.")
    parser.add_argument("--sheet", required=True, help="PNG path to write")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--heights", default="90,180", help="comma-separated card heights")
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    started = time.perf_counter()
    sheet = contact_sheet([int(h) for h in args.heights.split(",")], args.four_colour)
    print(f"drew the sheet in {time.perf_counter() - started:.2f} s")
    pygame.image.save(sheet, args.sheet)


if __name__ == "__main__":
    main()
