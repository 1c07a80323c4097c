"""Bots at every table: bidding read from the ruleset (three, four and two seats), the arena's rob deals, and the
landlord's shown hand (004) in the farmers' card memory."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Double, Show
from game.bots import bid, choose, decide, policy
from game.bots.arena import Side, fixed_deal, own_deal, player
from game.bots.bidding import bidding_of, features, landlord_value, shape_of
from game.bots.endgame import sample_hands
from game.bots.levels import NORMAL
from game.bots.memory import can_beat
from game.bots.table import table_of
from game.cards import BIG_JOKER, NUM_RANKS, parse, subtract
from game.combos import classify
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import CLASSIC, FOUR_PLAYER, ROB, STANDARD, SWAP_THREE, TWO_PLAYER, WILDCARD
from tests.kit.rules import bid_all, set_hands


def shown_position(show: bool) -> tuple[Match, int]:
    """A rob hand in play: the landlord holds 8JJ (shown or not), the next seat holds QQ5 and is to lead."""
    match = Match(ROB, seed=4)
    bid_all(match, [1, 0, 0])
    landlord = match.hand.landlord
    assert landlord is not None
    for seat in range(3):
        match.apply(Double(seat, False))
    match.apply(Show(landlord, show))
    assert match.phase is Phase.PLAYING
    farmer, other = (landlord + 1) % 3, (landlord + 2) % 3
    hands = {landlord: "8JJ", farmer: "5QQ", other: "AAKK6"}
    set_hands(match, [hands[seat] for seat in range(3)])
    match.hand.turn = farmer
    return match, landlord


def test_004_shown_hand_is_what_the_farmers_know_the_landlord_holds():
    """004 "Show: before the first play the landlord may show the hand": every farmer then knows those cards."""
    match, landlord = shown_position(show=True)
    for farmer in ((landlord + 1) % 3, (landlord + 2) % 3):
        view = observe(match, farmer)
        assert view.shown == "8JJ"
        assert table_of(view).landlord_holds == parse("8JJ")


def test_004_farmer_counts_a_shown_hand_exactly():
    """Unshown, the landlord may hold AA or KK; shown, the farmer knows its 8JJ cannot beat QQ."""
    pair_of_queens = classify(parse("QQ"), ROB)[0]
    hidden, landlord = shown_position(show=False)
    shown, _ = shown_position(show=True)
    farmer = (landlord + 1) % 3
    assert can_beat(table_of(observe(hidden, farmer)), pair_of_queens, (landlord,))
    assert not can_beat(table_of(observe(shown, farmer)), pair_of_queens, (landlord,))
    # the partner's cards stay unknown: the pool for it excludes the landlord's shown cards
    partner = (landlord + 2) % 3
    t = table_of(observe(shown, farmer))
    assert t.holdable((partner,)) == subtract(t.unseen, parse("8JJ"))
    assert t.holdable((partner, landlord)) == t.unseen


def test_004_end_game_samples_deal_the_landlord_its_shown_hand():
    match, landlord = shown_position(show=True)
    t = table_of(observe(match, (landlord + 1) % 3))
    rng = random.Random(3)
    for _ in range(5):
        assert sample_hands(t, rng)[landlord] == parse("8JJ")


def test_004_farmer_leads_what_the_shown_hand_cannot_beat():
    """Knowing the landlord's 8JJ, the farmer leads QQ (safe) before its 5; not knowing, its rules of thumb keep QQ
    back (the end-game search, which samples the landlord's cards, may still find QQ)."""
    hidden, landlord = shown_position(show=False)
    shown, _ = shown_position(show=True)
    farmer = (landlord + 1) % 3
    assert decide(observe(shown, farmer)) == "QQ"
    assert policy.decide(table_of(observe(shown, farmer)), NORMAL, random.Random(0)).move == "QQ"
    assert policy.decide(table_of(observe(hidden, farmer)), NORMAL, random.Random(0)).move == "5"
    assert choose(observe(shown, farmer).to_bot_dict("normal")) == "QQ"


# ----- bidding at every table shape --------------------------------------------------------------------------------

FOUR_WEAK = "33445566778899TTJJQQKKA2A"  # 25 cards, no joker
FOUR_BOMBS_NO_JOKER = "2222AAAAKKKK33456789TJQQ5"  # three bombs and four 2s, but no joker
FOUR_STRONG = "BBRR2222AAAA3456789TJQKK7"  # the four-joker rocket


def four_player_bid(hand: str, bids: list[list[int]] | None = None) -> int:
    return bid({"ruleset": "four-player", "seat": len(bids or []), "hand": hand, "bids": bids or []})


def test_four_seats_weak_hand_passes_and_a_strong_hand_bids_the_top():
    assert len(FOUR_WEAK) == len(FOUR_STRONG) == len(FOUR_BOMBS_NO_JOKER) == FOUR_PLAYER.hand_size
    assert four_player_bid(FOUR_WEAK) == 0
    assert four_player_bid(FOUR_STRONG) == FOUR_PLAYER.max_bid
    assert four_player_bid(FOUR_STRONG, [[0, 3]]) == 0  # nothing above the top bid


def test_bidder_reads_the_ruleset_three_and_four_seats_value_a_hand_differently():
    """The same cards: at three seats bombs and 2s make a landlord; at four seats (two decks, three farmers, every
    share paid three times) the hand models measured only the jokers to matter."""
    counts = parse(FOUR_BOMBS_NO_JOKER)
    three, four = landlord_value(counts, 0.0, STANDARD), landlord_value(counts, 0.0, FOUR_PLAYER)
    assert three >= bidding_of(STANDARD).floor
    assert four < bidding_of(FOUR_PLAYER).floor
    assert bid({"ruleset": "standard", "seat": 0, "hand": FOUR_BOMBS_NO_JOKER, "bids": []}) == STANDARD.max_bid
    assert four_player_bid(FOUR_BOMBS_NO_JOKER) == 0


def test_hand_features_are_scored_under_the_tables_rules():
    """A triple with a single attached is a play at three seats, not at four (003 four-player: pair kickers only)."""
    counts = parse("3334")
    assert features(counts, STANDARD).score > features(counts, FOUR_PLAYER).score


def test_each_table_shape_has_its_measured_model():
    assert bidding_of(STANDARD) is bidding_of(ROB) is bidding_of(TWO_PLAYER)  # the two-player fit matched it
    assert bidding_of(FOUR_PLAYER) is not bidding_of(STANDARD)
    assert shape_of(FOUR_PLAYER) == (4, 2, 25, 0)
    assert bidding_of(WILDCARD) is bidding_of(CLASSIC) and bidding_of(SWAP_THREE) is not bidding_of(CLASSIC)


# ----- the arena at the rob table ----------------------------------------------------------------------------------


def test_004_arena_plays_a_rob_deal_through_doubling_and_showing():
    """Each of the six plays of an own-auction rob deal goes through calling, doubling and showing to a settlement;
    over the six plays the points of the two sides balance."""
    a, b = Side(), Side()
    own_deal(7, player("normal"), player("easy"), a, b, ROB)
    assert len(a.landlord_wins) + len(b.landlord_wins) == 6
    assert a.points == [-b.points[0]]
    fixed = Side(), Side()
    fixed_deal(7, player("normal"), player("normal@flat"), *fixed, ROB)
    assert len(fixed[0].landlord_wins) == len(fixed[1].landlord_wins) == 1


FOUR_PACK = [card.rank for card in FOUR_PLAYER.deck.build()]


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(len(FOUR_PACK))))
def test_four_seats_a_big_joker_never_turns_a_bid_into_a_pass(order):
    """Property: swapping a card of a dealt hand for a big joker never lowers the hand's value at four seats."""
    counts = [0] * NUM_RANKS
    for index in order[: FOUR_PLAYER.hand_size]:
        counts[FOUR_PACK[index]] += 1
    low = next(r for r in range(BIG_JOKER) if counts[r])
    if counts[BIG_JOKER] == FOUR_PLAYER.deck.decks:
        return
    better = list(counts)
    better[low] -= 1
    better[BIG_JOKER] += 1
    assert landlord_value(tuple(better), 0.0, FOUR_PLAYER) >= landlord_value(tuple(counts), 0.0, FOUR_PLAYER)
