"""End-game search: deal the unseen cards consistently with what is known and with what the passes suggest,
solve each deal exactly, and pick the move that wins in the most deals.

Every deal is solved by a depth-first search over the full game with a transposition table. The work is
bounded by a node budget (positions visited), never by the clock, so a decision is deterministic for a
seed; when the budget runs out the remaining positions are judged by the hand plans instead.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import NamedTuple

from game.bots.bidding import Seen, landlord_value, points_bid
from game.bots.evaluate import plan
from game.bots.levels import NORMAL
from game.bots.table import Table, played_by
from game.cards import NUM_RANKS, RANK_INDEX, Counts, add, parse, subtract
from game.combos import Reading, answer, classify
from game.kinds import Kind
from game.memo import memo
from game.moves import follow_moves, legal
from game.rulesets import Auction, Ruleset

PASS = "pass"
Hands = tuple[Counts, ...]
WINGED = frozenset(
    {
        Kind.TRIPLE_SINGLE,
        Kind.TRIPLE_PAIR,
        Kind.AIRPLANE_SINGLES,
        Kind.AIRPLANE_PAIRS,
        Kind.FOUR_TWO_SINGLES,
        Kind.FOUR_TWO_PAIRS,
    }
)
WING_VARIANTS = 2  # attachment choices kept per body: the lowest ones


@memo(1 << 14)
def _counts(move: str) -> Counts:
    return parse(move)


@memo(1 << 14)
def read_as(move: str, last: Reading | None, rules: Ruleset) -> Reading:
    """The reading a play takes on `last` (the highest that beats it; the default on a free lead)."""
    reading = answer(classify(_counts(move), rules), last)
    assert reading is not None
    return reading


@memo(1 << 14)
def candidate_moves(hand: Counts, last: Reading | None, rules: Ruleset) -> tuple[str, ...]:
    """The plays worth searching: every body, with at most WING_VARIANTS attachment choices, those that leave the
    best-planned hand first, then those that shed the most cards. (Against exact solutions the search out of budget
    judged 96% of cases right at 50 positions, 95% most cards first, and solved them in 17% fewer positions.)"""
    kept: dict[tuple[Kind, int, int], list[str]] = defaultdict(list)
    for move in legal(hand, last, rules):
        reading = read_as(move, last, rules)
        kept[reading.kind, reading.top, reading.length].append(move)
    out: list[str] = []
    for (kind, _, _), moves in kept.items():
        if kind in WINGED and len(moves) > WING_VARIANTS:
            moves = sorted(moves, key=lambda m: sum(map(RANK_INDEX.__getitem__, m)))[:WING_VARIANTS]
        out += moves
    out.sort(key=lambda m: (-plan(subtract(hand, _counts(m)), rules).score, -len(m), read_as(m, last, rules).top))
    return tuple(out)


SAFE_PLAY = 1.0  # turns a play nobody can beat saves; against exact solutions the static judgement of positions
# out of budget was right in 95% of cases at 50 positions (89% counting plays alone) and 97% at 200 (95%)


@memo(1 << 14)
def open_plays(hand: Counts, enemies: Hands, rules: Ruleset) -> tuple[int, int]:
    """The plays of `hand`'s plan, and how many of them none of the `enemies`' hands can beat."""
    parts = plan(hand, rules).parts
    safe = sum(not any(follow_moves(e, read_as(p.text, None, rules), rules) for e in enemies) for p in parts)
    return len(parts), safe


def leader(hands: Hands, turn: int, landlord: int, rules: Ruleset) -> int:
    """The seat judged to go out first from a position too big to play out: the one whose hand needs the fewest
    turns, the seat to move breaking ties. A play no enemy hand can beat keeps the lead, so it costs no turn
    (`open_plays`); the last play always costs one."""
    need = []
    for seat, hand in enumerate(hands):
        enemies = tuple(h for other, h in enumerate(hands) if (seat == landlord) != (other == landlord))
        plays, safe = open_plays(hand, enemies, rules)
        need.append(plays - SAFE_PLAY * min(safe, plays - 1) - (0.5 if seat == turn else 0.0))
    return min(range(len(hands)), key=need.__getitem__)


class Solver:
    """Who wins a fully known position, with both sides playing perfectly (within the node budget).

    Any number of seats; with a two-player `allowance` a farmer wins once it holds that many cards or fewer.
    """

    def __init__(self, rules: Ruleset, landlord: int, budget: int, allowance: int | None = None) -> None:
        self.rules = rules
        self.landlord = landlord
        self.budget = budget
        self.allowance = allowance
        self.nodes = 0
        self.memo: dict[tuple[Hands, int, Reading | None, int], bool] = {}

    def allied(self, a: int, b: int) -> bool:
        return a == b or (a != self.landlord and b != self.landlord)

    def spare(self, seat: int) -> int:
        """Cards `seat` may still hold when it wins."""
        return self.allowance if self.allowance is not None and seat != self.landlord else 0

    def static(self, hands: Hands, turn: int) -> bool:
        """Out of budget: the position is judged (`leader`)."""
        return self.allied(turn, leader(hands, turn, self.landlord, self.rules))

    def wins(self, hands: Hands, turn: int, last: Reading | None, last_seat: int) -> bool:
        """Does the side of `turn` win from here?"""
        key = (hands, turn, last, last_seat)
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.nodes >= self.budget:
            return self.static(hands, turn)
        self.nodes += 1
        result = False
        for move in self.ordered(hands, turn, last, last_seat):
            if self.after(hands, turn, last, last_seat, move):
                result = True
                break
        self.memo[key] = result
        return result

    def ordered(self, hands: Hands, turn: int, last: Reading | None, last_seat: int) -> list[str]:
        moves = list(candidate_moves(hands[turn], last, self.rules))
        if last is None:
            return moves
        return [PASS, *moves] if self.allied(turn, last_seat) else [*moves, PASS]

    def after(self, hands: Hands, turn: int, last: Reading | None, last_seat: int, move: str) -> bool:
        """Does the side of `turn` win after it plays `move`?"""
        nxt = (turn + 1) % len(hands)
        if move == PASS:
            if nxt == last_seat:
                return self.wins(hands, nxt, None, nxt) == self.allied(turn, nxt)
            return self.wins(hands, nxt, last, last_seat) == self.allied(turn, nxt)
        hand = hands[turn]
        if sum(hand) - len(move) <= self.spare(turn):  # a move's text holds one character per card
            return True
        moved = (*hands[:turn], subtract(hand, _counts(move)), *hands[turn + 1 :])
        return self.wins(moved, nxt, read_as(move, last, self.rules), turn) == self.allied(turn, nxt)


PASS_EVIDENCE = 0.4  # how much likelier a deal is kept in which a seat that passed held no plain answer
AUCTION_EVIDENCE = 0.05  # the same for a hand that, as dealt, would not have answered the auction as its seat did
DRAWS = 12  # deals drawn at most for one sample before the last is kept


class Passed(NamedTuple):
    """A seat passed an enemy's single or pair: it likely held no higher one (bots and people keep 2s and jokers
    back, so this is evidence, not proof). `later` are the cards it played after passing."""

    seat: int
    kind: Kind
    top: int
    later: Counts


def evidence(t: Table) -> tuple[Passed, ...]:
    """The passes worth reading in this hand's history."""
    out: list[Passed] = []
    last: tuple[int, Reading] | None = None
    passes = 0
    for i, (seat, move) in enumerate(t.history):
        if move != PASS:
            last, passes = (seat, read_as(move, last[1] if last else None, t.rules)), 0
            continue
        passes += 1
        assert last is not None
        author, reading = last
        if seat != t.seat and not t.allied(seat, author) and reading.kind in (Kind.SINGLE, Kind.PAIR):
            later = played_by(t.history[i + 1 :], seat)
            out.append(Passed(seat, reading.kind, reading.top, later))
        if passes == t.players - 1:
            last, passes = None, 0
    return tuple(out)


