"""Golden seeds: exact deals and fully scripted hands. Any change in dealing or chance must fail these."""

from __future__ import annotations

import pytest

from game import events as ev
from game.actions import NextHand
from game.cards import normalize
from game.match import Match, deal_cards
from game.rulesets import STANDARD
from tests.kit.rules import bid_all, of_type, script

# seed -> (deal number, first bidder, each seat's ranks, kitty)
DEALS = {
    1: (18034063, 0, ("3445677789JQQK222", "33445568899JJQAAA", "356789TTTTJKKA2BR"), "6QK"),
    2: (7590196, 1, ("3456799TTQKKAA22B", "444788TTJJQQKA22R", "3335556667789JJQA"), "89K"),
    2026: (15988000, 0, ("35568TJQQKKKAA222", "4467778899TJJQAA2", "3334455667899JKBR"), "TTQ"),
}
# Seed 2 after everyone declines the first deal.
REDEAL_2 = (12292302, 1, ("3455688JJQKKAA222", "344456777TJQKAABR", "3566788999TTJQQK2"), "39T")

# Seed 1's second hand, after "Play again".
NEXT_HAND_1 = (76397250, 1, ("3456789TTJJJKA2BR", "333456788899TQQ22", "445569TJQQKKKAAA2"), "677")

SEED_1_PLAY = [
    "3456789", "pass", "56789TJ", "pass", "pass", "TTTKK", "77QQQ", "33AAA", "BR", "pass", "pass", "3", "4", "5",
    "A", "2", "pass", "pass", "KK", "pass", "pass", "22", "pass", "pass", "6", "8", "2",
]  # fmt: skip
SEED_2_PLAY = [
    "33999TTTQQ", "pass", "BR", "pass", "pass", "44477", "pass", "AA222", "pass", "pass", "55", "AA", "pass", "pass",
    "3", "2", "pass", "pass", "56789", "pass", "pass", "6", "K", "pass", "pass", "88", "pass", "pass", "JJ", "pass",
    "pass", "3", "K", "pass", "pass", "5", "K", "pass", "pass", "8", "K", "pass", "pass", "4", "Q", "pass", "pass",
    "6", "J",
]  # fmt: skip


def deal_of(match: Match) -> tuple[int, int, tuple[str, ...], str]:
    hand = match.hand
    kitty = normalize("".join(match.deck[c].char for c in hand.kitty))
    return hand.deal_no, hand.first_bidder, tuple(match.ranks(seat) for seat in range(3)), kitty


@pytest.mark.parametrize("seed", list(DEALS))
def test_golden_deal_for_seed(seed):
    assert deal_of(Match("standard", seed=seed)) == DEALS[seed]


@pytest.mark.parametrize("seed", list(DEALS))
def test_golden_deal_number_alone_fixes_the_cards(seed):
    deal_no, first, ranks, _ = DEALS[seed]
    match = Match("standard", seed=999, first_deal=deal_no)
    assert (match.hand.first_bidder, tuple(match.ranks(s) for s in range(3))) == (first, ranks)


def test_golden_deal_cards_is_a_pure_function_of_the_deal_number():
    assert deal_cards(STANDARD, 18034063) == deal_cards(STANDARD, 18034063)
    assert deal_cards(STANDARD, 18034063) != deal_cards(STANDARD, 18034064)


def test_golden_redeal_after_everyone_declines_seed_2():
    match = Match("standard", seed=2)
    events = bid_all(match, [0, 0, 0])
    assert of_type(events, ev.Dealt) == [ev.Dealt(1, REDEAL_2[0], REDEAL_2[1], True)]
    assert deal_of(match) == REDEAL_2


def test_golden_seed_1_hand_three_bid_farmers_win_with_a_rocket():
    match = Match("standard", seed=1)
    events = bid_all(match, [3]) + script(match, SEED_1_PLAY)
    settlement = of_type(events, ev.HandOver)[0].settlement
    assert (settlement.landlord, settlement.landlord_won, settlement.doublings) == (0, False, ("rocket",))
    assert (settlement.points, settlement.deltas, match.scores) == (6, (-12, 6, 6), [-12, 6, 6])


def test_golden_seed_2_hand_after_redeal_landlord_wins_with_a_rocket_played_against_him():
    match = Match("standard", seed=2)
    events = bid_all(match, [0, 0, 0, 1, 2, 0]) + script(match, SEED_2_PLAY)
    settlement = of_type(events, ev.HandOver)[0].settlement
    assert (settlement.landlord, settlement.bid, settlement.landlord_won, settlement.doublings) == (
        2,
        2,
        True,
        ("rocket",),
    )
    assert (settlement.deltas, match.scores) == ((-4, -4, 8), [-4, -4, 8])


def test_golden_seed_1_play_again_deals_the_next_deal_of_the_seed():
    match = Match("standard", seed=1)
    bid_all(match, [3])
    script(match, SEED_1_PLAY)
    match.apply(NextHand())
    assert deal_of(match) == NEXT_HAND_1
