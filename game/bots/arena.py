"""The bot arena's plumbing: players by name, each side's results, and the plays of one duplicate deal.

`benchmarks/bots.py` runs it (its docstring says how to read the results); it lives in the core so that the tests
of the bidders and of the arena itself need nothing from `benchmarks/`. A player is a level (`easy`, `normal`,
`hard`), `random` (a uniformly random legal move, bidding as `normal`), or a level with another bidder: `@top` the
bidder before graded bids (the top bid or nothing), `@timid` issue 4's, `@flat` the three-seat hand model at every
table, `@LEVEL` that level's bidder (`normal@hard`); `LEVEL#COMMIT` plays as that level's bots did at an earlier
commit (`hard#f3e94a8`, `game.bots.earlier`). The benchmarks add `rlcard`, an outside agent.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game import wild
from game.actions import Bid, Pass, Play
from game.bots import LEVELS, decide, decide_bid
from game.bots.bidding import BID_FLOOR, bidding_of, controls, landlord_value
from game.bots.evaluate import score
from game.bots.levels import level_of
from game.cards import parse, subtract
from game.match import Match, Phase
from game.moves import legal
from game.observe import Observation, observe
from game.rulesets import Auction, Ruleset, get
from game.selfplay import acting_seat, bot_action

Mover = Callable[[Observation, random.Random], str]
Bidder = Callable[[Observation], int]

# Issue 4's bidder: plan-score floors for 1, 2 and 3, the bid capped at (controls - 1).
TIMID_FLOORS = ((3, -27.0), (2, -35.0), (1, -47.0))


@dataclass(frozen=True)
class Player:
    name: str
    move: Mover
    bid: Bidder
    level: str  # doubles and shows (004) as this level's bot


def unknown_player(name: str) -> SystemExit:
    return SystemExit(
        f"unknown player {name!r}: use one of {', '.join(LEVELS)}, random or rlcard (benchmarks.bots), "
        "a level optionally #COMMIT (its bots at that commit) and @timid, @flat, @top or @LEVEL (that level's bidder)"
    )


def player(name: str) -> Player:
    """The player a name stands for (see the module's docstring)."""
    level, _, bidder = name.partition("@")
    level, _, commit = level.partition("#")
    if level == "random" and not commit:
        return Player(name, random_move, lambda view: decide_bid(view, "normal"), "normal")
    if level not in LEVELS:  # checked first: the bidders below need a level
        raise unknown_player(name)
    bidders = {
        "": lambda view: decide_bid(view, level),
        "timid": timid_bidder(level),
        "flat": flat_bidder(level),
        "top": top_bidder(level),
    }
    bidders |= {other: (lambda view, other=other: decide_bid(view, other)) for other in LEVELS}
    if bidder not in bidders:
        raise unknown_player(name)
    own = bidders[bidder]
    if not commit:
        return Player(name, lambda view, rng: decide(view, level, rng), own, level)
    from game.bots.earlier import old_mover  # git archive of an earlier tree, loaded only when named

    return Player(name, old_mover(level, commit), own, level)


def timid_bidder(level: str) -> Bidder:
    bias = level_of(level).bid_bias

    def bid(view: Observation) -> int:
        counts = parse(view.hand)
        value = next((v for v, floor in TIMID_FLOORS if score(counts) + bias >= floor), 0)
        value = min(value, max(0, controls(counts) - 1), get(view.ruleset).max_bid)
        return value if value > view.bid else 0

    return bid


def flat_bidder(level: str) -> Bidder:
    """The three-seat hand model at every table, the hand scored under the standard rules: the bidder before the
    per-shape models (points auctions; call/rob auctions bid as the level does)."""
    bias = level_of(level).bid_bias

    def bid(view: Observation) -> int:
        rules = get(view.ruleset)
        if rules.auction is not Auction.POINTS:
            return decide_bid(view, level)
        if landlord_value(parse(view.hand), bias) < BID_FLOOR or view.bid >= rules.max_bid:
            return 0
        return rules.max_bid

    return bid


def top_bidder(level: str) -> Bidder:
    """The bidder before graded bids (issue 12): the table's hand model, then the top bid or nothing (points
    auctions; call/rob auctions answer as the level does)."""
    bias = level_of(level).bid_bias

    def bid(view: Observation) -> int:
        rules = get(view.ruleset)
        if rules.auction is not Auction.POINTS:
            return decide_bid(view, level)
        if landlord_value(parse(view.hand), bias, rules) < bidding_of(rules).floor or view.bid >= rules.max_bid:
            return 0
        return rules.max_bid

    return bid


def random_move(view: Observation, rng: random.Random) -> str:
    """Uniform over the legal moves (passing included when following)."""
    last = view.last.reading if view.last else None
    rules = get(view.ruleset)
    moves = wild.legal(view.hand, last, view.wild, rules) if rules.wilds else legal(parse(view.hand), last, rules)
    return rng.choice(moves if last is None else [*moves, "pass"])


@dataclass
class Side:
    """One player's results in a pairing."""

    landlord_wins: list[int] = field(default_factory=list)
    farmer_wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # per deal, all plays summed
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the same decisions in process time: thinking, not waiting
    bids: list[int] = field(default_factory=list)  # the winning bid of every hand this side's seat won the auction
    games: list[int] = field(default_factory=list)  # per hand: +multiplier won, -multiplier lost (bid left out)


def swap(match: Match, levels: list[str] | None = None) -> None:
    """003 swap-three: every seat picks the cards it passes on as the bot of its level (`normal` by default)."""
    while match.phase is Phase.SWAPPING:
        seat = acting_seat(match)
        level = levels[seat] if levels else "normal"
        match.apply(bot_action(match, seat, level, random.Random(match.hand.deal_no + seat)))


def auction(match: Match, bidders: list[Bidder], levels: list[str] | None = None) -> None:
    """The swap, if the table has one, then the auction."""
    swap(match, levels)
    while match.phase is Phase.BIDDING:
        seat = match.turn
        assert seat is not None
        match.apply(Bid(seat, bidders[seat](observe(match, seat))))


def play_out(match: Match, seats: list[Player], sides: list[Side], rng: random.Random) -> None:
    """Double, show (004) and play the hand to its end, timing every move on the side of the seat that makes it."""
    while match.phase in (Phase.DOUBLING, Phase.SHOWING, Phase.PLAYING):
        seat = acting_seat(match)
        if match.phase is not Phase.PLAYING:
            match.apply(bot_action(match, seat, seats[seat].level, rng))
            continue
        started, thought = time.perf_counter(), time.process_time()
        move = seats[seat].move(observe(match, seat), rng)
        sides[seat].times.append(time.perf_counter() - started)
        sides[seat].cpu.append(time.process_time() - thought)
        match.apply(Pass(seat) if move == "pass" else Play(seat, move))


def forced_bidder(takes: bool, rules: Ruleset) -> Bidder:
    """A seat that takes the hand at the top bid (`takes`) or passes: a chosen landlord for calibration."""
    return lambda view: rules.max_bid if takes else 0


def record(match: Match, sides: list[Side]) -> list[int]:
    """Each seat's points; landlord and farmer wins go to the seats' sides (once per side and hand)."""
    settlement = match.hand.settlement
    assert settlement is not None
    landlord = sides[settlement.landlord]
    landlord.landlord_wins.append(settlement.landlord_won)
    landlord.bids.append(settlement.bid)
    farmers = {id(sides[seat]): sides[seat] for seat in range(len(sides)) if seat != settlement.landlord}
    for farmer in farmers.values():
        farmer.farmer_wins.append(not settlement.landlord_won)
    won = {id(landlord): settlement.landlord_won} | {key: not settlement.landlord_won for key in farmers}
    for side in {id(side): side for side in sides}.values():
        side.games.append(settlement.multiplier if won[id(side)] else -settlement.multiplier)
    return list(settlement.deltas)


def fixed_deal(deal: int, a: Player, b: Player, a_side: Side, b_side: Side, rules: Ruleset) -> None:
    """Both plays of one deal under the reference auction; records A's and B's results."""
    deal_points = 0
    for a_is_landlord in (True, False):
        match = Match(rules, seed=deal, first_deal=deal)
        auction(match, [lambda view: decide_bid(view, "normal")] * rules.players)
        landlord = match.hand.landlord
        assert landlord is not None
        sides = [a_side if (seat == landlord) == a_is_landlord else b_side for seat in range(rules.players)]
        seats = [a if side is a_side else b for side in sides]
        play_out(match, seats, sides, random.Random(deal * 2 + a_is_landlord))
        deltas = record(match, sides)
        deal_points += sum(d for d, side in zip(deltas, sides, strict=True) if side is a_side)
    a_side.points.append(deal_points)
    b_side.points.append(-deal_points)


def own_deal(deal: int, a: Player, b: Player, a_side: Side, b_side: Side, rules: Ruleset) -> None:
    """Two plays of one deal per seat, every seat bidding for itself: A alone in each seat, then B alone in each."""
    deal_points = 0
    n = rules.players
    for alone, pair in ((a, b), (b, a)):
        for seat_alone in range(n):
            seats = [alone if seat == seat_alone else pair for seat in range(n)]
            sides = [a_side if p is a else b_side for p in seats]
            match = Match(rules, seed=deal, first_deal=deal)
            auction(match, [p.bid for p in seats], [p.level for p in seats])
            play_out(match, seats, sides, random.Random(deal * 2 * n + seat_alone + n * (alone is b)))
            deltas = record(match, sides)
            deal_points += sum(d for d, side in zip(deltas, sides, strict=True) if side is a_side)
    a_side.points.append(deal_points)
    b_side.points.append(-deal_points)


# The landlord's points per bid point and share from the dealt hands' values (`--calibrate 2000 --seed 7`: its own
# value and the sum of the other two), the outcome of an auction in the model arena (`--auction model`).
OUTCOME = (0.173, 0.654, -0.685)


def dealt_values(match: Match) -> list[float]:
    """Each seat's hand value as dealt, after the auction (the landlord's kitty cards taken out again)."""
    values = []
    for seat in range(match.players):
        view = observe(match, seat)
        counts = parse(view.hand)
        if seat == match.hand.landlord and view.kitty:
            counts = subtract(counts, parse(view.kitty))
        values.append(landlord_value(counts, rules=get(view.ruleset)))
    return values


def model_deal(deal: int, a: Player, b: Player, a_side: Side, b_side: Side, rules: Ruleset) -> None:
    """The plays of `own_deal`, each auction scored by the fitted outcome instead of played out: A's expected
    points. Bidding alone, and in seconds, so bidders can be compared on many deals."""
    deal_points = 0.0
    n = rules.players
    for alone, pair in ((a, b), (b, a)):
        for seat_alone in range(n):
            seats = [alone if seat == seat_alone else pair for seat in range(n)]
            match = Match(rules, seed=deal, first_deal=deal)
            auction(match, [p.bid for p in seats], [p.level for p in seats])
            landlord = match.hand.landlord
            assert landlord is not None
            values = dealt_values(match)
            base, own, others = OUTCOME
            each = match.hand.bid * (base + own * values[landlord] + others * (sum(values) - values[landlord]))
            (a_side if seats[landlord] is a else b_side).bids.append(match.hand.bid)
            deal_points += sum((n - 1) * each if seat == landlord else -each for seat in range(n) if seats[seat] is a)
    a_side.points.append(deal_points)
    b_side.points.append(-deal_points)
