"""Proving a decision: which moves win on every deal of the unseen cards that agrees with what the seat has seen.

A seat sees its own hand, every play, the hand sizes, the kitty cards the landlord has not played yet and a shown
hand (004). Every split of the unseen cards that matches those is a consistent deal; the exact solver
(`game.solver`) decides each one with every hand face up. A move that wins on every consistent deal wins whatever
the others hold and however they play; a decision is a proven blunder when such a move exists and the move made
loses on at least one deal (the benchmark `benchmarks/proof_screen.py` screens games for them, issue 34).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from game.bots.table import Table
from game.cards import NUM_RANKS, Counts, add, parse, subtract
from game.combos import answer, classify
from game.solver import Move, Position, Solver, TooLong

Hands = tuple[Counts, ...]
TABLE_LIMIT = 1 << 21  # solved positions kept per decision before the solver's tables start afresh (memory)


def _subsets(pool: Counts, size: int, rank: int = 0) -> Iterator[Counts]:
    """Every multiset of `size` cards drawn from `pool`'s counts, ranks from `rank` on."""
    if size == 0:
        yield (0,) * NUM_RANKS
        return
    if rank == NUM_RANKS or sum(pool[rank:]) < size:
        return
    for n in range(min(pool[rank], size), -1, -1):
        for rest in _subsets(pool, size - n, rank + 1):
            if n:
                yield (*rest[:rank], n, *rest[rank + 1 :])
            else:
                yield rest


def count_subsets(pool: Counts, size: int) -> int:
    """How many `_subsets(pool, size)` there are (polynomial coefficients, no enumeration)."""
    ways = [1] + [0] * size
    for n in pool:
        ways = [sum(ways[k - j] for j in range(min(n, k) + 1)) for k in range(size + 1)]
    return ways[size]


def _others(t: Table) -> list[int]:
    return [s for s in range(t.players) if s != t.seat]


def whole(t: Table) -> bool:
    """Do the unseen cards fill the other hands exactly, as in a real hand? (A position built from a short history
    leaves cards unaccounted for, and a wild-card table's virtual view, `wild.virtual_view`, may count a rank more
    often than the pack holds it: neither has a consistent deal in this sense.)"""
    pool = subtract(t.unseen, t.landlord_holds)
    return min(pool) >= 0 and sum(t.unseen) == sum(t.sizes) - t.sizes[t.seat]


def deal_count(t: Table) -> int:
    """How many consistent deals `consistent_deals` gives (three seats: one split of the pool decides both)."""
    others = _others(t)
    pool = subtract(t.unseen, t.landlord_holds)
    if len(others) == 1:
        return 1
    first = others[0]
    need = t.sizes[first] - (sum(t.landlord_holds) if first == t.landlord else 0)
    if len(others) == 2:
        return count_subsets(pool, need)
    return sum(1 for _ in consistent_deals(t))


def consistent_deals(t: Table) -> Iterator[Hands]:
    """Every deal of the unseen cards to the other seats that matches their sizes and the landlord's known cards."""
    mine = add(t.hand, t.kept)
    pool = subtract(t.unseen, t.landlord_holds)

    def fill(seats: list[int], pool: Counts, hands: dict[int, Counts]) -> Iterator[Hands]:
        seat, rest = seats[0], seats[1:]
        known = t.landlord_holds if seat == t.landlord and not t.is_landlord else (0,) * NUM_RANKS
        need = t.sizes[seat] - sum(known)
        picks = _subsets(pool, need) if rest else ([pool] if sum(pool) == need else [])
        for pick in picks:
            hands[seat] = add(known, pick)
            if rest:
                yield from fill(rest, subtract(pool, pick), hands)
            else:
                yield tuple(mine if s == t.seat else hands[s] for s in range(t.players))

    yield from fill(_others(t), pool, {})


def position(t: Table, hands: Hands) -> Position:
    """The fully known position of `t`'s decision on one deal."""
    last_seat = t.last_seat if t.last is not None and t.last_seat is not None else t.seat
    return Position(t.rules, hands, t.landlord, t.seat, t.last, last_seat, t.allowance)


def move_of(p: Position, move: str) -> Move:
    """The solver's action for a rank string as the match reads it (a lead's default reading)."""
    if move == "pass":
        found = p.find("pass")
    else:
        reading = answer(classify(parse(move), p.rules), p.last)
        found = p.find(move, reading.kind if reading else None)
    if found is None:
        raise ValueError(f"{move} is not a legal move here")
    return found


class Verdict(NamedTuple):
    """A proved decision: whether the move made wins on every consistent deal (None: not asked, as no other move
    does), and when it does not, the other moves that do (rank strings); the deals proved."""

    move: str
    sure: tuple[str, ...]
    move_sure: bool | None
    deals: int

    @property
    def blunder(self) -> bool:
        return bool(self.sure) and self.move_sure is False


SCOUT = 8  # deals the other moves are tried on first: most decisions have none that wins on all of them


