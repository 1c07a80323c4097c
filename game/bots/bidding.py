"""Bidding (000 §3) on expected points: the landlord's expected result per bid point, from the hand's plan
score and its controls, measured in self-play (docs/bots.md, `python -m benchmarks.bots --calibrate N`).

A points auction is graded: the hand's value buys a bid of 1, 2 or 3 (a level's grades), read against the bids
before it (a bid is a strong hand the landlord will face, a pass a weak one), the table (in front of a seat that
has bid only the top bid in this match, a low bid would only be outbid: block it with the top bid) and the match
(a bid that already reaches the target is enough; a seat trailing a leader close to the target takes risks). A
little noise on the value mixes the bids of hands near a grade, so a bid does not give the hand away. Call/rob
auctions (004, 003 two-player) answer 0 or 1 on the same value against floors per auction kind.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from game.auctions import standing
from game.bots.evaluate import score
from game.bots.levels import Level
from game.cards import BIG_JOKER, SMALL_JOKER, TWO, Counts, parse
from game.memo import memo
from game.observe import Observation
from game.rulesets import STANDARD, Auction, Ruleset, get


class Shape(NamedTuple):
    """What a hand's worth as landlord depends on beyond its cards: seats, decks and the dealt hand's size."""

    players: int
    decks: int
    hand_size: int
    extra_wild: int = 0  # swap-three's pack: its extra wild card and four-card kitty make other hands


def shape_of(rules: Ruleset) -> Shape:
    return Shape(rules.players, rules.deck.decks, rules.hand_size, rules.deck.extra_wild)


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
    """One table shape's hand model, the least value at which a bot bids, and what each seat that passed before it
    adds to the value (the cards against the landlord are weaker)."""

    model: PointsModel | ChanceModel
    floor: float
    pass_read: float = 0.03  # a shape where the worth of a pass was never measured keeps the first guess
    low_opening: bool = False  # a level's opening 1 below the floor (its first grade) was measured on this model


# Three seats: fitted on 15,000 hands each played out as landlord by `normal` bots (docs/bots.md). Points scale
# with the bid and a lower bid only lets a later seat take the hand, so a bot bids the top bid or nothing; being a
# farmer instead costs points on average, so the floor sits a little below zero (measured in the arena's
# own-auction mode). Two seats: the same fit on two-player hands gave 0.16 + score / 69 + 0.27 x controls, close
# enough to keep the three-seat line (its call/rob floors, `FLOORS`, were measured on it).
# A pass is measured at three seats (docs/bots.md): the landlord's points per bid point fall 0.69 per point of the
# other hands' values, and a hand that passes is worth 0.53 less than the average dealt hand, so a pass is worth
# about 0.36 to the next bidder; 0.3 keeps a margin for the fit.
THREE_SEATS = Bidding(
    PointsModel(Line(0.25, Features(1 / 65, 0.31, 0.0, 0.0))), floor=-0.15, pass_read=0.3, low_opening=True
)
# Four seats (two decks, 25 cards, 8 more for the landlord): neither the plan score nor the controls predict the
# landlord's win (their fitted weights are nil), the jokers do. Logistic fit on 5,600 hands, each played out as
# landlord by `normal` bots; the landlord's wins carry the larger multipliers (it holds 33 cards, so more bombs).
# It bids when it expects at least to break even as landlord: with a joker, not without (docs/bots.md).
FOUR_SEATS = Bidding(ChanceModel(Line(-0.50, Features(0.0, 0.0, 0.26, 0.46)), 10.1, 6.6), floor=0.0)
# swap-three (the extra wild card counted as the rank it plans best as): the three-seat line bid on 90% of hands,
# among them a band losing 0.3 points per bid point and share. Logistic fit on 9,000 hands as landlord (3,000 deals),
# mean multipliers 2.08 on a win and 1.92 on a loss; on held-out hands it ranks the points better than the line
# and a refitted line, and at the same floor bids two hands in three (docs/bots.md). `wildcard` keeps the line:
# its own fit was no better there.
SWAP_THREE_TABLE = Bidding(ChanceModel(Line(0.467, Features(0.0306, 0.149, 0.191, 0.345)), 2.08, 1.92), floor=-0.15)
BIDDING = {
    Shape(3, 1, 17): THREE_SEATS,
    Shape(2, 1, 17): THREE_SEATS,
    Shape(4, 2, 25): FOUR_SEATS,
    Shape(3, 1, 17, extra_wild=1): SWAP_THREE_TABLE,
}
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


# A level's grades (`Level.early_grades`, `last_grades`, `blocking_grades`) are the least values above the table's
# floor for a bid of 1, 2 and 3 (a 1 a little below it: a low opening costs little, and it tells the table that
# this seat grades). A seat that later seats may still outbid, the last seat to answer (whatever it bids, the hand
# is its own) and a seat in front of a pre-emptor grade apart.
BID_READ = 0.08  # per point of the standing bid: the hand that bid it sits against the new landlord


def _worth(rules: Ruleset, allowed: list[int], value: float, grades: tuple[float, float, float]) -> list[int]:
    """The bids `value` pays for: the opening bid from its grade, each higher one from its own (bids of a table
    whose top is not 3 are graded by their share of the top)."""
    table = bidding_of(rules)
    floor, top = table.floor, rules.max_bid
    need = {b: floor + grades[max(2, min(3, round(3 * b / top))) - 1] for b in allowed}
    need[rules.bid_values[0]] = floor + (grades[0] if table.low_opening else max(0.0, grades[0]))
    return [b for b in allowed if value >= need[b]]


def choose_bid(view: Observation, level: Level, rng: random.Random | None = None) -> int:
    """0 (no bid) when the hand is not worth being landlord; else the bid its value buys (`points_bid`), or at
    `easy` the lowest bid above the current one. In call/rob auctions: 1 to call or rob when the hand clears that
    auction's floor. `rng` mixes bids near a grade; without it the noise is drawn from the position itself."""
    rules = get(view.ruleset)
    rng = rng or random.Random(f"{view.seat}/{view.hand}/{view.bids}")
    value = landlord_value(parse(view.hand), level.bid_bias, rules) + rng.uniform(-level.bid_mix, level.bid_mix)
    if rules.auction is not Auction.POINTS:
        floors = FLOORS[rules.auction]
        now = standing(rules, view.first_bidder, view.bids)
        if now.word == "call":
            return int(value >= floors.call)
        return int(value >= floors.rob + floors.per_rob * now.robs)
    return points_bid(value, Seen(view.seat, view.bids, view.scores, view.match_bids), rules, level)


