"""The bots' public API: moves, bids and explained suggestions for one seat, from its Observation only.

`decide`, `decide_bid`, `decide_double`, `decide_show` and `suggest` take a `game.observe.Observation`; `choose`,
`bid`, `double`, `show` and `swap` take the plain dict documented in the README ('Bot API') for outside tools and
arenas, and raise ValueError for a hand no pack of the ruleset can hold.
Levels: see docs/bots.md.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.bots import wild as wild_bots
from game.bots.bidding import choose_bid
from game.bots.doubling import choose_double, choose_show
from game.bots.levels import level_of
from game.bots.reasons import Suggestion
from game.bots.suggest import alternatives
from game.bots.table import card_ids, observation_from_dict, table_of
from game.bots.think import think
from game.cards import normalize
from game.match import Phase
from game.observe import Observation
from game.rulesets import get
from game.validate import check_bot_dict

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def decide(view: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> str:
    """The move for the seat to act (view.turn == view.seat, phase PLAYING): a legal rank string or "pass"."""
    if view.wild:
        return wild_bots.decide(view, level_of(level), rng or random.Random(0))
    return think(table_of(view), level_of(level), rng or random.Random(0)).move


def decide_bid(view: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> int:
    """0 (no bid) or a legal bid value (phase BIDDING). Deterministic for `rng`, or without one for the position."""
    if get(view.ruleset).wilds:
        return wild_bots.decide_bid(view, level_of(level), rng)
    return choose_bid(view, level_of(level), rng)


def decide_double(view: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> bool:
    """Whether view.seat doubles (phase DOUBLING, 004). Deterministic: `rng` is accepted for symmetry."""
    return choose_double(view, level_of(level))


def decide_show(view: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> bool:
    """Whether the landlord shows its hand (phase SHOWING, 004). Deterministic: `rng` is accepted for symmetry."""
    return choose_show(view, level_of(level))


def decide_swap(view: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None) -> tuple[int, ...]:
    """The card ids view.seat passes to the next seat (phase SWAPPING, 003 swap-three)."""
    return wild_bots.decide_swap(view, level_of(level), rng or random.Random(0))


def suggest(view: Observation, level: str = DEFAULT_LEVEL) -> list[Suggestion]:
    """Good alternatives, best first, for the Suggest button (000 §21); never empty when it is the seat's turn.

    `level` is the table's: the first suggestion is `hard`'s choice, or the table bot's play where `hard` would pass
    (`suggest.first_choice`). Picklable arguments and result, so a worker process can compute it ahead."""
    if view.wild:
        return wild_bots.suggest(view, level_of(level))
    return alternatives(table_of(view), level_of(level))


def choose(obs: dict) -> str:
    """Public dict API: one legal move for obs['seat'] (keys in the README, 'Bot API')."""
    check_bot_dict(obs)
    view = observation_from_dict(obs, Phase.PLAYING)
    return decide(view, str(obs.get("level", DEFAULT_LEVEL)))


def bid(obs: dict) -> int:
    """Public dict API: 0 (no bid) or a bid of 1..3 for obs['seat'] given obs['bids']; in call/rob rulesets 0 or 1
    (call or rob, whichever the bids so far make it)."""
    check_bot_dict(obs)
    view = observation_from_dict(obs, Phase.BIDDING)
    return decide_bid(view, str(obs.get("level", DEFAULT_LEVEL)))


def double(obs: dict) -> bool:
    """Public dict API: whether obs['seat'] doubles, given obs['landlord'] and obs['hand'] (the landlord's
    includes the kitty)."""
    check_bot_dict(obs)
    return decide_double(observation_from_dict(obs, Phase.DOUBLING), str(obs.get("level", DEFAULT_LEVEL)))


def swap(obs: dict) -> str:
    """Public dict API (swap-three): the three cards obs['seat'] passes to the next seat from obs['hand'], as a rank
    string; which of several equal cards is the caller's choice."""
    check_bot_dict(obs)
    view = observation_from_dict(obs, Phase.SWAPPING)
    rules = get(view.ruleset)
    if not rules.swap_cards:
        raise ValueError(f"the {rules.name} table has no swap")
    deck = rules.deck.build()
    picked = decide_swap(replace(view, cards=card_ids(view.hand, rules)), str(obs.get("level", DEFAULT_LEVEL)))
    return normalize("".join(deck[c].char for c in picked))


def show(obs: dict) -> bool:
    """Public dict API: whether the landlord (obs['seat']) shows its hand obs['hand']."""
    check_bot_dict(obs)
    return decide_show(observation_from_dict(obs, Phase.SHOWING), str(obs.get("level", DEFAULT_LEVEL)))


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Suggestion",
    "bid",
    "choose",
    "decide",
    "decide_bid",
    "decide_double",
    "decide_show",
    "decide_swap",
    "double",
    "show",
    "suggest",
    "swap",
]
