"""The `two-player` preset (seed 003, "Two Players · Handicap"): 46 cards without 3s and 4s, 17 each, 3 bottom cards
and 9 unused; call then up to four robs; the farmer wins at or below its allowance of one card plus one per rob."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import bots, selfplay
from game import events as ev
from game.actions import Bid, Pass, Play
from game.cards import RANK_INDEX
from game.invariants import problems
from game.match import Match, Phase
from game.observe import observe
from game.rules import check, legal_moves
from game.rulesets import DEAL_SECONDS, TURN_SECONDS, TWO_PLAYER, Auction, get
from game.scoring import settle
from tests.kit.rules import bid_all, of_type, saved_phases, script, set_hands, step


def auction(answers: list[int], seed: int = 6) -> tuple[Match, int, list[ev.Event]]:
    match = Match("two-player", seed=seed)
    first = match.hand.first_bidder
    return match, first, bid_all(match, answers)


def table(hands: list[str], answers: list[int], seed: int = 6) -> tuple[Match, int, int]:
    """A two-player match past the auction `answers`, the landlord holding hands[0] and the farmer hands[1]."""
    match, _, _ = auction(answers, seed)
    landlord = match.hand.landlord
    assert landlord is not None and match.phase is Phase.PLAYING
    set_hands(match, [hands[0] if seat == landlord else hands[1] for seat in range(2)])
    return match, landlord, 1 - landlord


def test_003_two_player_preset_options():
    assert get("two-player") is TWO_PLAYER and TWO_PLAYER.source == "003"
    assert (TWO_PLAYER.players, TWO_PLAYER.auction, TWO_PLAYER.max_robs, TWO_PLAYER.allowance) == (
        2,
        Auction.HANDICAP,
        4,
        True,
    )
    assert not TWO_PLAYER.double_phase and not TWO_PLAYER.show_hand


def test_003_two_players_one_deck_seventeen_each():
    """003 "2 players; one deck. Each player starts with 17 cards.\""""
    match = Match("two-player", seed=1)
    assert match.players == 2 and [len(h) for h in match.hand.hands] == [17, 17]


def test_003_remove_threes_and_fours_46_cards_three_bottom_nine_unused():
    """003 "Remove threes and fours: 46 cards. Deal 17 each, leave three bottom cards and nine unused cards.\""""
    match = Match("two-player", seed=2)
    assert len(match.deck) == 46 and not {c.char for c in match.deck} & {"3", "4"}
    assert (len(match.hand.kitty), len(match.hand.unused)) == (3, 9)
    dealt = [c for h in match.hand.hands for c in h] + match.hand.kitty + match.hand.unused
    assert sorted(dealt) == list(range(46))


def test_003_the_nine_unused_cards_stay_out_of_play_and_out_of_sight():
    match, _, _ = auction([1, 0])
    unused = set(match.hand.unused)
    assert len(unused) == 9 and not unused & {c for h in match.hand.hands for c in h}
    for seat in range(2):
        view = observe(match, seat)
        assert sum(view.hand_sizes) == 37 and not unused & set(view.cards)


def test_003_the_landlord_receives_the_bottom_cards_and_leads():
    """003 "The landlord receives the bottom cards." and "The landlord leads.\""""
    match, first, events = auction([1, 0])
    chosen = of_type(events, ev.LandlordChosen)[0]
    assert chosen.seat == first and len(match.hand.hands[first]) == 20
    assert set(chosen.kitty_cards) <= set(match.hand.hands[first])
    assert match.phase is Phase.PLAYING and match.turn == first


def test_003_call_then_the_two_players_rob_alternately():
    """003 "Call, then optionally rob up to four times." (RULES.md: "the players may rob alternately")"""
    match, first, _ = auction([1])
    other = 1 - first
    assert (match.turn, match.auction_word()) == (other, "rob")
    bid_all(match, [1])
    assert (match.turn, match.auction_word()) == (first, "rob")
    events = bid_all(match, [0])
    assert of_type(events, ev.LandlordChosen)[0].seat == other and match.hand.robs == 1


def test_003_at_most_four_robs():
    """003 "rob up to four times": the fourth rob ends the auction; each rob doubles the multiplier."""
    match, _, events = auction([1, 1, 1, 1, 1])
    assert match.phase is Phase.PLAYING and match.hand.robs == 4
    assert len(match.hand.bids) == 5 and of_type(events, ev.LandlordChosen)
    assert [d.multiplier for d in of_type(events, ev.Doubled)] == [2, 4, 8, 16]
    assert match.allowance == 5


def test_003_the_fourth_rob_is_made_by_the_caller():
    match, first, events = auction([1, 1, 1, 1, 1])
    assert [seat for seat, _ in match.hand.bids] == [first, 1 - first, first, 1 - first, first]
    assert of_type(events, ev.LandlordChosen)[0].seat == first


