"""Doubling and showing (004): double with a hand likely to win; the landlord shows only a near-certain win.

Both read the same expected-points hand value as bidding (`bidding.landlord_value`). The landlord judges its
20 cards after the kitty; a farmer judges its own 17 cards, which must be strong to win against the landlord's
kitty and the lead.
"""

from __future__ import annotations

from game.bots.bidding import landlord_value
from game.bots.evaluate import Part, plan
from game.bots.levels import Level
from game.cards import TWO, parse
from game.kinds import Kind
from game.observe import Observation
from game.rulesets import get

# Measured in rob self-play of `normal` bots (docs/bots.md): landlords with a 20-card value of 0.5 or more won about
# 70% of hands, 1.0 or more 81%, 1.5 or more about 90%; farmers won half their hands from about 0.75, 58% from 1.0.
LANDLORD_DOUBLE = 0.5
FARMER_DOUBLE = 0.9
SHOW_VALUE = 1.75  # the top two or three landlords in a hundred ...


def choose_double(view: Observation, level: Level) -> bool:
    """Double when the hand is likely to win for its side (the landlord doubles both shares, a farmer its own)."""
    value = landlord_value(parse(view.hand), level.bid_bias, get(view.ruleset))
    return value >= (LANDLORD_DOUBLE if view.seat == view.landlord else FARMER_DOUBLE)


def choose_show(view: Observation, level: Level) -> bool:
    """The landlord shows the hand (x2, and the farmers see it) only when the win is all but certain: a very
    strong hand, or one whose every planned play usually wins its round."""
    counts, rules = parse(view.hand), get(view.ruleset)
    unbeaten = all(_wins_its_round(part) for part in plan(counts, rules).parts)
    return unbeaten or landlord_value(counts, level.bid_bias, rules) >= SHOW_VALUE


def _wins_its_round(part: Part) -> bool:
    """Bombs, rockets and plays topped by a 2 or a joker usually win their round."""
    return part.kind in (Kind.BOMB, Kind.ROCKET) or part.top >= TWO
