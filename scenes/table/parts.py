"""What a part of the table (its cards, its notices, the wild rank's pop) reads of the table it belongs to: the view,
who sits where, the settings, the effects, the presentation's chance and the sounds. `Session` is the one table."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from game.view import Observation
from scenes.art.effects import Effects
from scenes.table.seat import Seat
from scenes.table.table_settings import TableSettings


class Table(Protocol):
    view: Observation  # what the table shows now
    settings: TableSettings
    effects: Effects
    rng: random.Random  # presentation only: the thinking pauses, the order your cards land in
    fx_rng: random.Random  # presentation only: sparks, smoke, confetti
    seat: Seat

    @property
    def me(self) -> int:
        """Your seat's number in the match."""

    @property
    def names(self) -> Mapping[int, str]:
        """Seat -> the name the table shows."""

    def place(self, seat: int) -> int:
        """Where `seat` sits counted from you: 0 is you at the bottom."""

    def sound(self, name: str) -> None:
        """Play a sound of the table's."""
