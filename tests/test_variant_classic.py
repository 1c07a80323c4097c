"""The `classic` preset (seed 003, "Classic Three Players"): the points auction with all-pass to the first bidder,
table scoring per farmer share, the 1024 cap, the match target and its timers; `standard` is left as it was."""

from __future__ import annotations

import pytest

from game.actions import Pass, Play
from game.events import LandlordChosen
from game.match import Match, Phase
from game.rulesets import CLASSIC, DEAL_SECONDS, NO_SHUFFLE, STANDARD, TURN_SECONDS, get
from game.scoring import settle
from tests.kit.rules import bid_all, of_type, play_out


def test_003_classic_bids_zero_to_three_each_raising():
    match = Match("classic", seed=3)
    assert match.bid_choices() == [0, 1, 2, 3]
    bid_all(match, [2])
    assert match.bid_choices() == [0, 3]


def test_003_classic_bid_three_ends_the_auction():
    match = Match("classic", seed=3)
    first = match.hand.first_bidder
    events = bid_all(match, [3])
    assert match.phase is Phase.PLAYING
    assert of_type(events, LandlordChosen)[0].seat == first


def test_003_classic_all_pass_first_bidder_is_landlord_at_one():
    match = Match("classic", seed=5)
    first, deal = match.hand.first_bidder, match.hand.deal_no
    events = bid_all(match, [0, 0, 0])
    chosen = of_type(events, LandlordChosen)[0]
    assert (chosen.seat, chosen.bid) == (first, 1)
    assert match.hand.deal_no == deal  # no redeal
    assert match.turn == first


def test_003_standard_all_pass_still_redeals():
    match = Match("standard", seed=5)
    bid_all(match, [0, 0, 0])
    assert match.phase is Phase.BIDDING and match.hand.landlord is None


def test_003_multiplier_capped_at_1024():
    settlement = settle(CLASSIC, 0, True, 3, ("bomb",) * 11)
    assert settlement.multiplier == 1024
    assert settlement.points == 3 * 1024
    assert "capped at x1024" in settlement.lines()


def test_003_cap_leaves_standard_uncapped():
    assert settle(STANDARD, 0, True, 3, ("bomb",) * 11).multiplier == 2048


def test_003_table_scoring_landlord_gains_one_share_per_farmer():
    settlement = settle(CLASSIC, 1, True, 2, ("bomb", "spring"))
    assert settlement.points == 2 * 4
    assert settlement.deltas == (-8, 16, -8)


def test_003_bombs_and_spring_each_double():
    assert settle(CLASSIC, 1, False, 1, ("bomb", "rocket", "spring")).multiplier == 8


def test_003_classic_match_ends_at_thirty():
    assert CLASSIC.match_target == 30


def test_003_room_starts_with_five_minute_deal_and_forty_second_turns():
    assert (CLASSIC.turn_seconds, CLASSIC.deal_seconds) == (40, 300)
    assert (NO_SHUFFLE.turn_seconds, NO_SHUFFLE.deal_seconds) == (40, 300)


def test_timers_are_an_option_for_standard():
    assert STANDARD.turn_seconds is None
    timed = STANDARD.timed(True)
    assert (timed.turn_seconds, timed.deal_seconds) == (TURN_SECONDS, DEAL_SECONDS)
    assert STANDARD.timed(False) is STANDARD
    assert CLASSIC.timed(False) is CLASSIC  # the 003 presets keep theirs


def test_every_preset_is_listed_with_a_summary_standard_first():
    from game.rulesets import RULESETS

    assert next(iter(RULESETS)) == "standard"
    assert {"classic", "no-shuffle"} <= set(RULESETS)
    assert all(get(name).summary for name in RULESETS)


@pytest.mark.parametrize("ruleset", ["classic", "no-shuffle"])
@pytest.mark.parametrize("seed", range(4))
def test_003_random_play_outs_keep_the_invariants(ruleset, seed):
    match = play_out(ruleset, seed, 1500, expire_chance=0.004)
    assert match.results  # hands were settled, not only dealt


def test_003_classic_deals_17_each_and_three_bottom_cards_to_the_landlord():
    match = Match("classic", seed=12)
    assert [len(cards) for cards in match.hand.hands] == [17, 17, 17] and len(match.hand.kitty) == 3
    kitty = set(match.hand.kitty)
    bid_all(match, [3])
    assert kitty <= set(match.hand.hands[match.hand.landlord])


def test_003_classic_landlord_leads():
    match = Match("classic", seed=12)
    bid_all(match, [0, 2, 0])
    assert match.turn == match.hand.landlord == (match.hand.first_bidder + 1) % 3


def test_003_classic_everyone_else_passing_gives_a_free_lead():
    match = Match("classic", seed=12)
    bid_all(match, [3])
    leader = match.turn
    match.apply(Play(leader, match.legal_moves()[0]))
    match.apply(Pass(match.turn))
    match.apply(Pass(match.turn))
    assert (match.turn, match.hand.last) == (leader, None)


@pytest.mark.parametrize("seed", range(3))
def test_003_classic_combinations_are_the_standard_ones(seed):
    classic, standard = Match("classic", seed=seed), Match("standard", seed=seed)
    for match in (classic, standard):
        bid_all(match, [3])
    assert classic.legal_moves() == standard.legal_moves()
