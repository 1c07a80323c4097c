"""Settlement, doublings, springs and the match target through `Match.apply` (000 §17-§19, §23)."""

from __future__ import annotations

import pytest

from game import events as ev
from game.actions import Abandon, NextHand
from game.match import Match, Phase
from game.reasons import IllegalAction
from tests.kit.rules import bid_all, of_type, position, script

# Plain hands with no doubling: the landlord (seat 0) leads 3, farmer 1 answers 4, farmer 2 passes.
LANDLORD_WINS = (["35", "4K", "6Q"], ["3", "4", "pass", "5"])
FARMERS_WIN = (["35K", "46", "7Q"], ["3", "4", "pass", "5", "6"])


def settle(hands, moves, **table):
    match = position(hands, **table)
    over = of_type(script(match, moves), ev.HandOver)
    assert len(over) == 1, "the script must finish the hand"
    return over[0].settlement


def doublings(hands, moves, **table) -> tuple[str, ...]:
    return settle(hands, moves, **table).doublings


# ----- §17 P = B x 2^N and its distribution ---------------------------------------------------------------------


@pytest.mark.parametrize("bid", [1, 2, 3])
def test_s17_without_doubling_p_equals_the_bid(bid):
    assert settle(*LANDLORD_WINS, bid=bid).points == bid


@pytest.mark.parametrize("bid", [1, 2, 3])
def test_s17_landlord_win_pays_two_p_and_each_farmer_loses_p(bid):
    assert settle(*LANDLORD_WINS, bid=bid).deltas == (2 * bid, -bid, -bid)


@pytest.mark.parametrize("bid", [1, 2, 3])
def test_s17_farmer_win_costs_landlord_two_p_and_each_farmer_gains_p(bid):
    assert settle(*FARMERS_WIN, bid=bid).deltas == (-2 * bid, bid, bid)


def test_s17_bid_two_landlord_win_pays_four_minus_two_minus_two():
    assert settle(*LANDLORD_WINS, bid=2).deltas == (4, -2, -2)


def test_s17_bid_two_farmer_win_reverses_the_signs():
    assert settle(*FARMERS_WIN, bid=2).deltas == (-4, 2, 2)


def test_s17_landlord_in_another_seat_collects_from_both_others():
    hands, moves = LANDLORD_WINS
    rotated = [hands[2], hands[0], hands[1]]
    assert settle(rotated, moves, landlord=1, bid=3).deltas == (-3, 6, -3)


def test_s17_the_three_changes_sum_to_zero():
    assert sum(settle(*FARMERS_WIN, bid=3).deltas) == 0


def test_s17_changes_are_added_to_cumulative_scores():
    match = position(*LANDLORD_WINS[:1], bid=2, scores=[5, -7, 2])
    script(match, LANDLORD_WINS[1])
    assert match.scores == [9, -9, 0]


def test_s17_face_values_of_five_ten_and_king_do_not_score():
    plain = settle(*LANDLORD_WINS, bid=2)
    faces = settle(["5T", "6K", "7Q"], ["5", "6", "pass", "T"], bid=2)
    assert faces.deltas == plain.deltas


# ----- §18 what doubles the score --------------------------------------------------------------------------------


def test_s18_a_bomb_doubles():
    match = position(["38888", "4K", "6Q"])
    events = script(match, ["3", "4", "pass", "8888"])
    assert of_type(events, ev.Doubled) == [ev.Doubled("bomb", 2)]


def test_s18_each_bomb_played_doubles_the_whole_hand():
    match = position(["38888A", "4KKKK", "6Q"], bid=1)
    events = script(match, ["3", "4", "pass", "8888", "KKKK"])
    assert [d.multiplier for d in of_type(events, ev.Doubled)] == [2, 4] and match.multiplier == 4


def test_s18_the_rocket_doubles():
    match = position(["3BR5", "4K", "6Q"])
    events = script(match, ["3", "4", "pass", "BR"])
    assert of_type(events, ev.Doubled) == [ev.Doubled("rocket", 2)]


