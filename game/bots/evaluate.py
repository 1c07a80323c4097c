"""Hand strength: split a hand into the fewest, strongest plays (bodies plus attachments) and score it.

The score is the sum of each play's strength minus a fixed cost per play, so a hand that needs fewer
plays, or holds more controls (2s, jokers, bombs), scores higher. Decompositions are memoised on the
count tuple, so the many sub-hands a decision looks at share their work. A ruleset decides which plays a
plan may use (`Style`): two-deck tables have bombs of 4-8 cards, joker pairs and a four-joker rocket, and
forbid single attachments.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from game.cards import ACE, BIG_JOKER, JOKERS, NUM_RANKS, RANKS, SMALL_JOKER, Counts
from game.kinds import Kind
from game.memo import memo
from game.rulesets import STANDARD, Ruleset

PLAY_COST = 7.0  # what one more play to empty the hand costs, in rank steps
TRIPLE_HINT = 3.0  # a triple usually carries a weak card away: guides the split toward triples
KICKER_LIMIT = 3.5  # attach singles and pairs weaker than this (below an ace)
BOMB_VALUE = 12.0
BOMB_CARD_VALUE = 2.0  # each card a bomb holds beyond the table's smallest bomb (two-deck tables)
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


@dataclass(frozen=True, eq=False)
class Style:
    """The plays a plan may use under one ruleset. Compared by identity: one per ruleset (`style_of`)."""

    same_rank: tuple[Kind | None, ...]  # the play of n equal cards (not jokers), by n
    joker_pairs: bool
    rocket: tuple[int, int]  # small and big jokers in the rocket
    runs: tuple[tuple[Kind, int, int], ...]  # (kind, cards per rank, fewest ranks)
    single_wings: dict[Kind, Kind]  # carrier -> its kind with single attachments, where allowed
    pair_wings: dict[Kind, Kind]
    smallest_bomb: int


@memo(64)
def style_of(rules: Ruleset) -> Style:
    low, high = rules.bomb_sizes
    same: list[Kind | None] = [None, Kind.SINGLE, Kind.PAIR, Kind.TRIPLE] + [None] * (high - 3)
    for n in range(low, high + 1):
        same[n] = Kind.BOMB
    return Style(
        same_rank=tuple(k if k is None or rules.allows(k) else None for k in same),
        joker_pairs=rules.joker_pairs and rules.allows(Kind.PAIR),
        rocket=(rules.rocket[0], rules.rocket[1]),
        runs=tuple(run for run in RUNS if rules.allows(run[0])),
        single_wings=_allowed(rules, {Kind.TRIPLE: Kind.TRIPLE_SINGLE, Kind.AIRPLANE: Kind.AIRPLANE_SINGLES}),
        pair_wings=_allowed(rules, {Kind.TRIPLE: Kind.TRIPLE_PAIR, Kind.AIRPLANE: Kind.AIRPLANE_PAIRS}),
        smallest_bomb=low,
    )


def _allowed(rules: Ruleset, carried: dict[Kind, Kind]) -> dict[Kind, Kind]:
    return {body: kind for body, kind in carried.items() if rules.allows(kind)}


def _part(kind: Kind, top: int, length: int, text: str, style: Style) -> Part:
    if kind is Kind.BOMB:
        value = BOMB_VALUE + top / 4 + BOMB_CARD_VALUE * (length - style.smallest_bomb)
    elif kind is Kind.ROCKET:
        value = ROCKET_VALUE
    else:
        value = rank_value(top) + RUN_BONUS.get(kind, 0.0)
    return Part(text, kind, top, length, value)


RUNS = ((Kind.STRAIGHT, 1, 5), (Kind.PAIR_RUN, 2, 3), (Kind.AIRPLANE, 3, 2))


def _less(counts: Counts, r: int, n: int) -> Counts:
    rest = list(counts)
    rest[r] -= n
    return tuple(rest)


def _same_rank(r: int, n: int, style: Style) -> Kind | None:
    if r in JOKERS:
        return Kind.SINGLE if n == 1 else Kind.PAIR if n == 2 and style.joker_pairs else None
    return style.same_rank[n] if n < len(style.same_rank) else None


Body = tuple[Part, float]  # a play and what it adds to a split: strength - PLAY_COST + the attachment hint


class _Bodies(NamedTuple):
    """Every body a style allows, built once: by rank and count (same-rank plays), and by run kind, first and
    top rank (runs), so a split looks its bodies up instead of building them."""

    same: tuple[tuple[Body | None, ...], ...]
    runs: tuple[tuple[tuple[Body, ...], ...], ...]
    rocket: Body


def _guide(part: Part) -> float:
    if part.kind is Kind.TRIPLE:
        return TRIPLE_HINT
    if part.kind is Kind.AIRPLANE:
        return TRIPLE_HINT * part.length
    return 0.0


def _body(kind: Kind, top: int, length: int, text: str, style: Style) -> Body:
    part = _part(kind, top, length, text, style)
    return part, part.value - PLAY_COST + _guide(part)


@memo(64)
def _bodies_of(style: Style) -> _Bodies:
    deepest = len(style.same_rank) - 1
    same = tuple(
        tuple(
            None
            if (kind := _same_rank(r, n, style)) is None
            else _body(kind, r, n if kind is Kind.BOMB else 1, RANKS[r] * n, style)
            for n in range(deepest + 1)
        )
        for r in range(NUM_RANKS)
    )
    runs = tuple(
        tuple(
            tuple(
                _body(kind, top, top - r + 1, "".join(RANKS[x] * unit for x in range(r, top + 1)), style)
                for top in range(r, ACE + 1)
            )
            for r in range(ACE + 1)
        )
        for kind, unit, _ in style.runs
    )
    small, big = style.rocket
    rocket = _body(Kind.ROCKET, BIG_JOKER, small + big, RANKS[SMALL_JOKER] * small + RANKS[BIG_JOKER] * big, style)
    return _Bodies(same, runs, rocket)


def _bodies_from(counts: Counts, r: int, style: Style) -> list[tuple[Body, Counts]]:
    """Every body that holds a card of rank `r` (the lowest held), with the counts left after it."""
    bodies = _bodies_of(style)
    out: list[tuple[Body, Counts]] = []
    same = bodies.same[r]
    for n in range(1, min(counts[r], len(same) - 1) + 1):
        body = same[n]
        if body is not None:
            out.append((body, _less(counts, r, n)))
    small, big = style.rocket
    if r == SMALL_JOKER and counts[SMALL_JOKER] >= small and counts[BIG_JOKER] >= big:
        out.append((bodies.rocket, _less(_less(counts, r, small), BIG_JOKER, big)))
    if r > ACE:
        return out
    for (_, unit, minimum), by_first in zip(style.runs, bodies.runs, strict=True):
        runs = by_first[r]
        top = r
        rest = list(counts)
        while top <= ACE and counts[top] >= unit:
            rest[top] -= unit
            if top - r + 1 >= minimum:
                out.append((runs[top - r], tuple(rest)))
            top += 1
    return out


@memo(1 << 14)  # 4x larger bounds here and on `_plan` were no faster, and the bots' memory rose for 400 hands
def _split(counts: Counts, style: Style) -> tuple[float, tuple[Part, ...]]:
    """The best split into bodies by (strength - PLAY_COST + attachment hint), searched from the lowest rank."""
    r = 0
    while r < NUM_RANKS and not counts[r]:
        r += 1
    if r == NUM_RANKS:
        return 0.0, ()
    best_score = -math.inf
    best: tuple[Part, ...] = ()
    for (part, gain), rest in _bodies_from(counts, r, style):
        score, parts = _split(rest, style)
        score += gain
        if score > best_score:
            best_score, best = score, (part, *parts)
    return best_score, best


def _attach(parts: list[Part], style: Style) -> list[Part]:
    """Carry the weakest singles and pairs on triples and airplanes (000 §7, §11), where the table allows it."""
    singles = sorted((p for p in parts if p.kind is Kind.SINGLE and p.value < KICKER_LIMIT), key=lambda p: p.top)
    pairs = sorted(
        (p for p in parts if p.kind is Kind.PAIR and p.value < KICKER_LIMIT and p.top not in JOKERS),
        key=lambda p: p.top,
    )
    carriers = sorted((p for p in parts if p.kind in (Kind.TRIPLE, Kind.AIRPLANE)), key=lambda p: (-p.length, p.top))
    out = [p for p in parts if p not in carriers]
    for carrier in carriers:
        body = range(carrier.top - carrier.length + 1, carrier.top + 1)
        need = carrier.length
        single_pool = [p for p in singles if p.top not in body] if carrier.kind in style.single_wings else []
        pair_pool = [p for p in pairs if p.top not in body] if carrier.kind in style.pair_wings else []
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
        kind = (style.single_wings if use_singles else style.pair_wings)[carrier.kind]
        text = "".join(sorted(carrier.text + "".join(w.text for w in wings), key=RANKS.index))
        out.append(Part(text, kind, carrier.top, carrier.length, carrier.value))
    return out


def plan(counts: Counts, rules: Ruleset = STANDARD) -> Plan:
    """The hand's best decomposition into plays under `rules`, weakest first, and its score."""
    return _plan(counts, style_of(rules))


