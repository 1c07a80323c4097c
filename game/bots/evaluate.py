"""Hand strength: split a hand into the fewest, strongest plays (bodies plus attachments) and score it.

The score is the sum of each play's strength minus a fixed cost per play, so a hand that needs fewer
plays, or holds more controls (2s, jokers, bombs), scores higher. Decompositions are memoised on the
count tuple, so the many sub-hands a decision looks at share their work.
"""

from __future__ import annotations

from typing import NamedTuple

from game.cards import ACE, BIG_JOKER, NUM_RANKS, RANKS, SMALL_JOKER, TWO, Counts
from game.kinds import Kind
from game.memo import memo

PLAY_COST = 7.0  # what one more play to empty the hand costs, in rank steps
TRIPLE_HINT = 3.0  # a triple usually carries a weak card away: guides the split toward triples
KICKER_LIMIT = 3.5  # attach singles and pairs weaker than this (below an ace)
BOMB_VALUE = 12.0
ROCKET_VALUE = 14.0
RUN_BONUS = {Kind.STRAIGHT: 1.0, Kind.PAIR_RUN: 2.0, Kind.AIRPLANE: 3.0}


class Part(NamedTuple):
    """One play of a plan: its text, kind, body top, body length and strength."""

    text: str
    kind: Kind
    top: int
    length: int
    value: float


class Plan(NamedTuple):
    score: float
    parts: tuple[Part, ...]

    @property
    def plays(self) -> int:
        return len(self.parts)


def rank_value(rank: int) -> float:
    """Strength of a single, pair or triple of `rank`: negative below ten, 7 for the big joker."""
    return rank - 7.0


def _part(kind: Kind, top: int, length: int, text: str) -> Part:
    if kind is Kind.BOMB:
        value = BOMB_VALUE + top / 4
    elif kind is Kind.ROCKET:
        value = ROCKET_VALUE
    else:
        value = rank_value(top) + RUN_BONUS.get(kind, 0.0)
    return Part(text, kind, top, length, value)


SAME_RANK_KINDS = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.BOMB}
RUNS = ((Kind.STRAIGHT, 1, 5), (Kind.PAIR_RUN, 2, 3), (Kind.AIRPLANE, 3, 2))


def _bodies_from(counts: Counts, r: int) -> list[tuple[Part, Counts]]:
    """Every body that holds a card of rank `r` (the lowest held), with the counts left after it."""
    out: list[tuple[Part, Counts]] = []
    c = counts[r]
    for n in range(1, c + 1):
        if n == 2 and r >= SMALL_JOKER:
            continue
        rest = list(counts)
        rest[r] -= n
        out.append((_part(SAME_RANK_KINDS[n], r, 1, RANKS[r] * n), tuple(rest)))
    if r == SMALL_JOKER and counts[BIG_JOKER]:
        rest = list(counts)
        rest[SMALL_JOKER] -= 1
        rest[BIG_JOKER] -= 1
        out.append((_part(Kind.ROCKET, BIG_JOKER, 2, "BR"), tuple(rest)))
    for kind, unit, minimum in RUNS:
        top = r
        rest = list(counts)
        while top <= ACE and counts[top] >= unit:
            rest[top] -= unit
            length = top - r + 1
            if length >= minimum:
                text = "".join(RANKS[x] * unit for x in range(r, top + 1))
                out.append((_part(kind, top, length, text), tuple(rest)))
            top += 1
    return out


def _guide(part: Part) -> float:
    if part.kind is Kind.TRIPLE:
        return TRIPLE_HINT
    if part.kind is Kind.AIRPLANE:
        return TRIPLE_HINT * part.length
    return 0.0


@memo(1 << 15)
def _split(counts: Counts) -> tuple[float, tuple[Part, ...]]:
    """The best split into bodies by (strength - PLAY_COST + attachment hint), searched from the lowest rank."""
    r = next((i for i in range(NUM_RANKS) if counts[i]), None)
    if r is None:
        return 0.0, ()
    best: tuple[float, tuple[Part, ...]] | None = None
    for part, rest in _bodies_from(counts, r):
        score, parts = _split(rest)
        score += part.value - PLAY_COST + _guide(part)
        if best is None or score > best[0]:
            best = (score, (part, *parts))
    assert best is not None
    return best


def _attach(parts: list[Part]) -> list[Part]:
    """Carry the weakest singles and pairs on triples and airplanes (000 §7, §11)."""
    singles = sorted((p for p in parts if p.kind is Kind.SINGLE and p.value < KICKER_LIMIT), key=lambda p: p.top)
    pairs = sorted((p for p in parts if p.kind is Kind.PAIR and p.value < KICKER_LIMIT), key=lambda p: p.top)
    carriers = sorted((p for p in parts if p.kind in (Kind.TRIPLE, Kind.AIRPLANE)), key=lambda p: (-p.length, p.top))
    out = [p for p in parts if p not in carriers]
    for carrier in carriers:
        body = range(carrier.top - carrier.length + 1, carrier.top + 1)
        need = carrier.length
        single_pool = [p for p in singles if p.top not in body]
        pair_pool = [p for p in pairs if p.top not in body]
        use_singles = len(single_pool) >= need and (
            len(pair_pool) < need or single_pool[need - 1].top <= pair_pool[need - 1].top
        )
        pool = single_pool if use_singles else pair_pool
        if len(pool) < need:
            out.append(carrier)
            continue
        wings = pool[:need]
        for w in wings:
            out.remove(w)
            (singles if use_singles else pairs).remove(w)
        kind = _carried_kind(carrier.kind, use_singles)
        text = "".join(sorted(carrier.text + "".join(w.text for w in wings), key=RANKS.index))
        out.append(Part(text, kind, carrier.top, carrier.length, carrier.value))
    return out


def _carried_kind(body: Kind, singles: bool) -> Kind:
    if body is Kind.TRIPLE:
        return Kind.TRIPLE_SINGLE if singles else Kind.TRIPLE_PAIR
    return Kind.AIRPLANE_SINGLES if singles else Kind.AIRPLANE_PAIRS


@memo(1 << 13)
def plan(counts: Counts) -> Plan:
    """The hand's best decomposition into plays, weakest first, and its score."""
    _, bodies = _split(counts)
    parts = _attach(list(bodies))
    parts.sort(key=lambda p: (p.value, -len(p.text)))
    return Plan(sum(p.value for p in parts) - PLAY_COST * len(parts), tuple(parts))


def score(counts: Counts) -> float:
    return plan(counts).score


def is_control(part: Part) -> bool:
    """Plays that usually win their round: bombs, the rocket, and anything topped by a 2 or a joker."""
    return part.kind in (Kind.BOMB, Kind.ROCKET) or part.top >= TWO
