"""Table effects: the core's events turned into short-lived things to watch (a bomb's shockwave, the rocket's launch,
an airplane, a run's sweep of light, the spring banner, winning confetti) and the HUD's multiplier counter.

`effects_for(event, stage, reduced)` is the one map from events to effects. Every effect is a small object whose
clock advances only in `update(dt)` (which says whether it is still alive) and which draws itself from cached
surfaces. With reduced motion an event gets at most a brief static `Glow` or a still banner: nothing shakes, flies
or falls. One module over 350 lines on purpose: the effects are small siblings of one protocol behind that one map,
and tuning one is done against the others.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

import pygame
from pygame import gfxdraw

from game import events as ev
from game.kinds import Kind
from scenes.art.cache import cache
from scenes.art.text import text
from scenes.art.tween import out_back, out_cubic
from scenes.art.widgets import blit_faded
from scenes.words.i18n import tr

GOLD = (247, 206, 92)
FLAME = (255, 150, 40)
SURFACES = cache("effects", mib=40)
FLAKES = cache("confetti", mib=2)  # confetti pieces: 6 colours x 3 widths x 24 angles
SHOCKWAVE = 560  # the shockwave's reach in reference pixels
AIRPLANES = (Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)
RUNS = (Kind.STRAIGHT, Kind.PAIR_RUN)


Spot = Callable[[tuple[int, int], tuple[int, int]], tuple[pygame.Rect, float]]
"""(banner size, preferred centre) -> where the banner goes and its scale (see `scenes.table.clearance`)."""


class Effect(Protocol):
    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; False once the effect is over."""

    def draw(self, surface: pygame.Surface) -> None: ...


@dataclass(frozen=True)
class Stage:
    """Where effects happen, in window pixels: the window, the layout's scale, where a seat's play lies and where a
    banner may go."""

    size: tuple[int, int]
    scale: float
    play_area: Callable[[int, int], pygame.Rect]  # (seat, cards) -> the rectangle those played cards cover
    rng: random.Random
    spot: Spot  # where a banner goes clear of the cards on screen
    place: Callable[[int], int] = lambda seat: seat  # seat -> where it sits counted from you (0: you, at the bottom)

    def px(self, reference: float) -> int:
        return max(1, round(reference * self.scale))


