"""Legal move generation on rank counts: every distinct play for a hand, leading or following.

Hot path for the bots: it works on 15-rank count tuples with precomputed strings, and builds each
kind's plays directly instead of testing candidate subsets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.cards import ACE, BIG_JOKER, JOKERS, NUM_RANKS, RANKS, SMALL_JOKER, TWO, Counts
from game.combos import RUN_MIN, RUN_UNITS, Reading
from game.kinds import Kind
from game.rulesets import Ruleset

RANGE = range(NUM_RANKS)
REP = [[ch * k for ch in RANKS] for k in range(9)]
# RUN_TEXT[unit][top][length]: the consecutive body of `length` ranks ending at `top`, `unit` cards each.
RUN_TEXT = [
    [
        ["".join(RANKS[r] * unit for r in range(top - n + 1, top + 1)) if n <= top + 1 else "" for n in range(13)]
        for top in range(ACE + 1)
    ]
    for unit in range(4)
]
# ATTACH[k][t][r]: the triple of rank t with k cards of rank r, sorted.
ATTACH = {
    k: [[REP[3][t] + REP[k][r] if t < r else REP[k][r] + REP[3][t] for r in RANGE] for t in RANGE] for k in (1, 2)
}
JOKER_CHARS = (RANKS[SMALL_JOKER], RANKS[BIG_JOKER])


class Stock(NamedTuple):
    """A hand seen by the generators: its counts and the ranks held at least 1, 2, 3 and 4 times."""

    counts: Counts
    ge1: list[int]
    ge2: list[int]
    ge3: list[int]
    ge4: list[int]

    @classmethod
    def of(cls, c: Counts) -> Stock:
        ge1 = [r for r in RANGE if c[r]]
        ge2 = [r for r in ge1 if c[r] >= 2]
        ge3 = [r for r in ge2 if c[r] >= 3]
        return cls(c, ge1, ge2, ge3, [r for r in ge3 if c[r] >= 4])


Generator = Callable[[Stock, Ruleset, int, int], list[str]]


def _singles(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
    return [RANKS[r] for r in s.ge1 if r > above]


def _pairs(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
    end = NUM_RANKS if rules.joker_pairs else TWO + 1
    return [REP[2][r] for r in s.ge2 if above < r < end]


def _triples(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
    return [REP[3][r] for r in s.ge3 if above < r <= TWO]


def _triple_with(extra: int) -> Generator:
    table = ATTACH[extra]

    def generate(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
        out: list[str] = []
        extras = s.ge1 if extra == 1 else [r for r in s.ge2 if r not in JOKERS]
        for t in s.ge3:
            if above < t <= TWO:
                row = table[t]
                out += [row[r] for r in extras if r != t]
        return out

    return generate


def run_ends(held: list[int], min_len: int, above: int) -> list[tuple[int, int]]:
    """(top, run length so far) for each rank below 2 that ends a run of at least `min_len` held ranks."""
    out = []
    run = 0
    prev = -2
    for r in held:
        if r > ACE:
            break
        run = run + 1 if r == prev + 1 else 1
        prev = r
        if run >= min_len and r > above:
            out.append((r, run))
    return out


def _runs(unit: int, min_len: int) -> Generator:
    texts = RUN_TEXT[unit]

    def generate(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
        held = s[unit]
        if len(held) < min_len:
            return []
        out: list[str] = []
        for top, run in run_ends(held, min_len, above):
            if not length:
                out += texts[top][min_len : run + 1]
            elif run >= length:
                out.append(texts[top][length])
        return out

    return generate


def _picks(items: list[tuple[str, int]], size: int, start: int = 0) -> list[str]:
    """Every way to take `size` units from (unit text, how many available) items, as sorted text."""
    if size == 0:
        return [""]
    out = []
    for i in range(start, len(items)):
        text, have = items[i]
        for take in range(min(have, size), 0, -1):
            head = text * take
            out += [head + rest for rest in _picks(items, size - take, i + 1)]
    return out


def _wings(s: Stock, low: int, high: int, body: str, count: int, pairs: bool) -> list[str]:
    """The body with `count` single (or pair) attachments of ranks outside low..high, as sorted texts.

    Singles may share a rank but never hold both jokers; pairs are of distinct ranks without jokers.
    """
    c = s.counts
    if pairs:
        held = [r for r in s.ge2 if r not in JOKERS]
        lower = [(REP[2][r], 1) for r in held if r < low]
        upper = [(REP[2][r], 1) for r in held if r > high]
    else:
        lower = [(RANKS[r], c[r]) for r in s.ge1 if r < low]
        upper = [(RANKS[r], c[r]) for r in s.ge1 if r > high]
    out: list[str] = []
    for below in range(count + 1):
        heads = _picks(lower, below)
        if not heads:
            continue
        tails = _picks(upper, count - below)
        if not pairs:
            tails = [t for t in tails if not (JOKER_CHARS[0] in t and JOKER_CHARS[1] in t)]
        out += [head + body + tail for head in heads for tail in tails]
    return out


def _airplane_wings(pairs: bool) -> Generator:
    def generate(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
        if len(s.ge3) < 2:
            return []
        out: list[str] = []
        for top, run in run_ends(s.ge3, 2, above):
            for n in (length,) if length else range(2, run + 1):
                if n <= run:
                    out += _wings(s, top - n + 1, top, RUN_TEXT[3][top][n], n, pairs)
        return out

    return generate


def _four_with(pairs: bool) -> Generator:
    def generate(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
        out: list[str] = []
        for q in s.ge4:
            if above < q <= TWO:
                out += _wings(s, q, q, REP[4][q], 2, pairs)
        return out

    return generate


def _bombs(s: Stock, rules: Ruleset, length: int, above: int) -> list[str]:
    """Bombs stronger than (length, above): more cards first, then rank."""
    low, high = rules.bomb_sizes
    c = s.counts
    held = s.ge4 if low == 4 else [r for r in s.ge1 if c[r] >= low]
    return [REP[n][r] for r in held if r <= TWO for n in range(low, min(c[r], high) + 1) if (n, r) > (length, above)]


def _rocket(s: Stock, rules: Ruleset) -> list[str]:
    small, big = rules.rocket
    c = s.counts
    if c[SMALL_JOKER] >= small and c[BIG_JOKER] >= big:
        return [REP[small][SMALL_JOKER] + REP[big][BIG_JOKER]]
    return []


ORDINARY: dict[Kind, Generator] = {
    Kind.SINGLE: _singles,
    Kind.PAIR: _pairs,
    Kind.TRIPLE: _triples,
    Kind.TRIPLE_SINGLE: _triple_with(1),
    Kind.TRIPLE_PAIR: _triple_with(2),
    **{kind: _runs(unit, RUN_MIN[kind]) for kind, unit in RUN_UNITS.items()},
    Kind.AIRPLANE_SINGLES: _airplane_wings(pairs=False),
    Kind.AIRPLANE_PAIRS: _airplane_wings(pairs=True),
    Kind.FOUR_TWO_SINGLES: _four_with(pairs=False),
    Kind.FOUR_TWO_PAIRS: _four_with(pairs=True),
}
# Needs a triple (or a four) in hand to produce anything: skipped quickly for hands without one.
NEEDS_TRIPLE = frozenset(
    {Kind.TRIPLE, Kind.TRIPLE_SINGLE, Kind.TRIPLE_PAIR, Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS}
)
NEEDS_FOUR = frozenset({Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS})
SKIP = {
    (has3, has4): (frozenset() if has3 else NEEDS_TRIPLE) | (frozenset() if has4 else NEEDS_FOUR)
    for has3 in (False, True)
    for has4 in (False, True)
}
# Kinds whose plays can coincide with another reading's text (e.g. 333444555666), so need de-duplication.
OVERLAPPING = (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)


def lead_moves(c: Counts, rules: Ruleset, kinds: dict[Kind, Generator] = ORDINARY) -> list[str]:
    """Every distinct play for a free lead; `kinds` may swap a kind's generator (`game.wild` prunes wings)."""
    s = Stock.of(c)
    skip = SKIP[bool(s.ge3), bool(s.ge4)]
    out: list[str] = []
    overlap = False
    for kind, generate in kinds.items():
        if kind in rules.kinds and kind not in skip:
            found = generate(s, rules, 0, -1)
            overlap = overlap or (bool(found) and kind in OVERLAPPING)
            out += found
    if Kind.BOMB in rules.kinds:
        out += _bombs(s, rules, 0, -1)
    out += _rocket(s, rules)
    return list(dict.fromkeys(out)) if overlap else out


def follow_moves(c: Counts, last: Reading, rules: Ruleset, kinds: dict[Kind, Generator] = ORDINARY) -> list[str]:
    """Every distinct play that beats `last` (passing not included)."""
    if last.kind is Kind.ROCKET:
        return []
    s = Stock.of(c)
    if last.kind is Kind.BOMB:
        out = _bombs(s, rules, last.length, last.top)
    else:
        out = kinds[last.kind](s, rules, last.length, last.top)
        if last.kind in OVERLAPPING:
            out = list(dict.fromkeys(out))
        out += _bombs(s, rules, 0, -1)
    return out + _rocket(s, rules)


def legal(c: Counts, last: Reading | None, rules: Ruleset, kinds: dict[Kind, Generator] = ORDINARY) -> list[str]:
    return lead_moves(c, rules, kinds) if last is None else follow_moves(c, last, rules, kinds)
