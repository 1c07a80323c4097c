"""The room server: many rooms in one asyncio event loop behind one websockets listener, create and join by code,
every limit of `net.limits` enforced, and nothing a client sends able to raise out of the loop.

A frame goes: size cap (websockets closes a connection whose frame is too big) -> the connection's rate -> the
schema (`protocol.parse_client`) -> the server (hello, create, join) or the member's room. A refusal goes back to that
client alone, as data; an unexpected error is caught, counted in `faults` and said as `internal`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import pathlib
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server as Listener
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.reasons import IllegalAction
from net.bots import BotPool
from net.discovery import Listing
from net.limits import Bucket, Buckets, Limits, per_minute
from net.protocol import CLIENT_FRAME_BYTES, CLOSE_CODES, CODE_ALPHABET, CODE_LENGTH, Refusal, frame, parse_client
from net.room import Pace, Room, RoomConfig, Services
from net.saving import Saver, saved_rooms
from net.wire import encode_params

log = logging.getLogger("net.server")
SAYS_PER_SECOND, SAY_BURST = 0.5, 3  # quick phrases: a few at once, then one every two seconds


@dataclass(frozen=True)
class Settings:
    rooms_dir: pathlib.Path  # each room's save: <rooms_dir>/<CODE>/match.json
    limits: Limits = field(default_factory=Limits)
    pace: Pace = field(default_factory=Pace)
    bot_workers: int = 2
    bot_timeout: float = 30.0
    seed: int | None = None  # the rooms' matches' seeds from this seed (tests); None: from `secrets`


class Connection:
    """One client: its outgoing queue (bounded: a client that does not read is dropped), its rates, its room."""

    def __init__(self, ws: ServerConnection, address: str, limits: Limits) -> None:
        self.ws, self.address = ws, address
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(limits.send_queue)
        self.messages = Bucket(limits.messages_per_second, limits.message_burst)
        self.says = Bucket(SAYS_PER_SECOND, SAY_BURST)
        self.refusals = 0  # frames refused or dropped in a row, for any reason (the flood limit)
        self.limited = False  # over the rate: its first dropped frame was answered, the next ones are not
        self.room: Room | None = None
        self.name: str | None = None
        self.avatar = 0
        self.closing: str | None = None

    def push(self, text: str) -> None:
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self._shut("slow", say=False)

    def close(self, reason: str) -> None:
        self._shut(reason, say=True)

    def _shut(self, reason: str, say: bool) -> None:
        """Stop taking frames; say bye (when the queue has room for it) and end the writer, which closes."""
        if self.closing is not None:
            return
        self.closing = reason
        if not say:  # too slow to be told: dropped at once, so its room covers it now (it may come back)
            self.ws.transport.abort()
            return
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(frame("bye", reason=reason))
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def write(self) -> None:
        """Send the queued frames in order; None ends the connection."""
        try:
            while (text := await self.outbox.get()) is not None:
                await self.ws.send(text)
        except ConnectionClosed:
            return
        await self.ws.close(CLOSE_CODES.get(self.closing or "left", 1008), self.closing or "")


class Server:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self.per_address: Counter[str] = Counter()
        lim = self.limits
        self.failed_joins = Buckets(per_minute(lim.failed_joins_per_minute), lim.failed_join_burst, lim.addresses)
        all_failed = lim.server_failed_joins_per_minute
        self.all_failed_joins = Bucket(per_minute(all_failed), int(all_failed))
        self.creates = Buckets(per_minute(lim.creates_per_minute), lim.create_burst, lim.addresses)
        self.faults: list[str] = []  # unexpected errors caught (a test asserts there are none)
        self.seeds = random.Random(settings.seed) if settings.seed is not None else None
        self.listings_changed: Callable[[list[Listing]], None] | None = None  # LAN advertising follows the rooms
        self.bots = BotPool(settings.bot_workers, settings.bot_timeout)
        self.saver = Saver()
        self.listener: Listener | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.services: Services | None = None
        self.stopping = False

    # ----- start and stop ------------------------------------------------------------------------------------

    async def start(self, host: str | None = None, port: int = 0) -> None:
        """Bring back the saved rooms, start the bots, listen (port 0: any free port)."""
        self.services = Services(
            self.bots, self.saver, self.settings.rooms_dir, self.settings.pace, self._ended, self._changed, self.fault
        )
        await self.bots.start()
        self._restore()
        self.listener = await serve(
            self._handle,
            host,
            port,
            max_size=CLIENT_FRAME_BYTES,
            max_queue=16,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=5,
            compression=None,  # frames of a few KB: deflate would cost CPU and ~100 KB a connection for little
        )
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    @property
    def port(self) -> int:
        assert self.listener is not None
        return int(self.listener.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Save every room (they come back with the server), say bye to everyone, stop the bots and the saver."""
        self.stopping = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.listener is not None:
            self.listener.close(close_connections=False)  # no new connections from here on
        for room in list(self.rooms.values()):
            room.stop()
        for connection in list(self.connections):
            connection.close("server_stopping")
        if self.listener is not None:
            await self.listener.wait_closed()  # every connection said bye and ended
        await self.bots.close()
        await asyncio.to_thread(self.saver.close)

    def _restore(self) -> None:
        assert self.services is not None
        for code, loaded in saved_rooms(self.settings.rooms_dir):
            if loaded.problem:
                log.warning("room %s: %s", code, " ".join(loaded.problem.split()))
            try:
                self.rooms[code] = Room.restore(code, loaded, self.services)
            except ValueError as bad:
                log.warning("room %s not restored: %s", code, bad)
        self._changed(None)

    async def _sweep(self) -> None:
        """End the rooms nobody has been connected to for the idle limit."""
        every = min(60.0, self.limits.idle_room_seconds / 4)
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for room in list(self.rooms.values()):
                idle = not any(seat.member for seat in room.seats)
                if idle and now - room.empty_since >= self.limits.idle_room_seconds:
                    self._guarded(room.end, "idle")

    # ----- connections -----------------------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        full = len(self.connections) >= self.limits.connections
        if self.stopping or full or self.per_address[address] >= self.limits.connections_per_address:
            reason = "server_stopping" if self.stopping else "server_full"
            with contextlib.suppress(ConnectionClosed):
                await ws.send(frame("bye", reason=reason))
                await ws.close(CLOSE_CODES[reason], reason)
            return
        connection = Connection(ws, address, self.limits)
        self.connections.add(connection)
        self.per_address[address] += 1
        writer = asyncio.get_running_loop().create_task(connection.write())
        greeting = asyncio.get_running_loop().call_later(self.limits.hello_seconds, self._hello_due, connection)
        try:
            async for message in ws:
                self.receive(connection, message)
                if connection.closing is not None:
                    break
        except ConnectionClosed:
            pass
        except Exception as failed:  # the listener's own errors: counted, the connection ends
            self.fault("connection", failed)
        finally:
            greeting.cancel()
            self._gone(connection)
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(writer, self.limits.hello_seconds)

    def _hello_due(self, connection: Connection) -> None:
        if connection.name is None:
            connection.close("idle")

    def _gone(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.per_address[connection.address] -= 1
        if self.per_address[connection.address] <= 0:
            del self.per_address[connection.address]
        if connection.room is not None:
            self._guarded(connection.room.dropped, connection)
        connection.closing = connection.closing or "gone"
        with contextlib.suppress(asyncio.QueueFull):  # the writer ends at this, or at the closed socket
            connection.outbox.put_nowait(None)

    def receive(self, connection: Connection, text: str | bytes) -> None:
        """One frame from a client; never raises. Over its rate a frame is dropped unread, and only the first of a
        run of dropped frames is answered (`rate_limited`): a flood is never answered frame for frame."""
        if not connection.messages.take():
            retry = Refusal("rate_limited", limit="messages", retry=retry_after(connection.messages.wait()))
            self._refuse(connection, None, retry, answer=not connection.limited)
            connection.limited = True
            return
        connection.limited = False
        about = None
        try:
            data = parse_client(text)
            about = data["type"]
            self._dispatch(connection, data)
        except Refusal as refused:
            self._refuse(connection, refused.about or about, refused)
        except IllegalAction as illegal:  # the core's refusal of an action, with its own code and params
            self._refuse(connection, about, illegal)
        except Exception as failed:
            self.fault(f"a {about or 'bad'} message", failed)
            self._refuse(connection, about, Refusal("internal"))
        else:
            connection.refusals = 0

    def _refuse(
        self, connection: Connection, about: str | None, refused: Refusal | IllegalAction, answer: bool = True
    ) -> None:
        """Tell the client (`answer`) and count the refusal: the `flood`-th in a row closes the connection."""
        connection.refusals += 1
        if connection.refusals >= self.limits.flood:
            connection.close("flood")
            return
        if answer:
            code, params = (refused.code, refused.params) if isinstance(refused, Refusal) else _parts(refused)
            said = frame("refused", about=about, code=code, params=encode_params(params), text=str(refused))
            connection.push(said)

    # ----- messages --------------------------------------------------------------------------------------------

    def _dispatch(self, connection: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "hello":
            connection.name, connection.avatar = data["name"].strip(), data["avatar"]
            return
        if connection.name is None:
            raise Refusal("no_hello")
        if kind in ("create", "join"):
            if connection.room is not None:
                raise Refusal("already_in_room")
            connection.room = self._create(connection, data) if kind == "create" else self._join(connection, data)
            return
        room = connection.room
        if room is None:
            raise Refusal("not_in_room")
        match kind:
            case "ready":
                room.ready(connection, data["ready"])
            case "start":
                room.start(connection)
            case "act":
                room.act(connection, data["action"])
            case "say":
                if not connection.says.take():
                    raise Refusal("rate_limited", limit="phrases", retry=retry_after(connection.says.wait()))
                room.say(connection, data["phrase"])
            case "leave":
                connection.room = None
                room.leave(connection)
                connection.close("left")

    def _create(self, connection: Connection, data: dict[str, Any]) -> Room:
        assert self.services is not None and connection.name is not None
        if len(self.rooms) >= self.limits.rooms:
            raise Refusal("server_full")
        creates = self.creates[connection.address]
        if not creates.take():
            raise Refusal("rate_limited", limit="creates", retry=retry_after(creates.wait()))
        config = RoomConfig(data["ruleset"], data["level"], data.get("timers", False), data.get("lan", False))
        seed = self.seeds.randrange(2**63) if self.seeds is not None else secrets.randbits(63)
        room = Room.create(self._new_code(), config, data["seats"], self.services, seed)
        self.rooms[room.code] = room
        room.join(connection, connection.name, connection.avatar)
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _join(self, connection: Connection, data: dict[str, Any]) -> Room:
        """A seat by code (and token, to come back): wrong codes and tokens are rationed per address and overall,
        so codes cannot be found by trying them."""
        assert connection.name is not None
        failures = self.failed_joins[connection.address]
        if not failures.has() or not self.all_failed_joins.has():
            wait = max(failures.wait(), self.all_failed_joins.wait())
            raise Refusal("rate_limited", limit="joins", retry=retry_after(wait))
        room = self.rooms.get(data["code"].upper())
        try:
            if room is None:
                raise Refusal("no_room")
            room.join(connection, connection.name, connection.avatar, data.get("token"))
        except Refusal as refused:
            if refused.code in ("no_room", "bad_token"):
                failures.take()
                self.all_failed_joins.take()
            raise
        return room

    # ----- the rooms' side -------------------------------------------------------------------------------------

    def _ended(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        for connection in self.connections:
            if connection.room is room:
                connection.room = None
        self._changed(None)

    def _changed(self, room: Room | None) -> None:
        if self.listings_changed is None or (room is not None and not room.config.lan):
            return
        self.listings_changed(self.listings())

    def listings(self) -> list[Listing]:
        """The rooms that asked to be seen on the local network and have a seat waiting for a friend."""
        found = []
        for room in self.rooms.values():
            free = sum(1 for seat in room.seats if seat.open and not seat.human)
            if room.config.lan and free and not room.closed:
                found.append(Listing(room.code, room.config.ruleset, room.seats[room.host].name, free))
        return found

    def fault(self, where: str, failed: BaseException) -> None:
        """An error nothing expected: logged with its traceback and counted; the server goes on."""
        self.faults.append(f"{where}: {type(failed).__name__}: {failed}")
        log.error("unexpected error in %s", where, exc_info=failed)

    def _guarded(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception as failed:
            self.fault(fn.__name__, failed)


def retry_after(seconds: float) -> float:
    """Seconds to wait, rounded up to a tenth: never 0 while a frame would still be refused."""
    return max(0.1, math.ceil(seconds * 10) / 10)


def _parts(illegal: IllegalAction) -> tuple[str, dict[str, object]]:
    return illegal.rejection.code, illegal.rejection.params
