"""Bidding (000 §3) on expected points: the landlord's expected result per bid point, from the hand's plan
score and its controls, measured in self-play (docs/bots.md, `python -m benchmarks.bots --calibrate N`)."""

from __future__ import annotations

from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, parse
from game.observe import Observation
from game.rulesets import get

# Landlord's expected points per bid point (win = +multiplier, loss = -multiplier, per farmer) of a dealt
# 17-card hand, fitted by least squares on 15,000 hands each played out as landlord by `normal` bots:
#   value = BASE + score / SCORE_SCALE + CONTROL_VALUE * controls
BASE = 0.25
SCORE_SCALE = 65.0  # plan-score points worth one expected point per bid point
CONTROL_VALUE = 0.31
# The least expected value at which a bot bids, and then always the table's highest bid: points scale with the
# bid, and a lower bid only lets a later seat take the hand. Being a farmer instead costs points on average, so
# the floor sits a little below zero. Measured in the arena's own-auction mode (docs/bots.md).
BID_FLOOR = -0.15


def controls(counts: Counts) -> int:
    """Cards that win rounds on their own: jokers, 2s, and a bomb counting double."""
    bombs = sum(1 for n in counts[:TWO] if n == 4)
    return counts[SMALL_JOKER] + counts[BIG_JOKER] + counts[TWO] + 2 * bombs


def landlord_value(counts: Counts, bias: float = 0.0) -> float:
    """Expected points per bid point for this hand as landlord (positive: the landlord side is favoured)."""
    return BASE + (score(counts) + bias) / SCORE_SCALE + CONTROL_VALUE * controls(counts)


def choose_bid(view: Observation, level: Level) -> int:
    """0 (no bid) when the hand is not worth being landlord; else the table's highest bid, or at `easy` the lowest
    bid above the current one."""
    allowed = [value for value in get(view.ruleset).bid_values if value > view.bid]
    if not allowed or landlord_value(parse(view.hand), level.bid_bias) < BID_FLOOR:
        return 0
    return max(allowed) if level.bids_top else min(allowed)
