"""Issue 6, deliverable 7: the public bot dict API plays every preset by name, from the first bid (the swap at
swap-three) to the settlement, and every answer it gives is one the rules core accepts (issue 13: the wild-card
tables too, their history written PHYSICAL=READING)."""

from __future__ import annotations

import pytest

from game import bots
from game.actions import Action, Bid, Double, NextHand, Pass, Play, Show, Swap
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
        case Phase.SWAPPING:
            action = Swap(seat, _cards(match, seat, bots.swap(obs)))
        case _:
            move = bots.choose(obs)
            action = Pass(seat) if move == "pass" else Play(seat, move)
    assert action in match.choices(seat), (match.rules.name, action)
    return action


def _cards(match: Match, seat: int, ranks: str) -> tuple[int, ...]:
    """The seat's cards spelling `ranks`, in hand order (as `Match.choices` lists a swap)."""
    wanted = list(ranks)
    picked = []
    for card in match.hand.hands[seat]:
        if match.deck[card].char in wanted:
            wanted.remove(match.deck[card].char)
            picked.append(card)
    return tuple(picked)


@pytest.mark.parametrize("name", sorted(RULESETS))
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
