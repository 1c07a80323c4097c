"""Bidding (000 §3) on expected points: the landlord's expected result per bid point, from the hand's plan
score and its controls, measured in self-play (docs/bots.md, `python -m benchmarks.bots --calibrate N`).
Call/rob auctions (004, 003 two-player) answer 0 or 1 on the same value against floors per auction kind."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from game.auctions import standing
from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, parse
from game.observe import Observation
from game.rulesets import STANDARD, Auction, Ruleset, get


class Shape(NamedTuple):
    """What a hand's worth as landlord depends on beyond its cards: seats, decks and the dealt hand's size."""

    players: int
    decks: int
    hand_size: int


def shape_of(rules: Ruleset) -> Shape:
    return Shape(rules.players, rules.deck.decks, rules.hand_size)


class Features(NamedTuple):
    """What the hand models read of a dealt hand."""

    score: float  # the plan score (`evaluate.score`) under the table's rules
    controls: int
    jokers: int
    big_jokers: int


def features(counts: Counts, rules: Ruleset, bias: float = 0.0) -> Features:
    """The hand's features; `bias` is added to the plan score (a level's caution)."""
    return Features(
        score(counts, rules) + bias, controls(counts, rules), counts[SMALL_JOKER] + counts[BIG_JOKER], counts[BIG_JOKER]
    )


@dataclass(frozen=True, slots=True)
class Line:
    """base + the weighted sum of a hand's features."""

    base: float
    weights: Features

    def at(self, hand: Features) -> float:
        return self.base + sum(w * x for w, x in zip(self.weights, hand, strict=True))


@dataclass(frozen=True, slots=True)
class PointsModel:
    """The landlord's expected points per bid point and share (+multiplier for a win, -multiplier for a loss), a
    straight line fitted by least squares on those points."""

    line: Line

    def value(self, hand: Features) -> float:
        return self.line.at(hand)


@dataclass(frozen=True, slots=True)
class ChanceModel:
    """The same expected points from the chance to win (a logistic fit) and the table's mean multipliers of a win
    and of a loss: where bombs abound the multipliers swamp a straight fit of the points themselves."""

    line: Line
    win_multiplier: float
    loss_multiplier: float

    def chance(self, hand: Features) -> float:
        return 1.0 / (1.0 + math.exp(-self.line.at(hand)))

    def value(self, hand: Features) -> float:
        p = self.chance(hand)
        return p * self.win_multiplier - (1.0 - p) * self.loss_multiplier


@dataclass(frozen=True, slots=True)
class Bidding:
    """One table shape's hand model and the least value at which a bot bids (then the table's highest bid)."""

    model: PointsModel | ChanceModel
    floor: float


# Three seats: fitted on 15,000 hands each played out as landlord by `normal` bots (docs/bots.md). Points scale
# with the bid and a lower bid only lets a later seat take the hand, so a bot bids the top bid or nothing; being a
# farmer instead costs points on average, so the floor sits a little below zero (measured in the arena's
# own-auction mode). Two seats: the same fit on two-player hands gave 0.16 + score / 69 + 0.27 x controls, close
# enough to keep the three-seat line (its call/rob floors, `FLOORS`, were measured on it).
THREE_SEATS = Bidding(PointsModel(Line(0.25, Features(1 / 65, 0.31, 0.0, 0.0))), floor=-0.15)
# Four seats (two decks, 25 cards, 8 more for the landlord): neither the plan score nor the controls predict the
# landlord's win (their fitted weights are nil), the jokers do. Logistic fit on 5,600 hands, each played out as
# landlord by `normal` bots; the landlord's wins carry the larger multipliers (it holds 33 cards, so more bombs).
# It bids when it expects at least to break even as landlord: with a joker, not without (docs/bots.md).
FOUR_SEATS = Bidding(ChanceModel(Line(-0.50, Features(0.0, 0.0, 0.26, 0.46)), 10.1, 6.6), floor=0.0)
BIDDING = {Shape(3, 1, 17): THREE_SEATS, Shape(2, 1, 17): THREE_SEATS, Shape(4, 2, 25): FOUR_SEATS}
BID_FLOOR = THREE_SEATS.floor


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


def bidding_of(rules: Ruleset) -> Bidding:
    """The hand model of the table's shape; a shape never measured uses the three-seat one."""
    return BIDDING.get(shape_of(rules), THREE_SEATS)


def landlord_value(counts: Counts, bias: float = 0.0, rules: Ruleset = STANDARD) -> float:
    """Expected points per bid point and share for this hand as landlord (positive: the landlord is favoured)."""
    return bidding_of(rules).model.value(features(counts, rules, bias))


def choose_bid(view: Observation, level: Level) -> int:
    """0 (no bid) when the hand is not worth being landlord; else the table's highest bid, or at `easy` the lowest
    bid above the current one. In call/rob auctions: 1 to call or rob when the hand clears that auction's floor."""
    rules = get(view.ruleset)
    value = landlord_value(parse(view.hand), level.bid_bias, rules)
    if rules.auction is not Auction.POINTS:
        floors = FLOORS[rules.auction]
        now = standing(rules, view.first_bidder, view.bids)
        if now.word == "call":
            return int(value >= floors.call)
        return int(value >= floors.rob + floors.per_rob * now.robs)
    allowed = [bid for bid in rules.bid_values if bid > view.bid]
    if not allowed or value < bidding_of(rules).floor:
        return 0
    return max(allowed) if level.bids_top else min(allowed)