def test_003_a_player_who_declined_to_call_may_not_rob():
    match, first, events = auction([0, 1])
    assert of_type(events, ev.LandlordChosen)[0].seat == 1 - first and match.hand.robs == 0


def test_003_both_decline_first_player_is_landlord_at_allowance_one():
    """RULES.md two-player: "Both decline -> the first player is landlord at allowance 1.\""""
    match, first, events = auction([0, 0])
    assert not of_type(events, ev.AllDeclined)
    chosen = of_type(events, ev.LandlordChosen)[0]
    assert (chosen.seat, chosen.bid, match.allowance, match.multiplier) == (first, 1, 1, 1)


@pytest.mark.parametrize(("answers", "allowance"), [([1, 0], 1), ([1, 1, 0], 2), ([1, 1, 1, 0], 3)])
def test_003_allowance_is_one_card_plus_one_per_rob(answers, allowance):
    """003 "The landlord allows the farmer one card plus one per successful rob." The allowance is data for the
    table and the bots."""
    match, _, _ = auction(answers)
    assert match.allowance == allowance
    views = [observe(match, seat) for seat in range(2)]
    assert [v.allowance for v in views] == [allowance, allowance]
    assert views[0].to_bot_dict()["allowance"] == allowance


@pytest.mark.parametrize(
    ("answers", "farmer_hand", "wins"),
    [
        ([1, 0], "6789TJQ", True),  # allowance 1: one card left wins
        ([1, 0], "6789TJQK", False),  # two cards left: play goes on
        ([1, 1, 0], "6789TJQK", True),  # one rob, allowance 2: two cards left win
        ([1, 1, 1, 0], "6789TJQKA", True),  # two robs, allowance 3
    ],
)
def test_003_farmer_wins_at_or_below_the_allowance(answers, farmer_hand, wins):
    """003 "In the two-player handicap version a farmer also wins with cards at or below the agreed allowance.\""""
    match, landlord, farmer = table(["5K", farmer_hand], answers)
    events = script(match, ["5", "6", "pass", "789TJ"])
    assert len(match.hand.hands[farmer]) == len(farmer_hand) - 6
    if wins:
        over = of_type(events, ev.HandOver)[0]
        assert over.winner == farmer and not over.settlement.landlord_won
        assert match.phase is Phase.HAND_OVER and match.hand.hands[farmer]  # cards left, and still won
    else:
        assert match.phase is Phase.PLAYING and match.turn == landlord


def test_003_the_allowance_is_the_farmers_only():
    match, landlord, _ = table(["55K", "6789TJQ"], [1, 0])
    script(match, ["55", "pass"])
    assert len(match.hand.hands[landlord]) == 1 and match.phase is Phase.PLAYING and match.turn == landlord


def test_003_everyone_else_passing_gives_a_free_lead():
    """003 "Everyone else passing gives the last player a new free lead." At two seats one pass does it."""
    match, landlord, _ = table(["5KA", "6789TJQ"], [1, 0])
    events = script(match, ["5", "pass"])
    assert of_type(events, ev.RoundWon) == [ev.RoundWon(landlord)] and match.hand.last is None


def test_003_landlord_wins_by_emptying_the_hand():
    """003 "The landlord wins by emptying their hand.\""""
    match, landlord, _ = table(["55", "6789TJQ"], [1, 0])
    events = script(match, ["55"])
    assert of_type(events, ev.HandOver)[0].winner == landlord


def test_003_two_player_spring_and_reverse_spring_count_as_elsewhere():
    """A spring: the landlord wins before the farmer made a play; a reverse spring: the farmer wins (here by its
    allowance) after the landlord's only play (docs/rules-decisions.md)."""
    match, _, _ = table(["55", "6789TJQ"], [1, 0])
    assert of_type(script(match, ["55"]), ev.HandOver)[0].settlement.doublings == ("spring",)
    match, _, _ = table(["5K", "6789TJQ"], [1, 0])
    events = script(match, ["5", "6", "pass", "789TJ"])
    assert of_type(events, ev.HandOver)[0].settlement.doublings == ("reverse_spring",)


def test_003_straights_start_at_five():
    """RULES.md two-player: "3s and 4s removed ... Straights therefore start at 5." 003: "at least five cards.\""""
    assert "56789" in legal_moves("56789TJQKA2", ruleset="two-player")
    assert check("5678", "5678", ruleset="two-player").code == "straight_short"
    match = Match("two-player", seed=3)
    assert min(RANK_INDEX[c.char] for c in match.deck) == RANK_INDEX["5"]


