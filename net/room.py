"""A room: one match, its seats (people with their seat tokens, or bots), ready and start, the bots' turns, the turn
and deal clocks on the server's monotonic clock, and a save after every action.

Every method runs to its end without awaiting, in the server's one event loop, so a room's state is only ever changed
by one piece of code at a time, without locks (docs/network.md says why this replaces a task and queue per room).
A room never waits for a client: frames go to each member's bounded queue (`Member.push`), and a member whose queue
is full is dropped by its connection, to rejoin with its token.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import pathlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import events as ev
from game.actions import Action, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap, from_json
from game.bots.seat import fallback_action
from game.match import Match, Phase
from game.reasons import IllegalAction
from game.rulesets import RULESETS, Ruleset
from game.savefile import Loaded
from net.bots import BotPool
from net.protocol import AVATARS, NAME_CHARS, Refusal, frame
from net.saving import Journal, Saver
from net.seen import OVER, events_for, sent_view, view_for
from net.wire import WireError, encode_event

log = logging.getLogger("net.room")
PLAYER_ACTIONS = (Bid, Double, Show, Swap, Play, Pass)  # what a client may send; the room deals and times the hands
BOT_NAMES = ("Bao", "Lin", "Mei", "Tao")


class Member(Protocol):
    """A client connection as a room sees it."""

    def push(self, text: str) -> None:
        """Queue a frame for the client; never waits (a client too slow to take it is dropped)."""

    def close(self, reason: str) -> None:
        """Say bye with `reason` and close."""


@dataclass(frozen=True)
class Pace:
    """How the room's time runs: the bots' natural pause, and a scale on the ruleset's turn and deal limits."""

    bot_pause: float = 1.0
    timer_scale: float = 1.0


@dataclass
class Services:
    """What a room uses of its server."""

    bots: BotPool
    saver: Saver
    rooms_dir: pathlib.Path
    pace: Pace
    ended: Callable[[Room], None]  # the room has no people left: the server forgets it
    changed: Callable[[Room], None]  # its seats changed (the LAN advertisement follows)
    fault: Callable[[str, BaseException], None]  # an unexpected error, caught and counted


@dataclass
class Seat:
    number: int
    human: bool = False
    name: str = ""
    avatar: int = 0
    token_hash: str | None = None  # sha256 of the seat token: the token itself is never stored
    open: bool = False  # waits for a friend; a bot plays it until one arrives
    member: Member | None = None
    ready: bool = False
    arriving: bool = False  # a friend who came mid-hand: the bot finishes the hand, the friend plays the next

    def becomes_bot(self) -> None:
        self.human, self.token_hash, self.member, self.ready, self.arriving = False, None, None, False, False
        self.name, self.avatar = BOT_NAMES[self.number], self.number


@dataclass(frozen=True)
class RoomConfig:
    ruleset: str
    level: str
    timers: bool = False  # the 003 timers at a table that has none of its own
    lan: bool = False  # advertised on the local network while a seat waits for a friend

    @property
    def rules(self) -> Ruleset:
        return RULESETS[self.ruleset].timed(self.timers)


