"""The deal and the auction through `Match.apply` (000 §2-§3)."""

from __future__ import annotations

from collections import Counter

import pytest

from game import events as ev
from game.actions import Bid, Pass, Play
from game.cards import normalize
from game.match import Match, Phase
from game.observe import observe
from game.reasons import IllegalAction
from tests.kit.rules import bid_all, of_type, script, set_hands

SEATS = range(3)


def fresh(seed: int = 7) -> Match:
    return Match("standard", seed=seed)


# ----- §2 the deal and the kitty ---------------------------------------------------------------------------------


def test_s02_one_deck_of_54_cards_with_both_jokers():
    ranks = Counter(card.char for card in fresh().deck)
    assert ranks == Counter({**{ch: 4 for ch in "3456789TJQKA2"}, "B": 1, "R": 1})


def test_s02_seventeen_cards_each_and_three_in_the_kitty():
    match = fresh()
    assert [len(h) for h in match.hand.hands] == [17, 17, 17] and len(match.hand.kitty) == 3


def test_s02_every_card_dealt_exactly_once():
    hand = fresh().hand
    assert sorted([*hand.hands[0], *hand.hands[1], *hand.hands[2], *hand.kitty]) == list(range(54))


def test_s02_nobody_sees_the_kitty_during_bidding():
    match = fresh()
    assert all(observe(match, seat).kitty is None for seat in SEATS)


def test_s02_kitty_is_not_in_any_hand_during_bidding():
    match = fresh()
    bid_all(match, [1])
    assert all(len(observe(match, seat).hand) == 17 for seat in SEATS)


def test_s02_landlord_starts_with_twenty_cards_and_farmers_seventeen():
    match = fresh()
    landlord = match.turn
    bid_all(match, [3])
    assert [len(h) for h in match.hand.hands] == [20 if s == landlord else 17 for s in SEATS]


def test_s02_landlord_receives_exactly_the_kitty_cards():
    match = fresh()
    landlord = match.turn
    before = set(match.hand.hands[landlord])
    kitty = set(match.hand.kitty)
    bid_all(match, [3])
    assert set(match.hand.hands[landlord]) == before | kitty


# ----- §3 bidding 1, 2 or 3 -----------------------------------------------------------------------------------------


def test_s03_first_bidder_is_random_across_deals():
    assert {fresh(seed).hand.first_bidder for seed in range(30)} == set(SEATS)


def test_s03_first_bidder_is_drawn_again_for_every_deal_of_a_match():
    match = fresh()
    firsts = set()
    for _ in range(20):
        firsts.add(match.hand.first_bidder)
        bid_all(match, [0, 0, 0])
    assert firsts == set(SEATS)


def test_s03_first_bidder_acts_first():
    match = fresh()
    assert match.turn == match.hand.first_bidder


def test_s03_turns_follow_seat_order():
    match = fresh()
    first = match.turn
    turns = []
    for _ in range(2):
        match.apply(Bid(match.turn, 0))
        turns.append(match.turn)
    assert turns == [(first + 1) % 3, (first + 2) % 3]


def test_s03_bidding_out_of_turn_is_refused():
    match = fresh()
    other = (match.turn + 1) % 3
    with pytest.raises(IllegalAction) as refused:
        match.apply(Bid(other, 1))
    assert refused.value.rejection.code == "not_your_turn"


def test_s03_choices_are_no_bid_or_one_to_three_at_the_start():
    assert fresh().bid_choices() == [0, 1, 2, 3]


def test_s03_bid_must_be_strictly_above_the_current_bid():
    match = fresh()
    bid_all(match, [1])
    with pytest.raises(IllegalAction) as refused:
        match.apply(Bid(match.turn, 1))
    assert refused.value.rejection.code == "bid_not_higher"


def test_s03_after_a_one_the_choices_are_two_three_or_no_bid():
    match = fresh()
    bid_all(match, [1])
    assert match.bid_choices() == [0, 2, 3]


def test_s03_after_a_two_only_three_or_no_bid():
    match = fresh()
    bid_all(match, [2])
    assert match.bid_choices() == [0, 3]


def test_s03_after_a_two_a_bid_of_one_is_refused():
    match = fresh()
    bid_all(match, [2])
    with pytest.raises(IllegalAction):
        match.apply(Bid(match.turn, 1))


@pytest.mark.parametrize("value", [4, -1])
def test_s03_only_one_two_or_three_may_be_bid(value):
    match = fresh()
    with pytest.raises(IllegalAction) as refused:
        match.apply(Bid(match.turn, value))
    assert refused.value.rejection.code == "bid_invalid"


