"""A seat whose match is held elsewhere, as a room's server holds it: the table gets only this seat's view and the
events as it sees them; the test plays the other seats (`serve`) the way a server would."""

from __future__ import annotations

from collections.abc import Mapping

from game.actions import Action
from game.match import Match
from game.reasons import IllegalAction
from game.view import Observation, observe, seen_by
from scenes.table.clock import TableClock
from scenes.table.seat import Said, Update
from scenes.table.seats import SEAT_NAMES


class ViewSeat:
    """Seat `me` of `match`; the match itself stays out of the table's reach (`match` is None)."""

    match = None
    pool = None
    practiced = False

    def __init__(self, match: Match, me: int, names: Mapping[int, str] = SEAT_NAMES) -> None:
        self.held = match  # the "server's" match: only this helper reads it
        self.me = me
        self.names = names
        self.avatars = {seat: seat for seat in range(match.players)}
        self.clock = TableClock()
        self.seed = 99
        self.kept: dict[str, object] = {}
        self.sent: list[Action] = []
        self._updates: list[Update] = []

    def view(self) -> Observation:
        return observe(self.held, self.me)

    def updates(self) -> list[Update]:
        taken, self._updates = self._updates, []
        return taken

    def pending(self) -> bool:
        return bool(self._updates)

    def send(self, action: Action) -> None:
        """As over the wire: a refusal comes back as an update, never as an exception."""
        self.sent.append(action)
        try:
            self.serve(action)
        except IllegalAction as refused:
            self._updates.append(Update((), self.view(), refused=refused.rejection))

    def serve(self, action: Action) -> None:
        """The server applies an action (another seat's, or this one's) and sends this seat what it may see."""
        events = self.held.apply(action)
        seen = tuple(seen_by(event, self.me, self.held.players) for event in events)
        self._updates.append(Update(seen, self.view(), getattr(action, "seat", None)))

    def deal(self) -> None:
        """The match's first deal, as the server sends it on joining a started room."""
        seen = tuple(seen_by(event, self.me, self.held.players) for event in self.held.opening)
        self._updates.append(Update(seen, self.view()))

    def presence(self, seat: int) -> str:
        return ""

    def thinking(self, seat: int) -> bool:
        return seat != self.me and seat in self.held.waiting

    def bot_seat(self, seat: int) -> bool:
        return seat != self.me

    def update(self, dt: float) -> None:
        pass

    def drive(self) -> None:
        pass

    def tick(self, dt: float, settled: bool) -> None:
        pass

    def stop_thinking(self) -> None:
        pass

    def save(self) -> list[Said]:
        return []

    def close(self) -> None:
        pass
