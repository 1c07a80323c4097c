"""Your seat at a room's table (`docs/network.md`): the match is held by a server; this seat holds only its view and
what the server sends, and the table cannot tell it from a local seat (`seat.py`).

One `RemoteSeat` lasts the whole visit to a room: the lobby reads its room and seats, the table its updates. Every
frame it takes what the connection brought (`pump`), never waiting: the server's updates become the table's, a
refusal is said with the core's words, the room's news (who joined, who left, a bot covering a dropped friend) goes
on the message line, quick phrases become bubbles. Under Auto the bot plays your seat here, in the worker, and sends
its action like yours.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Iterator, Mapping
from concurrent.futures import Executor

from game.actions import Action, NextHand
from game.bots.seat import bot_action
from game.events import Dealt
from game.view import Observation
from net import messages
from net.client import Client, Connected, Lost
from net.messages import Bye, Refused, RoomInfo, Said, SeatInfo, Welcome
from net.messages import Update as ServerUpdate
from scenes.platform.worker import Thinker
from scenes.table.clock import TableClock
from scenes.table.seat import Said as Line
from scenes.table.seat import Update, turn_key
from scenes.table.table_settings import TableSettings
from scenes.words.i18n import known, tr

FINAL_BYES = ("left", "room_closed", "replaced", "version")  # after these the seat is gone for good
JOIN_REFUSALS = ("no_room", "room_full", "bad_token", "server_full")  # a join refused: no seat in that room
BYE_KEYS = {  # the server's reasons for closing, as the table says them (rooms.bye_*)
    "left": "rooms.bye_left",
    "room_closed": "rooms.bye_room_closed",
    "replaced": "rooms.bye_replaced",
    "slow": "rooms.bye_slow",
    "flood": "rooms.bye_flood",
    "server_stopping": "rooms.bye_server_stopping",
    "server_full": "rooms.bye_server_full",
    "version": "rooms.bye_version",
    "idle": "rooms.bye_idle",
}


class SeatNames(Mapping[int, str]):
    """Seat -> the name its player chose (a bot's own name), as the room says them now."""

    def __init__(self, seat: RemoteSeat) -> None:
        self.seat = seat

    def __getitem__(self, number: int) -> str:
        room = self.seat.room
        if room is None or not 0 <= number < len(room.seats):
            raise KeyError(number)
        return room.seats[number].name

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.seat.room.seats) if self.seat.room else 0))

    def __len__(self) -> int:
        return len(self.seat.room.seats) if self.seat.room else 0


