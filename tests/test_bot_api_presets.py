"""Issue 6, deliverable 7: the public bot dict API plays every preset by name, from the first bid to the
settlement, and every answer it gives is one the rules core accepts."""

from __future__ import annotations

import pytest

from game import bots
from game.actions import Action, Bid, Double, NextHand, Pass, Play, Show
from game.match import Match, Phase
from game.observe import observe
from game.rulesets import RULESETS


def _answer(match: Match) -> Action:
    """The next action, decided through the dict API only (what an outside tool sees), and one the match offers."""
    seat = match.waiting[0]
    obs = observe(match, seat).to_bot_dict("normal")
    assert obs["ruleset"] == match.rules.name
    match match.phase:
        case Phase.BIDDING:
            action: Action = Bid(seat, bots.bid(obs))
        case Phase.DOUBLING:
            action = Double(seat, bots.double(obs))
        case Phase.SHOWING:
            action = Show(seat, bots.show(obs))
        case _:
            move = bots.choose(obs)
            action = Pass(seat) if move == "pass" else Play(seat, move)
    assert action in match.choices(seat), (match.rules.name, action)
    return action


@pytest.mark.parametrize("name", sorted(n for n, r in RULESETS.items() if not r.wilds))  # no dict API for wilds yet
def test_dict_api_plays_two_hands_of_every_preset(name: str) -> None:
    match = Match(name, seed=7)
    hands = 0
    for _ in range(2000):
        if match.phase is Phase.MATCH_OVER or hands == 2:
            break
        if match.phase is Phase.HAND_OVER:
            hands += 1
            match.apply(NextHand())
            continue
        action = _answer(match)
        assert match.check(action) is None, (name, action, match.check(action))
        match.apply(action)
    assert hands == 2 or match.phase is Phase.MATCH_OVER
    assert sum(match.scores) == 0
