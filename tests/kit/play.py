"""Playing a match forward: easy bots in every seat until a chosen phase, and the state that decides its future."""

import random
from collections.abc import Callable

from game import bots
from game.actions import Action, Bid, NextHand, Pass, Play
from game.match import Match, Phase
from game.observe import observe
from game.serialize import to_dict


def bot_action(match: Match, rng: random.Random) -> Action:
    """What the easy bot in the seat to act would do."""
    seat = match.turn
    view = observe(match, seat)
    if match.phase is Phase.BIDDING:
        return Bid(seat, bots.decide_bid(view, "easy"))
    move = bots.decide(view, "easy", rng)
    return Pass(seat) if move == "pass" else Play(seat, move)


def play_until(match: Match, done: Callable[[Match], bool], apply: Callable[[Action], object] | None = None) -> Match:
    """Easy bots play every seat, with Play again between hands, until `done(match)`; each action goes through
    `apply` (a Session's, to save and count) or straight to the match."""
    rng = random.Random(match.seed)
    act = apply or match.apply
    while not done(match):
        if match.phase is Phase.MATCH_OVER:
            raise AssertionError("the match ended before the position asked for")
        act(NextHand() if match.phase is Phase.HAND_OVER else bot_action(match, rng))
    return match


def settled(match: Match) -> bool:
    return match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def over(match: Match) -> bool:
    return match.phase is Phase.MATCH_OVER


def future(match: Match) -> tuple:
    """Everything that decides the future: the snapshot, every seat's view and the dealer's random state."""
    return to_dict(match), [observe(match, s) for s in range(match.players)], match.rng.getstate()
