"""Bidding (000 §3) on expected points: the landlord's expected result per bid point, from the hand's plan
score and its controls, measured in self-play (docs/bots.md, `python -m benchmarks.bots --calibrate N`).
Call/rob auctions (004, 003 two-player) answer 0 or 1 on the same value against floors per auction kind."""

from __future__ import annotations

from dataclasses import dataclass

from game.auctions import standing
from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, parse
from game.observe import Observation
from game.rulesets import STANDARD, Auction, Ruleset, get

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


@dataclass(frozen=True, slots=True)
class Floors:
    """The least hand value at which a bot calls, and robs, in a call/rob auction."""

    call: float
    rob: float  # a rob doubles the stakes, so it asks for a hand favoured to win as landlord
    per_rob: float  # added for every rob already made: the stakes double again (two-player: the allowance grows)


# Measured in self-play of `normal` bots (docs/bots.md, "Rob and two-player auctions"). rob: landlords win about 63%
# from a value of 0 and 72% from 0.5 at one rob, 54% at two; so call as cheaply as a bid, rob from the top
# third. two-player: the landlord's 20 cards against 17 win about 70% at any value with no rob, 65% with one rob
# (allowance 2), about 40% with two or more: call nearly always, rob once freely, again only with a strong hand.
FLOORS = {
    Auction.ROB: Floors(call=BID_FLOOR, rob=0.45, per_rob=0.25),
    Auction.HANDICAP: Floors(call=-0.5, rob=0.0, per_rob=0.6),
}


def controls(counts: Counts, rules: Ruleset = STANDARD) -> int:
    """Cards that win rounds on their own: jokers, 2s, and a bomb (of the table's sizes) counting double."""
    bombs = sum(1 for n in counts[:TWO] if n >= rules.bomb_sizes[0])
    return counts[SMALL_JOKER] + counts[BIG_JOKER] + counts[TWO] + 2 * bombs


def landlord_value(counts: Counts, bias: float = 0.0) -> float:
    """Expected points per bid point for this hand as landlord (positive: the landlord side is favoured)."""
    return BASE + (score(counts) + bias) / SCORE_SCALE + CONTROL_VALUE * controls(counts)


def choose_bid(view: Observation, level: Level) -> int:
    """0 (no bid) when the hand is not worth being landlord; else the table's highest bid, or at `easy` the lowest
    bid above the current one. In call/rob auctions: 1 to call or rob when the hand clears that auction's floor."""
    rules = get(view.ruleset)
    value = landlord_value(parse(view.hand), level.bid_bias)
    if rules.auction is not Auction.POINTS:
        floors = FLOORS[rules.auction]
        now = standing(rules, view.first_bidder, view.bids)
        if now.word == "call":
            return int(value >= floors.call)
        return int(value >= floors.rob + floors.per_rob * now.robs)
    allowed = [bid for bid in rules.bid_values if bid > view.bid]
    if not allowed or value < BID_FLOOR:
        return 0
    return max(allowed) if level.bids_top else min(allowed)
