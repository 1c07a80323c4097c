"""The three bot levels as data: what each one is allowed to think about (documented in docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    counts_cards: bool  # remembers every card played and knows which plays can still be beaten
    cooperates: bool  # farmer tactics: feed the partner, block the landlord, leave the partner's plays alone
    search_nodes: int  # end-game search budget in positions per decision (0: no search)
    samples: int  # deals of the unseen cards the end-game search plays out
    search_cards: int  # search once three hands together hold at most this many cards (pro rata at 2 or 4 seats)
    margin: float  # answer an enemy play if the hand's score (evaluate.score) drops by less than this
    farmer_margin: float  # the same for a farmer answering the landlord
    slip: float  # chance of taking the second-best choice on a free lead (a human-like mistake)
    bid_bias: float  # added to the hand score before bidding: negative bids more cautiously
    bids_top: bool  # bids the table's highest bid at once (measured best) rather than the lowest it may


# Cleanly shedding one part of the plan changes the score by PLAY_COST minus the part's strength; breaking a
# shape costs more. The margins below were measured in the arena (benchmarks/bots.py, docs/bots.md).
EASY = Level(
    "easy",
    counts_cards=False,
    cooperates=False,
    search_nodes=0,
    samples=0,
    search_cards=0,
    margin=1.0,
    farmer_margin=1.0,
    slip=0.25,
    bid_bias=-4.0,
    bids_top=False,
)
NORMAL = Level(
    "normal",
    counts_cards=True,
    cooperates=True,
    search_nodes=0,
    samples=0,
    search_cards=0,
    margin=-5.0,
    farmer_margin=-10.0,
    slip=0.0,
    bid_bias=0.0,
    bids_top=True,
)
HARD = replace(NORMAL, name="hard", search_nodes=10_000, samples=10, search_cards=20)  # normal plus the end game
BY_NAME = {level.name: level for level in (EASY, NORMAL, HARD)}


def level_of(name: str) -> Level:
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r}; levels are {', '.join(BY_NAME)}") from None
