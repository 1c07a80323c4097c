"""The table's clocks for the 003 timers: the deal limit and the turn limit, counted in table seconds.

The rules core keeps no clock; the session ticks this one in `update(dt)` and acts on it: a human's turn that runs
out is played by the Auto bot, a deal that runs out gets `DealExpired()`. The elapsed times travel with the save.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from game.rulesets import Ruleset


@dataclass
class TableClock:
    turn_limit: float | None = None
    deal_limit: float | None = None
    deal_elapsed: float = 0.0
    turn_elapsed: float = 0.0
    turn: Hashable = None  # the turn `turn_elapsed` belongs to (Session.turn_key)

    def follow(self, rules: Ruleset | None) -> None:
        """Take the limits of `rules` (the ruleset as timed at this table); None: no limits at all (a replay)."""
        self.turn_limit, self.deal_limit = (None, None) if rules is None else (rules.turn_seconds, rules.deal_seconds)

    def tick(self, dt: float, turn: Hashable) -> None:
        """`dt` more seconds of the deal and of `turn` (a new turn starts its own count from zero)."""
        if turn != self.turn:
            self.turn, self.turn_elapsed = turn, 0.0
        self.turn_elapsed += dt
        self.deal_elapsed += dt

    def new_deal(self) -> None:
        self.deal_elapsed, self.turn_elapsed, self.turn = 0.0, 0.0, None

    @property
    def turn_out(self) -> bool:
        return self.turn_limit is not None and self.turn_elapsed >= self.turn_limit

    @property
    def deal_out(self) -> bool:
        return self.deal_limit is not None and self.deal_elapsed >= self.deal_limit

    def turn_left(self) -> float | None:
        """The share of the turn still to go, 1 -> 0; None without a turn limit."""
        if self.turn_limit is None:
            return None
        return max(0.0, 1.0 - self.turn_elapsed / self.turn_limit)

    def deal_clock(self) -> str | None:
        """The deal time left as 'm:ss', or None without a deal limit."""
        if self.deal_limit is None:
            return None
        left = max(0, int(self.deal_limit - self.deal_elapsed + 0.999))
        return f"{left // 60}:{left % 60:02d}"

    def to_dict(self) -> dict[str, float]:
        return {"deal_elapsed": round(self.deal_elapsed, 3), "turn_elapsed": round(self.turn_elapsed, 3)}

    def restore(self, data: Any, turn: Hashable) -> None:
        """The elapsed times a save's table kept for the current deal and `turn`; anything malformed reads as 0."""
        data = data if isinstance(data, dict) else {}
        for name in ("deal_elapsed", "turn_elapsed"):
            value = data.get(name)
            ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < 1e6
            setattr(self, name, float(value) if ok else 0.0)
        self.turn = turn
