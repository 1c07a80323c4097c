"""Property tests: move generation is sound and complete, random play-outs never reach a broken state,
saves round-trip and observations hide what a seat may not see (000 §2-§19, STYLE.md §12)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import combos
from game.actions import Action, Play
from game.cards import contains, normalize, parse
from game.events import HandOver
from game.invariants import problems
from game.match import Match, Phase
from game.observe import observe
from game.rules import PASS, check, last_reading, legal_moves
from game.rulesets import STANDARD
from game.scoring import settle
from game.serialize import from_dict, to_dict
from tests.kit.rules import brute_force_moves, random_action

DECK = Match("standard").deck
# Derandomized: the same examples on every run, so the suite is deterministic (the standards ask for it).
FAST = settings(max_examples=150, deadline=None, derandomize=True)
PLAYOUTS = settings(max_examples=30, deadline=None, derandomize=True)


def hands(max_size: int) -> st.SearchStrategy[str]:
    """A random hand of distinct physical cards, as a sorted rank string."""
    ids = st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=max_size)
    return ids.map(lambda cards: normalize("".join(DECK[c].char for c in cards)))


@st.composite
def positions(draw, max_size: int) -> tuple[str, str | None]:
    """(hand, last): `last` is None (a free lead) or a legal play drawn from another random hand."""
    hand = draw(hands(max_size))
    source = draw(hands(20))
    leads = legal_moves(source) if source else []
    last = draw(st.sampled_from(leads)) if leads and draw(st.booleans()) else None
    return hand, last


# ----- move generation --------------------------------------------------------------------------------------------


@FAST
@given(positions(20))
def test_property_every_generated_move_classifies_and_beats_last(position):
    hand, last = position
    target = last_reading(last)
    for move in legal_moves(hand, last):
        if move == PASS:
            continue
        readings = combos.classify(parse(move), STANDARD)
        assert readings and contains(parse(hand), parse(move))
        assert combos.answer(readings, target) is not None


@FAST
@given(positions(12))
def test_property_generation_is_complete(position):
    hand, last = position
    assert {m for m in legal_moves(hand, last) if m != PASS} == brute_force_moves(hand, last)


@FAST
@given(positions(14), st.randoms(use_true_random=False))
def test_s21_property_check_refuses_exactly_the_moves_not_generated(position, rng):
    hand, last = position
    if not hand:
        return
    move = normalize("".join(rng.sample(hand, rng.randint(1, len(hand)))))
    assert (check(hand, move, last) is None) == (move in legal_moves(hand, last))


@FAST
@given(hands(20).filter(bool))
def test_s15_property_a_free_lead_always_has_a_legal_play(hand):
    assert legal_moves(hand)


@FAST
@given(
    st.integers(0, 2),
    st.booleans(),
    st.sampled_from([1, 2, 3]),
    st.lists(st.sampled_from(["bomb", "rocket", "spring", "reverse_spring"]), max_size=6),
)
def test_s17_property_every_settlement_sums_to_zero_and_pays_p(landlord, landlord_won, bid, doublings):
    settlement = settle(STANDARD, landlord, landlord_won, bid, tuple(doublings))
    p = bid * 2 ** len(doublings)
    sign = 1 if landlord_won else -1
    assert sum(settlement.deltas) == 0 and settlement.deltas[landlord] == sign * 2 * p
    assert all(d == -sign * p for seat, d in enumerate(settlement.deltas) if seat != landlord)


# ----- random play-outs -------------------------------------------------------------------------------------------


def playout(seed: int, hands_to_play: int = 2) -> Iterator[tuple[Match, Action, list]]:
    """Yield (match, action, events) after each random action until `hands_to_play` hands have settled."""
    rng = random.Random(seed)
    match = Match("standard", seed=seed)
    settled = 0
    while settled < hands_to_play and match.phase is not Phase.MATCH_OVER:
        action = random_action(match, rng, abandon=0.005, any_reading=True)
        events = match.apply(action)
        settled += sum(isinstance(e, HandOver) for e in events)
        yield match, action, events


def cards_in_play(match: Match) -> int:
    hand = match.hand
    kitty_apart = hand.landlord is None or match.phase is Phase.BIDDING
    return sum(len(h) for h in hand.hands) + len(hand.played) + (len(hand.kitty) if kitty_apart else 0)


seeds = st.integers(0, 2**32 - 1)


@PLAYOUTS
@given(seeds)
def test_property_random_playouts_never_reach_an_invalid_state(seed):
    for match, _, _ in playout(seed):
        assert problems(match) == []


@PLAYOUTS
@given(seeds)
def test_property_cards_are_conserved_through_every_action(seed):
    for match, _, _ in playout(seed):
        assert cards_in_play(match) == 54


@PLAYOUTS
@given(seeds)
def test_property_every_hand_settlement_sums_to_zero(seed):
    for _, _, events in playout(seed):
        assert all(sum(e.settlement.deltas) == 0 for e in events if isinstance(e, HandOver))


@pytest.mark.slow
@PLAYOUTS
@given(seeds)
def test_property_serialisation_round_trips_at_every_step(seed):
    for match, _, _ in playout(seed, hands_to_play=1):
        restored = from_dict(to_dict(match))
        assert to_dict(restored) == to_dict(match)
        assert [observe(restored, s) for s in range(3)] == [observe(match, s) for s in range(3)]


@PLAYOUTS
@given(seeds)
def test_property_the_action_log_replays_to_the_same_state(seed):
    *_, (match, _, _) = playout(seed)
    replay = Match("standard", seed=seed)
    for action in match.log:
        replay.apply(action)
    assert to_dict(replay) == to_dict(match) and replay.hand.hands == match.hand.hands


def shuffle_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy in which every card `seat` cannot see (other hands, the kitty before it is shown) is redealt. Once the
    hand is over every card is shown (the hands left are laid face up): nothing is redealt then."""
    other = from_dict(to_dict(match))
    if other.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return other
    hand = other.hand
    kitty_hidden = hand.landlord is None or other.phase is Phase.BIDDING
    others = [s for s in range(3) if s != seat]
    shown = set() if kitty_hidden else set(hand.kitty)
    pool = [c for s in others for c in hand.hands[s] if c not in shown] + (hand.kitty if kitty_hidden else [])
    rng.shuffle(pool)
    for s in others:
        keep = [c for c in hand.hands[s] if c in shown]
        size = len(hand.hands[s]) - len(keep)
        hand.hands[s], pool = other._sorted(keep + pool[:size]), pool[size:]
    if kitty_hidden:
        hand.kitty = pool
    return other


