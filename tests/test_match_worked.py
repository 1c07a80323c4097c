"""The rule text's worked examples reproduced exactly through `Match.apply` (000 §14, §18, §20)."""

from __future__ import annotations

from game import events as ev
from game.actions import Play
from game.kinds import Kind
from game.match import Match
from tests.kit.rules import bid_all, of_type, position, script, set_hands

# §20: landlord's cards after the kitty, farmer A (next seat), farmer B (the seat after).
LANDLORD_CARDS = "3345679999"
FARMER_A_CARDS = "45678TTK"
FARMER_B_CARDS = "JQ"
OPENING = ["34567", "45678", "pass", "pass", "TT", "pass", "9999", "pass", "pass"]


def s20_table(landlord_extra: str = "") -> tuple[Match, int, list[ev.Event]]:
    """The §20 hand: 'You bid 2 and both others decline', then the dealt cards are replaced by known ones."""
    match = Match("standard", seed=20)
    landlord = match.turn
    events = bid_all(match, [2, 0, 0])
    seats = [landlord, (landlord + 1) % 3, (landlord + 2) % 3]
    cards = dict(zip(seats, [LANDLORD_CARDS + landlord_extra, FARMER_A_CARDS, FARMER_B_CARDS], strict=True))
    set_hands(match, [cards[seat] for seat in range(3)])
    return match, landlord, events


def test_s20_bid_two_and_both_decline_makes_the_bidder_landlord_at_two():
    _, landlord, events = s20_table()
    assert [(c.seat, c.bid) for c in of_type(events, ev.LandlordChosen)] == [(landlord, 2)]


def test_s20_farmer_a_beats_the_opening_straight_and_leads_freely_after_two_passes():
    match, landlord, _ = s20_table()
    events = script(match, ["34567", "45678", "pass", "pass"])
    farmer_a = (landlord + 1) % 3
    assert of_type(events, ev.RoundWon) == [ev.RoundWon(farmer_a)] and match.turn == farmer_a


def test_s20_farmer_a_may_switch_to_a_pair_on_the_free_lead():
    match, _, _ = s20_table()
    script(match, ["34567", "45678", "pass", "pass"])
    played = of_type(script(match, ["TT"]), ev.Played)
    assert played[0].reading.kind is Kind.PAIR


def test_s20_landlord_bombs_and_goes_out_first_plus_eight_minus_four_minus_four():
    match, landlord, _ = s20_table()
    events = script(match, [*OPENING, "3"])
    settlement = of_type(events, ev.HandOver)[0].settlement
    expected = [8 if seat == landlord else -4 for seat in range(3)]
    assert (settlement.doublings, settlement.points, list(settlement.deltas)) == (("bomb",), 4, expected)


def test_s20_farmer_wins_after_two_landlord_plays_minus_eight_plus_four_plus_four():
    match, landlord, _ = s20_table(landlord_extra="Q")
    events = script(match, [*OPENING, "3", "K"])
    settlement = of_type(events, ev.HandOver)[0].settlement
    expected = [-8 if seat == landlord else 4 for seat in range(3)]
    assert (settlement.doublings, list(settlement.deltas)) == (("bomb",), expected)


def test_s18_bid_one_one_bomb_one_rocket_no_spring_makes_p_four():
    match = position(["3BR6", "4Q", "5555J"], bid=1)
    settlement = of_type(script(match, ["3", "4", "5555", "BR", "pass", "pass", "6"]), ev.HandOver)[0].settlement
    assert (settlement.bid, settlement.multiplier, settlement.points) == (1, 4, 4)


def test_s14_999_33_beats_888_aa_on_the_table():
    match = position(["888AA3", "99933K", "45"])
    script(match, ["888AA"])
    assert of_type(match.apply(Play(1, "99933")), ev.Played)


def test_s14_straight_cannot_beat_333_44_on_the_table():
    match = position(["333445", "9TJQK3", "45"])
    script(match, ["33344"])
    assert match.check(Play(1, "9TJQK")).code == "different_shape"


def test_s14_aa_cannot_beat_a_single_k_on_the_table():
    match = position(["K3", "AA4", "56"])
    script(match, ["K"])
    assert match.check(Play(1, "AA")).code == "different_shape"
