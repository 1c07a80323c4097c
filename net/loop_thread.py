"""An asyncio event loop on a thread of its own, for code the game's frame loop calls without waiting: the client
connection and the LAN browser each run their coroutine there, and the frame loop only posts to it and reads what
it left."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any


class LoopThread:
    """Runs `main()` to its end on a daemon thread with its own event loop, then closes the loop."""

    def __init__(self, main: Callable[[], Coroutine[Any, Any, None]], name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._main = main
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    def call(self, fn: Callable[..., object], *args: object) -> None:
        """Call `fn(*args)` on the loop's thread, soon; nothing once the loop has ended."""
        with contextlib.suppress(RuntimeError):  # the loop is closed
            self.loop.call_soon_threadsafe(fn, *args)

    def join(self, timeout: float | None = None) -> None:
        self.thread.join(timeout)

    @property
    def running(self) -> bool:
        return self.thread.is_alive()
