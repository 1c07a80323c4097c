"""The match simulator's core: pooled deals, bidders answering on a hand's value, one auction and one match scored
on the pool (`benchmarks/match_model.py` runs it; the bidding tests use it without the benchmarks).

A pooled deal holds each seat's dealt hand value and the result the `normal` bots played with each seat as
landlord, so a match of simulated auctions costs nothing but the bidders' answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.bots.bidding import Seen, bidding_of, points_bid
from game.bots.levels import Level
from game.rulesets import STANDARD, AllDecline, Ruleset

MATCH_HANDS = 80  # a match still unfinished after this many hands counts as won by the seats then leading


@dataclass(frozen=True, slots=True)
class Deal:
    """One pooled deal: who bids first, each seat's dealt hand value, and the landlord's signed multiplier
    (+ won, - lost) when each seat is landlord."""

    first: int
    values: tuple[float, ...]
    results: tuple[int, ...]


SimBidder = Callable[[float, Seen, Ruleset, random.Random], int]  # on the dealt hand's value


def sim_auction(
    deal: Deal,
    bidders: list[SimBidder],
    scores: list[int],
    rules: Ruleset,
    rng: random.Random,
    table: list[tuple[int, int]],
) -> tuple[int, int] | None:
    """(landlord, bid) of one auction round on the pooled deal, or None when everyone passed and the deal is
    redealt. `table` holds every bid of the match so far and gets this auction's."""
    n = rules.players
    bids: list[tuple[int, int]] = []
    standing, landlord = 0, None
    for k in range(n):
        seat = (deal.first + k) % n
        seen = Seen(seat, tuple(bids), tuple(scores), tuple(table))
        bid = bidders[seat](deal.values[seat], seen, rules, rng)
        bid = bid if bid > standing else 0
        bids.append((seat, bid))
        table.append((seat, bid))
        if bid:
            standing, landlord = bid, seat
            if bid == rules.max_bid:
                break
    if landlord is None:
        if rules.all_decline is AllDecline.FIRST_BIDDER:
            return deal.first, rules.bid_values[0]
        return None
    return landlord, standing


def level_bidder(level: Level) -> SimBidder:
    """The level's points bidder on a pooled value, with its noise (its caution is a plan-score bias: at the
    three-seat line's weight)."""
    bias = level.bid_bias * bidding_of(STANDARD).model.line.weights.score

    def bid(value: float, seen: Seen, rules: Ruleset, rng: random.Random) -> int:
        return points_bid(value + bias + rng.uniform(-level.bid_mix, level.bid_mix), seen, rules, level)

    return bid


def top_bidder(value: float, seen: Seen, rules: Ruleset, rng: random.Random) -> int:
    """The bidder before graded bids (`@top` in benchmarks/bots.py): the top bid on a hand worth a bid."""
    return rules.max_bid if value >= bidding_of(rules).floor else 0


def sim_match(
    deals: list[Deal], start: int, bidders: list[SimBidder], rules: Ruleset, rng: random.Random
) -> tuple[tuple[int, ...], int, list[int]]:
    """(winning seats, hands, winning bids) of one match drawing its deals from `start` on; a match unfinished
    after MATCH_HANDS hands goes to the seats then leading."""
    n = rules.players
    target = rules.match_target * rules.base
    scores = [0] * n
    bids: list[int] = []
    table: list[tuple[int, int]] = []
    k = start
    while len(bids) < MATCH_HANDS:
        deal = deals[k % len(deals)]
        k += 1
        won = sim_auction(deal, bidders, scores, rules, rng, table)
        if won is None:
            continue
        landlord, bid = won
        bids.append(bid)
        points = bid * rules.base * deal.results[landlord]
        scores = [s + ((n - 1) * points if seat == landlord else -points) for seat, s in enumerate(scores)]
        if max(scores) >= target:
            return tuple(s for s in range(n) if scores[s] >= target), len(bids), bids
    best = max(scores)
    return tuple(s for s in range(n) if scores[s] == best), len(bids), bids
