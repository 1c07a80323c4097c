"""Free space for a banner: the spot nearest its preferred place that covers none of what is on screen (the cards
on the table, your hand, the seats), shrunk a step at a time when no spot of its full size is free.

The banner keeps its column (a banner off the table's axis looks misplaced) and moves only up or down, so the
search is exact: the centres a rectangle of the taken ones forbids form one interval, and the free centre nearest
the preferred one is the preferred one clamped into the nearest gap between those intervals.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

SHRINKS = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)  # the banner's sizes, tried in turn; tenths, as `widgets.zoomed` rounds


def clear_spot(
    size: tuple[int, int], prefer: tuple[int, int], taken: Iterable[pygame.Rect], bounds: pygame.Rect, gap: int
) -> tuple[pygame.Rect, float]:
    """Where a banner of `size` goes and the scale it is drawn at: centred on `prefer`'s column, inside `bounds`,
    at least `gap` pixels from every rectangle of `taken`, as near `prefer` as it may be at the largest scale that
    fits anywhere. When even the smallest fits nowhere, the smallest at `prefer` (it then covers something)."""
    taken = [r.inflate(2 * gap, 2 * gap) for r in taken]
    for k in SHRINKS:
        rect = pygame.Rect(0, 0, max(1, round(size[0] * k)), max(1, round(size[1] * k)))
        rect.center = prefer
        if rect.width > bounds.width:
            continue
        rect.clamp_ip(bounds)
        top = _nearest_top(rect, prefer[1] - rect.height // 2, taken, bounds)
        if top is not None:
            rect.top = top
            return rect, k
    rect.center = prefer
    return rect, SHRINKS[-1]


def _nearest_top(rect: pygame.Rect, wanted: int, taken: list[pygame.Rect], bounds: pygame.Rect) -> int | None:
    """The free top edge for `rect` (at its column) nearest `wanted`, or None when its column has no room for it."""
    h = rect.height
    blocked = sorted((r.top - h, r.bottom) for r in taken if r.left < rect.right and rect.left < r.right)
    best: int | None = None
    low = bounds.top  # the lowest top edge not yet ruled out
    last = bounds.bottom - h  # the lowest top edge inside the bounds
    for start, end in [*blocked, (last, bounds.bottom)]:  # a top strictly between start and end overlaps
        high = min(start, last)  # free tops run from `low` to `high`
        if low <= high:
            top = min(max(wanted, low), high)
            if best is None or abs(top - wanted) < abs(best - wanted):
                best = top
        low = max(low, end)
    return best
