"""The `swap-three` preset (seed 003, "Swap Three · Extra Wild Card"; RULES.md `swap-three` and "Variant details"):
55 cards with an extra wild card `W`, four bottom cards, a simultaneous three-card swap to the next seat before the
auction. One test per sentence."""

from __future__ import annotations

import pytest

from game import rules as api
from game.actions import Abandon, Bid, Play, Swap
from game.cards import RANKS
from game.combos import Reading
from game.events import Doubled, LandlordChosen, Played, SwapChosen, Swapped, SwappingStarted
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import SWAP_THREE, get
from game.scoring import settle
from game.serialize import from_dict, to_dict
from tests.kit.rules import bid_all, of_type, position, script

S = "swap-three"
TWO = RANKS.index("2")


def picks(match: Match, seat: int) -> tuple[int, ...]:
    """The seat's three lowest cards."""
    return tuple(match.hand.hands[seat][:3])


def swap_all(match: Match) -> list:
    events = []
    for seat in range(match.players):
        events += match.apply(Swap(seat, picks(match, seat)))
    return events


# ----- "3 players; one deck. Each player starts with 17 cards. The landlord receives the bottom cards." -----------


def test_003_swap_three_players_17_each_the_landlord_takes_the_four_bottom_cards():
    match = Match(S, seed=4)
    assert match.players == 3 and [len(h) for h in match.hand.hands] == [17, 17, 17]
    kitty = set(match.hand.kitty)
    swap_all(match)
    chosen = of_type(bid_all(match, [3]), LandlordChosen)[0]
    assert len(kitty) == 4 and kitty <= set(match.hand.hands[chosen.seat])
    assert len(match.hand.hands[chosen.seat]) == 21


# ----- "Bid zero (pass), one, two or three, raising the current bid. Three ends the auction. If all pass, ..." -----


def test_003_swap_three_bids_as_classic_after_the_swap():
    match = Match(S, seed=4)
    swap_all(match)
    assert match.phase is Phase.BIDDING and match.bid_choices() == [0, 1, 2, 3]
    first = match.hand.first_bidder
    chosen = of_type(bid_all(match, [0, 0, 0]), LandlordChosen)[0]
    assert (chosen.seat, chosen.bid) == (first, 1)


# ----- "Use 55 cards including one extra wild card and four bottom cards." -----------------------------------------


def test_003_swap_three_uses_55_cards_with_one_extra_wild_card_and_four_bottom_cards():
    match = Match(S, seed=1)
    assert len(match.deck) == 55 and sum(c.char == "W" for c in match.deck) == 1
    assert len(match.hand.kitty) == 4 and not match.hand.unused
    assert match.wild == "W"


# ----- "Each player selects three cards for a simultaneous exchange before bidding." ------------------------------


def test_003_swap_three_each_player_selects_three_cards_before_bidding():
    match = Match(S, seed=2)
    assert match.phase is Phase.SWAPPING and match.turn is None and match.unswapped() == (0, 1, 2)
    assert match.check(Bid(match.hand.first_bidder, 1)).code == "wrong_phase"
    seat0 = match.hand.hands[0]
    assert match.check(Swap(0, tuple(seat0[:2]))).code == "swap_count"
    assert match.check(Swap(0, (seat0[0], seat0[0], seat0[1]))).code == "swap_count"
    assert match.check(Swap(0, tuple(match.hand.hands[1][:3]))).code == "not_in_hand"
    match.apply(Swap(0, picks(match, 0)))
    assert match.check(Swap(0, picks(match, 0))).code == "already_swapped"


def test_003_swap_three_the_exchange_is_simultaneous_and_secret_until_all_have_chosen():
    match = Match(S, seed=2)
    before = [list(h) for h in match.hand.hands]
    given = picks(match, 1)
    assert match.apply(Swap(1, given)) == [SwapChosen(1)]  # no cards in the public event
    assert match.hand.hands == before  # nothing moves yet
    assert observe(match, 1).gave == given and observe(match, 0).gave is None
    assert observe(match, 0).swapped == (False, True, False) and observe(match, 2).received is None
    restored = from_dict(to_dict(match))  # a save made mid-swap keeps the choice and still hides it
    assert restored.unswapped() == (0, 2) and observe(restored, 0).gave is None
    assert observe(restored, 1).gave == given


