"""A client connection to a room server, two ways: `AsyncClient` for asyncio code (the tests, the benchmark), and
`Client`, which the game's frame loop drives without ever blocking: its connection lives on a thread of its own
with its own event loop, `send` queues a frame and `poll` returns what arrived since the last frame, already read
into the core's types (net.messages).

`Client` comes back by itself: when the connection drops after a `Welcome` (and the server did not say the seat is
gone), it connects again with growing pauses and sends the same hello and a join with the seat's token, so the table
gets `Lost`, then `Connected`, `Welcome`, `RoomInfo` and a whole `Update` again. Frames sent while it is away are
dropped (an action from before the drop means nothing after it).
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from net import messages
from net.loop_thread import LoopThread
from net.messages import Bye, ServerMessage, Welcome, read
from net.protocol import SERVER_FRAME_BYTES
from net.wire import WireError

OPEN_SECONDS = 5.0  # a connection attempt gives up after this
RETRY_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0)  # the pauses between tries to come back, then it stops trying
FINAL = ("left", "room_closed", "replaced", "version")  # a bye after which coming back makes no sense


class Closed(Exception):
    """The connection ended; `reason` says why (a bye's reason, or what the socket said)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AsyncClient:
    """One connection, in asyncio: `await send(text)`, `await recv()` -> the next server message."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def connect(cls, url: str, timeout: float = OPEN_SECONDS) -> AsyncClient:
        """Connect to `url` (ws://host:port); Closed when it cannot."""
        try:
            ws = await connect(url, open_timeout=timeout, max_size=SERVER_FRAME_BYTES, proxy=None)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as failed:
            raise Closed(f"cannot connect to {url}: {failed}") from None
        return cls(ws)

    async def send(self, text: str) -> None:
        try:
            await self.ws.send(text)
        except ConnectionClosed as closed:
            raise Closed(_said(closed)) from None

    async def recv(self) -> ServerMessage:
        """The next message; Closed when the connection ends; WireError for a frame that is no server message."""
        return read(await self.recv_text())

    async def recv_text(self) -> str:
        """The next frame as it came; Closed when the connection ends."""
        try:
            text = await self.ws.recv()
        except ConnectionClosed as closed:
            raise Closed(_said(closed)) from None
        return text if isinstance(text, str) else text.decode("utf-8", "replace")

    async def close(self) -> None:
        await self.ws.close()


def _kind(text: str) -> object:
    """A frame's type, as the client sends it."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None


def _said(closed: ConnectionClosed) -> str:
    frame = closed.rcvd or closed.sent
    return frame.reason if frame is not None and frame.reason else "connection lost"


@dataclass(frozen=True)
class Connected:
    """The connection is open (the first time, or back after `Lost`)."""

    url: str


@dataclass(frozen=True)
class Lost:
    """The connection ended: `reason`; `retrying` when the client is coming back by itself."""

    reason: str
    retrying: bool


Message = ServerMessage | Connected | Lost


class Client:
    """A connection for the frame loop: `send`, `poll` and `close` return at once, from any thread."""

    def __init__(self, url: str, reconnect: bool = True) -> None:
        self.url, self.reconnect = url, reconnect
        self.inbox: deque[Message] = deque()
        self.hello: str | None = None  # the last hello sent, said again on coming back
        self.seat: Welcome | None = None  # the room and seat to come back to
        self.state = "connecting"  # "connecting", "open", "closed"
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._thread = LoopThread(self._main, "room-client")

    def send(self, text: str) -> None:
        """Queue a frame (net.messages builds them); dropped while the connection is away."""
        if _kind(text) == "hello":
            self.hello = text
        self._thread.call(self._outbox.put_nowait, text)

    def poll(self) -> list[Message]:
        """Everything that arrived since the last call, in order."""
        out = []
        while self.inbox:
            out.append(self.inbox.popleft())
        return out

    def close(self) -> None:
        """End the connection (a bye is not needed: the seat is kept for its token; send `leave` to give it up)."""
        self.reconnect = False
        self._thread.call(self._outbox.put_nowait, None)

    def join_thread(self, timeout: float = 5.0) -> None:
        """Wait for the connection's thread to end (after `close`): for tests and for quitting the game."""
        self._thread.join(timeout)

    # ----- the connection's own thread ----------------------------------------------------------------------------

    async def _main(self) -> None:
        try:
            await self._sessions()
        finally:
            self.state = "closed"

    async def _sessions(self) -> None:
        tries = 0
        first = True
        while True:
            reason = await self._session(first)
            first = False
            if reason is None:
                return  # closed on purpose
            if self.state == "open":
                tries = 0
            retrying = self.reconnect and self.seat is not None and reason not in FINAL and tries < len(RETRY_DELAYS)
            self.state = "connecting" if retrying else "closed"
            self.inbox.append(Lost(reason, retrying))
            if not retrying:
                return
            await asyncio.sleep(RETRY_DELAYS[tries])
            tries += 1
            if not self.reconnect:
                return

    async def _session(self, first: bool) -> str | None:
        """One connection from open to end: the reason it ended, or None when the client closed it. Frames sent
        before the first connection opened go out on it; those sent while a later one was away are stale."""
        try:
            client = await AsyncClient.connect(self.url)
        except Closed as failed:
            return failed.reason
        self.state = "open"
        self.inbox.append(Connected(self.url))
        while not first and not self._outbox.empty():
            if self._outbox.get_nowait() is None:
                await client.close()
                return None
        if self.seat is not None and self.hello is not None:
            await client.send(self.hello)
            await client.send(messages.join(self.seat.code, self.seat.token))
        reader = asyncio.create_task(self._read(client))
        try:
            while (text := await self._next(reader)) is not None:
                await client.send(text)
        except Closed:
            pass
        if not reader.done():
            await client.close()
            reader.cancel()
            return None
        return reader.result()

    async def _next(self, reader: asyncio.Task[str]) -> str | None:
        """The next frame to send, or None when the client closes or the reader ended."""
        getting = asyncio.ensure_future(self._outbox.get())
        await asyncio.wait({getting, reader}, return_when=asyncio.FIRST_COMPLETED)
        if getting.done():
            return getting.result()
        getting.cancel()
        raise Closed("ended")

    async def _read(self, client: AsyncClient) -> str:
        """Take the server's messages into the inbox until the connection ends; the reason it ended."""
        reason = "connection lost"
        try:
            while True:
                message = await client.recv()
                if isinstance(message, Welcome):
                    self.seat = message
                if isinstance(message, Bye):
                    reason = message.reason
                self.inbox.append(message)
        except Closed as closed:
            return reason if reason != "connection lost" else closed.reason
        except WireError as bad:
            await client.close()
            return f"the server sent something unreadable: {bad}"
