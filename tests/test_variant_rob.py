"""The `rob` preset (seed 004, "Dou Di Zhu Rules: Bidding, Combinations and Multipliers"): the call / rob auction
with the rob-back, redeals, the simultaneous doubling, showing the hand, per-farmer shares with the 32 x base cap,
and the three worked examples."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import bots, selfplay
from game import events as ev
from game.actions import Abandon, Bid, Double, Pass, Play, Show
from game.bots.bidding import FLOORS, landlord_value
from game.cards import parse
from game.invariants import problems
from game.match import Match, Phase
from game.observe import observe
from game.reasons import IllegalAction
from game.rules import beats, check
from game.rulesets import ROB, Auction, get
from game.scoring import settle
from game.serialize import from_dict, to_dict
from tests.kit.rob import BASE_100, decide_doubles, playing, rob_match
from tests.kit.rules import bid_all, of_type, saved_phases, script, set_hands, step


def seats_from(first: int) -> tuple[int, int, int]:
    return first, (first + 1) % 3, (first + 2) % 3


# ----- 004 "Bidding, robbing, doubling and showing" ------------------------------------------------------------


def test_004_rob_is_a_preset_of_options():
    assert get("rob") is ROB and ROB.source == "004"
    assert (ROB.auction, ROB.redeal_limit, ROB.share_cap, ROB.multiplier_cap) == (Auction.ROB, 2, 32, None)
    assert ROB.double_phase and ROB.show_hand and ROB.turn_seconds is None


def test_004_basics_one_deck_seventeen_each_three_kitty():
    """004 "The basics": one 54-card deck with both jokers, 17 each and 3 face down as the kitty."""
    match = Match("rob", seed=2)
    assert len(match.deck) == 54 and [len(h) for h in match.hand.hands] == [17, 17, 17]
    assert len(match.hand.kitty) == 3 and match.hand.unused == []


def test_004_bid_starts_from_one_player_and_goes_in_turn():
    """004 "Bid: starting from one player, everyone answers in turn.\""""
    firsts = {Match("rob", seed=s).hand.first_bidder for s in range(12)}
    assert firsts == {0, 1, 2}
    match, first, _ = rob_match([])
    order = []
    for _ in range(3):
        order.append(match.turn)
        match.apply(Bid(match.turn, 0))
    assert order == list(seats_from(first))


def test_004_until_someone_bids_the_choice_is_call_then_rob():
    """004: 'Until someone bids, the choice is "bid / no bid"; after that it is "rob / no rob".'"""
    match, _, _ = rob_match([0])
    assert match.auction_word() == "call" and match.bid_choices() == [0, 1]
    events = bid_all(match, [1])
    assert of_type(events, ev.BidMade)[0].word == "call"
    assert match.auction_word() == "rob"
    events = bid_all(match, [0])
    assert of_type(events, ev.BidMade)[0].word == "no_rob"


def test_004_no_point_bidding_only_call_or_rob():
    """004: "there is no 1-, 2- or 3-point bidding\""""
    match, first, _ = rob_match([])
    with pytest.raises(IllegalAction) as refused:
        match.apply(Bid(first, 2))
    assert refused.value.rejection.code == "answer_invalid"
    assert refused.value.rejection.text == "Answer Call (1) or No call (0)."
    bid_all(match, [1])
    assert match.check(Bid(match.turn, 3)).text == "Answer Rob (1) or No rob (0)."


def test_004_every_rob_doubles_the_multiplier():
    """004 "Rob: every rob doubles the multiplier.\""""
    match, _, events = rob_match([1, 1])
    assert [(d.reason, d.multiplier) for d in of_type(events, ev.Doubled)] == [("rob", 2)]
    events = bid_all(match, [1, 1])
    assert [(d.reason, d.multiplier) for d in of_type(events, ev.Doubled)] == [("rob", 4), ("rob", 8)]
    assert match.hand.robs == 3 and match.multiplier == 8 and match.hand.doublings == ["rob"] * 3