def test_003_runs_need_three_pairs_or_two_triples_and_never_hold_twos_or_jokers():
    """003 "Pair runs need three pairs; triple runs and airplanes need two consecutive triples. Twos and jokers do
    not form runs.\""""
    assert check("556677", "556677", ruleset="two-player") is None
    assert check("5566", "5566", ruleset="two-player") is not None
    assert check("555666", "555666", ruleset="two-player") is None
    assert check("KKAA22", "KKAA22", ruleset="two-player").code == "two_in_run"
    assert check("TJQKA2", "TJQKA2", ruleset="two-player").code == "two_in_run"


def test_003_attachments_are_supported_but_four_with_two_is_no_bomb():
    """003 "Triple-plus-single, triple-plus-pair, airplanes and four-with-two are supported. Pair wings have
    distinct ranks. Both jokers cannot be used together as single wings; a four-with-attachments is not a bomb.\""""
    for move in ("5556", "55566", "55566678", "5556667799", "555567", "55556677"):
        assert check(move, move, ruleset="two-player") is None, move
    assert check("5556667777", "5556667777", ruleset="two-player") is not None
    assert check("555666BR", "555666BR", ruleset="two-player") is not None
    match, _, _ = table(["555567K", "89TJQ"], [1, 0])
    assert not of_type(script(match, ["555567"]), ev.Doubled)


def test_003_table_scoring_one_share_bombs_double_capped_at_1024():
    """003 "Table scoring: auction value x bomb multiplier; the landlord gains or loses one share per farmer.
    Ordinary bombs double the multiplier. A spring doubles it; multiplier is capped at 1024.\""""
    settlement = settle(TWO_PLAYER, 1, True, 1, ("rob",) * 4 + ("bomb",) * 6 + ("spring",))
    assert settlement.multiplier == 1024 and len(settlement.shares) == 1
    assert settlement.deltas == (-1024, 1024)
    assert settle(TWO_PLAYER, 0, False, 1, ("bomb",)).deltas == (-2, 2)


def test_003_two_player_room_timers():
    """003 "The room starts with a five-minute deal limit and 40 seconds per turn.\""""
    assert (TWO_PLAYER.deal_seconds, TWO_PLAYER.turn_seconds) == (DEAL_SECONDS, TURN_SECONDS)


@pytest.mark.parametrize("seed", [5, 8])
def test_003_two_player_save_round_trips_in_every_phase(seed):
    assert saved_phases("two-player", seed) == {Phase.BIDDING, Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER}


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1))
def test_003_property_two_player_playouts_conserve_cards_and_cap_the_multiplier(seed):
    rng = random.Random(seed)
    match = Match("two-player", seed=seed)
    while len(match.results) < 3 and match.phase is not Phase.MATCH_OVER:
        step(match, rng)  # Play again after each settlement
        assert problems(match) == []
        assert match.multiplier <= 1024
    for settlement in match.results:
        assert sum(settlement.deltas) == 0 and settlement.multiplier <= 1024 and len(settlement.shares) == 1


# ----- bots -----------------------------------------------------------------------------------------------------

GOOD = "5566789TJQKA2BR9T"  # a strong hand without 3s and 4s


def test_003_bots_see_the_allowance_and_rob_less_as_it_grows():
    """Two-player bots: robbing raises the farmer's allowance, so each further rob asks for a stronger hand."""
    robs = []
    for answers in ([1], [1, 1], [1, 1, 1], [1, 1, 1, 1]):
        match, _, _ = auction(answers)
        seat = match.turn
        set_hands(match, [GOOD if s == seat else "" for s in range(2)])
        robs.append(bots.decide_bid(observe(match, seat)))
    assert robs[0] == 1 and robs[-1] == 0 and robs == sorted(robs, reverse=True)


def test_003_bots_play_a_two_player_hand_to_the_end():
    match = Match("two-player", seed=12)
    while match.phase is not Phase.HAND_OVER:
        seat = match.turn
        assert seat is not None
        view = observe(match, seat)
        if match.phase is Phase.BIDDING:
            match.apply(Bid(seat, bots.decide_bid(view)))
        else:
            move = bots.decide(view)
            match.apply(Play(seat, move) if move != "pass" else Pass(seat))
        assert problems(match) == []


def test_003_selfplay_plays_two_player_hands():
    result = selfplay.run(10, 2, "two-player", selfplay.bot_policy("normal"))
    assert result["hands"] == 10 and result["landlord_wins"] + result["farmer_wins"] == 10


def test_003_answer_with_the_same_type_and_length_a_bomb_or_pass():
    """003 "Play a stronger combination of the same type and length, a legal bomb, or pass.\""""
    assert check("9TJQK", "9TJQK", "56789", "two-player") is None
    assert check("9TJQKA", "9TJQKA", "56789", "two-player").code == "wrong_count"
    assert check("6666", "6666", "9TJQK", "two-player") is None
    assert "pass" in legal_moves("6", last="A", ruleset="two-player")