def _held_answer(hand: Counts, passed: Passed) -> bool:
    need = 1 if passed.kind is Kind.SINGLE else 2
    held = add(hand, passed.later)
    return any(held[r] >= need for r in range(passed.top + 1, len(held)))


class Answer(NamedTuple):
    """A seat's answer in a points auction and what that seat saw then (`bidding.Seen`): what a hand as dealt would
    have answered there is evidence about it."""

    seat: int
    bid: int
    seen: Seen
    played: Counts  # the cards it has played since, and the kitty it took, to recover the hand as dealt
    kitty: Counts


def answers(t: Table) -> tuple[Answer, ...]:
    """The other seats' answers in this hand's points auction; none for a hand the landlord showed, none in the
    call/rob auctions (a call says less)."""
    if t.rules.auction is not Auction.POINTS:
        return ()
    shown = sum(t.landlord_holds) >= t.sizes[t.landlord]
    scores = t.scores or (0,) * t.players
    before = len(t.match_bids) - len(t.auction)
    return tuple(
        Answer(
            seat,
            bid,
            Seen(seat, t.auction[:k], scores, t.match_bids[: before + k]),
            played_by(t.history, seat),
            t.kitty if seat == t.landlord else (0,) * NUM_RANKS,
        )
        for k, (seat, bid) in enumerate(t.auction)
        if seat != t.seat and not (shown and seat == t.landlord)
    )


