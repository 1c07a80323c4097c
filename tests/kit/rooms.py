"""A room server on loopback, run on a thread of its own so that a test's game window (the frame loop) and scripted
friends can talk to it over real sockets; a friend who plays by the easy bot; the window's frames until something
happens."""

from __future__ import annotations

import asyncio
import pathlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.bots.seat import bot_action
from net import messages
from net.client import Client
from net.loop_thread import LoopThread
from net.messages import RoomInfo, Said, Update, Welcome
from net.room import Pace
from net.server import Server, Settings
from scenes.app import App
from tests.kit.app import steps
from tests.kit.net import TEST_LIMITS

WAIT = 60.0  # no wait of a room test lasts longer


@contextmanager
def server_thread(rooms: pathlib.Path) -> Iterator[str]:
    """A server on 127.0.0.1 (a free port) with bots that answer at once; yields its URL, stopped after."""
    listening, stop = threading.Event(), threading.Event()
    made: list[Server] = []

    async def main() -> None:
        server = Server(Settings(rooms, TEST_LIMITS, Pace(bot_pause=0.0), bot_workers=1, seed=7))
        await server.start("127.0.0.1", 0)
        made.append(server)
        listening.set()
        while not stop.is_set():
            await asyncio.sleep(0.02)
        await server.stop()

    thread = LoopThread(main, "test-server")
    assert listening.wait(WAIT), "the test server did not start"
    try:
        yield f"ws://127.0.0.1:{made[0].port}"
    finally:
        stop.set()
        thread.join(WAIT)
        assert made[0].faults == [], made[0].faults
        assert made[0].saver.failures == 0, "a room save failed"


class Friend:
    """A friend's client on its own thread: hosts a room or joins one by code, says ready, plays its seat by the easy
    bot."""

    def __init__(self, url: str, name: str = "Ann", avatar: int = 1) -> None:
        self.client = Client(url, reconnect=False)
        self.client.send(messages.hello(name, avatar))
        self.seat: int | None = None
        self.room: RoomInfo | None = None
        self.views: list = []
        self.said: list[tuple[int, str]] = []  # quick phrases heard: (seat, phrase id)

    def host(self, ruleset: str, seats: list[str]) -> str:
        """Open a room (seat 0) and return its code."""
        self.client.send(messages.create(ruleset, "normal", seats))
        self.poll(lambda: self.room is not None, "the friend's room")
        assert self.room is not None
        return self.room.code

    def join(self, code: str) -> None:
        self.client.send(messages.join(code))
        self.poll(lambda: self.seat is not None, "the friend's seat")
        self.client.send(messages.ready(True))

    def poll(self, done=lambda: False, what: str = "") -> None:
        deadline = time.monotonic() + WAIT
        while True:
            for message in self.client.poll():
                if isinstance(message, Welcome):
                    self.seat = message.seat
                elif isinstance(message, RoomInfo):
                    self.room = message
                elif isinstance(message, Said):
                    self.said.append((message.seat, message.phrase))
                elif isinstance(message, Update):
                    self.views.append(message.view)
                    view = message.view
                    if self.seat in view.waiting:
                        self.client.send(messages.act(bot_action(view, "easy")))
            if done() or not what:
                return
            assert time.monotonic() < deadline, f"waited too long for {what}"
            time.sleep(0.01)

    def close(self) -> None:
        self.client.close()
        self.client.join_thread()


def until(app: App, done: Callable[[], object], what: str, friend: Friend | None = None) -> None:
    """Frames of `app` (and the friend's turns) until `done()`, for at most WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        steps(app, 1)
        if friend is not None:
            friend.poll()
        time.sleep(0.002)