class RemoteSeat:
    """Your seat in a room, over `client`; `hosting` is the server this game started for the room, if any."""

    match = None  # the match is on the server: no replay, undo or puzzle comes from it here
    practiced = False

    def __init__(self, client: Client, settings: TableSettings, pool: Executor | None, hosting: object = None) -> None:
        self.client = client
        self.settings = settings
        self.pool = pool
        self.hosting = hosting  # a net.hosting.Hosting, stopped when the room is left
        self.welcome: Welcome | None = None
        self.room: RoomInfo | None = None
        self.latest: Observation | None = None  # None until the match starts
        self.names = SeatNames(self)
        self.clock = TableClock()
        self.seed = 0
        self.kept: dict[str, object] = {}
        self.thinker = Thinker(pool)
        self.state = "connecting"  # "open", "lost" (coming back), "closed"
        self.ended: str | None = None  # why the room is over for you, as a catalogue key (a bye, a refused join...)
        self.gone = False  # your seat there is gone for good (you left, the room closed, your token is no longer)
        self.ready = False  # you said you are ready (the lobby, or between hands)
        self.phrases: list[tuple[int, str]] = []  # quick phrases said since the table last looked
        self.news: list[Line] = []  # the room's news for the message line, said by whichever screen is up
        self.rejoined = False
        self._updates: list[Update] = []

    # ----- who sits where -----------------------------------------------------------------------------------------

    @property
    def me(self) -> int:
        return self.welcome.seat if self.welcome is not None else 0

    @property
    def avatars(self) -> Mapping[int, int]:
        return {s.seat: s.avatar for s in self.room.seats} if self.room else {}

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.room.seats if self.room is not None else ()

    @property
    def hosting_room(self) -> bool:
        """Are you the room's host (you may start the match)?"""
        return any(s.seat == self.me and s.host for s in self.seats)

    @property
    def started(self) -> bool:
        return self.latest is not None

    # ----- the connection --------------------------------------------------------------------------------------

    def pump(self) -> None:
        """Take everything the connection brought since the last frame."""
        for message in self.client.poll():
            self._take(message)

    def _take(self, message: object) -> None:
        match message:
            case Connected():
                if self.state == "lost":
                    self.news.append((tr("rooms.back"), 3.0, "info"))
                self.state = "open"
            case Lost(_, retrying):
                self.state = "lost" if retrying else "closed"
                if retrying:
                    self.news.append((tr("rooms.lost"), 6.0, "warn"))
                elif self.ended is None:
                    self.ended = "rooms.cannot_reach"
            case Welcome():
                self.rejoined = self.welcome is not None  # back after a gap: the next update is laid out whole
                self.welcome = message
                self.seed = zlib.crc32(message.code.encode())
            case RoomInfo():
                self._room(message)
            case ServerUpdate():
                self._update(message)
            case Refused():
                self._refused(message)
            case Said(seat, phrase):
                self.phrases.append((seat, phrase))
            case Bye(reason):
                self.state, self.ended = "closed", BYE_KEYS.get(reason, "rooms.cannot_reach")
                self.gone = reason in FINAL_BYES

    def _room(self, room: RoomInfo) -> None:
        """The room changed: say who came, who went and who a bot now covers."""
        before = {s.seat: s for s in self.seats}
        self.room = room
        self.clock.turn_limit, self.clock.deal_limit = room.turn_seconds, room.deal_seconds
        for seat in room.seats:
            old = before.get(seat.seat)
            if old is None or seat.seat == self.me:
                continue
            if seat.human and seat.connected and not (old.human and old.connected):
                self.news.append((tr("rooms.joined", name=seat.name), 4.0, "info"))
            elif old.human and old.connected and not seat.connected:
                self.news.append((tr("rooms.away", name=old.name), 5.0, "warn"))
            elif old.human and not seat.human:
                self.news.append((tr("rooms.gone", name=old.name), 5.0, "warn"))
        self.ready = any(s.seat == self.me and s.ready for s in room.seats)

    def _update(self, update: ServerUpdate) -> None:
        view = update.view
        self.latest = view
        self._clock(update, view)
        actor = next((getattr(e, "seat", None) for e in update.events if hasattr(e, "seat")), None)
        said = tuple(self.news)
        self.news.clear()
        whole, self.rejoined = self.rejoined, False
        self._updates.append(Update(update.events, view, actor, said, whole=whole))

    def _clock(self, update: ServerUpdate, view: Observation) -> None:
        """The server's clocks, as the table shows them: seconds gone on the turn and the deal when it was sent."""
        clock, left = self.clock, update.clock
        clock.turn = turn_key(view)
        clock.turn_elapsed = gone(clock.turn_limit, left.turn)
        clock.deal_elapsed = gone(clock.deal_limit, left.deal)

    def _refused(self, refused: Refused) -> None:
        """The core's refusal is said by the table in its own words; the server's in the catalogue's where it has
        them (a wrong code, a full room), else as the server put it."""
        rejection = refused.rejection
        if rejection is not None and self.latest is not None:
            self._updates.append(Update((), self.latest, refused=rejection))
            return
        key = f"rooms.refused_{refused.code}"
        if self.welcome is None and refused.code in JOIN_REFUSALS:  # no seat for you there: the visit ends
            self.ended, self.gone = key, refused.code != "server_full"
            return
        said = tr(key, **refused.params) if known(key) else refused.text
        self.news.append((said, 5.0, "warn"))

    # ----- the seam ------------------------------------------------------------------------------------------

    def view(self) -> Observation:
        assert self.latest is not None, "the table opens once the match has started"
        return self.latest

    def updates(self) -> list[Update]:
        self.pump()
        if (self.news or self.phrases) and self.latest is not None:  # news and phrases between updates: at once
            self._updates.append(Update((), self.latest, said=tuple(self.news), phrases=tuple(self.phrases)))
            self.news.clear()
            self.phrases.clear()
        taken, self._updates = self._updates, []
        return taken

    def pending(self) -> bool:
        """Has something arrived that the table has not taken yet (the next hand, say)?"""
        self.pump()
        return bool(self._updates)

    def send(self, action: Action) -> None:
        """Your action to the server; Play again is your readiness for the next hand (or match)."""
        if isinstance(action, NextHand):
            self.say_ready(True)
        else:
            self.client.send(messages.act(action))

    def say_ready(self, ready: bool) -> None:
        self.ready = ready
        self.client.send(messages.ready(ready))

    def start(self) -> None:
        """The host starts the match."""
        self.client.send(messages.start())

    def say(self, phrase: str) -> None:
        self.client.send(messages.say(phrase))

    def presence(self, seat: int) -> str:
        info = next((s for s in self.seats if s.seat == seat), None)
        if info is None or seat == self.me:
            return ""
        if info.human and not info.connected:
            return tr("rooms.status_away")
        if not info.human and info.open:
            return tr("rooms.status_waiting")
        return ""

    def thinking(self, seat: int) -> bool:
        return seat != self.me and self.latest is not None and seat in self.latest.waiting

    def bot_seat(self, seat: int) -> bool:
        return seat != self.me or self.settings.auto

    def update(self, dt: float) -> None:
        self.thinker.update(dt)

    def drive(self) -> None:
        """Under Auto your seat's bot decides here and sends its action like yours."""
        view = self.latest
        if not self.settings.auto or view is None or self.me not in view.waiting:
            return
        key = (turn_key(view), self.me)
        if not self.thinker.busy_with(key):
            self.thinker.start(key, self.settings.auto_interval, bot_action, view, self.settings.level)
            return
        try:
            ready, action = self.thinker.take(key)
        except Exception:  # a failed bot leaves your turn to you (the server's clock covers it where there is one)
            self.thinker.cancel()
            return
        if ready:
            self.send(action)

    def tick(self, dt: float, settled: bool) -> None:
        """The server keeps the clocks; between its updates they run down here for the table to show."""
        if self.latest is not None and settled:
            self.clock.tick(dt, turn_key(self.latest))

    def stop_thinking(self) -> None:
        self.thinker.cancel()

    def save(self) -> list[Line]:
        return []  # the server saves the room after every action

    def leave(self) -> None:
        """Give your seat up (a bot takes it) and close the connection; a room this game hosts stops with it."""
        self.client.send(messages.leave())
        self.close()

    def close(self) -> None:
        """Close the connection (your seat stays yours: its token brings you back); stop a hosted server."""
        self.thinker.cancel()
        self.client.close()
        if self.hosting is not None:
            stop_hosting(self.hosting)

    @property
    def dealing(self) -> bool:
        """Does what waits for the table begin with a deal (else it is a hand under way, come back into)?"""
        return any(isinstance(event, Dealt) for update in self._updates for event in update.events)


def stop_hosting(hosting: object) -> None:
    """Stop a server this game hosts without holding a frame: it saves its rooms on its own thread's time."""
    threading.Thread(target=hosting.stop, name="hosting-stop", daemon=True).start()  # type: ignore[attr-defined]


def gone(limit: float | None, left: float | None) -> float:
    """Seconds of a clock gone, from its limit and what the server said was left (0 without either)."""
    return 0.0 if limit is None or left is None else max(0.0, limit - left)
