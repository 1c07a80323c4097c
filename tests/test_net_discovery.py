"""Rooms on the local network (net.discovery): a server tells the network of a room that asked for it while a seat
waits for a friend, a browser lists it and sees it go when the seat is taken; with no network at all, browsing lists
nothing and raises nothing.

mDNS is multicast: so that no packet can reach a real network, each case runs in a private network namespace of its
own (`unshare -rn`, loopback only), and is skipped where the machine cannot make one.
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from net import messages
from net.client import AsyncClient
from net.discovery import LanAdvertiser, LanBrowser, LanTable
from net.messages import Welcome
from tests.kit.net import expect, serving

ROOT = pathlib.Path(__file__).resolve().parent.parent
NETNS = ["unshare", "-rn"]


def can_isolate() -> bool:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    return subprocess.run([*NETNS, "true"], capture_output=True).returncode == 0


pytestmark = pytest.mark.skipif(not can_isolate(), reason="no private network namespace (unshare -rn) for mDNS")


def isolated(case: str, loopback: bool) -> dict[str, object]:
    """Run `case` of this module in a network namespace of its own (loopback up or not); what it printed."""
    command = f"{'ip link set lo up && ' if loopback else ''}exec {sys.executable} -m tests.test_net_discovery {case}"
    done = subprocess.run(
        [*NETNS, "sh", "-c", command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DOUDIZHU_LAN": "127.0.0.1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_a_room_for_friends_is_found_on_the_local_network_until_its_seat_is_taken() -> None:
    found = isolated("advertise", loopback=True)
    assert found["open"] == [["standard", "Ann", 1]] and found["port_matches"] is True
    assert found["taken"] == [] and found["faults"] == []


def test_browsing_without_any_network_finds_nothing_and_raises_nothing() -> None:
    found = isolated("no_network", loopback=False)
    assert found["tables"] == [] and isinstance(found["problem"], str)


# ----- the cases, as they run inside the namespace -----------------------------------------------------------------


async def advertise() -> dict[str, object]:
    browser = LanBrowser()

    async def tables(test: Callable[[list[LanTable]], bool]) -> list[LanTable]:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not test(browser.tables()):
            await asyncio.sleep(0.05)
        return browser.tables()

    async with serving(pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"lan-{os.getpid()}") as server:
        advertiser = LanAdvertiser(server.port, ["127.0.0.1"], ["127.0.0.1"])
        server.listings_changed = advertiser.update
        host = await AsyncClient.connect(f"ws://127.0.0.1:{server.port}")
        await host.send(messages.hello("Ann"))
        await host.send(messages.create("standard", "easy", ["open", "bot"], lan=True))
        code = (await expect(host, Welcome)).code
        seen = await tables(lambda found: found)
        friend = await AsyncClient.connect(seen[0].url)
        await friend.send(messages.hello("Bob"))
        await friend.send(messages.join(seen[0].code))
        await expect(friend, Welcome)
        gone = await tables(lambda found: not found)
        await advertiser.close()
        matches = all(t.port == server.port and t.code == code for t in seen)
        faults = list(server.faults)
    browser.close()
    found = [[t.ruleset, t.host, t.open_seats] for t in seen]
    return {"open": found, "port_matches": matches, "taken": gone, "faults": faults}


def no_network() -> dict[str, object]:
    browser = LanBrowser()
    time.sleep(0.5)
    found = browser.tables()
    browser.close()
    return {"tables": found, "problem": browser.problem}


if __name__ == "__main__":
    case = sys.argv[1]
    print(json.dumps(asyncio.run(advertise()) if case == "advertise" else no_network(), default=str))
