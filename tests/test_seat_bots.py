"""The one phase -> bot table (`game.bots.seat`): in every phase of every ruleset a bot's action and the fallback a
failing bot leaves are among the seat's choices."""

from __future__ import annotations

import random

import pytest

from game.bots.seat import bot_action, fallback_action
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import RULESETS


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_bot_and_a_failed_bot_take_only_what_the_seat_is_offered(name: str) -> None:
    """A hand of every ruleset played by easy bots through `bot_action`, each seat's fallback checked on the way."""
    match = Match(name, seed=4)
    rng = random.Random(4)
    phases = set()
    while not match.results:
        for seat in match.waiting:
            view = observe(match, seat)
            offered = match.choices(seat)
            assert fallback_action(view) in offered
        phases.add(match.phase)
        seat = match.waiting[0]
        action = bot_action(observe(match, seat), "easy", rng)
        assert action in match.choices(seat)
        match.apply(action)
    assert Phase.PLAYING in phases
