"""What the bots would do in your seat, asked of the bots' worker: the suggestions (Suggest: `hard`'s choice, never
more passive than the table's level) and the three cards to pass on (the swap), for whatever seat the table is fed
by. A suggestion is asked as soon as your turn starts, so Suggest answers in the frame of the key; the screens never
name a bot function."""

from __future__ import annotations

from collections.abc import Hashable
from concurrent.futures import Executor, Future
from typing import Any

from game import bots
from game.view import Observation
from scenes.platform.worker import ask, lost
from scenes.table.table_settings import TableSettings

ADVISER = "hard"  # the level whose choice the swap's proposal shows (Suggest's first choice is hard's too)


class Advice:
    """The worker's answers for your seat, one question per turn at a time."""

    def __init__(self, pool: Executor | None, settings: TableSettings) -> None:
        self.pool = pool
        self.settings = settings  # the table's level, read at each question: Settings may change it mid-match
        self.key: Hashable = None
        self.pending: Future[Any] | None = None
        self.retried = False  # this turn's answer was lost once and asked again

    def suggestions(self, view: Observation, key: Hashable) -> Future[Any] | None:
        """The suggestions for the turn `key` (best first), asked once per turn: ask ahead with this as your turn
        starts, and again when Suggest is pressed to get the same answer. None without a worker. The table's level goes
        with the question: where `hard` would pass, that level's bot in your seat may play (`bots.suggest`). An
        answer lost with its worker (it died while the question was asked or waiting) is asked again, once per turn,
        of the new one: Suggest never stays dumb for the rest of a turn."""
        if self.key != key or self.pending is None:
            self.withdraw()
            self.key, self.pending = key, ask(self.pool, bots.suggest, view, self.settings.level)
        elif lost(self.pending) and not self.retried:
            self.retried, self.pending = True, ask(self.pool, bots.suggest, view, self.settings.level)
        return self.pending

    def swap(self, view: Observation) -> Future[Any] | None:
        """The three card ids the hard bot would pass on (003 swap-three), asked afresh each time."""
        return ask(self.pool, bots.decide_swap, view, ADVISER)

    def withdraw(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
        self.key, self.pending, self.retried = None, None, False