def test_rules_md_swap_three_the_swap_goes_to_the_next_seat():
    match = Match(S, seed=2)
    given = [picks(match, seat) for seat in range(3)]
    events = swap_all(match)
    assert of_type(events, Swapped) == [Swapped(tuple(given))]
    for seat in range(3):
        held = set(match.hand.hands[seat])
        assert set(given[seat]).isdisjoint(held) and set(given[seat - 1]) <= held
        assert observe(match, seat).received == given[seat - 1] and observe(match, seat).gave == given[seat]
    assert match.phase is Phase.BIDDING and observe(match, 0).swapped == ()


def test_003_swap_three_a_new_deal_starts_with_a_new_swap():
    match = Match(S, seed=2)
    events = match.apply(Abandon())
    assert match.phase is Phase.SWAPPING and of_type(events, SwappingStarted) == [SwappingStarted(3)]


# ----- "The extra wild card is below the small joker when played alone and may replace a non-joker rank ..." ------


def test_003_swap_three_the_extra_wild_alone_is_below_the_small_joker_above_the_2():
    assert api.classify("W", S) == [Reading(Kind.SINGLE, TWO, 1, 1, grade=1)]
    assert api.beats("W", "2", S) and not api.beats("2", "W", S)
    assert api.beats("B", "W", S) and not api.beats("W", "B", S)
    assert api.legal_moves("W", last="2", ruleset=S) == ["W", "pass"]
    assert api.legal_moves("W", last="B", ruleset=S) == ["pass"]
    assert api.classify("W=2", S) == []  # alone it is itself


def test_003_swap_three_the_extra_wild_replaces_any_non_joker_rank_in_a_combination():
    assert api.classify("3W=33", S)[0].kind is Kind.PAIR
    assert api.classify("2W=22", S)[0].kind is Kind.PAIR
    assert api.classify("3456W=34567", S)[0].kind is Kind.STRAIGHT
    assert api.classify("BW=BB", S) == [] and api.classify("BW=BR", S) == []
    assert api.classify("JQKAW=JQKA2", S) == []  # never a 2 inside a run
    assert "3456W=34567" in api.legal_moves("3456W", ruleset=S) and "3456W=23456" not in api.legal_moves(
        "3456W", ruleset=S
    )


def test_rules_md_swap_three_a_bomb_containing_the_extra_wild_is_soft():
    soft = api.classify("555W", S)[0]
    assert soft == Reading(Kind.BOMB, RANKS.index("5"), 4, 4, grade=-1)
    assert api.beats("3333", "AAAW=AAAA", S) and not api.beats("AAAW=AAAA", "3333", S)
    match = position(["555W9", "3", "4"], ruleset=S)
    events = script(match, ["555W=5555"])
    assert [(e.reason, e.factor) for e in of_type(events, Doubled)] == [("soft_bomb", 2)]
    assert of_type(events, Played)[0].stands == "5555"


# ----- "Table scoring: ... Ordinary bombs double the multiplier ... A spring doubles it; ... capped at 1024." -------


@pytest.mark.parametrize(
    ("doublings", "multiplier"),
    [(("bomb",), 2), (("soft_bomb",), 2), (("rocket",), 2), (("spring",), 2), (("bomb",) * 11, 1024)],
)
def test_003_swap_three_scoring_is_classic_every_bomb_x2_capped(doublings, multiplier):
    settlement = settle(SWAP_THREE, 2, False, 2, doublings)
    assert settlement.multiplier == multiplier
    assert settlement.deltas == (2 * multiplier, 2 * multiplier, -4 * multiplier)


# ----- "The landlord leads ... The room starts with a five-minute deal limit and 40 seconds per turn." -------------


def test_003_swap_three_the_landlord_leads_and_the_room_has_its_timers():
    match = Match(S, seed=9)
    swap_all(match)
    chosen = of_type(bid_all(match, [3]), LandlordChosen)[0]
    assert match.phase is Phase.PLAYING and match.turn == chosen.seat
    rules = get(S)
    assert (rules.turn_seconds, rules.deal_seconds, rules.multiplier_cap) == (40.0, 300.0, 1024)


def test_003_swap_three_playing_the_wild_card_from_the_table():
    match = position(["W3456K", "7", "8"], ruleset=S)
    assert "3456W=34567" in match.legal_moves()
    match.apply(Play(0, "3456W=34567"))
    assert match.hand.last.reading == Reading(Kind.STRAIGHT, RANKS.index("7"), 5, 5)
    assert match.hand.history == [(0, "3456W=34567")] and observe(match, 1).played == "3456W"