class Seen(NamedTuple):
    """What a points bid reads besides the hand: its seat, this auction's bids and every bid of the match so far
    (seat, bid), and the scores."""

    seat: int
    bids: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]
    match_bids: tuple[tuple[int, int], ...]


# A seat that has bid the top bid (this many times) in the match where it could have bid lower, and never a lower
# one, bids like the bidder before graded bids (the top bid or nothing): it would bid the top over a low opening,
# so a hand worth a bid in front of it blocks with the top bid (`Level.blocking_grades`). A top bid made in front
# of a pre-emptor is no evidence (a seat that grades blocks there too), and a seat not yet read is taken for one
# that grades.
PRE_EMPTOR_BIDS = 1


def still_to_answer(seat: int, answered: int, rules: Ruleset) -> list[int]:
    """The seats that answer after `seat` in an auction where `answered` seats have answered before it."""
    return [(seat + k) % rules.players for k in range(1, rules.players - answered)]


@memo(1 << 10)  # the sampled deals read each auction answer by this bid rule, many times per decision
def pre_emptors(match_bids: tuple[tuple[int, int], ...], rules: Ruleset) -> frozenset[int]:
    """The seats read as pre-emptors from the match's bids, read auction by auction (a points auction ends at the
    top bid or when every seat has answered)."""
    top, n = rules.max_bid, rules.players
    tops, graded, found = [0] * n, [False] * n, frozenset[int]()
    auction: list[int] = []
    for seat, bid in match_bids:
        if len(auction) == n or (auction and auction[-1] == top):
            auction = []
        blocked = any(s in found for s in still_to_answer(seat, len(auction), rules))
        auction.append(bid)
        tops[seat] += bid == top and not blocked
        graded[seat] = graded[seat] or 0 < bid < top
        found = frozenset(s for s in range(n) if tops[s] >= PRE_EMPTOR_BIDS and not graded[s])
    return found


def points_bid(value: float, seen: Seen, rules: Ruleset, level: Level) -> int:
    """The bid a hand of `value` (noise included) makes in a points auction: read against the bids before it,
    graded by the level (blocking a pre-emptor still to answer), and fitted to the match (`match_adjust`). The
    match simulator (benchmarks/match_model.py) calls this with pooled hand values."""
    bids = seen.bids
    bid = max((b for _, b in bids), default=0)
    allowed = [b for b in rules.bid_values if b > bid]
    floor = bidding_of(rules).floor
    if not allowed:
        return 0
    if not level.grades:
        return allowed[0] if value >= floor else 0
    passes = sum(1 for _, b in bids if b == 0)
    last = len(bids) == rules.players - 1
    value += bidding_of(rules).pass_read * passes - BID_READ * bid
    threatened, cap = match_adjust(seen.seat, seen.scores, rules)
    value += level.risk if threatened else 0.0
    if pre_emptors(seen.match_bids, rules) & set(still_to_answer(seen.seat, len(bids), rules)):
        grades = level.blocking_grades
    elif last:
        grades = level.last_grades
    else:
        grades = level.early_grades
    worth = _worth(rules, allowed, value, grades)
    if not worth:
        return 0
    return max(min(max(worth), cap), min(worth))


def match_adjust(seat: int, scores: tuple[int, ...], rules: Ruleset) -> tuple[bool, int]:
    """What the scores say: (another seat could win the match on this hand and leads this one, the highest bid
    worth making). A seat that would reach the target by winning at a lower bid bids no more than that: outbid, it
    sits as a farmer, and a farmers' win at 3 reaches the target too from 3 points away."""
    target = rules.match_target * rules.base
    gain = (rules.players - 1) * rules.base  # a landlord's win per bid point at multiplier 1
    need = target - scores[seat]
    enough = next((b for b in rules.bid_values if b * gain >= need), rules.max_bid)
    leader = max((s for other, s in enumerate(scores) if other != seat), default=0)
    threatened = target - leader <= rules.max_bid * gain and leader > scores[seat]
    return threatened, enough
