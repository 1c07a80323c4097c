"""One decision for the seat to act: the end-game search when the level allows and the position is small
enough, the rules of thumb otherwise."""

from __future__ import annotations

import random

from game.bots.levels import Level
from game.bots.policy import decide
from game.bots.reasons import Suggestion
from game.bots.table import Table


def think(t: Table, level: Level, rng: random.Random) -> Suggestion:
    return decide(t, level, rng)
