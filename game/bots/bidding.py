"""Bidding (000 §3) from the hand's strength: how few plays it needs and how many controls it holds."""

from __future__ import annotations

from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import parse
from game.observe import Observation
from game.rulesets import get

# Plan scores (evaluate.score) of a 17-card hand at which a bot is willing to bid 1, 2 and 3. About a third
# of dealt hands reach the first, one in ten the last (measured on 9000 seeded hands).
THRESHOLDS = ((3, -26.0), (2, -33.0), (1, -40.0))


def wish(view: Observation, level: Level) -> int:
    """The highest bid this hand is worth, before looking at what is still allowed."""
    strength = score(parse(view.hand)) + level.bid_bias
    return next((value for value, floor in THRESHOLDS if strength >= floor), 0)


def choose_bid(view: Observation, level: Level) -> int:
    """0 (no bid) or the wished bid when it is above the current one; capped by the table's highest bid."""
    rules = get(view.ruleset)
    value = min(wish(view, level), rules.max_bid)
    return value if value > view.bid and value in rules.bid_values else 0
