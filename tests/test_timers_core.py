"""003 timers in the core: the deal limit as an action (`DealExpired`); the core itself keeps no clock."""

from __future__ import annotations

import pytest

from game.actions import DealExpired, NextHand, from_json, to_json
from game.events import DealExpired as Expired
from game.events import HandOver
from game.invariants import problems
from game.match import Match, Phase
from game.reasons import IllegalAction
from game.serialize import from_dict, to_dict
from tests.kit.rules import bid_all, of_type, script


def test_003_deal_limit_ends_without_winner_or_score():
    match = Match("classic", seed=1)
    bid_all(match, [3])
    script(match, [match.legal_moves()[0]])
    events = match.apply(DealExpired())
    assert of_type(events, Expired) and not of_type(events, HandOver)
    assert match.phase is Phase.HAND_OVER
    assert match.hand.winner is None and match.hand.settlement is None
    assert match.scores == [0, 0, 0] and match.results == []


def test_003_deal_limit_during_the_auction_ends_the_hand_too():
    match = Match("classic", seed=1)
    bid_all(match, [1])
    match.apply(DealExpired())
    assert match.phase is Phase.HAND_OVER and problems(match) == []


def test_003_after_an_expired_deal_play_goes_on_with_the_next_hand():
    match = Match("classic", seed=1)
    match.apply(DealExpired())
    match.apply(NextHand())
    assert match.phase is Phase.BIDDING and match.hand.number == 2


def test_deal_expired_is_refused_once_the_hand_is_over():
    match = Match("classic", seed=1)
    match.apply(DealExpired())
    with pytest.raises(IllegalAction):
        match.apply(DealExpired())


def test_deal_expired_round_trips_through_the_log():
    assert from_json(to_json(DealExpired())) == DealExpired()
    match = Match("standard", seed=2)
    match.apply(DealExpired())
    assert from_dict(to_dict(match)).phase is Phase.HAND_OVER