@dataclass
class Ask:
    """A question to the bots for one seat, about the turn `key`."""

    key: tuple[object, ...]
    future: asyncio.Future[Action]
    asked_at: float
    handle: asyncio.TimerHandle | None = field(default=None)

    def cancel(self) -> None:
        self.future.cancel()
        if self.handle is not None:
            self.handle.cancel()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Room:
    def __init__(
        self,
        code: str,
        config: RoomConfig,
        match: Match,
        seats: list[Seat],
        services: Services,
        host: int = 0,
        started: bool = False,
    ) -> None:
        self.code, self.config, self.match, self.seats, self.services = code, config, match, seats, services
        self.host, self.started = host, started
        self.journal = Journal(match)
        self.asks: dict[int, Ask] = {}
        self.loop = asyncio.get_running_loop()
        self.turn_key: tuple[object, ...] = ()
        self.turn_started = self.deal_started = time.monotonic()
        self.timed_out: tuple[object, ...] | None = None  # the turn whose limit ran out: bots cover its people
        self.alarm: asyncio.TimerHandle | None = None
        self.empty_since = time.monotonic()  # when the last person left or dropped (for the idle limit)
        self.closed = False
        scale = services.pace.timer_scale
        rules = match.rules
        self.turn_limit = None if rules.turn_seconds is None else rules.turn_seconds * scale
        self.deal_limit = None if rules.deal_seconds is None else rules.deal_seconds * scale

    # ----- making and restoring ------------------------------------------------------------------------------

    @classmethod
    def create(cls, code: str, config: RoomConfig, seats: list[str], services: Services, seed: int) -> Room:
        """A new room in the lobby; the host takes seat 0 with `join`. `seats` says for each other seat "open"
        (waits for a friend) or "bot"."""
        players = config.rules.players
        if len(seats) != players - 1:
            raise Refusal("bad_seats", ruleset=config.ruleset, seats=players - 1)
        table = [Seat(n) for n in range(players)]
        for seat in table:
            seat.becomes_bot()
            seat.open = seat.number > 0 and seats[seat.number - 1] == "open"
        table[0].open = True  # the host's own seat, taken at once
        return cls(code, config, Match(config.rules, seed), table, services)

    @classmethod
    def restore(cls, code: str, loaded: Loaded, services: Services) -> Room:
        """A room as its save left it, everyone disconnected; ValueError when the save's room record is unusable."""
        record = loaded.table.get("room")
        match = loaded.match
        if match is None or not isinstance(record, dict):
            raise ValueError("no room record in the save")
        try:
            config = RoomConfig(record["ruleset"], record["level"], bool(record["timers"]), bool(record["lan"]))
            seats = [_seat(n, data) for n, data in enumerate(record["seats"])]
            room = cls(code, config, match, seats, services, int(record["host"]), bool(record["started"]))
            room.deal_started -= float(record["deal_elapsed"])
        except (KeyError, TypeError, ValueError) as bad:
            raise ValueError(f"the save's room record is unusable: {bad!r}") from None
        if len(seats) != match.players or config.ruleset != match.rules.name:
            raise ValueError("the save's seats do not fit its match")
        try:
            sent_view(match, 0)
        except WireError as bad:
            raise ValueError(f"its table cannot be sent: {bad}") from None
        room.turn_key = room._key()
        room._schedule()
        room._drive()  # everyone is away: the bots play their turns, as for a player who dropped
        return room

    def record(self) -> dict[str, object]:
        """The room as its save's `table` keeps it (with each person's token as a hash)."""
        return {
            "room": {
                "ruleset": self.config.ruleset,
                "level": self.config.level,
                "timers": self.config.timers,
                "lan": self.config.lan,
                "host": self.host,
                "started": self.started,
                "deal_elapsed": round(time.monotonic() - self.deal_started, 3),
                "seats": [
                    {"human": s.human, "name": s.name, "avatar": s.avatar, "token": s.token_hash, "open": s.open}
                    for s in self.seats
                ],
            }
        }

    @property
    def directory(self) -> pathlib.Path:
        return self.services.rooms_dir / self.code

    def save(self) -> None:
        self.services.saver.put(self.directory, self.journal.snapshot(self.match, self.record()))

    # ----- people ------------------------------------------------------------------------------------------------

    def join(self, member: Member, name: str, avatar: int, token: str | None = None) -> int:
        """Seat `member`: back at its seat with its token, or at a seat waiting for a friend. Returns the seat."""
        if token is not None:
            seat = self._seat_of(token)
            if seat is None:
                raise Refusal("bad_token")
            old, seat.member = seat.member, member
            if old is not None and old is not member:
                old.close("replaced")
        else:
            seat = next((s for s in self.seats if s.open and not s.human), None)
            if seat is None:
                raise Refusal("room_full")
            token = secrets.token_urlsafe(24)
            seat.human, seat.token_hash, seat.member, seat.ready = True, token_hash(token), member, False
            seat.arriving = self.started and self.match.phase not in OVER
        seat.name, seat.avatar = name[:NAME_CHARS], avatar % AVATARS
        member.push(frame("welcome", code=self.code, seat=seat.number, token=token))
        self._seats_changed()
        if self.started and not seat.arriving:
            member.push(self._update(seat.number, []))
        self._drive()
        return seat.number

    def leave(self, member: Member) -> None:
        """The person gives the seat up: a bot plays it, and it waits for a friend again; a host hands the room on."""
        seat = self._seat_held_by(member)
        if seat is None:
            return
        seat.becomes_bot()
        seat.open = True
        if not any(s.human for s in self.seats):
            self.end()
            return
        if seat.number == self.host:
            self.host = min((s.number for s in self.seats if s.human), key=lambda n: self.seats[n].member is None)
        self._seats_changed()
        self._drive()
        self.save()

    def dropped(self, member: Member) -> None:
        """The connection closed without a leave: the seat keeps its token, and a bot covers its turns."""
        seat = self._seat_held_by(member)
        if seat is None:
            return
        seat.member, seat.ready = None, False
        self._seats_changed()
        self._drive()

    def ready(self, member: Member, ready: bool) -> None:
        """Ready or not; saying what the seat already is changes nothing, and nothing is sent."""
        seat = self._member_seat(member)
        if seat.ready == ready:
            return
        seat.ready = ready
        self._seats_changed()
        self._deal_again()

    def start(self, member: Member) -> None:
        seat = self._member_seat(member)
        if seat.number != self.host:
            raise Refusal("not_host")
        if self.started:
            raise Refusal("already_started")
        unready = [s.number for s in self._present() if not s.ready and s.number != self.host]
        if unready:
            raise Refusal("not_ready", seats=unready)
        self.started = True
        for s in self.seats:
            s.ready = False
        self.deal_started = time.monotonic()
        self._seats_changed()
        self._after(list(self.match.opening))

    def act(self, member: Member, data: object) -> None:
        """A person's action: refused (to them alone, nothing changed) unless it is theirs to take, now, and legal."""
        seat = self._member_seat(member)
        if not self.started:
            raise Refusal("not_started")
        if seat.arriving:
            raise Refusal("arriving")
        try:
            action = from_json(data)
        except ValueError as bad:
            raise Refusal("bad_action", detail=str(bad)) from None
        if not isinstance(action, PLAYER_ACTIONS):
            raise Refusal("room_action")
        if action.seat != seat.number:
            raise Refusal("not_your_seat", seat=action.seat, yours=seat.number)
        self._apply(action)  # IllegalAction: the core's refusal, said by the server

    def say(self, member: Member, phrase: str) -> None:
        seat = self._member_seat(member)
        self._broadcast(frame("said", seat=seat.number, phrase=phrase))

    def end(self, reason: str = "room_closed") -> None:
        """The room is over: everyone still here is told, the bots' questions withdrawn, its save removed."""
        if self.closed:
            return
        self.closed = True
        for ask in self.asks.values():
            ask.cancel()
        self.asks.clear()
        if self.alarm is not None:
            self.alarm.cancel()
        for seat in self.seats:
            if seat.member is not None:
                seat.member.close(reason)
                seat.member = None
        self.services.saver.remove(self.directory)
        self.services.ended(self)

    def stop(self) -> None:
        """The server is stopping: save the room as it is (it comes back with the server) and withdraw its bots."""
        self.closed = True
        for ask in self.asks.values():
            ask.cancel()
        if self.alarm is not None:
            self.alarm.cancel()
        self.save()

    # ----- what the room says --------------------------------------------------------------------------------

    def room_frame(self) -> str:
        rules = self.match.rules
        seats = [
            {
                "seat": s.number,
                "name": s.name,
                "avatar": s.avatar,
                "human": s.human,
                "connected": s.member is not None,
                "covered": self._bot_plays(s.number),
                "ready": s.ready,
                "open": s.open and not s.human,
                "host": s.number == self.host,
            }
            for s in self.seats
        ]
        return frame(
            "room",
            code=self.code,
            ruleset=self.config.ruleset,
            level=self.config.level,
            players=rules.players,
            started=self.started,
            lan=self.config.lan,
            turn_seconds=self.turn_limit,
            deal_seconds=self.deal_limit,
            seats=seats,
        )

    def _update(self, seat: int, events: list[ev.Event]) -> str:
        seen = [encode_event(e) for e in events_for(events, seat, self.match.players)]
        view = sent_view(self.match, seat)
        return frame("update", step=len(self.match.log), events=seen, view=view, clock=self._clock())

    def _clock(self) -> dict[str, float | None]:
        """Seconds left on the turn and on the deal, where the table has those limits and a hand is being played."""
        if not self.started or self.match.phase in OVER:
            return {"turn": None, "deal": None}
        now = time.monotonic()
        turn = None if self.turn_limit is None else max(0.0, self.turn_limit - (now - self.turn_started))
        deal = None if self.deal_limit is None else max(0.0, self.deal_limit - (now - self.deal_started))
        return {"turn": _rounded(turn), "deal": _rounded(deal)}

    def _broadcast(self, text: str) -> None:
        for seat in self._present():
            assert seat.member is not None
            seat.member.push(text)

    def _seats_changed(self) -> None:
        self.empty_since = time.monotonic() if not self._present() else self.empty_since
        self._broadcast(self.room_frame())
        self.services.changed(self)

    # ----- the match -------------------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        events = self.match.apply(action)
        self._after(events)

    def _after(self, events: list[ev.Event]) -> None:
        """Everything that follows a change of the match: each person's update, the clocks, the save, the bots."""
        now = time.monotonic()
        if any(isinstance(e, ev.Dealt) for e in events):
            self.deal_started = now
        key = self._key()
        if key != self.turn_key:
            self.turn_key, self.turn_started, self.timed_out = key, now, None
        for seat in self._present():
            if not seat.arriving:
                assert seat.member is not None
                seat.member.push(self._update(seat.number, events))
        if self.match.phase in OVER and any(isinstance(e, ev.HandOver | ev.DealExpired) for e in events):
            for seat in self.seats:
                seat.ready = False
            self._seats_changed()
        self.save()
        self._schedule()
        self._drive()

    def _deal_again(self) -> None:
        """Between hands, once every person here is ready: the next hand, or after the match a new match."""
        present = self._present()
        if not self.started or self.match.phase not in OVER or not present or not all(s.ready for s in present):
            return
        for seat in self.seats:
            seat.ready = False
            seat.arriving = False
        if self.match.phase is Phase.MATCH_OVER:
            self.match = Match(self.config.rules, secrets.randbits(63))
            self.journal = Journal(self.match)
            self._seats_changed()
            self._after(list(self.match.opening))
            return
        self._seats_changed()
        self._apply(NextHand())

    def _key(self) -> tuple[object, ...]:
        """The turn being played: a new key restarts the turn clock."""
        hand = self.match.hand
        return (id(self.match), hand.number, hand.redeals, len(hand.bids), len(hand.history), self.match.phase)

    def _bot_plays(self, number: int) -> bool:
        """Does a bot decide for this seat now: a bot's seat, a person who is away or arriving, or a person whose
        turn has run out (003: a timed-out turn is covered by a bot)?"""
        seat = self.seats[number]
        return not seat.human or seat.member is None or seat.arriving or self.timed_out == self.turn_key

    # ----- the bots ----------------------------------------------------------------------------------------------

    def _drive(self) -> None:
        """Ask the bots for every seat the match waits for that a bot plays now; withdraw stale questions."""
        waiting = self.match.waiting if self.started and not self.closed else ()
        for number in list(self.asks):
            ask = self.asks[number]
            if number not in waiting or ask.key != self.turn_key or not self._bot_plays(number):
                ask.cancel()
                del self.asks[number]
        for number in waiting:
            if number in self.asks or not self._bot_plays(number):
                continue
            seed = f"{self.match.seed}:{len(self.match.log)}:{number}"
            future = self.services.bots.ask(view_for(self.match, number), self.config.level, seed)
            ask = self.asks[number] = Ask(self.turn_key, future, time.monotonic())
            future.add_done_callback(lambda done, n=number, a=ask: self._guarded(self._answered, n, a, done))

    def _answered(self, number: int, ask: Ask, future: asyncio.Future[Action]) -> None:
        if future.cancelled() or self.asks.get(number) is not ask:
            return
        delay = ask.asked_at + self.services.pace.bot_pause - time.monotonic()
        if delay > 0:
            ask.handle = self.loop.call_later(delay, self._guarded, self._bot_move, number, ask)
        else:
            self._bot_move(number, ask)

    def _bot_move(self, number: int, ask: Ask) -> None:
        if self.asks.get(number) is not ask or self.closed:
            return
        del self.asks[number]
        action = ask.future.result()
        try:
            self._apply(action)
        except IllegalAction as refused:  # a bot's mistake never stops the room: the seat's fallback instead
            log.warning("room %s: the bot's %s was refused (%s); falling back", self.code, action, refused)
            self._apply(fallback_action(view_for(self.match, number)))

    # ----- the clocks -------------------------------------------------------------------------------------------

    def _schedule(self) -> None:
        """One alarm, at the nearer of the turn's and the deal's limits."""
        if self.alarm is not None:
            self.alarm.cancel()
            self.alarm = None
        if not self.started or self.closed or self.match.phase in OVER:
            return
        limits = []
        if self.turn_limit is not None and self.timed_out != self.turn_key:
            limits.append(self.turn_started + self.turn_limit)
        if self.deal_limit is not None:
            limits.append(self.deal_started + self.deal_limit)
        if limits:
            delay = max(0.0, min(limits) - time.monotonic())
            self.alarm = self.loop.call_later(delay, self._guarded, self._ring)

    def _ring(self) -> None:
        self.alarm = None
        if self.closed or not self.started or self.match.phase in OVER:
            return
        now = time.monotonic()
        if self.deal_limit is not None and now >= self.deal_started + self.deal_limit:
            self._apply(DealExpired())
            return
        if self.turn_limit is not None and now >= self.turn_started + self.turn_limit:
            self.timed_out = self.turn_key
            self._seats_changed()
            self._drive()
        self._schedule()

    # ----- helpers -----------------------------------------------------------------------------------------------

    def _guarded(self, fn: Callable[..., None], *args: Any) -> None:
        """Run a timer's or a bot's callback; an unexpected error is the server's to count, never the loop's."""
        try:
            fn(*args)
        except Exception as failed:
            self.services.fault(f"room {self.code}: {fn.__name__}", failed)

    def _present(self) -> list[Seat]:
        """The seats whose person is connected."""
        return [s for s in self.seats if s.member is not None]

    def _seat_held_by(self, member: Member) -> Seat | None:
        return next((s for s in self.seats if s.member is member), None)

    def _member_seat(self, member: Member) -> Seat:
        seat = self._seat_held_by(member)
        if seat is None:
            raise Refusal("not_in_room")
        return seat

    def _seat_of(self, token: str) -> Seat | None:
        wanted = token_hash(token)
        found = None
        for seat in self.seats:  # every seat compared, in constant time: no timing tells a near miss
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                found = seat
        return found


def _seat(number: int, data: Any) -> Seat:
    """One seat of a save's room record."""
    seat = Seat(number)
    seat.becomes_bot()
    if data["human"]:
        seat.human, seat.name, seat.avatar = True, str(data["name"])[:NAME_CHARS], int(data["avatar"]) % AVATARS
        seat.token_hash = str(data["token"])
    seat.open = bool(data["open"])
    return seat


def _rounded(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds, 2)
