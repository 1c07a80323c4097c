"""`Match.choices(seat)`: what a seat may do now, in every phase; and the first deal's event (`Match.opening`)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game import events as ev
from game.actions import Bid, Double, NextHand, Pass, Play, Show, Swap
from game.match import Match, Phase
from game.rulesets import RULESETS
from game.serialize import from_dict, to_dict
from tests.kit.rules import bid_all, step

BIDS = range(-1, 5)  # every value offered, and some never legal


def offered_is_exactly_legal(match: Match) -> None:
    """Each seat is offered exactly the seat actions the match accepts now (bids, doubles, shows, swaps, plays,
    pass)."""
    moves = set(match.legal_moves())
    for seat in range(match.players):
        tried = [Bid(seat, v) for v in BIDS] + [Double(seat, d) for d in (False, True)]
        tried += [Show(seat, s) for s in (False, True)] + [Pass(seat)]
        tried += [Play(seat, move) for move in moves - {"pass"}]
        if match.phase is Phase.SWAPPING:  # 003 swap-three: every three cards of the seat's hand
            tried += [Swap(seat, cards) for cards in combinations(match.hand.hands[seat], match.rules.swap_cards)]
        legal = [action for action in tried if match.check(action) is None]
        assert sorted(map(repr, match.choices(seat))) == sorted(map(repr, legal)), (match.phase, seat)
        assert bool(legal) == (seat in match.waiting)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_seat_is_offered_exactly_what_the_match_accepts_in_every_phase(name: str) -> None:
    """Seeded random play through bidding (or calling and robbing), doubling, showing, playing and between hands."""
    match = Match(name, seed=11)
    rng = random.Random(11)
    seen = set()
    while True:
        offered_is_exactly_legal(match)
        seen.add(match.phase)
        if len(match.results) == 2 or match.phase is Phase.MATCH_OVER:
            break
        step(match, rng)
    assert {Phase.BIDDING, Phase.PLAYING} <= seen and {Phase.HAND_OVER, Phase.MATCH_OVER} & seen
    if match.rules.double_phase:
        assert {Phase.DOUBLING, Phase.SHOWING} <= seen


def test_s3_bids_come_as_actions_no_bid_first():
    match = Match("standard", seed=3)
    seat = match.turn
    assert match.choices(seat) == [Bid(seat, 0), Bid(seat, 1), Bid(seat, 2), Bid(seat, 3)]
    match.apply(Bid(seat, 2))
    assert match.choices(match.turn) == [Bid(match.turn, 0), Bid(match.turn, 3)]


def test_004_every_undecided_seat_may_double_and_a_decided_one_nothing():
    match = Match("rob", seed=4)
    while match.phase is Phase.BIDDING:
        match.apply(Bid(match.turn, 1))
    assert match.phase is Phase.DOUBLING and match.waiting == (0, 1, 2)
    match.apply(Double(1, True))
    assert match.choices(1) == [] and match.choices(0) == [Double(0, False), Double(0, True)]
    assert match.waiting == (0, 2)


def test_s15_a_follower_may_pass_a_leader_may_not():
    match = Match("standard", seed=5)
    bid_all(match, [3])
    leader = match.turn
    assert Pass(leader) not in match.choices(leader) and match.choices(leader)
    first = match.choices(leader)[0]
    match.apply(first)
    follower = match.turn
    assert match.choices(follower)[-1] == Pass(follower) and match.choices(leader) == []


def test_nothing_is_offered_between_hands():
    match = Match("standard", seed=6)
    bid_all(match, [3])
    while match.phase is Phase.PLAYING:
        match.apply(match.choices(match.turn)[0])
    assert match.waiting == () and all(match.choices(seat) == [] for seat in range(match.players))
    assert match.check(NextHand()) is None


def test_the_first_deal_has_its_event_like_every_later_deal():
    match = Match("standard", seed=7, first_deal=4242)
    hand = match.hand
    assert match.opening == [ev.Dealt(1, 4242, hand.first_bidder, redeal=False, collected=False)]
    bid_all(match, [3])
    while match.phase is Phase.PLAYING:
        match.apply(match.choices(match.turn)[0])
    later = [event for event in match.apply(NextHand()) if isinstance(event, ev.Dealt)]
    assert later == [ev.Dealt(2, match.hand.deal_no, match.hand.first_bidder, redeal=False, collected=False)]


def test_the_first_deal_event_survives_a_save_without_changing_its_format():
    match = Match("rob", seed=8)
    match.apply(Bid(match.turn, 1))
    saved = to_dict(match)
    assert "opening" not in saved and from_dict(saved).opening == match.opening
