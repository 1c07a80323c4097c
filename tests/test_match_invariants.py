"""`game.invariants.problems`, the oracle of the play-out tests, must notice a broken state, so they can fail."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.actions import NextHand
from game.invariants import illegal_actions, problems, refusals
from game.match import Match, Phase
from game.reasons import IllegalAction, Rejection
from game.rulesets import RULESETS
from tests.kit.rules import act, bid_all, position, random_action


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


# ----- each invariant still catches a planted violation (the cheap checks did not weaken them) -----------------------


def played_until(ruleset: str, done, seed: int = 3) -> Match:
    """A match of `ruleset` played at random until `done(match)`."""
    match, rng = Match(ruleset, seed=seed), random.Random(seed)
    while not done(match):
        match.apply(random_action(match, rng))
    return match


def settled(ruleset: str = "standard") -> Match:
    return played_until(ruleset, lambda match: match.phase is Phase.HAND_OVER)


def test_a_settlement_not_summing_to_zero_is_noticed():
    match = settled()
    match.results[-1] = replace(match.results[-1], deltas=(1, 0, 0))
    assert "settlement 0 does not sum to zero" in problems(match)


def test_a_turn_that_is_no_seat_is_noticed():
    match = position(["3", "4", "5"])
    match.hand.turn = 3
    assert problems(match) == ["turn 3 is not a seat"]


def test_000_s15_a_free_lead_the_core_refuses_every_single_of_is_noticed():
    """000 §15: any single card leads; the check asks the core's own validation, one card at a time."""
    match = position(["3K", "4A", "56"])
    match.check = lambda action: Rejection("not_in_hand")  # type: ignore[method-assign]
    assert problems(match) == ["the player on a free lead has no legal play"]


def test_000_s15_a_follower_the_core_does_not_let_pass_is_noticed():
    match = position(["3K", "4A", "56"])
    act(match, 0, "3")
    match.check = lambda action: Rejection("free_lead_pass")  # type: ignore[method-assign]
    assert problems(match) == ["the player following may not pass"]


def test_a_wrong_hand_size_during_the_auction_is_noticed():
    match = Match("standard", seed=4)
    match.hand.unused.append(match.hand.hands[0].pop())
    assert problems(match) == ["a hand has the wrong size during bidding"]


def test_003_a_swap_that_goes_on_once_every_seat_has_picked_is_noticed():
    match = Match("swap-three", seed=4)
    match.hand.swaps = [tuple(cards[:3]) for cards in match.hand.hands]
    assert problems(match) == ["every seat has picked its cards but the swap goes on"]


def test_004_a_doubling_phase_that_goes_on_or_lost_the_kitty_is_noticed():
    match = played_until("rob", lambda match: match.phase is Phase.DOUBLING)
    match.hand.doubles = [False] * match.players
    assert problems(match) == ["every seat has decided on doubling but the doubling goes on"]
    match.hand.kitty_taken = False
    assert "doubling without a landlord holding the kitty" in problems(match)


def test_004_a_play_during_the_doubling_phase_is_noticed():
    match = played_until("rob", lambda match: match.phase is Phase.DOUBLING)
    match.hand.history.append((0, "pass"))
    assert problems(match) == ["a play was made during doubling"]


def test_003_a_farmer_within_the_allowance_while_play_goes_on_is_noticed():
    match = position(["56789T", "KA"], ruleset="two-player")
    assert problems(match) == []
    match.hand.robs = 1  # the allowance grows to 2 cards: the farmer's two are within it
    assert problems(match) == ["a farmer is within the allowance of 2 cards but the hand goes on"]


def test_a_multiplier_above_the_cap_is_noticed(monkeypatch):
    match = Match("classic", seed=4)
    monkeypatch.setattr(Match, "multiplier", property(lambda self: 2048))
    assert problems(match) == ["the multiplier 2048 is above the cap 1024"]


def test_004_a_share_above_the_share_cap_is_noticed():
    match = settled("rob")
    result = match.results[-1]
    share = replace(result.shares[0], amount=33 * result.base)
    match.results[-1] = replace(result, shares=(share, *result.shares[1:]))
    assert problems(match) == [f"settlement 0 has a share above {32 * result.base}"]


def test_a_match_over_without_a_winner_is_noticed():
    match = settled()
    match.phase = Phase.MATCH_OVER
    assert problems(match) == ["the match is over without a winner"]


# ----- nothing illegal is accepted -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_planted_illegal_action_is_refused_in_every_phase_and_changes_nothing(ruleset):
    """The soak's probes (`refusals`) raise no false alarm: each candidate is refused in each phase reached."""
    match, rng = Match(ruleset, seed=6), random.Random(6)
    phases = set()
    while len(match.results) < 2 and match.phase is not Phase.MATCH_OVER:
        phases.add(match.phase)
        candidates = illegal_actions(match)
        assert refusals(match, rng, tries=len(candidates)) == [], match.phase
        match.apply(random_action(match, rng))
    assert {Phase.BIDDING, Phase.PLAYING, Phase.HAND_OVER} <= phases


def test_an_illegal_action_that_is_accepted_is_noticed(monkeypatch):
    match = Match("standard", seed=4)
    monkeypatch.setattr(Match, "_validate", lambda self, action: (NextHand(), None))
    found = refusals(match, random.Random(1), tries=1)
    assert found[0].startswith("the illegal ") and found[-1] == "refusing illegal actions changed the match"


def test_a_refusal_that_changes_the_state_is_noticed(monkeypatch):
    match = Match("standard", seed=4)

    def meddles(self, action):
        self.hand.bid = 3
        raise IllegalAction(Rejection("wrong_phase"))

    monkeypatch.setattr(Match, "_validate", meddles)
    assert refusals(match, random.Random(1), tries=1) == ["refusing illegal actions changed the match"]


def test_a_bare_internal_error_is_no_refusal(monkeypatch):
    match = Match("standard", seed=4)
    monkeypatch.setattr(Match, "_validate", lambda self, action: 1 / 0)
    assert refusals(match, random.Random(1), tries=1)[0].endswith("raised ZeroDivisionError instead of being refused")