def test_004_robbed_first_round_gives_the_caller_one_rob_back():
    """004: "If anyone robbed in the first round, the original bidder gets one last chance to rob back.\""""
    match, first, _ = rob_match([1, 1, 0])
    assert match.phase is Phase.BIDDING and match.turn == first and match.auction_word() == "rob"
    events = bid_all(match, [1])
    assert of_type(events, ev.LandlordChosen)[0].seat == first
    assert match.standing().caller == first


def test_004_declined_rob_back_leaves_the_last_robber_landlord():
    """004 / RULES.md: "The last player to call or rob is landlord.\""""
    match, first, _ = rob_match([1, 1, 1])
    events = bid_all(match, [0])
    c = (first + 2) % 3
    assert of_type(events, ev.LandlordChosen)[0].seat == c
    assert match.multiplier == 4


def test_004_no_rob_means_no_rob_back():
    """004: the rob-back is only "if anyone robbed": a call nobody robs ends after the first round."""
    match, first, events = rob_match([1, 0, 0])
    assert of_type(events, ev.LandlordChosen)[0].seat == first and match.multiplier == 1


def test_004_a_player_who_declined_to_call_may_not_rob_later():
    """RULES.md rob: "A player who declined to call may not rob later.\""""
    match, first, _ = rob_match([0, 1, 1])
    a, b, c = seats_from(first)
    assert match.turn == b and match.auction_word() == "rob"  # the rob-back is b's; a is never asked again
    events = bid_all(match, [0])
    assert of_type(events, ev.LandlordChosen)[0].seat == c
    assert [seat for seat, _ in match.hand.bids] == [a, b, c, b]


def test_004_a_call_by_the_last_seat_ends_the_auction():
    _, first, events = rob_match([0, 0, 1])
    assert of_type(events, ev.LandlordChosen)[0].seat == (first + 2) % 3


def test_004_no_bids_redeals():
    """004 "No bids: if nobody bids, the cards are redealt.\""""
    match, _, _ = rob_match([])
    deal = match.hand.deal_no
    events = bid_all(match, [0, 0, 0])
    assert of_type(events, ev.AllDeclined) and of_type(events, ev.Dealt)[0].redeal
    assert match.phase is Phase.BIDDING and match.hand.deal_no != deal and match.hand.number == 1


def test_004_nobody_bids_twice_in_a_row_first_player_becomes_landlord():
    """004: "If nobody bids twice in a row, the first player becomes landlord." The first player is the one who
    opened the second deal's auction, and it takes that deal's kitty (docs/rules-decisions.md)."""
    match, _, _ = rob_match([0, 0, 0])
    first, kitty = match.hand.first_bidder, list(match.hand.kitty)
    events = bid_all(match, [0, 0, 0])
    assert not of_type(events, ev.AllDeclined)
    chosen = of_type(events, ev.LandlordChosen)[0]
    assert (chosen.seat, chosen.bid, list(chosen.kitty_cards)) == (first, 1, kitty)
    assert match.phase is Phase.DOUBLING and match.multiplier == 1


def test_004_twice_in_a_row_means_in_the_same_hand():
    """A deal where someone called, then fresh cards ("New game" mid-hand): the count of declined deals restarts."""
    match, _, _ = rob_match([0, 0, 0])
    assert match.hand.redeals == 1
    bid_all(match, [1, 0, 0])
    match.apply(Abandon())
    assert match.hand.redeals == 0
    assert of_type(bid_all(match, [0, 0, 0]), ev.AllDeclined)


def test_004_double_all_three_choose_at_the_same_time():
    """004 "Double: once the landlord is set, all three choose at the same time whether to double.\""""
    match, first, events = rob_match([1, 0, 0])
    assert of_type(events, ev.DoublingStarted) and match.phase is Phase.DOUBLING
    assert match.turn is None and match.undecided_doubles() == (0, 1, 2)
    events = match.apply(Double(2, True)) + match.apply(Double(0, False))
    assert events == [ev.DoubleChosen(2), ev.DoubleChosen(0)]  # no values until all decide
    assert match.undecided_doubles() == (1,)
    assert match.check(Double(2, False)).code == "already_doubled"
    assert match.check(Play(first, "3")).code == "wrong_phase"
    events = match.apply(Double(1, True))
    assert of_type(events, ev.DoublesRevealed)[0].doubles == (False, True, True)


