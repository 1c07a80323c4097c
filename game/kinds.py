"""Combination kinds and their player-facing names (000 §5-§13)."""

from __future__ import annotations

from enum import Enum


class Kind(Enum):
    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    TRIPLE_SINGLE = "triple_single"
    TRIPLE_PAIR = "triple_pair"
    STRAIGHT = "straight"
    PAIR_RUN = "pair_run"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"

    # Kinds key the bots' memo tables millions of times a search: Enum's own hash is a Python call, this one is not.
    __hash__ = object.__hash__

    @property
    def title(self) -> str:
        return KIND_TITLES[self]

    @property
    def is_bomb_like(self) -> bool:
        return self in (Kind.BOMB, Kind.ROCKET)


KIND_TITLES = {
    Kind.SINGLE: "single",
    Kind.PAIR: "pair",
    Kind.TRIPLE: "triple",
    Kind.TRIPLE_SINGLE: "triple with a single",
    Kind.TRIPLE_PAIR: "triple with a pair",
    Kind.STRAIGHT: "straight",
    Kind.PAIR_RUN: "pair run",
    Kind.AIRPLANE: "bare airplane",
    Kind.AIRPLANE_SINGLES: "airplane with single wings",
    Kind.AIRPLANE_PAIRS: "airplane with pair wings",
    Kind.FOUR_TWO_SINGLES: "four with two singles",
    Kind.FOUR_TWO_PAIRS: "four with two pairs",
    Kind.BOMB: "bomb",
    Kind.ROCKET: "rocket",
}

# A reading as a player says it: the body's top rank is {rank}, a run's lowest rank {low}; the wings come last
# ("triple of Ks with a pair", never "triple with pair of Ks").
READINGS = {
    Kind.PAIR: "pair of {rank}s",
    Kind.TRIPLE: "triple of {rank}s",
    Kind.TRIPLE_SINGLE: "triple of {rank}s with a single",
    Kind.TRIPLE_PAIR: "triple of {rank}s with a pair",
    Kind.STRAIGHT: "straight {low}-{rank}",
    Kind.PAIR_RUN: "pair run {low}-{rank}",
    Kind.AIRPLANE: "airplane {low}-{rank}",
    Kind.AIRPLANE_SINGLES: "airplane {low}-{rank} with single wings",
    Kind.AIRPLANE_PAIRS: "airplane {low}-{rank} with pair wings",
    Kind.FOUR_TWO_SINGLES: "four {rank}s with two singles",
    Kind.FOUR_TWO_PAIRS: "four {rank}s with two pairs",
    Kind.BOMB: "bomb of {rank}s",
}

ALL_KINDS = frozenset(Kind)
