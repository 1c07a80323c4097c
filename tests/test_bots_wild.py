"""Bots at the wild-card tables (issue 13, deliverable 5): wild cards as flexible cards, the swap choice, legal moves
at every level, the Suggest button, bidding with the extra wild card."""

from __future__ import annotations

import random

import pytest

from game import bots, selfplay
from game.actions import Play
from game.bots.levels import EASY, NORMAL
from game.bots.wild import assign, bid_hand, decide_swap
from game.cards import RANKS, parse, render
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import CLASSIC, SWAP_THREE, WILDCARD
from tests.kit.rules import position


@pytest.mark.parametrize("level", bots.LEVELS)
@pytest.mark.parametrize("seed", range(6))
def test_the_swap_never_gives_a_wild_card_or_a_joker_and_gives_three_held_cards(level, seed):
    match = Match("swap-three", seed=seed)
    for seat in range(3):
        cards = bots.decide_swap(observe(match, seat), level, random.Random(seed))
        assert len(set(cards)) == 3 and set(cards) <= set(match.hand.hands[seat])
        assert all(match.deck[c].char not in "WBR" for c in cards)


def test_the_swap_gives_what_the_hand_plans_best_without():
    match = position(["34789TJQKKAA22WBR", "3", "4"], ruleset="swap-three")
    match.phase = Phase.SWAPPING
    match.hand.swaps = [None] * 3
    given = decide_swap(observe(match, 0), NORMAL, random.Random(0))
    assert "".join(sorted((match.deck[c].char for c in given), key=RANKS.index)) == "347"  # the loose low cards


def test_a_wild_card_completes_the_bomb_or_the_straight():
    bomb = assign(parse("5553JQ"), 1, "W", CLASSIC, NORMAL)
    assert bomb[RANKS.index("5")] == 4
    straight = assign(parse("34678"), 1, "W", CLASSIC, NORMAL)
    assert render(straight) == "345678"
    kept = assign(parse("34"), 1, "7", CLASSIC, EASY)  # the easy bot keeps a wild rank's own
    assert render(kept) == "347"


def test_a_bot_plays_the_wild_card_as_a_stand_in_written_physical_equals_reading():
    match = position(["3456W", "9", "T"], ruleset="swap-three")
    move = bots.decide(observe(match, 0), "normal")
    assert move == "3456W=34567"
    match.apply(Play(0, move))


def test_bidding_with_the_extra_wild_card_weighs_it_as_the_rank_it_plans_best_as():
    assert bid_hand("3455566789TJQKWBR", SWAP_THREE) == "34555566789TJQKBR"  # the W makes the bomb of 5s
    assert bid_hand("3455566789TJQKABR", WILDCARD) == "3455566789TJQKABR"
    match = Match("swap-three", seed=3)
    for seat in range(3):
        match.apply(bots_swap(match, seat))
    assert bots.decide_bid(observe(match, match.turn), "normal") in match.bid_choices()


def bots_swap(match: Match, seat: int):
    return selfplay.bot_action(match, seat, "normal", random.Random(seat))


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["wildcard", "swap-three"])
@pytest.mark.parametrize("level", bots.LEVELS)
def test_bots_play_whole_hands_legally_at_every_level(ruleset, level):
    result = selfplay.run(3, 11, ruleset, selfplay.bot_policy(level))  # raises if any invariant or move breaks
    assert result["hands"] == 3


def test_suggest_offers_legal_moves_at_a_wild_table():
    match = position(["3455W9KK", "6", "T"], ruleset="swap-three")
    suggestions = bots.suggest(observe(match, 0))
    assert suggestions and all(match.check(Play(0, s.move)) is None for s in suggestions)


def test_the_dict_api_reads_the_wild_key_and_refuses_a_wild_card_the_table_cannot_have():
    obs = {"ruleset": "wildcard", "seat": 0, "hand": "3456", "landlord": 0, "wild": "7", "hand_sizes": [4, 17, 17]}
    assert bots.choose(obs) != "pass"
    with pytest.raises(ValueError, match="cannot have the wild card 'B'"):
        bots.choose(obs | {"wild": "B"})
    with pytest.raises(ValueError, match="wild card is 'W'"):
        bots.choose(obs | {"ruleset": "swap-three", "wild": "7"})
    with pytest.raises(ValueError, match="no swap"):
        bots.swap(obs)


def test_swap_three_bids_with_its_own_measured_hand_model():
    """docs/bots.md: classic's line bid on 90% of swap-three hands, a band of them losing; the table's own model passes
    such a hand, which classic's bidder (on the same cards, the W as the rank it plans best as) would take."""
    hand = "3345678TTJQKKA2W5"
    assert bots.bid({"ruleset": "swap-three", "seat": 0, "hand": hand, "bids": []}) == 0
    assert bots.bid({"ruleset": "classic", "seat": 0, "hand": bid_hand(hand, SWAP_THREE), "bids": []}) > 0