@pytest.mark.slow
@PLAYOUTS
@given(seeds)
def test_property_observations_never_reveal_hidden_cards(seed):
    rng = random.Random(seed)
    for match, _, _ in playout(seed, hands_to_play=1):
        seat = rng.randrange(3)
        assert observe(shuffle_hidden(match, seat, rng), seat) == observe(match, seat)


@PLAYOUTS
@given(seeds)
def test_s02_property_kitty_is_hidden_until_the_landlord_is_chosen(seed):
    for match, _, _ in playout(seed, hands_to_play=1):
        bidding = match.phase is Phase.BIDDING
        assert all((observe(match, s).kitty is None) == bidding for s in range(3))


def random_selection(match: Match, rng: random.Random) -> str:
    """A random sub-multiset of the hand to act, biased towards small selections."""
    cards = match.ranks(match.turn)
    picked = rng.sample(cards, rng.randint(1, min(len(cards), rng.choice([2, 5, 8, 20]))))
    return normalize("".join(picked))


@PLAYOUTS
@given(seeds)
def test_s14_property_the_match_accepts_exactly_the_generated_moves(seed):
    rng = random.Random(seed ^ 0x5EED)
    for match, _, _ in playout(seed, hands_to_play=1):
        if match.phase is not Phase.PLAYING:
            continue
        move = random_selection(match, rng)
        before = to_dict(match)
        refusal = match.check(Play(match.turn, move))
        assert (refusal is None) == (move in match.legal_moves()), move
        assert to_dict(match) == before


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seeds)
def test_s23_property_a_random_match_ends_exactly_when_someone_reaches_thirty(seed):
    rng = random.Random(seed)
    match = Match("standard", seed=seed)
    while match.phase is not Phase.MATCH_OVER:
        before = list(match.scores)
        events = match.apply(random_action(match, rng))
        if any(isinstance(e, HandOver) for e in events):
            assert max(before) < 30
            assert match.winners == tuple(s for s in range(3) if match.scores[s] >= 30)
    assert match.winners and all(match.scores[s] >= 30 for s in match.winners)
