"""Bot decisions off the frame: the app's process pool computes, a countdown in table time gives the pause.

The bots think in another process (a thread would hold the GIL and stall the frames on a 2-core machine). A result
is handed over only when both the worker process has finished and the pause has elapsed, and only for the turn it
was asked about (`key`), so a stale answer after a new game or a load is never applied.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from typing import Any


def warm_up() -> None:
    """Run once in the worker as the game loads: it starts the process and imports the bots then, not on the
    first bot turn in the middle of a deal."""
    import game.bots  # noqa: F401


class Thinker:
    """One seat's decision at a time, asked of the pool and held back until the thinking pause is over."""

    def __init__(self, pool: Executor) -> None:  # the app's process pool (tests may pass a thread pool)
        self.pool = pool
        self.key: Hashable | None = None
        self.future: Future[Any] | None = None
        self.remaining = 0.0

    def busy_with(self, key: Hashable) -> bool:
        return self.key == key and self.future is not None

    def start(self, key: Hashable, pause: float, fn: Callable[..., Any], *args: Any) -> None:
        self.cancel()
        self.key, self.remaining = key, pause
        self.future = self.pool.submit(fn, *args)

    def update(self, dt: float) -> None:
        self.remaining -= dt

    def take(self, key: Hashable) -> tuple[bool, Any]:
        """(True, result) once the answer for `key` is ready and the pause is over; (False, None) before."""
        if self.key != key or self.future is None or self.remaining > 0 or not self.future.done():
            return False, None
        result = self.future.result()
        self.key, self.future = None, None
        return True, result

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
        self.key, self.future = None, None