def effects_for(event: ev.Event, stage: Stage, reduced: bool) -> list[Effect]:
    """What the table shows for one event of the core."""
    match event:
        case ev.Played(seat, _, reading, cards):
            area = stage.play_area(seat, len(cards))
            kind = reading.kind
            if kind not in (Kind.BOMB, Kind.ROCKET, *AIRPLANES, *RUNS):
                return []
            if reduced:
                return [Glow(area.inflate(stage.px(24), stage.px(24)), stage.px(6))]
            if kind is Kind.BOMB:
                return [
                    Shockwave(area.center, stage.px(SHOCKWAVE)),
                    Sparks(area.center, stage.px(900), 36, stage.rng),
                    Shake(0.5, stage.px(22)),
                ]
            if kind is Kind.ROCKET:
                start = (area.centerx, area.centery - stage.px(40))
                return [Rocket(start, stage.scale, stage.rng), Shake(0.3, stage.px(10))]
            if kind in AIRPLANES:
                return [Plane(stage.size, area.centery - stage.px(40), stage.place(seat) == 1, stage.scale)]
            return [Sweep(area)]
        case ev.Doubled(reason, multiplier) if reason in RIBBON_TITLES:
            prefer = (stage.size[0] // 2, round(stage.size[1] * RIBBON_HEIGHT))
            return [Ribbon(reason, multiplier, prefer, stage, reduced)]
    return []


class Effects:
    """The live effects at the table, oldest drawn first."""

    def __init__(self) -> None:
        self.live: list[Effect] = []

    def add(self, effects: list[Effect]) -> None:
        self.live.extend(effects)

    def update(self, dt: float) -> None:
        self.live = [e for e in self.live if e.update(dt)]

    def draw(self, surface: pygame.Surface) -> None:
        for effect in self.live:
            effect.draw(surface)

    def offset(self) -> tuple[int, int]:
        """How far the shaking table is pushed this frame."""
        x = y = 0
        for effect in self.live:
            if isinstance(effect, Shake):
                dx, dy = effect.offset()
                x, y = x + dx, y + dy
        return x, y

    def banners(self) -> list[pygame.Rect]:
        """Where the live ribbons are: the table's banner keeps clear of them."""
        return [effect.place()[0] for effect in self.live if isinstance(effect, Ribbon)]

    def clear(self) -> None:
        self.live.clear()


class Ticker:
    """The HUD's multiplier: when the hand's multiplier doubles, the shown value steps up one doubling at a time,
    each step with a pop; a new hand (a lower value) is shown at once."""

    STEP = 0.32  # seconds per doubling

    def __init__(self, value: int = 1) -> None:
        self.shown = self.target = value
        self.age = self.STEP  # time since the last step

    def follow(self, value: int, dt: float) -> None:
        self.age += dt
        self.target = value
        if value < self.shown:
            self.shown, self.age = value, self.STEP
        elif value > self.shown and self.age >= self.STEP:
            self.shown, self.age = min(value, self.shown * 2), 0.0

    @property
    def pop(self) -> float:
        """1 just after a step, falling to 0 over one step."""
        return max(0.0, 1.0 - self.age / self.STEP)


class Shake:
    """The table jolts and settles."""

    def __init__(self, duration: float, amplitude: int) -> None:
        self.duration, self.amplitude, self.t = duration, amplitude, 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def offset(self) -> tuple[int, int]:
        decay = max(0.0, 1 - self.t / self.duration) ** 2
        a = self.amplitude * decay
        return round(math.sin(self.t * 71) * a), round(math.cos(self.t * 53) * a * 0.6)

    def draw(self, surface: pygame.Surface) -> None:
        """A shake moves the cards (see `Effects.offset`); it draws nothing of its own."""


def _flash(radius: int) -> pygame.Surface:
    """The blast's white-hot core: a round glow, opaque in the middle and gone at its edge."""

    def make() -> pygame.Surface:
        made = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
        for i in range(radius, 0, -2):
            a = round(255 * (1 - i / (radius + 1)) ** 1.4)
            pygame.draw.circle(made, (255, 240, 200, a), (radius, radius), i)
        return made.convert_alpha()

    return SURFACES.get(("flash", radius), make)


class Shockwave:
    """A bomb's ring of light racing out from the played cards after a white flash. The ring is drawn each frame as
    thin translucent circles (no huge cached images): about a millisecond at 1080p."""

    def __init__(self, center: tuple[int, int], radius: int, duration: float = 0.75) -> None:
        self.center, self.radius, self.duration, self.t = center, radius, duration, 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface) -> None:
        k = min(1.0, self.t / self.duration)
        cx, cy = self.center
        if k < 0.3:
            flash = _flash(self.radius // 3)
            blit_faded(surface, flash, flash.get_rect(center=self.center), round(255 * (1 - k / 0.3)))
        r = max(4, round(self.radius * out_cubic(k)))
        glow = max(3, round(self.radius * 0.06 * (1 - 0.5 * k)))
        light = (1 - k) ** 1.2
        for i in range(-glow, glow + 1):
            edge = 1 - abs(i) / (glow + 1)
            alpha = round(240 * light * edge**1.3)
            if alpha and r + i > 0:
                gfxdraw.circle(surface, cx, cy, r + i, (255, round(200 + 55 * edge), round(120 + 110 * edge), alpha))


def _dot(radius: int, color: tuple[int, int, int], light: int) -> pygame.Surface:
    """A soft round glow (additive), at one of a few brightness levels."""

    def make() -> pygame.Surface:
        made = pygame.Surface((2 * radius + 1, 2 * radius + 1))
        for i in range(radius, 0, -1):
            v = light / 8 * (1 - i / (radius + 1)) ** 1.5
            pygame.draw.circle(made, [round(ch * v) for ch in color], (radius, radius), i)
        return made.convert()

    return SURFACES.get(("dot", radius, color, light), make)


class Sparks:
    """Hot embers thrown out in every direction, slowing and dimming."""

    def __init__(self, center: tuple[int, int], reach: int, count: int, rng: random.Random) -> None:
        self.t, self.duration = 0.0, 0.9
        self.sparks = []
        for _ in range(count):
            angle = rng.uniform(0, 2 * math.pi)
            speed = reach * rng.uniform(0.6, 1.4)
            self.sparks.append([float(center[0]), float(center[1]), math.cos(angle) * speed, math.sin(angle) * speed])
        self.size = max(3, reach // 90)
        self.gravity = reach * 1.6  # embers arc down as they slow

    def update(self, dt: float) -> bool:
        self.t += dt
        drag = math.exp(-3.5 * dt)
        for s in self.sparks:
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[2] *= drag
            s[3] = s[3] * drag + self.gravity * dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface) -> None:
        light = max(1, round(8 * (1 - self.t / self.duration)))
        image = _dot(self.size, FLAME, light)
        half = self.size
        for x, y, _, _ in self.sparks:
            surface.blit(image, (round(x) - half, round(y) - half), special_flags=pygame.BLEND_ADD)


class Puffs:
    """A trail: glowing puffs left behind a moving thing, each growing and fading."""

    def __init__(self, color: tuple[int, int, int], radius: int, life: float) -> None:
        self.color, self.radius, self.life = color, radius, life
        self.puffs: list[list[float]] = []  # x, y, drift x, drift y, age

    def emit(self, x: float, y: float, dx: float = 0.0, dy: float = 0.0) -> None:
        self.puffs.append([x, y, dx, dy, 0.0])

    def line(self, start: tuple[float, float], end: tuple[float, float], spacing: float) -> None:
        """Puffs every `spacing` pixels from `start` to `end`: an unbroken trail however fast the thing moves."""
        steps = max(1, round(math.dist(start, end) / spacing))
        for i in range(1, steps + 1):
            k = i / steps
            self.emit(start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)

    def update(self, dt: float) -> None:
        for p in self.puffs:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[4] += dt
        self.puffs = [p for p in self.puffs if p[4] < self.life]

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _, _, age in self.puffs:
            k = age / self.life
            r = max(2, round(self.radius * (0.5 + k) / 4) * 4)  # a few sizes, all cached
            image = _dot(r, self.color, max(1, round(8 * (1 - k))))
            surface.blit(image, (round(x) - r, round(y) - r), special_flags=pygame.BLEND_ADD)


def _rocket(u: float) -> pygame.Surface:
    """A cartoon rocket pointing up, `u` pixels to a design unit: red nose and fins, cream body, a porthole."""

    def make() -> pygame.Surface:
        made = pygame.Surface((round(70 * u), round(170 * u)), pygame.SRCALPHA)
        line = max(1, round(2 * u))
        cx = 35 * u
        ink, red, cream = (90, 10, 10), (210, 44, 44), (245, 238, 220)
        for side in (1, -1):
            fin = [(cx + side * x * u, y * u) for x, y in ((15, 100), (35, 140), (35, 165), (15, 148))]
            pygame.draw.polygon(made, red, fin)
            pygame.draw.polygon(made, ink, fin, line)
        body = pygame.Rect(0, 0, round(34 * u), round(120 * u))
        body.midtop = (round(cx), round(32 * u))
        pygame.draw.ellipse(made, cream, body)
        pygame.draw.ellipse(made, (120, 110, 100), body, line)
        pygame.draw.rect(made, (225, 216, 196), (round(cx + 6 * u), round(50 * u), round(7 * u), round(80 * u)))
        nose = [(cx - 15 * u, 52 * u), (cx, 2 * u), (cx + 15 * u, 52 * u)]
        pygame.draw.polygon(made, red, nose)
        pygame.draw.polygon(made, ink, nose, line)
        pygame.draw.circle(made, (70, 140, 220), (round(cx), round(82 * u)), 9 * u)
        pygame.draw.circle(made, (40, 40, 60), (round(cx), round(82 * u)), 9 * u, line)
        pygame.draw.circle(made, (200, 230, 255), (round(cx - 3 * u), round(79 * u)), 3 * u)
        nozzle = pygame.Rect(0, 0, round(20 * u), round(14 * u))
        nozzle.midtop = (round(cx), round(148 * u))
        pygame.draw.rect(made, (80, 80, 90), nozzle, border_radius=max(1, round(3 * u)))
        return made.convert_alpha()

    return SURFACES.get(("rocket", round(u, 2)), make)


class Rocket:
    """The rocket shivers on the play as it ignites, then launches and flies off the top with a fiery trail."""

    IGNITION = 0.35

    def __init__(self, start: tuple[int, int], scale: float, rng: random.Random) -> None:
        self.scale, self.rng = scale, rng
        self.image = _rocket(1.5 * scale)
        self.x, self.y = float(start[0]), float(start[1])
        self.start_y = self.y
        self.t = 0.0
        self.trail = Puffs(FLAME, max(6, round(30 * scale)), 0.6)
        self.smoke = Puffs((110, 104, 96), max(6, round(44 * scale)), 0.9)

    def nozzle(self) -> tuple[float, float]:
        return self.x, self.y + self.image.get_height() / 2

    def update(self, dt: float) -> bool:
        self.t += dt
        before = self.nozzle()
        if self.t >= self.IGNITION:
            lift = self.t - self.IGNITION
            self.y = self.start_y - (1600 * lift * lift + 200 * lift) * self.scale
        after = self.nozzle()
        if self.t < self.IGNITION:  # smoke billows out sideways from under the rocket
            spread = 260 * self.scale
            self.smoke.emit(
                after[0], after[1], self.rng.uniform(-spread, spread), self.rng.uniform(-20, 30) * self.scale
            )
        elif after[1] > -self.image.get_height():
            self.trail.line(before, after, 10 * self.scale)
        self.trail.update(dt)
        self.smoke.update(dt)
        return after[1] > -self.image.get_height() or bool(self.trail.puffs or self.smoke.puffs)

    def draw(self, surface: pygame.Surface) -> None:
        self.smoke.draw(surface)
        self.trail.draw(surface)
        h = self.image.get_height()
        if self.y + h / 2 < 0:
            return
        shiver = 0 if self.t >= self.IGNITION else round(math.sin(self.t * 90) * 3 * self.scale)
        x, y = self.nozzle()
        flame = _dot(max(8, round((34 + 8 * math.sin(self.t * 50)) * self.scale) // 4 * 4), (255, 200, 90), 8)
        surface.blit(flame, flame.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_ADD)
        surface.blit(self.image, self.image.get_rect(center=(round(self.x) + shiver, round(self.y))))


def _plane(u: float, facing_left: bool) -> tuple[pygame.Surface, pygame.Surface]:
    """A propeller airliner seen from the side, `u` pixels to a design unit, and its shadow on the felt."""

    def make() -> pygame.Surface:
        made = pygame.Surface((round(300 * u), round(110 * u)), pygame.SRCALPHA)
        line = max(1, round(2 * u))
        hull, ink, red = (240, 240, 245), (60, 70, 90), (200, 40, 50)

        def pts(*xy: tuple[float, float]) -> list[tuple[float, float]]:
            return [(x * u, y * u) for x, y in xy]

        tail = pts((20, 55), (8, 8), (40, 8), (80, 50))
        pygame.draw.polygon(made, red, tail)
        pygame.draw.polygon(made, ink, tail, line)
        body = pygame.Rect(round(15 * u), round(42 * u), round(270 * u), round(36 * u))
        pygame.draw.ellipse(made, hull, body)
        pygame.draw.rect(made, hull, (round(40 * u), round(42 * u), round(200 * u), round(36 * u)))
        pygame.draw.ellipse(made, ink, body, line)
        pygame.draw.line(made, red, (30 * u, 67 * u), (272 * u, 67 * u), max(1, round(5 * u)))
        for k in range(9):
            pygame.draw.circle(made, (70, 140, 220), ((95 + k * 18) * u, 54 * u), 4 * u)
        pygame.draw.polygon(made, (120, 190, 240), pts((258, 47), (280, 55), (258, 57)))
        wing = pts((120, 64), (185, 64), (150, 106), (118, 106))
        pygame.draw.polygon(made, (214, 216, 224), wing)
        pygame.draw.polygon(made, ink, wing, line)
        pygame.draw.ellipse(made, (150, 150, 160), (round(285 * u), round(28 * u), round(8 * u), round(64 * u)))
        if facing_left:
            made = pygame.transform.flip(made, True, False)
        return made.convert_alpha()

    key = (round(u, 2), facing_left)
    image = SURFACES.get(("plane", *key), make)

    def shade() -> pygame.Surface:
        dark = image.copy()
        dark.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
        dark.fill((255, 255, 255, 60), special_flags=pygame.BLEND_RGBA_MIN)
        return dark

    return image, SURFACES.get(("plane shadow", *key), shade)


class Plane:
    """An airplane crosses the whole table over the play, with a contrail and its shadow on the felt."""

    DURATION = 1.9

    def __init__(self, size: tuple[int, int], y: int, leftward: bool, scale: float) -> None:
        self.width, self.y, self.leftward, self.scale = size[0], y, leftward, scale
        self.image, self.shadow = _plane(1.4 * scale, leftward)
        self.t = 0.0
        self.trail = Puffs((190, 200, 210), max(6, round(16 * scale)), 0.8)

    def position(self) -> tuple[float, float]:
        w = self.image.get_width()
        x = -w / 2 + (self.width + w) * min(1.0, self.t / self.DURATION)
        return (self.width - x if self.leftward else x), self.y + math.sin(self.t * 4) * 12 * self.scale

    def tail(self) -> tuple[float, float]:
        x, y = self.position()
        half = self.image.get_width() * 0.45
        return (x + half if self.leftward else x - half), y - self.image.get_height() * 0.1

    def update(self, dt: float) -> bool:
        before = self.tail()
        self.t += dt
        if self.t < self.DURATION:
            self.trail.line(before, self.tail(), 8 * self.scale)
        self.trail.update(dt)
        return self.t < self.DURATION or bool(self.trail.puffs)

    def draw(self, surface: pygame.Surface) -> None:
        self.trail.draw(surface)
        if self.t >= self.DURATION:
            return
        x, y = self.position()
        rect = self.image.get_rect(center=(round(x), round(y)))
        surface.blit(self.shadow, rect.move(round(50 * self.scale), round(170 * self.scale)))
        surface.blit(self.image, rect)


def _band(height: int) -> pygame.Surface:
    """A slanted band of warm light, strongest in its middle: it gilds the white cards it passes over."""

    def make() -> pygame.Surface:
        width = max(8, height * 3 // 4)
        slant = height // 3
        made = pygame.Surface((width + slant, height), pygame.SRCALPHA)
        for i in range(width):
            v = math.sin(math.pi * i / (width - 1)) ** 2
            pygame.draw.line(made, (255, 214, 90, round(170 * v)), (i + slant, 0), (i, height - 1), 2)
        return made.convert_alpha()

    return SURFACES.get(("band", height), make)


class Sweep:
    """A run's light: a gleam slides across the played cards, left to right."""

    def __init__(self, area: pygame.Rect, duration: float = 0.6) -> None:
        self.area, self.duration, self.t = area.copy(), duration, 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface) -> None:
        band = _band(self.area.height)
        travel = self.area.width + band.get_width()
        x = self.area.x - band.get_width() + round(travel * out_cubic(min(1.0, self.t / self.duration)))
        clip = surface.get_clip()
        surface.set_clip(self.area.clip(clip) if clip else self.area)
        surface.blit(band, (x, self.area.y))
        surface.set_clip(clip)


def _glow(size: tuple[int, int], width: int, alpha: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        made = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(4, width * 3)
        pygame.draw.rect(made, (*GOLD, alpha // 5), made.get_rect(), border_radius=radius)
        pygame.draw.rect(made, (*GOLD, alpha), made.get_rect(), width, radius)
        return made.convert_alpha()

    return SURFACES.get(("glow", size, width, alpha), make)


class Glow:
    """Reduced motion's stand-in: a still gold frame around the play that fades out."""

    def __init__(self, rect: pygame.Rect, width: int, duration: float = 0.9) -> None:
        self.rect, self.width, self.duration, self.t = rect.copy(), width, duration, 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.duration

    def draw(self, surface: pygame.Surface) -> None:
        alpha = round(230 * (1 - self.t / self.duration) / 23) * 23  # a few levels, all cached
        if alpha:
            surface.blit(_glow(self.rect.size, self.width, alpha), self.rect)


def _ribbon(title: str, unit: float) -> pygame.Surface:
    """A red ribbon banner with folded ends, gold rims and the title in gold; room on the right for the multiplier."""

    def make() -> pygame.Surface:
        words = text(title, max(12, round(96 * unit)), GOLD, True, (90, 10, 10))
        pad = round(60 * unit)
        w = words.get_width() + round(RIBBON_NOTE * unit) + 3 * pad
        h = round(150 * unit)
        tail = round(80 * unit)
        drop = round(28 * unit)
        made = pygame.Surface((w + 2 * tail, h + drop), pygame.SRCALPHA)
        for side in (0, 1):  # the folded ends, behind the band
            x0 = 0 if side == 0 else w + tail
            end = [(x0, drop), (x0 + tail, drop), (x0 + tail, h + drop), (x0, h + drop)]
            notch = (x0 + tail * 0.45, drop + h / 2) if side == 0 else (x0 + tail * 0.55, drop + h / 2)
            pts = [end[0], end[1], end[2], end[3], notch] if side == 0 else [end[1], end[0], end[3], end[2], notch]
            pygame.draw.polygon(made, (140, 20, 24), pts)
            inner = tail if side == 0 else w + tail
            fold = [(inner, h), (inner, h + drop), (inner - drop if side == 0 else inner + drop, h)]
            pygame.draw.polygon(made, (80, 8, 10), fold)
        pygame.draw.rect(made, (200, 30, 36), (tail, 0, w, h))
        pygame.draw.rect(made, (230, 70, 60), (tail, 0, w, h // 3))
        rim = max(2, round(6 * unit))
        for y in (rim * 2, h - rim * 3):
            pygame.draw.line(made, GOLD, (tail, y), (tail + w, y), rim)
        made.blit(words, words.get_rect(midleft=(tail + pad, h // 2)))
        return made.convert_alpha()

    return SURFACES.get(("ribbon", title, unit), make)


def _ribbon_zoomed(title: str, unit: float, k: float) -> pygame.Surface:
    image = _ribbon(title, unit)
    size = (round(image.get_width() * k), round(image.get_height() * k))
    return SURFACES.get(("ribbon zoom", title, unit, k), lambda: pygame.transform.smoothscale(image, size))


RIBBON_TITLES = {"spring": "table.ribbon_spring", "reverse_spring": "table.ribbon_reverse_spring"}  # catalogue keys
RIBBON_HEIGHT = 0.24  # where the ribbon would rather be, as a fraction of the window height: above the result banner
RIBBON_NOTE = 150  # reference pixels kept on the ribbon for "×64"
POP_STEPS = [round(0.4 + 0.6 * out_back(i / 8), 2) for i in range(8)]  # the ribbon's sizes as it slams in


class Ribbon:
    """The spring banner: it slams in with an overshoot, holds, then fades; with reduced motion it simply shows.
    The multiplier is written on it once it has landed. It lies where the stage finds room for it, nearest its
    preferred centre, shrunk if the cards on the table leave no room for its full size."""

    HOLD = 2.2
    POP = 0.3

    def __init__(self, reason: str, multiplier: int, prefer: tuple[int, int], stage: Stage, still: bool) -> None:
        self.title, self.note = tr(RIBBON_TITLES[reason]), f"×{multiplier}"
        self.scale, self.prefer, self.spot, self.still, self.t = stage.scale, prefer, stage.spot, still, 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t < self.HOLD

    def place(self) -> tuple[pygame.Rect, float]:
        """The landed ribbon's rectangle and its scale, clear of the cards on screen now."""
        return self.spot(_ribbon(self.title, self.scale).get_size(), self.prefer)

    def draw(self, surface: pygame.Surface) -> None:
        spot, k = self.place()
        landed = self.still or self.t >= self.POP
        step = min(len(POP_STEPS) - 1, int(self.t / self.POP * len(POP_STEPS)))
        zoom = k if landed else round(k * POP_STEPS[step], 2)
        image = _ribbon(self.title, self.scale) if zoom == 1 else _ribbon_zoomed(self.title, self.scale, zoom)
        fade = min(1.0, (self.HOLD - self.t) / 0.3)
        rect = blit_faded(surface, image, image.get_rect(center=spot.center), round(255 * fade))
        if landed:
            unit = self.scale * k
            note = text(self.note, max(10, round(48 * unit)), (255, 248, 230), True, (60, 0, 0))
            at = (rect.right - round((80 + 60 + RIBBON_NOTE / 2) * unit), rect.y + round(75 * unit))
            blit_faded(surface, note, note.get_rect(center=at), round(255 * fade))


def warm(scale: float) -> Iterator[None]:
    """Draw the big effect images for a window's scale ahead of their use, one per step (the app runs the steps
    between the title's frames), so no frame at the table waits for one."""
    _flash(max(1, round(SHOCKWAVE * scale)) // 3)
    yield
    _rocket(1.5 * scale)
    yield
    for leftward in (False, True):
        _plane(1.4 * scale, leftward)
        yield
    for title in RIBBON_TITLES.values():
        for k in POP_STEPS:
            _ribbon_zoomed(title, scale, k)
            yield


CONFETTI_COLOURS = ((247, 206, 92), (232, 72, 60), (80, 170, 240), (120, 220, 140), (250, 250, 250), (200, 120, 230))


def _flake(color: tuple[int, int, int], w: int, h: int, angle: int) -> pygame.Surface:
    """A piece of confetti at one of a few widths (it flips as it falls) and 24 angles."""
    return FLAKES.get(
        ("flake", color, w, h, angle),
        lambda: pygame.transform.rotate(_flat(color, w, h), angle).convert_alpha(),
    )


def _flat(color: tuple[int, int, int], w: int, h: int) -> pygame.Surface:
    made = pygame.Surface((w, h), pygame.SRCALPHA)
    made.fill(color)
    pygame.draw.line(made, [min(255, c + 50) for c in color], (0, 0), (w, 0))
    return made


class Confetti:
    """Two bursts of paper from the bottom corners that flutter down over the settlement."""

    DURATION = 7.0  # at most: it ends as soon as the last piece has fallen out of sight

    def __init__(self, size: tuple[int, int], scale: float, rng: random.Random, count: int = 150) -> None:
        self.size, self.scale, self.t = size, scale, 0.0
        w, h = size
        self.bits: list[list[float]] = []  # x, y, vx, vy, angle, spin, flip phase, colour index
        for k in range(count):
            left = k % 2 == 0
            angle = math.radians(rng.uniform(55, 80))
            speed = rng.uniform(2.4, 3.2) * h
            vx = math.cos(angle) * speed * (1 if left else -1)
            x = -10.0 if left else w + 10.0
            self.bits.append(
                [
                    x,
                    h + 10.0,
                    vx,
                    -math.sin(angle) * speed,
                    rng.uniform(0, 360),
                    rng.uniform(-400, 400),
                    rng.uniform(0, 6.3),
                    k % len(CONFETTI_COLOURS),
                ]
            )

    def update(self, dt: float) -> bool:
        self.t += dt
        drag = math.exp(-2.1 * dt)
        for b in self.bits:
            b[2] *= drag
            b[3] = b[3] * drag + 950 * self.scale * dt
            b[3] = min(b[3], 260 * self.scale)  # paper falls slowly once it has lost its push
            b[0] += (b[2] + math.sin(self.t * 4 + b[6]) * 60 * self.scale) * dt
            b[1] += b[3] * dt
            b[4] += b[5] * dt
        return self.t < self.DURATION and any(b[1] < self.size[1] + 20 for b in self.bits)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = max(4, round(16 * self.scale)), max(2, round(9 * self.scale))
        for x, y, _, _, angle, _, phase, colour in self.bits:
            squash = max(1, round(h * round(abs(math.cos(self.t * 6 + phase)) * 2) / 2))
            image = _flake(CONFETTI_COLOURS[int(colour)], w, squash, int(angle) // 15 % 24 * 15)
            surface.blit(image, (round(x), round(y)))


def clear() -> None:
    """The window changed size: every cached effect image is remade at the new scale."""
    SURFACES.clear()
    FLAKES.clear()
