"""The bounded caches a long match relies on (issue 15: memory levels off): made surfaces by pixel budget, least
recently used out first, and the core's memos by entries."""

from __future__ import annotations

import pygame
import pytest

from game.memo import memo, occupancy
from scenes.art import cache
from scenes.art.cache import MIB, Surfaces, pixel_bytes
from scenes.art.widgets import zoomed


def square(colour: tuple[int, int, int], side: int = 64) -> pygame.Surface:
    made = pygame.Surface((side, side))
    made.fill(colour)
    return made


def test_least_recently_used_goes_first_and_the_budget_holds() -> None:
    one = pixel_bytes(square((0, 0, 0)))
    kept = Surfaces("test", mib=3 * one / MIB)
    for key in "abc":
        kept.get(key, lambda: square((1, 2, 3)))
    kept.get("a", lambda: pytest.fail("a is cached"))
    kept.get("d", lambda: square((4, 5, 6)))
    assert list(kept.items) == ["c", "a", "d"]  # b was the least recently used
    assert kept.held == 3 * one <= kept.budget
    assert kept.dropped == 1


def test_a_surface_larger_than_the_budget_is_still_returned_and_kept_alone() -> None:
    kept = Surfaces("test", mib=0.001)
    kept.get("small", lambda: square((0, 0, 0), 8))
    big = kept.get("big", lambda: square((0, 0, 0), 256))
    assert big.get_size() == (256, 256)
    assert list(kept.items) == ["big"]
    kept.clear()
    assert kept.held == 0 and not kept.items


def test_budgets_grow_with_the_window_area_never_below_the_reference() -> None:
    made = cache.cache("test budgets", mib=2)
    try:
        cache.fit(2.0)
        assert made.budget == 8 * MIB
        cache.fit(0.5)
        assert made.budget == 2 * MIB
    finally:
        cache.CACHES.remove(made)
        cache.fit(1.0)


def test_a_zoom_is_never_of_an_earlier_image_that_had_the_same_address() -> None:
    # The key once held id(image): a new image made where a freed one was got the old one's zoom.
    for shade in range(0, 250, 10):
        zoom = zoomed(square((shade, 0, 0)), 1.5)
        assert zoom.get_at((10, 10))[:3] == (shade, 0, 0)


def test_a_full_memo_starts_over_and_says_so() -> None:
    @memo(2)
    def twice(n: int) -> int:
        return 2 * n

    assert [twice(n) for n in (1, 2, 3)] == [2, 4, 6]
    (found,) = [entry for entry in occupancy() if entry[0].endswith("twice")]
    assert found[1:] == (1, 2, 1)  # one entry since it started over, a bound of 2, full once