def test_s18_a_bomb_as_the_final_play_still_doubles():
    assert doublings(["3KKKK", "4A", "6Q"], ["3", "4", "pass", "KKKK"]) == ("bomb",)


def test_s18_bid_one_with_one_bomb_and_one_rocket_gives_p_four():
    settlement = settle(["3BR6", "4Q", "5555J"], ["3", "4", "5555", "BR", "pass", "pass", "6"], bid=1)
    assert (settlement.doublings, settlement.points, settlement.deltas) == (("bomb", "rocket"), 4, (8, -4, -4))


def test_s18_a_doubling_changes_both_farmers_settlements():
    settlement = settle(["3BR6", "4Q", "5555J"], ["3", "4", "5555", "BR", "pass", "pass", "6"], bid=1)
    assert settlement.deltas[1] == settlement.deltas[2] == -4


def test_s18_four_with_two_does_not_double():
    assert doublings(["3777789A", "4K", "6Q"], ["777789", "pass", "pass", "3", "K", "pass", "A"]) == ()


def test_s18_a_straight_does_not_double():
    assert doublings(["334567A", "4K", "6Q"], ["34567", "pass", "pass", "3", "K", "pass", "A"]) == ()


def test_s18_an_unused_bomb_does_not_double():
    assert doublings(["3K", "4A", "6QQQQ"], ["3", "4", "pass", "K"]) == ()


def test_s18_cards_left_in_hand_carry_no_penalty():
    few = settle(*FARMERS_WIN, bid=1)
    many = settle(["35K", "46", "7Q89TJQKA2222"], FARMERS_WIN[1], bid=1)
    assert many.deltas == few.deltas and many.doublings == ()


def test_s18_a_redeal_adds_no_multiplier():
    match = Match("standard", seed=3)
    bid_all(match, [0, 0, 0, 0, 0, 0, 1, 0, 0])
    assert (match.phase, match.hand.bid, match.multiplier, match.hand.doublings) == (Phase.PLAYING, 1, 1, [])


# ----- §19 spring and reverse spring ---------------------------------------------------------------------------


def test_s19_spring_when_neither_farmer_played():
    assert doublings(["KA", "3", "4"], ["K", "pass", "pass", "A"]) == ("spring",)


def test_s19_spring_doubles_p():
    assert settle(["KA", "3", "4"], ["K", "pass", "pass", "A"], bid=3).deltas == (12, -6, -6)


def test_s19_no_spring_if_either_farmer_played_once():
    assert doublings(["3K", "45", "6A"], ["3", "pass", "6", "K"]) == ()


def test_s19_passing_is_not_a_successful_play():
    assert doublings(["35K", "4", "6"], ["3", "pass", "pass", "5", "pass", "pass", "K"]) == ("spring",)


def test_s19_reverse_spring_when_landlord_made_only_the_opening_play():
    assert doublings(["3A", "89TJQK", "5"], ["3", "K", "pass", "pass", "89TJQ"]) == ("reverse_spring",)


def test_s19_a_five_card_straight_opening_counts_once():
    assert doublings(["34567A", "89TJQK", "2"], ["34567", "89TJQ", "pass", "pass", "K"]) == ("reverse_spring",)


def test_s19_landlord_passes_do_not_remove_reverse_spring():
    moves = ["34567", "6789T", "pass", "pass", "4", "pass", "pass", "Q"]
    assert doublings(["34567A", "46789TQ", "2"], moves) == ("reverse_spring",)


def test_s19_a_second_landlord_play_removes_reverse_spring():
    moves = ["34567", "6789T", "pass", "pass", "4", "pass", "A", "pass", "2"]
    assert doublings(["34567AK", "46789TQ", "2"], moves) == ()


def test_s19_reverse_spring_settles_with_one_doubling():
    settlement = settle(["34567A", "89TJQK", "2"], ["34567", "89TJQ", "pass", "pass", "K"], bid=2)
    assert (settlement.points, settlement.deltas) == (4, (-8, 4, 4))