def test_s03_a_bid_of_three_ends_bidding_immediately():
    match = fresh()
    first = match.turn
    events = bid_all(match, [3])
    assert len(of_type(events, ev.LandlordChosen)) == 1
    assert (match.phase, match.hand.landlord, match.hand.bid) == (Phase.PLAYING, first, 3)


def test_s03_a_three_from_the_second_bidder_skips_the_third():
    match = fresh()
    second = (match.turn + 1) % 3
    bid_all(match, [1, 3])
    assert (match.hand.landlord, len(match.hand.bids)) == (second, 2)


def test_s03_bidding_is_not_over_before_all_three_turns():
    match = fresh()
    bid_all(match, [1, 0])
    assert match.phase is Phase.BIDDING and match.hand.landlord is not None


def test_s03_highest_bidder_wins_after_all_three_turns():
    match = fresh()
    last = (match.turn + 2) % 3
    events = bid_all(match, [1, 0, 2])
    chosen = of_type(events, ev.LandlordChosen)
    assert [(c.seat, c.bid) for c in chosen] == [(last, 2)]


def test_s03_a_lone_bid_of_one_wins_at_one():
    match = fresh()
    first = match.turn
    bid_all(match, [1, 0, 0])
    assert (match.hand.landlord, match.hand.bid) == (first, 1)


def test_s03_an_earlier_bid_loses_to_a_later_higher_one():
    match = fresh()
    second = (match.turn + 1) % 3
    bid_all(match, [1, 2, 0])
    assert (match.hand.landlord, match.hand.bid) == (second, 2)


def test_s03_everyone_declining_announces_all_declined():
    events = bid_all(fresh(), [0, 0, 0])
    assert of_type(events, ev.AllDeclined) and not of_type(events, ev.LandlordChosen)


def test_s03_everyone_declining_deals_new_cards():
    match = fresh()
    old_deal, old_hands = match.hand.deal_no, [list(h) for h in match.hand.hands]
    events = bid_all(match, [0, 0, 0])
    dealt = of_type(events, ev.Dealt)
    assert [d.redeal for d in dealt] == [True] and dealt[0].deal_no == match.hand.deal_no != old_deal
    assert match.hand.hands != old_hands


def test_s03_after_a_redeal_bidding_restarts():
    match = fresh()
    bid_all(match, [0, 0, 0])
    hand = match.hand
    assert (match.phase, hand.bids, hand.landlord, match.turn) == (Phase.BIDDING, [], None, hand.first_bidder)
    assert match.bid_choices() == [0, 1, 2, 3]


def test_s03_a_redeal_keeps_the_hand_number_and_scores():
    match = fresh()
    bid_all(match, [0, 0, 0])
    assert (match.hand.number, match.scores) == (1, [0, 0, 0])


def test_s03_a_redeal_does_not_appoint_a_random_landlord():
    match = fresh()
    for _ in range(3):
        bid_all(match, [0, 0, 0])
    assert match.hand.landlord is None and match.phase is Phase.BIDDING


def test_s03_the_winning_bid_is_the_scoring_base():
    match = fresh()
    landlord = match.turn
    bid_all(match, [2, 0, 0])
    set_hands(match, ["35" if s == landlord else "4K" if s == (landlord + 1) % 3 else "6Q" for s in SEATS])
    settlement = of_type(script(match, ["3", "4", "pass", "5"]), ev.HandOver)[0].settlement
    assert (settlement.bid, settlement.points, settlement.deltas[landlord]) == (2, 2, 4)


def test_s03_no_play_or_pass_during_bidding():
    match = fresh()
    seat = match.turn
    assert match.check(Pass(seat)).code == "wrong_phase"
    assert match.check(Play(seat, match.ranks(seat)[0])).code == "wrong_phase"


def test_s03_kitty_is_shown_to_all_once_the_landlord_is_chosen():
    match = fresh()
    kitty = normalize("".join(match.deck[c].char for c in match.hand.kitty))
    events = bid_all(match, [3])
    assert of_type(events, ev.LandlordChosen)[0].kitty == kitty
    assert [observe(match, seat).kitty for seat in SEATS] == [kitty] * 3


def test_s03_kitty_cards_event_names_the_kitty_cards():
    match = fresh()
    kitty = tuple(match.hand.kitty)
    events = bid_all(match, [3])
    assert of_type(events, ev.LandlordChosen)[0].kitty_cards == kitty


def test_s03_landlord_is_visible_to_all_after_bidding():
    match = fresh()
    landlord = match.turn
    bid_all(match, [3])
    assert [observe(match, seat).landlord for seat in SEATS] == [landlord] * 3


def test_s15_landlord_leads_first():
    match = fresh()
    landlord = (match.turn + 1) % 3
    bid_all(match, [0, 2, 0])
    assert match.turn == landlord and match.hand.last is None
