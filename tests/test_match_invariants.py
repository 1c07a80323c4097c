"""`game.invariants.problems`, the oracle of the play-out tests, must notice a broken state, so they can fail."""

from __future__ import annotations

from game.invariants import problems
from game.match import Match
from tests.helpers_rules import bid_all, position


def test_a_sound_fresh_deal_has_no_problems():
    assert problems(Match("standard", seed=4)) == []


def test_a_sound_position_has_no_problems():
    assert problems(position(["3K", "4A", "56"])) == []


def test_a_duplicated_card_is_noticed():
    match = Match("standard", seed=4)
    match.hand.hands[0].append(match.hand.hands[1][0])
    assert any("conserved" in p for p in problems(match))


def test_a_lost_card_is_noticed():
    match = Match("standard", seed=4)
    bid_all(match, [3])
    match.hand.hands[1].pop()
    assert any("conserved" in p for p in problems(match))


def test_scores_not_summing_to_zero_are_noticed():
    match = position(["3", "4", "5"], scores=[1, 0, 0])
    assert any("sum to zero" in p for p in problems(match))


def test_an_empty_hand_while_play_goes_on_is_noticed():
    match = position(["3", "4", "5"])
    match.hand.hands[2] = []
    assert any("empty" in p for p in problems(match))
