"""The headless room server's command line: `python main.py --serve [--port N] [--host ADDR]` for a dedicated
server, and `python -m net.serve` as hosting starts it beside the game (`--announce` prints the port as one JSON line,
`--watch` stops the server when the game that started it is gone).

It prints where it listens, and stops cleanly on Ctrl+C or SIGTERM, saving every room; started again on the same
rooms directory it brings them back, and players rejoin with their seat tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import pathlib
import signal
import sys

from net.discovery import LanAdvertiser, lan_interfaces, local_addresses
from net.limits import Limits
from net.protocol import ANY_ADDRESS, DEFAULT_PORT, VERSION
from net.room import Pace
from net.server import Server, Settings


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A Dou Dizhu room server: friends join rooms by code.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument(
        "--host", default=ANY_ADDRESS, help="address to listen on (default: every IPv4 address of this machine)"
    )
    parser.add_argument("--rooms", type=pathlib.Path, required=True, help="where each room is saved")
    parser.add_argument("--lan", action="store_true", help="tell the local network of rooms that ask for it (mDNS)")
    parser.add_argument("--bot-pause", type=float, default=Pace().bot_pause, help="seconds a bot waits before acting")
    parser.add_argument("--announce", action="store_true", help="print the port as one JSON line once listening")
    parser.add_argument("--watch", action="store_true", help="stop when standard input closes (the game is gone)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return serve(parse_args(argv))


def run(port: int | None, rooms: pathlib.Path, host: str | None = None) -> int:
    """`python main.py --serve [--port N] [--host ADDR]`: the rooms are saved in `rooms`."""
    options = [*([] if port is None else ["--port", str(port)]), *([] if host is None else ["--host", host])]
    return main(["--rooms", str(rooms), *options])


def serve(args: argparse.Namespace, limits: Limits | None = None) -> int:
    """Run the server until Ctrl+C, SIGTERM or (with --watch) the end of standard input; 2 when it cannot start.
    `limits`: the server's (a benchmark raises them), else the defaults."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    if not 0 <= args.port <= 65535:
        print(f"--port must be a port number from 0 to 65535, not {args.port}.")
        return 2
    if not args.bot_pause >= 0:
        print(f"--bot-pause must be zero or more seconds, not {args.bot_pause}.")
        return 2
    return asyncio.run(_serve(args, limits or Limits()))


async def _serve(args: argparse.Namespace, limits: Limits) -> int:
    server = Server(Settings(args.rooms, limits, Pace(bot_pause=args.bot_pause)))
    try:
        await server.start(args.host, args.port)
    except OSError as failed:
        print(f"Cannot listen on port {args.port}: {failed.strerror or failed}.")
        await server.stop()
        return 2
    addresses = [args.host] if args.host != ANY_ADDRESS else [*local_addresses(), "127.0.0.1"]
    advertiser = LanAdvertiser(server.port, addresses, lan_interfaces()) if args.lan else None
    if advertiser is not None:
        server.listings_changed = advertiser.update
        advertiser.update(server.listings())
    if args.announce:
        print(json.dumps({"port": server.port, "addresses": addresses}), flush=True)
    else:
        print(f"Serving rooms (protocol {VERSION}) on port {server.port}; players connect to:")
        print("\n".join(f"  ws://{address}:{server.port}" for address in addresses))
        print(f"{len(server.rooms)} saved rooms brought back from {args.rooms}. Ctrl+C stops and saves every room.")
        sys.stdout.flush()
    await _until_stopped(args.watch)
    if not args.announce:
        print(f"Stopping: saving {len(server.rooms)} rooms...", flush=True)
    if advertiser is not None:
        await advertiser.close()
    await server.stop()
    if not args.announce:
        print("Stopped.", flush=True)
    return 0


async def _until_stopped(watch: bool) -> None:
    """Wait for SIGINT or SIGTERM, or (`watch`) for standard input to close."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if watch:
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

        async def until_eof() -> None:
            with contextlib.suppress(OSError, ValueError):
                while await reader.read(4096):
                    pass
            stop.set()

        watcher = loop.create_task(until_eof())
        await stop.wait()
        watcher.cancel()
        return
    await stop.wait()


if __name__ == "__main__":
    sys.exit(main())