def test_s19_spring_adds_exactly_one_doubling_after_bombs():
    settlement = settle(["3333K", "4", "5"], ["3333", "pass", "pass", "K"], bid=1)
    assert (settlement.doublings, settlement.points) == (("bomb", "spring"), 4)


# ----- §23 the match: first to 30 individual net points ----------------------------------------------------------


def test_s23_all_three_start_at_zero():
    assert position(["3", "4", "5"]).scores == [0, 0, 0]


def test_s23_losses_are_added_too():
    match = position(FARMERS_WIN[0], bid=3, scores=[10, -4, -6])
    script(match, FARMERS_WIN[1])
    assert match.scores == [4, -1, -3]


def test_s23_below_the_target_the_hand_is_over_but_not_the_match():
    match = position(LANDLORD_WINS[0], bid=1, scores=[27, -14, -13])
    events = script(match, LANDLORD_WINS[1])
    assert match.phase is Phase.HAND_OVER and not of_type(events, ev.MatchOver) and match.scores[0] == 29


def test_s23_reaching_thirty_exactly_wins():
    match = position(LANDLORD_WINS[0], bid=1, scores=[28, -14, -14])
    events = script(match, LANDLORD_WINS[1])
    assert of_type(events, ev.MatchOver) == [ev.MatchOver((0,), (30, -15, -15))]


def test_s23_twenty_four_gaining_eight_reaches_thirty_two_and_wins():
    match = position(["3BR6", "4Q", "5555J"], bid=1, scores=[24, -12, -12])
    script(match, ["3", "4", "5555", "BR", "pass", "pass", "6"])
    assert (match.scores[0], match.winners, match.phase) == (32, (0,), Phase.MATCH_OVER)


def test_s23_both_farmers_reaching_the_target_are_joint_winners():
    match = position(FARMERS_WIN[0], bid=2, scores=[-56, 28, 28])
    script(match, FARMERS_WIN[1])
    assert match.winners == (1, 2)


def test_s23_a_farmer_at_the_target_wins_alone_when_the_partner_is_below():
    match = position(FARMERS_WIN[0], bid=2, scores=[-40, 28, 12])
    script(match, FARMERS_WIN[1])
    assert match.winners == (1,)


def test_s23_the_match_ends_immediately_no_next_hand():
    match = position(LANDLORD_WINS[0], bid=1, scores=[28, -14, -14])
    script(match, LANDLORD_WINS[1])
    with pytest.raises(IllegalAction) as refused:
        match.apply(NextHand())
    assert refused.value.rejection.code == "match_over"


def test_s23_play_again_keeps_totals():
    match = position(LANDLORD_WINS[0], bid=1, scores=[3, -1, -2])
    script(match, LANDLORD_WINS[1])
    match.apply(NextHand())
    assert (match.scores, match.phase, match.hand.number) == ([5, -2, -3], Phase.BIDDING, 2)


def test_s23_play_again_deals_fresh_cards():
    match = position(LANDLORD_WINS[0], bid=1)
    script(match, LANDLORD_WINS[1])
    match.apply(NextHand())
    assert [len(h) for h in match.hand.hands] == [17, 17, 17] and match.hand.landlord is None


def test_s21_an_unfinished_abandoned_hand_adds_no_score():
    match = position(LANDLORD_WINS[0], bid=3, scores=[3, -1, -2])
    script(match, ["3", "4"])
    events = match.apply(Abandon())
    assert match.scores == [3, -1, -2] and not of_type(events, ev.HandOver) and match.phase is Phase.BIDDING


def test_s21_abandon_keeps_the_hand_number_and_deals_again():
    match = position(LANDLORD_WINS[0])
    events = match.apply(Abandon())
    assert of_type(events, ev.HandAbandoned) == [ev.HandAbandoned(1)] and len(of_type(events, ev.Dealt)) == 1