def prove(t: Table, move: str, true: Hands | None = None, rng: random.Random | None = None) -> Verdict:
    """Which other moves of `t`'s seat win on every consistent deal, and does `move`? Deals are tried `true` first
    (when given: the hands as they are, one of the consistent deals), then in a shuffled order. The other moves are
    scouted on a few deals and each dropped at its first loss; when some survive, `move` is proved on every deal,
    and only if it loses one are the survivors proved on every deal too."""
    deals = list(consistent_deals(t))
    if not deals:
        raise ValueError("no consistent deal: the unseen cards do not fill the other hands")
    (rng or random.Random(0)).shuffle(deals)
    if true is not None:
        deals.remove(true)
        deals.insert(0, true)
    solver = Solver(t.rules, t.landlord, t.allowance)

    def wins(hands: Hands, m: Move) -> bool:
        nonlocal solver
        if len(solver.table) > TABLE_LIMIT:
            solver = Solver(t.rules, t.landlord, t.allowance)
        return solver.wins_after(position(t, hands), m)

    made = move_of(position(t, deals[0]), move)
    alive = [m for m in position(t, deals[0]).moves() if m != made]
    for hands in deals[:SCOUT]:
        alive = [m for m in alive if wins(hands, m)]
    if not alive:
        return Verdict(move, (), None, min(SCOUT, len(deals)))
    lost = next((k for k, hands in enumerate(deals) if not wins(hands, made)), None)
    if lost is None:
        return Verdict(move, (), True, len(deals))
    for hands in [deals[lost], *deals[SCOUT:]]:
        alive = [m for m in alive if wins(hands, m)]
        if not alive:
            break
    return Verdict(move, tuple(dict.fromkeys(m.text for m in alive)), False, len(deals))


def drawn(t: Table, count: int, rng: random.Random) -> list[Hands]:
    """`count` consistent deals at most: all of them, shuffled, when there are no more, else as many drawn at random
    (uniform over the unseen cards' orders; repeats dropped)."""
    if whole(t) and deal_count(t) <= count:
        deals = list(consistent_deals(t))
        rng.shuffle(deals)
        return deals
    mine = add(t.hand, t.kept)
    pool = subtract(t.unseen, t.landlord_holds)
    cards = [rank for rank, n in enumerate(pool) for _ in range(n)]
    found: dict[Hands, None] = {}
    for _ in range(count):
        rng.shuffle(cards)
        hands, start = [], 0
        for seat in range(t.players):
            if seat == t.seat:
                hands.append(mine)
                continue
            known = t.landlord_holds if seat == t.landlord else (0,) * NUM_RANKS
            need = t.sizes[seat] - sum(known)
            hands.append(add(known, _counts(cards[start : start + need])))
            start += need
        found[tuple(hands)] = None
    return list(found)


def _counts(ranks: list[int]) -> Counts:
    counts = [0] * NUM_RANKS
    for rank in ranks:
        counts[rank] += 1
    return tuple(counts)


def legal_moves(t: Table, hands: Hands) -> list[str]:
    """Every legal move of `t`'s seat as a rank string (a lead's several readings once), as the solver lists them."""
    return list(dict.fromkeys(m.text for m in position(t, hands).moves()))


def prover(t: Table, nodes: int) -> Solver:
    """The exact solver for one decision's proofs: at most `nodes` positions in all, however many proofs ask (their
    table shared: the same deals come back)."""
    return Solver(t.rules, t.landlord, t.allowance, limit=nodes)


@dataclass
class _Race:
    """One move's proof in `first_sure`: the deals it won (indices), the positions spent on them and on the one it
    is at, and the positions it may spend at once."""

    cap: int | None
    won: set[int] = field(default_factory=set)
    order: int = 0  # the deals before this one in order are won
    spent: int = 0
    stuck: int = 0

    def ahead(self, deals: int) -> float:
        """The positions its proof may still cost: its positions per deal so far (the deal it is at counted as if
        it cost what it has cost yet) times the deals left."""
        tried = len(self.won) + (self.stuck > 0)
        return (self.spent + self.stuck) / tried * (deals - len(self.won)) if tried else 0.0

    def next_deal(self, refuting: list[int], deals: int) -> int | None:
        """The deal its proof goes on with: the deals that refuted other moves first, then the others in order;
        None when it has won them all."""
        for deal in refuting:
            if deal not in self.won:
                return deal
        while self.order < deals and self.order in self.won:
            self.order += 1
        return self.order if self.order < deals else None


