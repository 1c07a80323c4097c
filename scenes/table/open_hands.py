"""Where the replay lays an opponent's hand face up: a free spot by its seat that nothing else on the table uses, and
each card's place in it, in rows (a wide spot) or columns (a tall one), every card's corner index left showing.

Pure geometry on the fitted layout, so it holds for two, three and four seats and any window size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

Px = Callable[[float], int]

INDEX_SHOWN = 0.34  # of a card's height: a column's step that still shows the corner index


def spot_for(seat_box: pygame.Rect, screen: pygame.Rect, taken: Sequence[pygame.Rect], px: Px) -> pygame.Rect:
    """The first place by the seat that is on screen and clear of everything `taken`; when none is, the one that
    covers the least."""
    places = [p for p in candidates(seat_box, screen, px) if screen.contains(p)]
    return min(places, key=lambda p: sum(_overlap(p, t) for t in taken))  # min keeps the first of equals


def candidates(seat_box: pygame.Rect, screen: pygame.Rect, px: Px) -> list[pygame.Rect]:
    """Below the seat in two rows; in a row beside it, where its fan of backs lies at the live table (the seat at the
    top, under the stake plate); in two columns beside it, towards the table; one long row above it; two rows above
    it. In that order of preference."""
    r, gap = seat_box, px(14)
    side = (r.centerx > screen.centerx) - (r.centerx < screen.centerx)  # -1 left, 0 middle, 1 right of the table

    def aligned(area: pygame.Rect) -> pygame.Rect:
        if side < 0:
            area.left = r.left
        elif side > 0:
            area.right = r.right
        else:
            area.centerx = r.centerx
        return area

    below = aligned(pygame.Rect(0, r.bottom + gap, px(500), px(146)))
    above = aligned(pygame.Rect(0, r.top - gap - px(146), px(500), px(146)))
    band = pygame.Rect(0, 0, px(820), px(90))
    band.midbottom = (r.centerx, r.top - px(3))
    beside = pygame.Rect(0, r.top, px(746), r.height)
    if side <= 0:
        beside.left = r.right + gap
    else:
        beside.right = r.left - gap
    found = [below, beside]
    if side:
        column = pygame.Rect(0, r.top, px(144), px(530))
        if side < 0:
            column.left = r.right + gap
        else:
            column.right = r.left - gap
        found.append(column)
    return [*found, band, above]


def card_positions(area: pygame.Rect, count: int, card: tuple[int, int], toward: int) -> list[tuple[int, int]]:
    """Top-left corners of `count` cards in `area`: rows for a wide area (aligned to the `toward` side: -1 left,
    0 centred, 1 right), columns for a tall one."""
    if not count:
        return []
    w, h = card
    if area.width < area.height:
        columns = max(1, min(2, area.width // w))
        per = math.ceil(count / columns)
        step = min(h * INDEX_SHOWN, (area.height - h) / max(1, per - 1))
        gap = (area.width - columns * w) // max(1, columns)
        return [(area.x + (k // per) * (w + gap), round(area.y + (k % per) * step)) for k in range(count)]
    roomy = count == 1 or (area.width - w) / (count - 1) >= w * 0.45  # one row while its cards stay readable
    rows = 1 if roomy or area.height < h * 1.5 else 2  # the second row lies half a card lower
    per = math.ceil(count / rows)
    step = min(w * 0.72, (area.width - w) / max(1, per - 1))
    corners = []
    for k in range(count):
        row, col = divmod(k, per)
        width = w + step * (min(per, count - row * per) - 1)
        left = area.left if toward < 0 else area.right - width if toward > 0 else area.centerx - width / 2
        corners.append((round(left + col * step), round(area.y + row * h * 0.5)))
    return corners


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height
