"""Card counting from what a seat has seen: which plays the other hands can still beat."""

from __future__ import annotations

from collections.abc import Iterable

from game.bots.table import Table
from game.cards import BIG_JOKER
from game.combos import Reading
from game.kinds import Kind
from game.moves import follow_moves

UNBEATEN_TOPS = (Kind.SINGLE, Kind.PAIR)  # a big joker, or two of them at a two-deck table, beats every ordinary play


def can_beat(t: Table, reading: Reading, seats: Iterable[int], counting: bool = True) -> bool:
    """Could any of `seats` beat `reading` with cards it may hold? Pessimistic: the cards they may hold are pooled
    (`Table.holdable`: a shown landlord's hand is known exactly).

    Without counting cards (the easy level) only the rocket and big jokers played alone are known to be safe.
    """
    seats = tuple(seats)
    if not seats:
        return False
    if not counting:
        return not (reading.kind is Kind.ROCKET or (reading.kind in UNBEATEN_TOPS and reading.top == BIG_JOKER))
    room = max(t.sizes[s] for s in seats)
    return any(len(move) <= room for move in follow_moves(t.holdable(seats), reading, t.rules))