def first_sure(
    t: Table,
    moves: list[str],
    deals: list[Hands],
    proofs: Solver,
    least: int = 0,
    keep: str | None = None,
    bar: float = 1.0,
) -> tuple[str, int] | None:
    """A move of `moves` that wins on every one of `deals` (proved exactly) and the deals proved, or None: none does,
    or `proofs` (`prover`) ran out of positions. Where they ran out after `keep` lost on a deal, the move proved on
    the most deals (at least SCOUT, and more than `keep` won) and none lost, with those deals: a move known to lose
    is no better than one not yet proved (deal 9000455: the landlord's 2 loses on 11 of 83 deals, proving the 6 that
    wins on all of them costs 88,000 positions). Where they ran out with `keep` not yet refuted, that move too, if it
    won at least the share `bar` of the deals (what `keep` is judged to win): it wins at least as often, and lost
    none (deal 9000455 again: the 2, judged to win 8 sampled deals of 10, cost 25,000 positions on its first deal,
    the 6 won the next 70 of 83).

    The proofs race, the cheapest first: each step proves one deal more of the move whose proof looks the cheapest
    to finish (its positions per deal so far times the deals left; `moves`' order breaks ties, so each is tried on a
    deal first), a move is dropped at its first lost deal, and a step that passes the move's share of positions is
    left for later with its share doubled. A move that wins everywhere mostly wins at once; one that loses on a deal
    of many is searched deep on every other (deal 7000515: the lead 3 costs 97,000 positions on its 18 deals, the
    straight 56789T 759). A deal on which a move lost is tried first by every other proof: the deal that refutes one
    move often refutes its like (deal 9000676: 77, 99, K and 2 all lose on one deal of 70). With `least`, where the
    cheapest proof would cost more positions than are left, it is made on the first `least` deals only (they come
    shuffled: a random draw). `keep`, the move played unless another is proved, races too (if its proof finishes
    first, the others need none), but the race ends, None, when no other is left; a deal that refuted another move is
    tried on `keep` at once."""
    limit = proofs.limit
    race = {
        move: _Race(None if limit is None else max(1, (limit - proofs.nodes) // (2 * len(moves)))) for move in moves
    }
    refuting: list[int] = []
    keep_tried: set[int] = set()  # the refuting deals `keep`'s proof went to at once
    keep_lost: int | None = None  # the deals `keep` won before one refuted it
    try:
        while race.keys() - {keep}:
            move = min(race, key=lambda m: race[m].ahead(len(deals)))
            if keep in race and any(d not in race[keep].won and d not in keep_tried for d in refuting):
                move = keep  # a deal that refuted another move may refute the move played
            proof = race[move]
            if 0 < least < len(deals) and limit is not None and proof.ahead(len(deals)) > limit - proofs.nodes:
                deals = deals[:least]
                refuting = [d for d in refuting if d < least]
                continue
            deal = proof.next_deal(refuting, len(deals))
            if deal is None:
                return move, len(deals)
            if move == keep:
                keep_tried.add(deal)
            start = proofs.nodes
            won = _wins(t, move, deals[deal], proofs, proof.cap)
            if won is None:
                proof.stuck += proofs.nodes - start
                proof.cap = 2 * proof.cap if proof.cap else None  # (no cap, no limit: never stuck)
            elif won:
                proof.spent += proof.stuck + proofs.nodes - start
                proof.stuck = 0
                proof.won.add(deal)
            else:
                del race[move]
                if move == keep:
                    keep_lost = len(proof.won)
                if deal not in refuting:
                    refuting.append(deal)
    except TooLong:
        pass
    others = [m for m in race if m != keep]
    if keep is None or not others:
        return None
    best = max(others, key=lambda m: len(race[m].won))  # the move furthest proved in place of `keep`
    won = len(race[best].won)
    enough = won > max(keep_lost, SCOUT - 1) if keep_lost is not None else won >= max(SCOUT, bar * len(deals))
    return (best, won) if enough else None


def _wins(t: Table, move: str, hands: Hands, proofs: Solver, cap: int | None) -> bool | None:
    """Does `move` win on the deal `hands`? None where it passes `cap` positions first (TooLong where it passes
    `proofs`' limit)."""
    limit = proofs.limit
    if cap is not None:
        proofs.limit = proofs.nodes + cap if limit is None else min(limit, proofs.nodes + cap)
    try:
        p = position(t, hands)
        return proofs.wins_after(p, move_of(p, move))
    except TooLong:
        if limit is not None and proofs.nodes > limit:
            raise
        return None
    finally:
        proofs.limit = limit


def sure_move(
    t: Table,
    choice: str,
    others: list[str],
    deals: int,
    proofs: Solver,
    rng: random.Random,
    every: int = 0,
    bar: float = 1.0,
) -> tuple[str, int] | None:
    """A move to play instead of `choice` (issue 34's proven blunders), and the deals proved; None to keep `choice`
    (or `proofs` ran out of positions).

    With no more than `every` consistent deals, `choice` and `others` are proved on all of them (`first_sure`: the
    cheapest proof first, on `deals` of them where none is cheap enough for all), else on `deals` drawn at random
    (`drawn`); the first proved to win on every one is played, and `choice` while none of the others is left. Where
    that is another move than `choice`, `choice` may win on them too (nothing is lost) or not be proved at all: such
    a move mostly wins at once, while `choice`, where it loses on one deal of hundreds, is searched deep on every
    other. Once `choice` is proved to lose on a deal, the move furthest proved may be played where the positions run
    out (`first_sure`), and while it is not, one proved on at least the share `bar` of the deals, all won."""
    if whole(t) and deal_count(t) <= every:
        hands = list(consistent_deals(t))
        rng.shuffle(hands)
    else:
        hands = drawn(t, deals, rng)
    found = first_sure(t, [choice, *others], hands, proofs, deals, choice, bar)
    return None if found is None or found[0] == choice else found
