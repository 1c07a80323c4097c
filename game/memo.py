"""A bounded memo for hot pure functions of the core and the bots.

`functools.lru_cache` keeps a linked list of small lists, one per entry, that the garbage collector must
walk on every full collection; with a few hundred thousand entries that walk costs hundreds of
milliseconds at random moments. A plain dict, emptied when full, holds only tuples of plain values,
which the collector stops tracking. Every memo is listed in `MEMOS`, so a long run can show that each
one stays within its bound (benchmarks/soak.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class Store:
    """One memo's entries, its bound, and how often it was full and started over."""

    name: str
    limit: int
    entries: dict[object, Any] = field(default_factory=dict)
    emptied: int = 0


MEMOS: list[Store] = []


def memo(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        kept = Store(f"{fn.__module__}.{fn.__qualname__}", maxsize)
        MEMOS.append(kept)
        store = kept.entries

        @wraps(fn)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return store[args]
            except KeyError:
                pass
            if len(store) >= maxsize:
                store.clear()
                kept.emptied += 1
            value = store[args] = fn(*args, **kwargs)
            return value

        return cached

    return wrap


def occupancy() -> list[tuple[str, int, int, int]]:
    """(name, entries, limit, times emptied) of every memo of this process."""
    return [(m.name, len(m.entries), m.limit, m.emptied) for m in MEMOS]
