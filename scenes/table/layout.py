"""The table layout: `assets/table.tmx` read once with pytmx into a frozen name -> rect table.

The map is drawn for a 1920x1080 reference. `Layout.fit(size)` scales it uniformly by
min(width / 1920, height / 1080) and keeps each object at its distance from the window edge named by its
`h` / `v` properties (left, center, right, stretch / top, middle, bottom, stretch), so 4:3 and 16:10 windows
spread the table to their edges instead of stretching cards. An object named `name@N` replaces `name` at a table of
N players (`Fitted.for_players`). This is the only module that imports pytmx.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pygame
import pytmx

from scenes.assets import ASSETS

REFERENCE = (1920, 1080)
DEFAULT_MAP = ASSETS / "table.tmx"

REQUIRED = (
    "card_hand",
    "card_table",
    "card_mini",
    "stake",
    "counter",
    "chip",
    "menu_button",
    "kitty",
    "deck",
    "banner",
    "message",
    "seat_south",
    "seat_east",
    "seat_west",
    "seat_north",
    "pile_east",
    "pile_west",
    "pile_north",
    "hand_south",
    "play_south",
    "play_east",
    "play_west",
    "play_north",
    "action_bar",
    "tools",
    "title_logo",
    "title_menu",
    "panel",
)
SEAT_ZONES: dict[int, tuple[str, ...]] = {  # by player count: the zone of each seat, in play order (counter-clockwise:
    2: ("south", "north"),  # the next seat is on your right)
    3: ("south", "east", "west"),
    4: ("south", "east", "north", "west"),
}
H_ANCHORS = ("left", "center", "right", "stretch")
V_ANCHORS = ("top", "middle", "bottom", "stretch")


class LayoutError(ValueError):
    """The map lacks an anchor or names an unknown edge."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """One map object at the reference size and the window edges it keeps its distance to."""

    rect: tuple[float, float, float, float]
    h: str
    v: str
    props: Mapping[str, object]


def _axis(start: float, length: float, anchor: str, ref: float, window: float, scale: float) -> tuple[float, float]:
    """(screen start, screen length) along one axis."""
    if anchor == "stretch":
        end = window - (ref - start - length) * scale
        return start * scale, end - start * scale
    if anchor in ("left", "top"):
        return start * scale, length * scale
    if anchor in ("right", "bottom"):
        return window - (ref - start) * scale, length * scale
    return window / 2 + (start - ref / 2) * scale, length * scale


@dataclass(frozen=True, slots=True)
class Fitted:
    """The layout for one window size: rects in screen pixels and the scale used for sizes and fonts."""

    size: tuple[int, int]
    scale: float
    rects: Mapping[str, pygame.Rect]
    props: Mapping[str, Mapping[str, object]]

    def __getitem__(self, name: str) -> pygame.Rect:
        return self.rects[name].copy()

    def px(self, reference_pixels: float) -> int:
        """A reference-size length (a font size, a margin) in screen pixels."""
        return max(1, round(reference_pixels * self.scale))

    def for_players(self, players: int) -> Fitted:
        """The layout of a table of `players`: each `name@players` object in place of `name`, other tables' gone."""
        suffix = f"@{players}"
        rects = {n: r for n, r in self.rects.items() if "@" not in n}
        props = {n: p for n, p in self.props.items() if "@" not in n}
        for name in self.rects:
            if name.endswith(suffix):
                base = name.removesuffix(suffix)
                rects[base], props[base] = self.rects[name], self.props[name]
        return Fitted(self.size, self.scale, MappingProxyType(rects), MappingProxyType(props))


@dataclass(frozen=True, slots=True)
class Layout:
    anchors: Mapping[str, Anchor]

    def fit(self, size: tuple[int, int]) -> Fitted:
        width, height = size
        scale = min(width / REFERENCE[0], height / REFERENCE[1])
        rects = {}
        for name, a in self.anchors.items():
            x, y, w, h = a.rect
            sx, sw = _axis(x, w, a.h, REFERENCE[0], width, scale)
            sy, sh = _axis(y, h, a.v, REFERENCE[1], height, scale)
            rects[name] = pygame.Rect(round(sx), round(sy), round(sw), round(sh))
        props = {name: a.props for name, a in self.anchors.items()}
        return Fitted(size, scale, MappingProxyType(rects), MappingProxyType(props))


def load_layout(path: Path = DEFAULT_MAP) -> Layout:
    """Read every named object of the map; raise LayoutError naming what is missing or malformed."""
    tiled = pytmx.TiledMap(str(path))
    anchors: dict[str, Anchor] = {}
    for obj in tiled.objects:
        if not obj.name:
            continue
        props = dict(obj.properties)
        h, v = str(props.pop("h", "left")), str(props.pop("v", "top"))
        if h not in H_ANCHORS or v not in V_ANCHORS:
            raise LayoutError(f"{obj.name}: unknown anchor h={h!r} v={v!r}")
        anchors[obj.name] = Anchor((obj.x, obj.y, obj.width, obj.height), h, v, MappingProxyType(props))
    unknown = [name for name in anchors if "@" in name and name.split("@")[0] not in anchors]
    if unknown:
        raise LayoutError(f"{path.name}: {', '.join(unknown)} replace nothing")
    missing = [name for name in REQUIRED if name not in anchors]
    if missing:
        raise LayoutError(f"{path.name} lacks {', '.join(missing)}")
    return Layout(MappingProxyType(anchors))
