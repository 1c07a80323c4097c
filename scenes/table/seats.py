"""Who sits where: your seat, and the names the table shows for every seat in the player's language."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from scenes.words.i18n import tr

HUMAN = 0  # your seat, at the bottom of the table (south)
MAX_SEATS = 4


class SeatNames(Mapping[int, str]):
    """Seat -> the name the table shows, in the player's language ("You" / "你"); a table of N players seats the
    first N."""

    def __getitem__(self, seat: int) -> str:
        if seat not in range(MAX_SEATS):
            raise KeyError(seat)
        return tr(f"names.seat_{seat}")

    def __iter__(self) -> Iterator[int]:
        return iter(range(MAX_SEATS))

    def __len__(self) -> int:
        return MAX_SEATS


SEAT_NAMES = SeatNames()
