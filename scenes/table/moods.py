"""What each seat's face shows: happy or upset at the hand's result, a short reaction to a bomb or rocket, thinking
while the table waits on its bot, else neutral.

The hand's result is read from the table's view (so a restored or replayed settlement shows it too); the bomb reactions
come from the core's events and last `REACTION` seconds of table time.
"""

from __future__ import annotations

from game import events as ev
from game.view import Observation, Phase
from scenes.art.avatars import Expression

REACTION = 2.5  # seconds a seat reacts to a bomb or rocket


class Moods:
    def __init__(self) -> None:
        self.reactions: dict[int, tuple[Expression, float]] = {}  # seat -> (face, seconds left)

    def hear(self, event: ev.Event, view: Observation) -> None:
        """A bomb or rocket upsets the other side and delights the bomber's; a new deal forgets every reaction."""
        match event:
            case ev.Played(seat, _, reading) if reading.kind.is_bomb_like:
                landlord = view.landlord
                for other in range(view.players):
                    allied = (other == landlord) == (seat == landlord)
                    self.reactions[other] = (Expression.HAPPY if allied else Expression.UPSET, REACTION)
            case ev.Dealt() | ev.HandAbandoned():
                self.reactions.clear()

    def update(self, dt: float) -> None:
        self.reactions = {seat: (face, left - dt) for seat, (face, left) in self.reactions.items() if left > dt}

    def face(self, view: Observation, seat: int, thinking: bool) -> Expression:
        """The seat's expression now; `thinking`: the table waits on the seat's bot."""
        settlement = view.settlement
        if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and settlement is not None:
            won = (seat == view.landlord) == settlement.landlord_won
            return Expression.HAPPY if won else Expression.UPSET
        if seat in self.reactions:
            return self.reactions[seat][0]
        return Expression.THINKING if thinking else Expression.NEUTRAL
