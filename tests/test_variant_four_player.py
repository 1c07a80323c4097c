"""The `four-player` preset (seed 003, "Four Players · Two Decks"): the two-deck deal, the four-seat auction and
rounds, the restricted combinations, bombs of four to eight cards, the four-joker rocket and three shares."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import serialize
from game.actions import Pass, Play
from game.cards import render
from game.events import HandOver, LandlordChosen
from game.invariants import problems
from game.match import Match, Phase
from game.rules import PASS, beats, check, classify, legal_moves
from game.rulesets import FOUR_PLAYER, RULESETS
from tests.kit.rules import bid_all, brute_force_moves, of_type, position, step

FP = "four-player"


def kinds(move: str) -> set[str]:
    return {r.kind.value for r in classify(move, FP)}


def refused(move: str) -> str | None:
    """The rejection code for playing `move` on a free lead (it is always in hand)."""
    rejection = check(move, move, None, FP)
    return None if rejection is None else rejection.code


def test_003_four_players_is_a_listed_preset():
    assert RULESETS[FP] is FOUR_PLAYER


def test_003_four_players_two_decks_108_cards_25_each_eight_bottom_cards():
    """003: "4 players; two decks, 108 cards. Each player starts with 25 cards and the landlord receives eight
    bottom cards." """
    match = Match(FP, seed=4)
    assert len(match.deck) == 108 and match.players == 4
    assert [len(cards) for cards in match.hand.hands] == [25] * 4 and len(match.hand.kitty) == 8
    kitty = set(match.hand.kitty)
    bid_all(match, [3])
    landlord = match.hand.landlord
    assert kitty <= set(match.hand.hands[landlord]) and len(match.hand.hands[landlord]) == 33


def test_003_four_players_all_pass_first_bidder_is_landlord_at_one():
    """003: "If all pass, the first bidder is landlord at one point." — after all four seats pass."""
    match = Match(FP, seed=6)
    first = match.hand.first_bidder
    events = bid_all(match, [0, 0, 0, 0])
    chosen = of_type(events, LandlordChosen)[0]
    assert (chosen.seat, chosen.bid) == (first, 1)


def test_003_four_players_bid_three_ends_the_auction():
    """003: "Bid zero (pass), one, two or three, raising the current bid. Three ends the auction." """
    match = Match(FP, seed=6)
    bid_all(match, [1, 2])
    assert match.bid_choices() == [0, 3]
    bid_all(match, [3])
    assert match.phase is Phase.PLAYING and match.turn == match.hand.landlord


def test_003_four_players_everyone_else_passing_takes_three_passes():
    """003: "Everyone else passing gives the last player a new free lead." — three others at a four-seat table."""
    match = Match(FP, seed=8)
    bid_all(match, [3])
    leader = match.turn
    match.apply(Play(leader, match.legal_moves()[0]))
    for _ in range(2):
        match.apply(Pass(match.turn))
        assert match.hand.last is not None
    match.apply(Pass(match.turn))
    assert (match.turn, match.hand.last) == (leader, None)


def test_003_four_players_runs_keep_their_shapes_with_two_decks():
    """003: "Straights run from three to ace, with at least five cards. Pair runs need three pairs; triple runs
    and airplanes need two consecutive triples. Twos and jokers do not form runs." """
    assert kinds("34567") == {"straight"} and kinds("334455") == {"pair_run"} and kinds("333444") == {"airplane"}
    assert kinds("334567") == set()  # a doubled rank is no straight, even with two decks
    assert kinds("3344") == set() and kinds("QQKKAA22") == set() and kinds("TJQKA2") == set()


def test_003_four_players_allow_triple_with_pair_and_pair_wings():
    """003: "Four-player rules allow triple-plus-pair and airplanes with pair wings" """
    assert kinds("33399") == {"triple_pair"}
    assert kinds("3334445566") == {"airplane_pairs"}
    assert "33399" in legal_moves("33399J", None, FP) and "3334445566" in legal_moves("3334445566", None, FP)


def test_003_four_players_forbid_triple_with_single_single_wings_and_four_with_attachments():
    """003: "but no triple-plus-single, single wings or four-with-attachments" """
    for move in ("3339", "33344459", "555567", "55556677"):
        assert kinds(move) == set()
        assert refused(move) == "not_allowed", move
    assert not any(len(m) == 4 and len(set(m)) == 2 for m in legal_moves("3339", None, FP))


@pytest.mark.parametrize("size", range(4, 9))
def test_003_four_or_more_identical_ranks_form_a_bomb(size):
    """003: "Four or more identical ranks form a bomb" — four to eight cards with two decks."""
    move = "7" * size
    assert [(r.kind.value, r.length) for r in classify(move, FP)] == [("bomb", size)]
    assert beats(move, "34567", FP) and beats(move, "22", FP)


def test_003_bombs_more_cards_beat_fewer():
    """003: "more cards beat fewer" — a bomb of five 3s beats a bomb of four 2s; equal counts compare rank."""
    assert beats("33333", "2222", FP) and not beats("2222", "33333", FP)
    assert beats("88888888", "7777777", FP)
    assert beats("5555", "4444", FP) and not beats("4444", "5555", FP) and not beats("4444", "4444", FP)
    assert legal_moves("333333444455", "22222", FP) == ["333333", PASS]


