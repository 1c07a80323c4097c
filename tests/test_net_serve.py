"""The server as a program: `python main.py --serve` prints where it listens and stops cleanly on SIGTERM or Ctrl+C,
saving every room, and brings them back when started again; hosting from the game starts it as a child process on
a free port, which stops when asked or when the game is gone."""

from __future__ import annotations

import asyncio
import os
import pathlib
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.savefile import SaveStore
from net import messages
from net.client import AsyncClient
from net.hosting import Hosting, HostingFailed
from net.messages import Update, Welcome
from net.seen import view_for
from tests.kit.net import WAIT, expect

ROOT = pathlib.Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


@contextmanager
def serving_process(saves: pathlib.Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], int, list[str]]]:
    """`main.py --serve` on a free port: the process, its port and what it printed up to its ready line; killed
    after if the test left it running (a failing test never leaves a server behind)."""
    process = subprocess.Popen(
        [sys.executable, "main.py", "--serve", "--port", "0", "--saves", str(saves), *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:
            lines.append(line.rstrip())
            if "Ctrl+C" in line:
                break
        found = re.search(r"on port (\d+)", lines[0])
        assert found, lines
        yield process, int(found.group(1)), lines
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def stop_serving(process: subprocess.Popen[str], signum: int) -> list[str]:
    process.send_signal(signum)
    out, _ = process.communicate(timeout=WAIT)
    assert process.returncode == 0, out
    return out.splitlines()


async def open_room(port: int) -> tuple[Welcome, Update]:
    client = await AsyncClient.connect(f"ws://127.0.0.1:{port}")
    await client.send(messages.hello("Ann"))
    await client.send(messages.create("standard", "easy", ["bot", "bot"]))
    welcome = await expect(client, Welcome)
    await client.send(messages.start())
    update = await expect(client, Update, lambda u: 0 in u.view.waiting)
    await client.close()
    return welcome, update


async def come_back(port: int, welcome: Welcome) -> Update:
    client = await AsyncClient.connect(f"ws://127.0.0.1:{port}")
    await client.send(messages.hello("Ann"))
    await client.send(messages.join(welcome.code, welcome.token))
    update = await expect(client, Update)
    await client.close()
    return update


@pytest.mark.slow
def test_serve_prints_where_it_listens_stops_saving_every_room_and_brings_them_back(tmp_path: pathlib.Path) -> None:
    with serving_process(tmp_path) as (process, port, said):
        assert f"  ws://127.0.0.1:{port}" in said and "0 saved rooms" in said[-1]
        welcome, _ = asyncio.run(open_room(port))
        after = stop_serving(process, signal.SIGTERM)
    assert after == ["Stopping: saving 1 rooms...", "Stopped."]
    saved = SaveStore(tmp_path / "rooms" / welcome.code).load()
    assert saved.problem is None and saved.match is not None
    with serving_process(tmp_path, "--host", LOOPBACK) as (process, port, said):  # this machine only
        assert said[1:-1] == [f"  ws://{LOOPBACK}:{port}"] and "1 saved rooms" in said[-1]
        back = asyncio.run(come_back(port, welcome))
        assert back.view == view_for(saved.match, 0)  # the room as the stopping server saved it
        assert stop_serving(process, signal.SIGINT)[-1] == "Stopped."


@pytest.mark.parametrize("option", [["--port", "5"], ["--host", LOOPBACK]])
def test_port_or_host_alone_is_refused_with_a_line_saying_why(option: list[str]) -> None:
    done = subprocess.run([sys.executable, "main.py", *option], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and f"--serve {option[0]}" in done.stdout


def test_hosting_starts_a_server_beside_the_game_and_stops_it(tmp_path: pathlib.Path) -> None:
    hosting = Hosting(tmp_path / "rooms", lan=False, bot_pause=0.0, host=LOOPBACK)
    try:
        hosted = hosting.wait(WAIT)
        assert hosted.port > 0 and hosted.url == f"ws://127.0.0.1:{hosted.port}" and hosted.addresses == (LOOPBACK,)
        assert hosted.urls == (hosted.url,)
        welcome, _ = asyncio.run(open_room(hosted.port))
    finally:
        status = hosting.stop()
    assert status == 0 and not hosting.running
    assert (tmp_path / "rooms" / welcome.code / "match.json").exists()


def test_a_hosted_server_stops_by_itself_when_the_game_is_gone(tmp_path: pathlib.Path) -> None:
    hosting = Hosting(tmp_path / "rooms", lan=False, host=LOOPBACK)
    try:
        hosting.wait(WAIT)
        assert hosting.process.stdin is not None
        hosting.process.stdin.close()  # what the game's end (even a kill) does to the pipe
        assert hosting.process.wait(WAIT) == 0
    finally:
        hosting.stop()


def test_hosting_that_cannot_listen_says_why(tmp_path: pathlib.Path) -> None:
    first = Hosting(tmp_path / "a", lan=False, host=LOOPBACK)
    port = first.wait(WAIT).port
    second = Hosting(tmp_path / "b", port=port, lan=False, host=LOOPBACK)
    try:
        with pytest.raises(HostingFailed, match=f"Cannot listen on port {port}"):
            second.wait(WAIT)
    finally:
        first.stop()
        second.stop()
