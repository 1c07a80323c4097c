"""Bot decisions off the frame: the app's process pool computes, a countdown in table time gives the pause.

The bots think in another process (a thread would hold the GIL and stall the frames on a 2-core machine). A result
is handed over only when both the worker process has finished and the pause has elapsed, and only for the turn it
was asked about (`key`), so a stale answer after a new game or a load is never applied.

A dying worker (killed, out of memory) must not end the game: `BotPool` starts a new one and asks again, and the
table says so once. The worker watches its parent and exits when the game is gone (killed with SIGKILL, say), so no
orphan keeps thinking.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

PARENT_CHECK = 0.5  # seconds between the worker's looks at its parent


def warm_up() -> None:
    """Run once in the worker as the game loads: it starts the process and imports the bots then, not on the
    first bot turn in the middle of a deal."""
    import game.bots  # noqa: F401


def start_worker(niceness: int, parent: int) -> None:
    """The worker's initializer: a lower priority, so the frames win the CPU, and a watch on the game's process."""
    os.nice(niceness)
    threading.Thread(target=watch_parent, args=(parent,), daemon=True, name="parent-watch").start()


def watch_parent(parent: int, interval: float = PARENT_CHECK) -> None:
    """Exit the worker at once when the process that started it is gone (it then belongs to another parent)."""
    while os.getppid() == parent:
        time.sleep(interval)
    os._exit(0)


def run_here(fn: Callable[..., Any], *args: Any) -> Future[Any]:
    """`fn(*args)` computed in this process, as a finished future: a bot's turn when no worker can be started."""
    done: Future[Any] = Future()
    try:
        done.set_result(fn(*args))
    except Exception as failed:
        done.set_exception(failed)
    return done


class BotPool(Executor):
    """One spawned worker process for the bots, started again when it dies."""

    def __init__(self, niceness: int) -> None:
        self.niceness = niceness
        self.generation = 0  # how many workers were started before the current one
        self.unsaid = False  # a restart the table has not said yet (said once per game, not at every death)
        self.pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        spawn = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(1, spawn, start_worker, (self.niceness, os.getpid()))
        pool.submit(warm_up)
        return pool

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Ask the worker; with a dead worker, a new one (or, if none starts, this process for this one turn)."""
        try:
            return self.pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            self.restart(self.generation)
        try:
            return self.pool.submit(fn, *args, **kwargs)
        except (BrokenProcessPool, OSError):
            return run_here(lambda: fn(*args, **kwargs))

    def restart(self, generation: int) -> None:
        """Replace the worker of `generation` (a later one is left alone: it was already replaced)."""
        if generation != self.generation:
            return
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = self._start()
        self.unsaid = self.generation == 0
        self.generation += 1

    def restart_news(self) -> bool:
        """True once after the first restart: the table then says that the bots were started again."""
        unsaid, self.unsaid = self.unsaid, False
        return unsaid

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


class Thinker:
    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.key: Hashable | None = None
        self.future: Future[Any] | None = None
        self.remaining = 0.0
        self.asked: tuple[Callable[..., Any], tuple[Any, ...], int] | None = None  # fn, args, the worker asked
        self.retried = False  # this turn's answer was lost once and asked again

    def busy_with(self, key: Hashable) -> bool:
        return self.key == key and self.future is not None

    def start(self, key: Hashable, pause: float, fn: Callable[..., Any], *args: Any) -> None:
        self.cancel()
        self.key, self.remaining = key, pause
        self.asked = fn, args, getattr(self.pool, "generation", 0)
        self.future = self.pool.submit(fn, *args)

    def update(self, dt: float) -> None:
        self.remaining -= dt

    def take(self, key: Hashable) -> tuple[bool, Any]:
        """(True, result) once the answer for `key` is ready and the pause is over; (False, None) before. An answer
        lost with its worker is asked again, once, of a new worker; a second loss raises like any failure."""
        if self.key != key or self.future is None or self.remaining > 0 or not self.future.done():
            return False, None
        lost = isinstance(self.future.exception(), BrokenProcessPool)
        if lost and isinstance(self.pool, BotPool) and self.asked is not None and not self.retried:
            fn, args, generation = self.asked
            self.pool.restart(generation)
            self.retried = True
            self.asked = fn, args, self.pool.generation
            self.future = self.pool.submit(fn, *args)
            return False, None
        result = self.future.result()
        self.key, self.future, self.asked = None, None, None
        return True, result

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
        self.key, self.future, self.asked, self.retried = None, None, None, False