def test_003_the_rocket_requires_all_four_jokers():
    """003: "The rocket requires all four jokers." — it beats the biggest bomb; a small and a big joker are
    nothing together."""
    assert [r.kind.value for r in classify("BBRR", FP)] == ["rocket"]
    assert beats("BBRR", "22222222", FP) and not beats("22222222", "BBRR", FP)
    assert classify("BR", FP) == [] and refused("BR") == "rocket_all_jokers" and refused("BBR") == "rocket_all_jokers"
    assert "BR" not in legal_moves("BR3", None, FP)


def test_four_players_two_equal_jokers_are_a_pair_above_the_2s():
    """RULES.md: "Two equal jokers are a pair." (docs/rules-decisions.md: a small-joker pair < a big-joker pair,
    both above a pair of 2s, and never an attachment)."""
    assert kinds("BB") == {"pair"} and kinds("RR") == {"pair"}
    assert beats("BB", "22", FP) and beats("RR", "BB", FP) and not beats("BB", "RR", FP)
    assert kinds("333BB") == set() and kinds("333444BBRR") == set()


def test_003_four_players_any_farmer_going_out_wins_three_shares():
    """003: "the farmers win when any farmer empties theirs" and "the landlord gains or loses one share per
    farmer": the third seat goes out after its bomb; the landlord pays three shares of bid 2 x one bomb."""
    match = position(["34567TT", "88", "9999J", "Q"], landlord=0, bid=2, ruleset=FP)
    match.apply(Play(0, "T"))
    for seat in (1, 2, 3):
        match.apply(Pass(seat))
    match.apply(Play(0, "34567"))  # a second play: no reverse spring
    match.apply(Pass(1))
    match.apply(Play(2, "9999"))
    for seat in (3, 0, 1):
        match.apply(Pass(seat))
    events = match.apply(Play(2, "J"))
    settlement = of_type(events, HandOver)[0].settlement
    assert not settlement.landlord_won
    share = 2 * 2  # bid 2, one bomb
    assert settlement.deltas == (-3 * share, share, share, share) and sum(settlement.deltas) == 0


# ----- properties ---------------------------------------------------------------------------------------------


def _two_deck_hand(counts: dict[int, int]) -> str:
    return render([min(counts.get(r, 0), 2 if r >= 13 else 8) for r in range(15)])


def _subsets(hand: str) -> int:
    return math.prod(hand.count(ch) + 1 for ch in set(hand))


# Up to eight cards of a rank and two of each joker, small enough to enumerate every sub-multiset.
TWO_DECK_HAND = (
    st.dictionaries(st.sampled_from(range(15)), st.integers(1, 8), min_size=1, max_size=7)
    .map(_two_deck_hand)
    .filter(lambda hand: _subsets(hand) <= 4000)
)


@settings(max_examples=60, deadline=None)
@given(hand=TWO_DECK_HAND, lead=st.integers(0, 10_000))
def test_four_player_move_generation_equals_brute_force(hand, lead):
    """Every distinct legal play, leading and following, equals enumeration of all sub-multisets (two-deck counts:
    up to eight of a rank, two of each joker)."""
    leads = legal_moves(hand, None, FP)
    assert set(leads) == brute_force_moves(hand, None, FOUR_PLAYER) and len(leads) == len(set(leads))
    last = leads[lead % len(leads)]
    follows = [m for m in legal_moves(hand, last, FP) if m != PASS]
    assert set(follows) == brute_force_moves(hand, last, FOUR_PLAYER) and len(follows) == len(set(follows))


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_four_player_random_play_outs_keep_the_invariants(seed):
    """Three random hands (a new match when one ends): 108 cards conserved after every action, every settlement
    zero-sum and its multiplier never above 1024 (003's cap)."""
    rng = random.Random(seed)
    match, settled = Match(FP, seed=seed), 0
    while settled < 3:
        if match.phase is Phase.MATCH_OVER:
            match = Match(FP, seed=rng.randrange(2**32))
        before = len(match.results)
        step(match, rng)
        assert problems(match) == [], match.log[-1]
        if len(match.results) > before:
            settled += 1
            assert match.results[-1].multiplier <= 1024 and sum(match.results[-1].deltas) == 0
    assert len(match.deck) == 108 and sum(match.scores) == 0


def test_four_player_save_round_trip_mid_hand():
    match = Match(FP, seed=21)
    bid_all(match, [0, 2, 0, 3])
    for _ in range(9):
        move = match.legal_moves()[0]
        seat = match.turn
        match.apply(Pass(seat) if move == PASS else Play(seat, move))
    assert match.phase is Phase.PLAYING
    data = serialize.to_dict(match)
    restored = serialize.from_dict(data)
    assert restored.rules is FOUR_PLAYER and serialize.to_dict(restored) == data
    assert [restored.ranks(s) for s in range(4)] == [match.ranks(s) for s in range(4)]
    assert restored.legal_moves() == match.legal_moves()
