"""Rooms under load: N rooms of scripted players on loopback for a bounded time; prints actions per second, the
latency from a player's action to the last of its room's players receiving its update (p50/p99), and the server's
memory per room.

Run: `python -m benchmarks.rooms [--rooms 100] [--people 3] [--seconds 30] [--think 0.5] [--ruleset standard]`.
The server runs in a child process as hosting runs it (`net.hosting`, `net.serve`), with its limits raised for one
address (every player here is 127.0.0.1) and the bots' pause at 0; the players run in this process, each acting
`--think` seconds (+-50%) after its turn comes, a random one of its choices (`game.choices`), and saying ready
between hands. A latency is measured only for a player's own action (a bot's starts inside the server), in this
process's clock, so this process's own delays count against the server. Memory is the server's resident size grown
since it started, over the rooms; its CPU time is read from /proc.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pathlib
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect

from game.choices import choices
from game.rulesets import RULESETS
from net import messages
from net.hosting import Hosting
from net.limits import Limits
from net.serve import parse_args as serve_args
from net.serve import serve
from net.wire import decode_view

BENCH_LIMITS = Limits(  # one address holds every player, and the rooms are opened in a burst
    rooms=10_000,
    connections=10_000,
    connections_per_address=10_000,
    creates_per_minute=1e6,
    create_burst=10_000,
    messages_per_second=1e3,
    message_burst=1_000,
)
OVER = ("hand_over", "match_over")


@dataclass
class Room:
    players: int
    step: int = -1  # the last step the room's host saw
    actions: int = 0  # the steps seen in the measured window
    waiting: dict[int, tuple[float, set[int]]] = field(default_factory=dict)  # step -> (sent at, players to reach)


@dataclass
class Bench:
    think: float
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)  # how late this process's loop woke from a 10 ms sleep

    async def watch_lag(self) -> None:
        """This process's own delays (a busy machine's, mostly): they count in every latency measured here."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(0.01)
            if self.measuring:
                self.lags.append(time.monotonic() - before - 0.01)

    def arrived(self, room: Room, seat: int, step: int, now: float) -> None:
        if seat == 0:
            if self.measuring and room.step >= 0:
                room.actions += step - room.step if step > room.step else 1  # a new match starts at step 0
            room.step = step
        if step in room.waiting:
            sent, left = room.waiting[step]
            left.discard(seat)
            if not left:
                del room.waiting[step]
                if self.measuring:
                    self.latencies.append(now - sent)


async def player(bench: Bench, room: Room, ws: ClientConnection, seat: int, rng: random.Random) -> None:
    """Play `seat` until the connection ends."""
    readied = -1
    async for text in ws:
        now = time.monotonic()
        data = json.loads(text)
        if data["type"] != "update":
            continue
        bench.arrived(room, seat, data["step"], now)
        view = data["view"]
        if view["phase"] in OVER:
            if view["hands_played"] > readied or view["phase"] == "match_over":
                readied = view["hands_played"]
                await ws.send(messages.ready())
            continue
        if seat in view["waiting"]:
            await asyncio.sleep(bench.think * rng.uniform(0.5, 1.5))
            action = rng.choice(choices(decode_view(view)))
            room.waiting[data["step"] + 1] = (time.monotonic(), set(range(room.players)))
            await ws.send(messages.act(action))


async def open_room(url: str, ruleset: str, people: int) -> list[ClientConnection]:
    """A room with `people` players (the rest bots), started: its players' connections, the host's first."""
    seats = RULESETS[ruleset].players
    host = await connect(url, proxy=None)
    await host.send(messages.hello("Host"))
    await host.send(messages.create(ruleset, "easy", ["open"] * (people - 1) + ["bot"] * (seats - people)))
    code = json.loads(await host.recv())["code"]
    players = [host]
    for n in range(1, people):
        guest = await connect(url, proxy=None)
        await guest.send(messages.hello(f"P{n}"))
        await guest.send(messages.join(code))
        await guest.send(messages.ready())
        players.append(guest)
    while people > 1:  # the host starts once every guest is ready
        said = json.loads(await host.recv())
        if said["type"] == "room" and all(s["ready"] for s in said["seats"][1:people]):
            break
    await host.send(messages.start())
    return players


def percentiles(values: list[float]) -> tuple[float, float]:
    """p50 and p99, in milliseconds."""
    if len(values) < 2:
        return 0.0, 0.0
    cuts = statistics.quantiles(values, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


def resident(pid: int) -> int:
    """A process's resident memory, in bytes."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime + stime, in clock ticks of 1/100 s


async def run(args: argparse.Namespace) -> list[str]:
    with tempfile.TemporaryDirectory() as rooms_dir:
        hosting = Hosting(
            pathlib.Path(rooms_dir), lan=False, bot_pause=0.0, host="127.0.0.1", module="benchmarks.rooms"
        )
        try:
            hosted = hosting.wait(60.0)
            pid = hosting.process.pid
            await asyncio.sleep(1.0)  # the bot workers started
            base = resident(pid)
            bench = Bench(args.think)
            watcher = asyncio.create_task(bench.watch_lag())
            rooms = [Room(args.people) for _ in range(args.rooms)]
            tasks = []
            for n, room in enumerate(rooms):
                players = await open_room(hosted.url, args.ruleset, args.people)
                rng = random.Random(n)
                tasks += [asyncio.create_task(player(bench, room, ws, seat, rng)) for seat, ws in enumerate(players)]
            await asyncio.sleep(2.0)  # every room under way
            bench.measuring, started, cpu = True, time.monotonic(), cpu_seconds(pid)
            await asyncio.sleep(args.seconds)
            bench.measuring = False
            elapsed, used, loaded = time.monotonic() - started, cpu_seconds(pid) - cpu, resident(pid)
            for task in [*tasks, watcher]:
                task.cancel()
        finally:
            hosting.stop()
    actions = sum(room.actions for room in rooms)
    lat = sorted(bench.latencies)
    p50, p99 = percentiles(lat)
    lag50, lag99 = percentiles(bench.lags)
    return [
        f"{args.rooms} rooms of {args.ruleset} ({args.people} players each, {args.rooms * args.people} connections), "
        f"think {args.think} s, {elapsed:.1f} s measured",
        f"actions per second: {actions / elapsed:,.1f} ({actions:,} actions, bots' included)",
        f"latency, a player's action -> its update at every player of the room: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
        f"max {max(lat, default=0) * 1000:.1f} ms ({len(lat):,} actions)",
        f"this process's own lag (a 10 ms sleep woken late by): p50 {lag50:.1f} ms, p99 {lag99:.1f} ms",
        f"server: {used / elapsed:.0%} of a core; resident {base / 2**20:.1f} MB at start, "
        f"{loaded / 2**20:.1f} MB with the rooms: {(loaded - base) / args.rooms / 1024:.0f} KB per room",
    ]


def main() -> None:
    if "--rooms" in sys.argv and "--announce" in sys.argv:  # the child: the server itself, with the limits raised
        sys.exit(serve(serve_args(sys.argv[1:]), BENCH_LIMITS))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--people", type=int, default=3, help="players per room (1 to the table's seats; bots fill)")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5, help="a player's pause before acting, in seconds")
    parser.add_argument("--ruleset", choices=list(RULESETS), default="standard")
    args = parser.parse_args()
    print("\n".join(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
