"""The wild rank's moment at the table (RULESET `wildcard`): as the rank is drawn, the wild card beside the kitty pops.
(The swap's cards move with the rest of the cards, `placing.py`; what is said of it, `notices.py`.)"""

from __future__ import annotations

from game import events as ev

WILD_POP = 0.8  # seconds the wild card beside the kitty pops as the wild rank is drawn


class WildEvents:
    """The session's part that pops the wild card as its rank is drawn."""

    def __init__(self) -> None:
        self.pop = 0.0  # 1 as the wild rank is drawn, down to 0 over WILD_POP seconds

    def hear(self, event: ev.Event) -> None:
        if isinstance(event, ev.WildChosen):
            self.pop = 1.0

    def update(self, dt: float) -> None:
        self.pop = max(0.0, self.pop - dt / WILD_POP)
