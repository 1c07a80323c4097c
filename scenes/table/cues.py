"""The sounds the table makes for the core's events, as one seat hears them."""

from __future__ import annotations

from game import events as ev
from game.kinds import Kind
from game.view import Observation

WARN_AT = 2  # a seat with this many cards or fewer is about to go out: a warning light, a sound, a note


def cues(event: ev.Event, view: Observation, me: int) -> list[str]:
    """The sounds for `event` (names in scenes/art/sound.py), in order; `view` is the table after it."""
    match event:
        case ev.BidMade(_, value):
            return ["bid" if value else "pass"]
        case ev.SwapChosen() | ev.DoubleChosen():
            return ["card"]
        case ev.WildChosen():
            return ["bomb"]
        case ev.DoublesRevealed(doubles):
            return ["bid" if any(doubles) else "pass"]
        case ev.HandShown():
            return ["bid"]
        case ev.Played(_, _, reading, _, left):
            kind = reading.kind
            played = ["bomb" if kind is Kind.BOMB else "rocket" if kind is Kind.ROCKET else "card"]
            return [*played, "alert"] if 0 < left <= WARN_AT else played  # about to go out: heard at every seat
        case ev.Passed():
            return ["pass"]
        case ev.HandOver(_, settlement):
            return ["win" if (view.landlord == me) == settlement.landlord_won else "lose"]
        case ev.DealExpired():
            return ["lose"]
    return []
