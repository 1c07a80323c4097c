"""The sounds the table makes for the core's events, as one seat hears them."""

from __future__ import annotations

from game import events as ev
from game.kinds import Kind
from game.view import Observation
from scenes.art.sound import alarm_name
from scenes.words.i18n import language

WARN_AT = 2  # a seat with this many cards or fewer is about to go out: the alarm light, its siren and call


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
            if 0 < left <= WARN_AT:  # about to go out: the alarm, heard at every seat (yours included), in your words
                return [*played, alarm_name(left, language())]
            return played
        case ev.Passed():
            return ["pass"]
        case ev.HandOver(_, settlement):
            return ["win" if (view.landlord == me) == settlement.landlord_won else "lose"]
        case ev.DealExpired():
            return ["lose"]
    return []
