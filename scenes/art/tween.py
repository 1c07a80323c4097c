"""Tweens: values that move from a start to an end over table time, with easing. Advanced only by `update(dt)`."""

from __future__ import annotations

from collections.abc import Callable

Ease = Callable[[float], float]


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def out_back(t: float) -> float:
    """Overshoots slightly and settles: a card landing with a little snap."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    """A point moving from `start` to `end` in `duration` seconds after `delay` seconds."""

    __slots__ = ("delay", "duration", "ease", "elapsed", "end", "start")

    def __init__(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        ease: Ease = out_cubic,
    ) -> None:
        self.start, self.end = start, end
        self.duration, self.delay, self.ease = max(duration, 1e-6), delay, ease
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def progress(self) -> float:
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def value(self) -> tuple[float, float]:
        k = self.ease(self.progress)
        return (self.start[0] + (self.end[0] - self.start[0]) * k, self.start[1] + (self.end[1] - self.start[1]) * k)
