"""Bidding (000 §3) from the hand's strength: how few plays it needs and how many controls it holds."""

from __future__ import annotations

from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, parse
from game.observe import Observation
from game.rulesets import get

# Plan scores (evaluate.score) of a 17-card hand at which a bot is willing to bid 1, 2 and 3: about a third
# of dealt hands get a bid, one in forty a 3, and all three seats decline about one deal in four (measured).
THRESHOLDS = ((3, -27.0), (2, -35.0), (1, -47.0))


def controls(counts: Counts) -> int:
    """Cards that win rounds on their own: jokers, 2s, and a bomb counting double."""
    bombs = sum(1 for n in counts[:TWO] if n == 4)
    return counts[SMALL_JOKER] + counts[BIG_JOKER] + counts[TWO] + 2 * bombs


def wish(view: Observation, level: Level) -> int:
    """The highest bid this hand is worth, before looking at what is still allowed.

    A well-shaped hand without controls loses the lead and never gets it back, so controls cap the bid.
    """
    counts = parse(view.hand)
    strength = score(counts) + level.bid_bias
    value = next((value for value, floor in THRESHOLDS if strength >= floor), 0)
    return min(value, max(0, controls(counts) - 1))


def choose_bid(view: Observation, level: Level) -> int:
    """0 (no bid) or the wished bid when it is above the current one; capped by the table's highest bid."""
    rules = get(view.ruleset)
    value = min(wish(view, level), rules.max_bid)
    return value if value > view.bid and value in rules.bid_values else 0