def test_004_doubles_stay_secret_until_every_seat_decided():
    match, _, _ = rob_match([1, 0, 0])
    match.apply(Double(1, True))
    assert observe(match, 0).doubles == (None, None, None)
    assert observe(match, 1).doubles == (None, True, None)
    assert observe(match, 2).to_bot_dict()["doubles"] is None
    match.apply(Double(0, False))
    match.apply(Double(2, False))
    assert observe(match, 0).doubles == (False, True, False)


def test_004_show_before_the_first_play_doubles():
    """004 "Show: before the first play, the landlord may show their hand for x2.\""""
    match, first, _ = rob_match([1, 0, 0])
    events = decide_doubles(match, {})
    assert of_type(events, ev.ShowingStarted)[0].landlord == first
    assert match.phase is Phase.SHOWING and match.turn == first
    assert match.check(Show((first + 1) % 3, True)).text == "Only the landlord may show the hand."
    assert match.check(Play(first, match.ranks(first)[0])).code == "wrong_phase"
    events = match.apply(Show(first, True))
    shown = of_type(events, ev.HandShown)[0]
    assert (shown.seat, shown.ranks, len(shown.cards)) == (first, match.ranks(first), 20)
    assert of_type(events, ev.Doubled) == [ev.Doubled("show", 2)]
    assert match.phase is Phase.PLAYING and match.turn == first  # the landlord leads (004 "The basics")
    assert observe(match, (first + 1) % 3).shown == match.ranks(first)


def test_004_declining_to_show_changes_nothing():
    match, first, _ = rob_match([1, 0, 0])
    decide_doubles(match, {})
    assert match.apply(Show(first, False)) == []
    assert match.multiplier == 1 and observe(match, (first + 1) % 3).shown is None


def test_004_the_kitty_is_shown_and_the_landlord_holds_twenty():
    """004 "The landlord takes the 3 kitty cards (shown to everyone), holds 20 cards and leads first.\""""
    match, first, events = rob_match([1, 0, 0])
    chosen = of_type(events, ev.LandlordChosen)[0]
    assert len(match.hand.hands[first]) == 20
    assert all(observe(match, seat).kitty == chosen.kitty for seat in range(3))


# ----- 004 "How the multiplier works" -------------------------------------------------------------------------


def test_004_landlord_double_counts_on_both_shares_farmer_double_on_its_own():
    """004: "The landlord's double affects both farmers; a farmer's double only affects their own share.\""""
    settlement = settle(ROB, 0, True, 1, ("bomb",), (True, True, False))
    shares = {s.seat: s.amount for s in settlement.shares}
    assert shares == {1: 2 * 2 * 2, 2: 2 * 2}
    assert settlement.deltas == (12, -8, -4)


def test_004_each_share_is_capped_at_32_times_base():
    """004: "In MacePlay each share is capped at 32 x base.\""""
    settlement = settle(replace(ROB, base=5), 1, False, 1, ("rob",) * 3 + ("bomb",) * 2, (False, True, True))
    assert [(s.uncapped, s.amount, s.capped) for s in settlement.shares] == [(64, 160, True), (128, 160, True)]
    assert settlement.deltas == (160, -320, 160)


def test_004_settlement_landlord_collects_both_shares_on_a_win_and_pays_both_on_a_loss():
    """004 "Settlement: the landlord plays against both farmers, collecting both shares on a win and paying both on
    a loss.\""""
    won = settle(ROB, 2, True, 1, (), (False, True, False))
    lost = settle(ROB, 2, False, 1, (), (False, True, False))
    assert won.deltas == (-1, -2, 3) and lost.deltas == (1, 2, -3)


def test_004_spring_landlord_wins_and_neither_farmer_played():
    """004 "Spring: the landlord wins and neither farmer played a single card.\""""
    match, _, _ = playing(["3R", "45", "67"], [1, 0, 0], set(), show=False)
    events = script(match, ["3", "pass", "pass", "R"])
    assert of_type(events, ev.HandOver)[0].settlement.doublings == ("spring",)


