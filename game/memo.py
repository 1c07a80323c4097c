"""A bounded memo for hot pure functions of the core and the bots.

`functools.lru_cache` keeps a linked list of small lists, one per entry, that the garbage collector must
walk on every full collection; with a few hundred thousand entries that walk costs hundreds of
milliseconds at random moments. A plain dict, emptied when full, holds only tuples of plain values,
which the collector stops tracking.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def memo(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        store: dict[object, R] = {}

        @wraps(fn)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return store[args]
            except KeyError:
                pass
            if len(store) >= maxsize:
                store.clear()
            value = store[args] = fn(*args, **kwargs)
            return value

        return cached

    return wrap