def answered_as(a: Answer, hand: Counts, rules: Ruleset) -> float:
    """The share of a `normal` bidder's mixed values (`Level.bid_mix`) that, holding what `hand` was as dealt,
    would have answered as the seat did."""
    value = landlord_value(subtract(add(hand, a.played), a.kitty), rules=rules)
    mix = NORMAL.bid_mix
    return sum(points_bid(value + d, a.seen, rules, NORMAL) == a.bid for d in (-mix, 0.0, mix)) / 3


def _deal(t: Table, rng: random.Random) -> Hands:
    """One deal of the unseen cards to the other seats, matching their sizes and the landlord's known kitty."""
    hands: list[list[int]] = [[0] * NUM_RANKS for _ in range(t.players)]
    hands[t.seat] = list(add(t.hand, t.kept))
    pool = list(subtract(t.unseen, t.landlord_holds))
    if not t.is_landlord:
        hands[t.landlord] = list(t.landlord_holds)
    cards = [rank for rank, n in enumerate(pool) for _ in range(n)]
    rng.shuffle(cards)
    for seat in range(t.players):
        if seat == t.seat:
            continue
        need = t.sizes[seat] - sum(hands[seat])
        for rank in cards[:need]:
            hands[seat][rank] += 1
        cards = cards[need:]
    return tuple(tuple(h) for h in hands)


def sample_hands(t: Table, rng: random.Random, seen: tuple[Passed, ...] | None = None) -> Hands:
    """A deal of the unseen cards consistent with everything public (sizes, the known kitty or shown hand), drawn
    in proportion to how well it explains the passes (`evidence`) and the auction (`answers`): each pass over a
    held answer keeps a deal only PASS_EVIDENCE as often, a hand that would not have answered the auction as its
    seat did only AUCTION_EVIDENCE as often."""
    seen = evidence(t) if seen is None else seen
    read = answers(t)
    hands = _deal(t, rng)
    for _ in range(DRAWS - 1):
        keep = PASS_EVIDENCE ** sum(_held_answer(hands[p.seat], p) for p in seen)
        for a in read:
            keep *= AUCTION_EVIDENCE + (1 - AUCTION_EVIDENCE) * answered_as(a, hands[a.seat], t.rules)
        if rng.random() < keep:
            break
        hands = _deal(t, rng)
    return hands


def search(t: Table, budget: int, samples: int, rng: random.Random, include: str) -> dict[str, int]:
    """Wins per candidate move (and `include`) over `samples` deals of the unseen cards, `budget` positions in all.

    Repeated deals are solved once, with their share of the budget.
    """
    last_seat = t.last_seat if t.last_seat is not None else t.seat
    moves = list(dict.fromkeys([include, *candidate_moves(add(t.hand, t.kept), t.last, t.rules)]))
    if t.last is not None and PASS not in moves:
        moves.append(PASS)
    seen = evidence(t)
    deals = Counter(sample_hands(t, rng, seen) for _ in range(samples))
    wins = dict.fromkeys(moves, 0)
    for hands, weight in deals.items():
        per_deal = budget * weight // samples
        solver = Solver(t.rules, t.landlord, 0, t.allowance)
        for left, move in zip(range(len(moves), 0, -1), moves, strict=True):
            solver.budget = solver.nodes + max(1, (per_deal - solver.nodes) // left)
            wins[move] += weight * solver.after(hands, t.seat, t.last, last_seat, move)
    return wins