@memo(1 << 12)
def _plan(counts: Counts, style: Style) -> Plan:
    _, bodies = _split(counts, style)
    parts = _attach(list(bodies), style)
    parts.sort(key=lambda p: (p.value, -len(p.text)))
    return Plan(sum(p.value for p in parts) - PLAY_COST * len(parts), tuple(parts))


def whole_plan(counts: Counts, rules: Ruleset = STANDARD) -> Plan:
    """The plan to play by: the best plan, unless it breaks a bomb or the rocket the hand holds and a plan keeping
    them whole needs no more plays (issue 34: 777+Q led from 7777 where the airplane 888999 with 5 and 6 kept the
    bomb). The score stays the best plan's: a bomb's worth is counted the same either way."""
    return _whole(counts, style_of(rules))


@memo(1 << 12)
def _whole(counts: Counts, style: Style) -> Plan:
    best = _plan(counts, style)
    bodies = _bodies_of(style)
    whole = [
        body
        for r in range(SMALL_JOKER)
        if counts[r] >= style.smallest_bomb and (body := bodies.same[r][counts[r]]) is not None
    ]
    small, big = style.rocket
    if counts[SMALL_JOKER] >= small and counts[BIG_JOKER] >= big:
        whole.append(bodies.rocket)
    kept = {(p.kind, p.top, p.length) for p in best.parts}
    if all((part.kind, part.top, part.length) in kept for part, _ in whole):
        return best
    rest = list(counts)
    for part, _ in whole:
        for ch in part.text:
            rest[RANKS.index(ch)] -= 1
    others = _plan(tuple(rest), style)
    if others.plays + len(whole) > best.plays:  # keeping them costs a play: the best plan breaks them for a reason
        return best
    parts = sorted((*others.parts, *(part for part, _ in whole)), key=lambda p: (p.value, -len(p.text)))
    return Plan(best.score, tuple(parts))


def score(counts: Counts, rules: Ruleset = STANDARD) -> float:
    return plan(counts, rules).score


def keep_back(counts: Counts, spare: int, rules: Ruleset = STANDARD) -> Counts:
    """The cards still to play when `spare` of them may stay in hand to the end (a two-player farmer's
    allowance): one at a time, set aside the card the rest plans best without."""
    for _ in range(min(spare, sum(counts) - 1)):
        counts = max((_less(counts, r, 1) for r in range(NUM_RANKS) if counts[r]), key=lambda c: score(c, rules))
    return counts
