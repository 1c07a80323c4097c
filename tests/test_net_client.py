"""The client the game's frame loop drives (net.client.Client): `send`, `poll` and `close` return at once, messages
arrive read into the core's types, and a dropped connection comes back by itself to the same seat."""

from __future__ import annotations

import asyncio
import pathlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.choices import choices
from game.observe import Observation
from net import messages
from net.client import Client, Connected, Lost, Message
from net.messages import RoomInfo, Update, Welcome
from net.room import Pace
from net.server import Server, Settings
from tests.kit.net import TEST_LIMITS, TEST_PACE, WAIT


@contextmanager
def server_thread(rooms: pathlib.Path, port: int = 0, pace: Pace = TEST_PACE) -> Iterator[Server]:
    """A server in a thread of its own (as the game's window would find one), stopped on leaving."""
    ready, stopping = threading.Event(), threading.Event()
    box: dict[str, object] = {}

    async def main() -> None:
        server = Server(Settings(rooms, TEST_LIMITS, pace, bot_workers=1, seed=3))
        await server.start("127.0.0.1", port)
        box["server"] = server
        ready.set()
        while not stopping.is_set():
            await asyncio.sleep(0.01)
        await server.stop()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(WAIT)
    server = box["server"]
    assert isinstance(server, Server)
    try:
        yield server
    finally:
        stopping.set()
        thread.join(WAIT)
    assert server.faults == []


def wait_for(client: Client, test: Callable[[Message], bool], seen: list[Message]) -> Message:
    """Poll as a frame loop would (never waiting inside the client) until a message passes `test`; `seen` keeps
    every message polled, and the ones after the match wait for the next call."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        polled = client.poll()
        seen.extend(polled)
        for at, message in enumerate(polled):
            if test(message):
                client.inbox.extendleft(reversed(polled[at + 1 :]))
                del seen[len(seen) - len(polled) + at + 1 :]
                return message
        time.sleep(0.005)
    raise AssertionError(f"nothing arrived that passes the test; seen {[type(m).__name__ for m in seen]}")


def test_the_frame_loops_client_hosts_starts_and_plays_with_the_cores_types(tmp_path: pathlib.Path) -> None:
    with server_thread(tmp_path) as server:
        client = Client(f"ws://127.0.0.1:{server.port}")
        seen: list[Message] = []
        seen.extend(client.poll())  # whatever has arrived so far (maybe nothing yet): poll never waits
        client.send(messages.hello("Ann", 2))
        client.send(messages.create("standard", "easy", ["bot", "bot"]))
        welcome = wait_for(client, lambda m: isinstance(m, Welcome), seen)
        assert isinstance(seen[0], Connected) and isinstance(welcome, Welcome) and welcome.seat == 0
        room = wait_for(client, lambda m: isinstance(m, RoomInfo), seen)
        assert isinstance(room, RoomInfo) and room.seats[0].name == "Ann" and room.seats[0].avatar == 2
        client.send(messages.start())
        update = wait_for(client, lambda m: isinstance(m, Update) and 0 in m.view.waiting, seen)
        assert isinstance(update, Update) and isinstance(update.view, Observation)
        client.send(messages.act(choices(update.view)[0]))
        after = wait_for(client, lambda m: isinstance(m, Update) and m.step > update.step, seen)
        assert isinstance(after, Update) and any(seat == 0 for seat, _ in after.view.bids)
        client.close()
        client.join_thread(WAIT)
        assert client.state == "closed"


def test_the_client_comes_back_by_itself_to_its_seat(tmp_path: pathlib.Path) -> None:
    seen: list[Message] = []
    with server_thread(tmp_path) as server:
        port = server.port
        client = Client(f"ws://127.0.0.1:{port}")
        client.send(messages.hello("Ann"))
        client.send(messages.create("standard", "easy", ["bot", "bot"]))
        welcome = wait_for(client, lambda m: isinstance(m, Welcome), seen)
        client.send(messages.start())
        before = wait_for(client, lambda m: isinstance(m, Update) and 0 in m.view.waiting, seen)
    lost = wait_for(client, lambda m: isinstance(m, Lost), seen)
    assert isinstance(lost, Lost) and lost.retrying and lost.reason == "server_stopping"
    with server_thread(tmp_path, port, Pace(bot_pause=WAIT)):  # back before the bot playing for it acts
        again = wait_for(client, lambda m: isinstance(m, Welcome), seen)
        assert again == welcome
        update = wait_for(client, lambda m: isinstance(m, Update), seen)
        assert isinstance(update, Update) and isinstance(before, Update) and update.view == before.view
        client.close()
        client.join_thread(WAIT)


def test_a_client_that_cannot_connect_says_so_and_stops(tmp_path: pathlib.Path) -> None:
    with server_thread(tmp_path) as server:
        port = server.port
    client = Client(f"ws://127.0.0.1:{port}")
    lost = wait_for(client, lambda m: isinstance(m, Lost), [])
    assert isinstance(lost, Lost) and not lost.retrying and "cannot connect" in lost.reason
    client.join_thread(WAIT)
    assert client.state == "closed"
    client.send(messages.hello("late"))  # after the end: dropped, never raises
    client.close()