def test_004_anti_spring_farmers_win_and_the_landlord_played_once():
    """004 "Anti-spring: the farmers win and the landlord played only once.\""""
    match, _, _ = playing(["3K", "45", "67"], [1, 0, 0], set(), show=False)
    events = script(match, ["3", "4", "pass", "pass", "5"])
    assert of_type(events, ev.HandOver)[0].settlement.doublings == ("reverse_spring",)


def test_004_four_plus_two_does_not_double():
    """004 "Does four + two double the multiplier? No.\""""
    match, _, _ = playing(["888835K", "4", "6"], [1, 0, 0], set(), show=False)
    events = script(match, ["888835"])
    assert not of_type(events, ev.Doubled) and match.multiplier == 1


def test_004_wings_may_hold_one_joker_not_both_pair_wings_none():
    """004 "Can wings include jokers? Single wings may include one joker, but not both. Pair wings cannot.\""""
    assert check("333444B5", "333444B5", ruleset="rob") is None
    assert check("333444BR", "333444BR", ruleset="rob") is not None
    with pytest.raises(ValueError, match="the rob pack has 1"):  # one pack holds no pair of jokers to wing with
        check("333444BBRR", "333444BBRR", ruleset="rob")


def test_004_twos_never_in_straights_a_triple_of_twos_alone_or_with_a_card():
    """004: "Straights, pair straights and airplanes stop at A. A triple of 2s can be played alone or with a single
    or a pair.\""""
    assert check("JQKA2", "JQKA2", ruleset="rob") is not None
    assert check("KKAA22", "KKAA22", ruleset="rob") is not None
    assert all(check(m, m, ruleset="rob") is None for m in ("222", "2223", "22233"))


# ----- 004 "Worked examples" ----------------------------------------------------------------------------------


def test_004_example_1_combinations_under_the_rob_preset():
    """004 Example 1: 'can this play beat that one?'"""
    assert beats("66677789", "33344457", "rob")
    assert not beats("888999", "33344457", "rob") and check("888999", "888999", "33344457", "rob") is not None
    assert check("TJQKA", "TJQKA", ruleset="rob") is None
    assert check("JQKA2", "JQKA2", ruleset="rob").code == "two_in_run"
    assert beats("3333", "888835", "rob")


def test_004_example_2_farmers_win_one_farmer_doubled_base_100():
    """004 Example 2: nobody robs, only Farmer A doubles, one bomb, Farmer B goes out first, the landlord played 3
    times: multiplier 2, Farmer A's share 400, Farmer B's 200, the landlord pays 600."""
    hands = ["359QK", "678", "4TTTTJ"]  # landlord, Farmer A, Farmer B
    match, landlord, events = playing(hands, [1, 0, 0], {1}, show=False, rules=BASE_100)
    farmer_a, farmer_b = (landlord + 1) % 3, (landlord + 2) % 3
    assert match.hand.robs == 0 and of_type(events, ev.DoublesRevealed)[0].doubles.count(True) == 1
    events = script(match, ["3", "pass", "4", "9", "pass", "pass", "5", "pass", "TTTT", "pass", "pass", "J"])
    settlement = of_type(events, ev.HandOver)[0].settlement
    assert match.hand.plays_made[landlord] == 3 and settlement.doublings == ("bomb",)
    assert settlement.multiplier == 2
    shares = {s.seat: s.amount for s in settlement.shares}
    assert (shares[farmer_a], shares[farmer_b]) == (400, 200)
    assert settlement.deltas[landlord] == -600
    assert (settlement.deltas[farmer_a], settlement.deltas[farmer_b]) == (400, 200)
    lines = settlement.share_lines({farmer_a: "Farmer A", farmer_b: "Farmer B"})
    assert lines == ["Farmer A: 2 x own double 2 = 4 x base 100 = 400", "Farmer B: 2 x base 100 = 200"]


