"""A bot in a seat: the one table from the match's phase to the bot function that decides it, turning a seat's view
into the action it takes, and the action a seat takes when its bot fails (a failing bot never ends the game).

Whoever drives the bots (the local table's worker process, a room's server) asks `bot_action` and nothing else, so
every seat a bot plays is decided the same way wherever the match is held."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game import bots
from game.actions import Action, Bid, Double, Pass, Play, Show, Swap
from game.choices import legal_moves
from game.match import Phase
from game.observe import Observation


def _play(view: Observation, move: str) -> Action:
    return Pass(view.seat) if move == "pass" else Play(view.seat, move)


DECIDERS: dict[Phase, tuple[Callable[..., Any], Callable[[Observation, Any], Action]]] = {
    Phase.BIDDING: (bots.decide_bid, lambda view, value: Bid(view.seat, int(value))),
    Phase.DOUBLING: (bots.decide_double, lambda view, double: Double(view.seat, bool(double))),
    Phase.SHOWING: (bots.decide_show, lambda view, show: Show(view.seat, bool(show))),
    Phase.SWAPPING: (bots.decide_swap, lambda view, cards: Swap(view.seat, tuple(cards))),
    Phase.PLAYING: (bots.decide, _play),
}


def bot_action(view: Observation, level: str, rng: random.Random | None = None) -> Action:
    """The action the bot of `level` takes in `view.seat` now (the match must wait for that seat)."""
    decide, act = DECIDERS[view.phase]
    return act(view, decide(view, level, rng))


def fallback_action(view: Observation) -> Action:
    """What the seat takes when its bot fails: no bid, no double, no show, its first cards to swap; a pass when it
    follows, else the last of its legal leads (000 §15: a leader must play)."""
    match view.phase:
        case Phase.BIDDING:
            return Bid(view.seat, 0)
        case Phase.DOUBLING:
            return Double(view.seat, False)
        case Phase.SHOWING:
            return Show(view.seat, False)
        case Phase.SWAPPING:
            return Swap(view.seat, view.cards[: view.rules.swap_cards])
    return _play(view, legal_moves(view)[-1])
