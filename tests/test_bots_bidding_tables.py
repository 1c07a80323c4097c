"""Bots at every table: bidding read from the ruleset (three, four and two seats), the arena's rob deals, and the
landlord's shown hand (004) in the farmers' card memory."""

from __future__ import annotations

import random

from game.actions import Double, Show
from game.bots import choose, decide
from game.bots.endgame import sample_hands
from game.bots.memory import can_beat
from game.bots.table import table_of
from game.cards import parse, subtract
from game.combos import classify
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import ROB
from tests.helpers_rules import bid_all, set_hands


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
    """Knowing the landlord's 8JJ, the farmer leads QQ (safe) before its 5; not knowing, it keeps QQ back."""
    hidden, landlord = shown_position(show=False)
    shown, _ = shown_position(show=True)
    farmer = (landlord + 1) % 3
    assert decide(observe(shown, farmer)) == "QQ"
    assert decide(observe(hidden, farmer)) == "5"
    assert choose(observe(shown, farmer).to_bot_dict("normal")) == "QQ"