def test_004_example_3_two_robs_show_bomb_spring_hits_the_cap():
    """004 Example 3: A bids, B robs, C does not, A robs back; A shows; A and B double; one bomb; a spring:
    multiplier 32; B's share 128 and C's 64 are both capped at 32 x base: 3,200 each, the landlord collects 6,400."""
    match, first, events = rob_match([1, 1, 0, 1], rules=BASE_100)
    a, b, c = seats_from(first)
    assert of_type(events, ev.LandlordChosen)[0].seat == a and match.hand.robs == 2 and match.multiplier == 4
    set_hands(match, [{a: "3333R", b: "4567", c: "89TJ"}[seat] for seat in range(3)])
    decide_doubles(match, {a: True, b: True})
    assert of_type(match.apply(Show(a, True)), ev.Doubled) == [ev.Doubled("show", 8)]
    events = script(match, ["3333", "pass", "pass", "R"])
    settlement = of_type(events, ev.HandOver)[0].settlement
    assert settlement.doublings == ("rob", "rob", "show", "bomb", "spring") and settlement.multiplier == 32
    by_seat = {s.seat: s for s in settlement.shares}
    assert (by_seat[b].uncapped, by_seat[c].uncapped) == (128, 64)
    assert (by_seat[b].amount, by_seat[c].amount) == (3200, 3200) and by_seat[b].capped and by_seat[c].capped
    assert settlement.deltas[a] == 6400 and (settlement.deltas[b], settlement.deltas[c]) == (-3200, -3200)
    assert sorted(settlement.share_lines({b: "B", c: "C"})) == [
        "B: 32 x landlord double 2 x own double 2 = 128, capped at 32 x base = 3,200",
        "C: 32 x landlord double 2 = 64, capped at 32 x base = 3,200",
    ]


# ----- the match, saves and random play-outs ------------------------------------------------------------------


@pytest.mark.parametrize(("before", "over"), [(0, False), (3500, False), (3600, True)])
def test_004_rob_match_target_counts_in_base_units(before, over):
    """RULES.md: "`rob` counts in the base unit of the table": with base 100 the target of 40 (rob's, for a match
    of about 16 hands: docs/rules-decisions.md) is 4,000."""
    assert BASE_100.match_target == 40
    match, landlord, _ = playing(["3R", "45", "67"], [1, 0, 0], set(), show=False, rules=BASE_100)
    match.scores = [before if seat == landlord else -before // 2 for seat in range(3)]
    script(match, ["3", "pass", "pass", "R"])  # a spring: 2 x base 100 from each farmer
    assert match.scores[landlord] == before + 400
    assert (match.phase is Phase.MATCH_OVER) is over


@pytest.mark.parametrize("seed", [3, 4])
def test_004_save_round_trips_in_every_phase(seed):
    """A save made in any phase (mid-auction, mid-doubling, showing, playing, after the hand, after the match)
    restores the same match; a save made mid-doubling keeps every choice made and reveals none."""
    assert saved_phases("rob", seed) == set(Phase) - {Phase.SWAPPING}  # rob has no swap (003 swap-three)


def test_004_a_save_mid_doubling_hides_the_choices_already_made():
    match, _, _ = rob_match([1, 0, 0])
    match.apply(Double(1, True))
    restored = from_dict(to_dict(match))
    assert restored.undecided_doubles() == (0, 2)
    assert observe(restored, 0).doubles == (None, None, None)
    assert restored.apply(Double(0, False)) == [ev.DoubleChosen(0)]
    assert restored.apply(Double(2, True))[-2] == ev.DoublesRevealed((False, True, True))


ROB_PLAYOUTS = settings(max_examples=25, deadline=None, derandomize=True)


@ROB_PLAYOUTS
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 100]))
def test_004_property_random_rob_playouts_conserve_cards_sum_to_zero_and_respect_the_cap(seed, base):
    rules = replace(ROB, base=base)
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    while len(match.results) < 3 and match.phase is not Phase.MATCH_OVER:
        step(match, rng)  # Play again after each settlement
        assert problems(match) == []
    for settlement in match.results:
        assert sum(settlement.deltas) == 0
        assert all(s.amount <= 32 * base for s in settlement.shares)
        assert len(settlement.shares) == 2


def test_004_passing_is_refused_on_the_landlords_opening_lead():
    match, first, _ = playing(["3R", "45", "67"], [1, 0, 0], set(), show=False)
    assert match.check(Pass(first)).code == "free_lead_pass"


# ----- bots: call, rob, double, show --------------------------------------------------------------------------

WEAK, MIDDLING, GOOD, STRONG = "33456789TJ3568TJQ", "34567899TJ3456789", "3344556789TJQKA2B", "3456789TJQKA22BR5"


