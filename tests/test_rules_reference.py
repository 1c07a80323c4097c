"""An independent reference classifier, written straight from 000 §5-§13, checked against `classify` on every
sub-selection of rich hands (so the move-generation tests, which trust `classify`, rest on a checked oracle)."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import RANKS, parse
from game.combos import classify
from game.kinds import Kind
from game.rules import beats, legal_moves
from game.rulesets import STANDARD

ACE, TWO, SMALL, BIG = RANKS.index("A"), RANKS.index("2"), RANKS.index("B"), RANKS.index("R")


def run_of(ranks: list[int], minimum: int) -> bool:
    """Consecutive ranks, at least `minimum` of them, none above the ace (§4: no 2 or joker in a body)."""
    return len(ranks) >= minimum and ranks[-1] <= ACE and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def reference(counts: tuple[int, ...]) -> set[tuple[Kind, int, int]]:
    """Every (kind, compared top rank, body length) the rule text allows for this selection."""
    total = sum(counts)
    present = [r for r, n in enumerate(counts) if n]
    found: set[tuple[Kind, int, int]] = set()
    same = {n for n in (counts[r] for r in present)}
    if len(present) == 1:
        rank, n = present[0], counts[present[0]]
        found |= {(kind, rank, 1) for count, kind in ((1, Kind.SINGLE), (2, Kind.PAIR), (3, Kind.TRIPLE)) if n == count}
        if n == 4:
            found.add((Kind.BOMB, rank, 4))
    if counts[SMALL] == counts[BIG] == 1 and total == 2:
        found.add((Kind.ROCKET, BIG, 2))
    for unit, kind, minimum in ((1, Kind.STRAIGHT, 5), (2, Kind.PAIR_RUN, 3), (3, Kind.AIRPLANE, 2)):
        if same == {unit} and run_of(present, minimum):
            found.add((kind, present[-1], len(present)))
    for t in present:
        others = [r for r in present if r != t]
        if counts[t] == 3 and total == 4:
            found.add((Kind.TRIPLE_SINGLE, t, 1))
        if counts[t] == 3 and total == 5 and len(others) == 1 and counts[others[0]] == 2:
            found.add((Kind.TRIPLE_PAIR, t, 1))
        if counts[t] == 4 and total == 6 and not (counts[SMALL] and counts[BIG]):
            found.add((Kind.FOUR_TWO_SINGLES, t, 1))
        if counts[t] == 4 and total == 8 and len(others) == 2 and all(counts[r] == 2 for r in others):
            found.add((Kind.FOUR_TWO_PAIRS, t, 1))
    for low in range(ACE + 1):
        for top in range(low + 1, ACE + 1):
            body = list(range(low, top + 1))
            if any(counts[r] != 3 for r in body):
                break
            k = len(body)
            rest = [(r, counts[r]) for r in present if r not in body]
            wings = sum(n for _, n in rest)
            if wings == k and not (counts[SMALL] and counts[BIG]):
                found.add((Kind.AIRPLANE_SINGLES, top, k))
            if wings == 2 * k and len(rest) == k and all(n == 2 for _, n in rest):
                found.add((Kind.AIRPLANE_PAIRS, top, k))
    return found


RICH_HANDS = [
    "333444555666BR2",
    "QQQQKKKAAA222BR",
    "333344445555",
    "3344556677TTJJ",
    "89TJQKA22BR",
    "777788889922",
]


@pytest.mark.parametrize("hand", RICH_HANDS)
def test_classify_agrees_with_the_reference_on_every_sub_selection(hand):
    counts = parse(hand)
    disagreements = []
    for part in product(*(range(n + 1) for n in counts)):
        mine = {(r.kind, r.top, r.length) for r in classify(part, STANDARD)}
        if mine != reference(part):
            disagreements.append(("".join(RANKS[r] * n for r, n in enumerate(part)), mine, reference(part)))
    assert disagreements[:5] == []


def reference_beats(play: tuple[Kind, int, int], size: int, last: tuple[Kind, int, int], last_size: int) -> bool:
    """000 §13-§14: the rocket beats all; a bomb beats any ordinary play and lower bombs; otherwise the same kind,
    the same card count and body length, and a strictly higher body."""
    (kind, top, length), (last_kind, last_top, last_length) = play, last
    if last_kind is Kind.ROCKET:
        return False
    if kind is Kind.ROCKET:
        return True
    if kind is Kind.BOMB:
        return last_kind is not Kind.BOMB or top > last_top
    return (kind, size, length) == (last_kind, last_size, last_length) and top > last_top


SAMPLE_MOVES = sorted(
    {move for hand in ("333444555666BR2", "QQQQKKKAAA222BR", "3344556677TTJJ") for move in legal_moves(hand)}
)


@pytest.mark.parametrize("last", SAMPLE_MOVES[::7])
def test_beats_agrees_with_the_reference_order(last):
    default = classify(parse(last), STANDARD)[0]
    last_key = (default.kind, default.top, default.length)
    wrong = [
        play
        for play in SAMPLE_MOVES
        if beats(play, last) != any(reference_beats(r, len(play), last_key, len(last)) for r in reference(parse(play)))
    ]
    assert wrong[:5] == []


@st.composite
def selections(draw) -> tuple[int, ...]:
    """A selection from one deck, often built around a run of equal-count ranks so long shapes do occur."""
    counts = [0] * len(RANKS)
    unit, low = draw(st.integers(1, 4)), draw(st.integers(0, ACE))
    for r in range(low, min(low + draw(st.integers(0, 6)), TWO + 1)):
        counts[r] = unit
    for r in draw(st.lists(st.integers(0, BIG), max_size=8)):
        counts[r] = min(counts[r] + 1, 1 if r >= SMALL else 4)
    return tuple(counts)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(selections())
def test_property_classify_agrees_with_the_reference(counts):
    assert {(r.kind, r.top, r.length) for r in classify(counts, STANDARD)} == reference(counts)
