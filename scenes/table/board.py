"""Card sprites on the table: where each visible card is, where it is going, and the order they are drawn in.

Sprites read the match's card ids and never own game truth: the scenes tell the board where cards should
be after each event and the board tweens them there.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame

from scenes.art.tween import Ease, Tween, out_cubic

RAISE = 0.16  # a raised card sits this fraction of its height above the others


@dataclass
class Sprite:
    """One card image on the table. `key` is the card id, or a tuple for anonymous backs in flight."""

    key: Hashable
    card: int | None
    size: str  # "hand", "table" or "mini": which CardArt draws it
    face_up: bool
    pos: tuple[float, float]
    tween: Tween | None = None
    dim: bool = False
    still: bool = False  # reduced motion: the card appears at its target when it would start moving

    def move_to(self, target: tuple[float, float], duration: float, delay: float = 0.0, ease: Ease = out_cubic):
        if self.tween is not None and self.tween.end == target:
            return
        if self.tween is None and self.pos == target:
            return
        if self.still:
            self.pos = target
        self.tween = Tween(self.pos, target, duration, delay, ease)

    def update(self, dt: float) -> None:
        if self.tween is None:
            return
        self.tween.update(dt)
        self.pos = self.tween.value
        if self.tween.done:
            self.tween = None

    @property
    def visible(self) -> bool:
        return self.tween is None or self.tween.started


def spread(count: int, card_w: int, width: int, max_step: float) -> float:
    """The horizontal step between overlapping cards so `count` of them fit in `width`."""
    if count <= 1:
        return 0.0
    return max(4.0, min(max_step, (width - card_w) / (count - 1)))


def row_positions(count: int, zone: pygame.Rect, card: tuple[int, int], align: str, max_step: float):
    """Top-left corners of `count` overlapping cards in `zone`, vertically centred, aligned left/center/right."""
    w, h = card
    step = spread(count, w, zone.width, max_step)
    total = w + step * max(0, count - 1)
    x0 = zone.x if align == "left" else zone.right - total if align == "right" else zone.centerx - total / 2
    y = zone.centery - h / 2
    return [(x0 + i * step, y) for i in range(count)]


class Board:
    """Every card sprite: the human's hand (in display order), the plays on the table and cards in flight."""

    def __init__(self) -> None:
        self.sprites: dict[Hashable, Sprite] = {}
        self.hand: list[int] = []  # the human's cards, left to right
        self.plays: dict[int, list[int]] = {}  # seat -> card ids of its last play on the table
        self.flying: list[Hashable] = []  # drawn above the table, below the hand
        self.landing: list[Hashable] = []  # anonymous backs that vanish when they arrive
        self._still = False

    @property
    def still(self) -> bool:
        """Reduced motion: no card flies; each appears where it goes when it would have set off, and the anonymous
        backs (a deal, the kitty going to a bot) are not shown at all: the piles' counts tell."""
        return self._still

    @still.setter
    def still(self, on: bool) -> None:
        self._still = on
        for s in self.sprites.values():
            s.still = on

    def clear(self) -> None:
        self.sprites.clear()
        self.hand.clear()
        self.plays.clear()
        self.flying.clear()
        self.landing.clear()

    def sprite(self, key: Hashable, card: int | None, size: str, face_up: bool, pos: tuple[float, float]) -> Sprite:
        found = self.sprites.get(key)
        if found is None:
            found = self.sprites[key] = Sprite(key, card, size, face_up, pos, still=self._still)
        found.size, found.face_up = size, face_up
        return found

    def update(self, dt: float) -> None:
        for s in self.sprites.values():
            s.update(dt)
        arrived = [k for k in self.landing if self.sprites[k].tween is None]
        for key in arrived:
            self.landing.remove(key)
            self.flying.remove(key)
            del self.sprites[key]

    @property
    def busy(self) -> bool:
        """Is any card still moving?"""
        return any(s.tween is not None for s in self.sprites.values())

    def launch_back(self, key: Hashable, start, end, duration: float, delay: float, size: str = "mini") -> None:
        """An anonymous card back flying from `start` to `end` (dealing, an opponent's play leaving its pile)."""
        if self._still:
            return
        s = self.sprite(key, None, size, False, start)
        s.move_to(end, duration, delay)
        self.flying.append(key)
        self.landing.append(key)

    def set_play(self, seat: int, cards: Sequence[int], targets: Sequence[tuple[float, float]], origin, delay=0.0):
        """Put a seat's play on the table: its old play goes, the new cards fly in from `origin` (or the hand)."""
        self.drop_play(seat)
        for card, target in zip(cards, targets, strict=True):
            start = self.sprites[card].pos if card in self.sprites else origin
            if card in self.hand:
                self.hand.remove(card)
            s = self.sprite(card, card, "table", True, start)
            s.dim = False
            s.move_to(target, 0.32, delay, out_cubic)
        self.plays[seat] = list(cards)

    def drop_play(self, seat: int) -> None:
        for card in self.plays.pop(seat, []):
            self.sprites.pop(card, None)

    def dim_plays(self) -> None:
        for cards in self.plays.values():
            for card in cards:
                self.sprites[card].dim = True

    def draw_order(self) -> list[Sprite]:
        order = [self.sprites[c] for cards in self.plays.values() for c in cards]
        order += [self.sprites[k] for k in self.flying]
        order += [self.sprites[c] for c in self.hand if c in self.sprites]
        return [s for s in order if s.visible]