def bot_view(match: Match, seat: int, ranks: str):
    """`seat`'s observation with exactly the cards `ranks` (the other seats' cards do not matter to these bots)."""
    set_hands(match, [ranks if s == seat else "" for s in range(match.players)])
    return observe(match, seat)


def test_004_hand_values_of_the_bot_test_hands():
    values = [landlord_value(parse(h)) for h in (WEAK, MIDDLING, GOOD, STRONG)]
    floors = FLOORS[Auction.ROB]
    assert values[0] < floors.call <= values[1] < floors.rob <= values[2] < floors.rob + floors.per_rob <= values[3]


@pytest.mark.parametrize(("hand", "calls"), [(WEAK, 0), (MIDDLING, 1), (STRONG, 1)])
def test_004_bot_calls_with_a_hand_worth_being_landlord(hand, calls):
    match, first, _ = rob_match([])
    assert bots.decide_bid(bot_view(match, first, hand)) == calls


@pytest.mark.parametrize(("hand", "robs"), [(MIDDLING, 0), (GOOD, 1), (STRONG, 1)])
def test_004_bot_robs_only_with_a_strong_hand(hand, robs):
    match, first, _ = rob_match([1])
    assert bots.decide_bid(bot_view(match, (first + 1) % 3, hand)) == robs


@pytest.mark.parametrize(("hand", "robs"), [(GOOD, 0), (STRONG, 1)])
def test_004_bot_rob_back_asks_for_more_than_the_first_rob(hand, robs):
    match, first, _ = rob_match([1, 1, 0])
    assert match.turn == first and match.auction_word() == "rob"
    assert bots.decide_bid(bot_view(match, first, hand)) == robs


def test_004_bot_doubles_with_a_hand_likely_to_win():
    match, first, _ = rob_match([1, 0, 0])
    farmer = (first + 1) % 3
    assert bots.decide_double(bot_view(match, first, STRONG + "AKQ"))
    assert not bots.decide_double(bot_view(match, first, WEAK + "567"))
    assert bots.decide_double(bot_view(match, farmer, STRONG))
    assert not bots.decide_double(bot_view(match, farmer, GOOD))


def test_004_bot_landlord_shows_only_a_near_certain_win():
    match, first, _ = rob_match([1, 0, 0])
    decide_doubles(match, {})
    assert bots.decide_show(bot_view(match, first, "BR22223333AAAAKK"))
    assert not bots.decide_show(bot_view(match, first, GOOD + "AKQ"))


def test_004_bot_dict_api_calls_robs_doubles_and_shows():
    assert bots.bid({"ruleset": "rob", "seat": 1, "hand": WEAK, "bids": [[0, 0]]}) == 0
    assert bots.bid({"ruleset": "rob", "seat": 1, "hand": GOOD, "bids": [[0, 1]]}) == 1
    assert bots.double({"ruleset": "rob", "seat": 0, "landlord": 0, "hand": STRONG + "AKQ", "kitty": "AKQ"})
    assert not bots.show({"ruleset": "rob", "seat": 0, "landlord": 0, "hand": WEAK + "567", "kitty": "567"})


@pytest.mark.slow
def test_004_selfplay_drives_the_auction_doubling_and_showing(capsys):
    result = selfplay.run(12, 5, "rob", selfplay.bot_policy("normal"))
    assert result["hands"] == 12 and result["doubles"] > 0 and result["robs"] > 0
    assert selfplay.main(["--ruleset", "rob", "--games", "3"]) == 0
    assert "robs" in capsys.readouterr().out


def test_004_play_same_type_and_count_or_pass_two_passes_give_the_lead_back():
    """004 "The basics": "beat the last play with the same type, the same number of cards and a higher rank, or
    pass. When both others pass, the last player leads again.\""""
    match, landlord, _ = playing(["34K", "556", "78"], [1, 0, 0], set(), show=False)
    script(match, ["3"])
    assert match.check(Play((landlord + 1) % 3, "55")).code == "different_shape"
    events = script(match, ["5", "pass", "K", "pass", "pass"])
    assert of_type(events, ev.RoundWon) == [ev.RoundWon(landlord)] and match.turn == landlord
