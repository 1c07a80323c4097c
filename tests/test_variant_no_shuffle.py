"""The `no-shuffle` preset (seed 003, "No Shuffle"): the first deal is shuffled; "play again" collects the cards in
played order then the hands, cuts, and deals without shuffling; a new match shuffles; the log rebuilds it all."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.actions import Bid, DealExpired, NextHand, Pass, Play
from game.events import Dealt
from game.invariants import problems
from game.match import Match, Phase, deal_cards
from game.rulesets import get
from game.savefile import upgrade
from game.serialize import VERSION, SnapshotMismatch, from_dict, to_dict
from tests.kit.rules import bid_all, of_type, play_out


def finished(seed: int) -> Match:
    """A no-shuffle match whose first hand is settled (random legal play)."""
    match = Match("no-shuffle", seed=seed)
    while match.phase is Phase.BIDDING or match.phase is Phase.PLAYING:
        match = play_out_one_step(match)
    return match


def play_out_one_step(match: Match) -> Match:
    if match.phase is Phase.BIDDING:
        match.apply(Bid(match.turn, match.bid_choices()[-1]))
    else:
        move = match.legal_moves()[0]
        match.apply(Pass(match.turn) if move == "pass" else Play(match.turn, move))
    return match


def packet_seat(k: int, first: int, players: int, size: int, packet: int) -> int:
    """Whose card the k-th dealt one is: packets of `packet` round the table while every hand has room for one,
    then the smaller last packets (docs/rules-decisions.md)."""
    full = players * packet * (size // packet)
    if k < full:
        return (first + k // packet) % players
    return (first + (k - full) // (size % packet)) % players


def dealt_in_order(match: Match, pack: list[int]) -> bool:
    """Could the current deal be `pack` dealt in the preset's packets from the first bidder, kitty next, no shuffle?"""
    hand, rules = match.hand, match.rules
    dealt = match.players * rules.hand_size
    seat_of = {card: seat for seat, cards in enumerate(hand.hands) for card in cards}
    seats = [packet_seat(k, hand.first_bidder, match.players, rules.hand_size, rules.packet) for k in range(dealt)]
    in_turn = all(seat_of.get(card) == seat for card, seat in zip(pack[:dealt], seats, strict=True))
    return in_turn and hand.kitty == pack[dealt : dealt + rules.kitty_size]


def test_003_no_shuffle_first_deal_is_shuffled():
    match = Match("no-shuffle", seed=9)
    _, kitty, _, first = deal_cards(match.rules, match.hand.deal_no)
    assert not match.hand.collected
    assert match.hand.kitty == kitty and match.hand.first_bidder == first


def test_003_no_shuffle_pack_is_played_order_then_hands_then_cut_and_dealt_in_threes():
    match = finished(seed=2)
    assert match.rules.packet == 3
    hand = match.hand
    collected = hand.played + [c for cards in hand.hands for c in cards]
    match.apply(NextHand())
    assert match.hand.collected
    cuts = [c for c in range(1, len(collected)) if dealt_in_order(match, collected[c:] + collected[:c])]
    assert len(cuts) == 1


def test_003_no_shuffle_cut_point_varies_between_matches():
    kitties = set()
    for seed in range(6):
        match = finished(seed=2)  # the same first hand, played the same way
        match.rng.seed(seed)  # a different match rng from here on: a different cut
        match.apply(NextHand())
        kitties.add(tuple(match.hand.kitty))
    assert len(kitties) > 1


def test_003_no_shuffle_deal_is_announced_as_collected():
    match = finished(seed=4)
    dealt = of_type(match.apply(NextHand()), Dealt)[0]
    assert dealt.collected
    assert match.hand.label.endswith("(collected)")


def test_003_new_match_shuffles():
    later = finished(seed=6)
    later.apply(NextHand())
    fresh = Match("no-shuffle", seed=6)
    assert not fresh.hand.collected
    assert fresh.hand.hands == Match("classic", seed=6).hand.hands  # the first deal is an ordinary shuffled deal


def test_003_no_shuffle_unbid_kitty_goes_back_into_the_pack():
    match = Match("no-shuffle", seed=8)
    bid_all(match, [1])
    match.apply(DealExpired())
    kitty = match.hand.kitty
    assert match.hand.collect()[-3:] == kitty  # after the hands, in seat order
    match.apply(NextHand())
    assert problems(match) == []


def test_003_no_shuffle_deal_is_rebuilt_from_the_log():
    match = finished(seed=5)
    match.apply(NextHand())
    bid_all(match, [2])
    restored = from_dict(json.loads(json.dumps(to_dict(match))))
    assert restored.hand.hands == match.hand.hands
    assert restored.hand.kitty == match.hand.kitty
    assert restored.hand.collected


def test_003_no_shuffle_long_play_out_collects_every_deal_after_the_first():
    match = play_out("no-shuffle", seed=11, actions=600)
    assert match.hand.number > 1 and match.hand.collected


def test_a_version_3_no_shuffle_save_keeps_dealing_its_collected_pack_one_card_at_a_time():
    """Before version 4 the collected pack was dealt card by card: an old save loads (the upgrade pins packet 1
    as an option of its table) and replays its collected deals exactly; read as today's preset it would not."""
    old_rules = replace(get("no-shuffle"), packet=1)
    match = Match(old_rules, seed=2)
    while match.hand.number == 1:
        match = play_out_one_step(match) if match.phase is not Phase.HAND_OVER else match
        if match.phase is Phase.HAND_OVER:
            match.apply(NextHand())
    assert match.hand.collected
    saved = to_dict(match)
    assert saved.pop("options") == {"packet": 1}
    version_3 = {**saved, "version": 3}
    restored = from_dict(upgrade(version_3))
    assert (restored.rules.packet, to_dict(restored)["hands"]) == (1, saved["hands"])
    with pytest.raises(SnapshotMismatch):
        from_dict({**saved, "version": VERSION})  # the same log dealt in threes gives other hands
