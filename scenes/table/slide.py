"""Slide-select: what a drag across your hand raises. As in the commercial tables, a drag over a sorted hand picks
the longest legal chain in the dragged range (a straight, a pair run or an airplane, one card of each rank it
needs, the duplicates left down); a range holding no chain is raised whole."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import NUM_RANKS, Card
from game.kinds import Kind
from game.rulesets import Ruleset
from game.view import classify

CHAINS = ((1, Kind.STRAIGHT), (2, Kind.PAIR_RUN), (3, Kind.AIRPLANE))  # copies of each rank, the kind they make


def slide_pick(cards: Sequence[Card], rules: Ruleset) -> list[Card]:
    """The longest legal chain among `cards` (ties: the straight first, then the higher), or all of them."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    best: list[Card] = []
    for copies, kind in CHAINS:
        ranks = [r for r in sorted(by_rank) if len(by_rank[r]) >= copies]
        for low in range(len(ranks)):
            for high in range(len(ranks) - 1, low, -1):
                window = ranks[low : high + 1]
                if window[-1] - window[0] != len(window) - 1 or len(window) * copies <= len(best):
                    continue
                counts = [0] * NUM_RANKS
                for r in window:
                    counts[r] = copies
                if any(reading.kind is kind for reading in classify(tuple(counts), rules)):
                    best = [c for r in window for c in by_rank[r][:copies]]
    return best or list(cards)
