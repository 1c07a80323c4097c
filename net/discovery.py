"""Rooms on the local network, by mDNS (the `zeroconf` package): the server tells the network of each room that asked
for it while a seat waits for a friend (`LanAdvertiser`), and the Join screen lists them (`LanBrowser`, polled from
the frame loop, its zeroconf work on a thread of its own).

Neither ever raises for want of a network: an advertiser that cannot start says so in the log and serves on, and a
browser that cannot start (or finds nothing) lists nothing and keeps the reason in `problem`.

Which interfaces are used: all of them, unless the environment variable DOUDIZHU_LAN names addresses (comma-separated,
e.g. `127.0.0.1`), so that a sandbox keeps mDNS on the loopback interface; under pytest the loopback unless it says
otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.loop_thread import LoopThread
from net.protocol import VERSION

SERVICE = "_doudizhu._tcp.local."
ENV_VAR = "DOUDIZHU_LAN"
NAME_BYTES = 40  # of the host's name in a service's name (an mDNS label holds 63 bytes)
RESOLVE_MS = 3000
log = logging.getLogger("net.discovery")


def lan_interfaces() -> list[str] | InterfaceChoice:
    """The interfaces mDNS uses: every one, or the addresses DOUDIZHU_LAN names; under pytest the loopback interface
    unless DOUDIZHU_LAN says otherwise, so that no test (a screen reached by random input, say) sends multicast to a
    real network."""
    chosen = os.environ.get(ENV_VAR, "").strip() or ("127.0.0.1" if "PYTEST_CURRENT_TEST" in os.environ else "")
    if not chosen or chosen == "all":
        return InterfaceChoice.All
    return [address.strip() for address in chosen.split(",") if address.strip()]


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other players can reach (not the loopback), for telling them where to connect."""
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    found = [str(ip.ip) for adapter in adapters for ip in adapter.ips if isinstance(ip.ip, str)]
    return [address for address in found if not address.startswith("127.")]


@dataclass(frozen=True)
class Listing:
    """A room as the server has the network told of it: only rooms that asked for it, with a seat for a friend."""

    code: str
    ruleset: str
    host: str
    open_seats: int


@dataclass(frozen=True)
class LanTable:
    """A room found on the local network: where to connect and the code to join with."""

    code: str
    ruleset: str
    host: str  # the name of the player who hosts it
    open_seats: int
    address: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def _service_name(listing: Listing) -> str:
    host = listing.host.encode()[:NAME_BYTES].decode(errors="ignore").replace(".", " ") or "Dou Dizhu"
    return f"{host} {listing.code}.{SERVICE}"


class LanAdvertiser:
    """Keeps the network told of the server's LAN rooms; `update` is called by the server on every change."""

    def __init__(self, port: int, addresses: list[str], interfaces: list[str] | InterfaceChoice) -> None:
        self.port, self.interfaces = port, interfaces
        self.addresses = [socket.inet_aton(address) for address in addresses if _ipv4(address)]
        self.server = f"doudizhu-{socket.gethostname().split('.')[0] or 'host'}-{port}.local."
        self.zeroconf: AsyncZeroconf | None = None
        self.wanted: dict[str, Listing] = {}
        self.shown: dict[str, tuple[Listing, AsyncServiceInfo]] = {}
        self.task: asyncio.Task[None] | None = None
        self.broken = False

    def update(self, listings: list[Listing]) -> None:
        self.wanted = {listing.code: listing for listing in listings}
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        """Register, update and withdraw services until what is shown is what is wanted."""
        try:
            if self.zeroconf is None and not self.broken:
                self.zeroconf = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
            while self.zeroconf is not None and self._differs():
                await self._step(self.zeroconf)
        except (OSError, RuntimeError, ValueError) as failed:  # zeroconf's own errors derive from these
            self.broken = True
            log.warning("the local network cannot be told of rooms: %s", failed)

    def _differs(self) -> bool:
        return {code: shown for code, (shown, _) in self.shown.items()} != self.wanted

    async def _step(self, zeroconf: AsyncZeroconf) -> None:
        for code in [code for code in self.shown if code not in self.wanted]:
            _, info = self.shown.pop(code)
            await zeroconf.async_unregister_service(info)
        for code, listing in list(self.wanted.items()):
            old = self.shown.get(code)
            if old is not None and old[0] == listing:
                continue
            info = AsyncServiceInfo(
                SERVICE,
                _service_name(listing),
                port=self.port,
                addresses=self.addresses,
                properties={
                    "v": str(VERSION),
                    "code": code,
                    "ruleset": listing.ruleset,
                    "host": listing.host,
                    "open": str(listing.open_seats),
                },
                server=self.server,
            )
            if old is None:
                await zeroconf.async_register_service(info, allow_name_change=True)
            else:
                await zeroconf.async_update_service(info)
            self.shown[code] = (listing, info)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.zeroconf is not None:
            with contextlib.suppress(OSError, RuntimeError):
                await self.zeroconf.async_unregister_all_services()
                await self.zeroconf.async_close()


class LanBrowser:
    """The rooms the local network tells of, for the Join screen: `tables()` never waits and never raises."""

    def __init__(self, interfaces: list[str] | InterfaceChoice | None = None) -> None:
        self.interfaces = lan_interfaces() if interfaces is None else interfaces
        self.found: dict[str, LanTable] = {}
        self.problem: str | None = None  # why nothing can be found, if the browser could not start
        self._stop: asyncio.Event | None = None
        self._thread = LoopThread(self._main, "lan-browser")

    def tables(self) -> list[LanTable]:
        """The rooms found so far that speak this protocol, by host name."""
        return sorted(self.found.values(), key=lambda table: (table.host, table.code))

    def close(self) -> None:
        if self._stop is not None:
            self._thread.call(self._stop.set)

    def join_thread(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            zeroconf = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        except (OSError, RuntimeError, ValueError) as failed:
            self.problem = f"the local network cannot be searched: {failed}"
            return
        resolving: set[asyncio.Task[None]] = set()

        def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
            if state_change is ServiceStateChange.Removed:
                self.found.pop(name, None)
                return
            task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name))
            resolving.add(task)
            task.add_done_callback(resolving.discard)

        try:
            browser = AsyncServiceBrowser(zeroconf.zeroconf, SERVICE, handlers=[changed])
            await self._stop.wait()
            await browser.async_cancel()
        except (OSError, RuntimeError, ValueError) as failed:
            self.problem = f"the local network cannot be searched: {failed}"
        finally:
            for task in resolving:
                task.cancel()
            with contextlib.suppress(OSError, RuntimeError):
                await zeroconf.async_close()

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        info = AsyncServiceInfo(SERVICE, name)
        try:
            if not await info.async_request(zeroconf, RESOLVE_MS):
                return
        except (OSError, RuntimeError, ValueError):
            return
        table = _table(info)
        if table is not None:
            self.found[name] = table


def _table(info: AsyncServiceInfo) -> LanTable | None:
    """A service's room, or None when it is not one of ours of this protocol version (or says nonsense)."""
    props: dict[str, Any] = {
        key.decode(errors="replace"): (value or b"").decode(errors="replace") for key, value in info.properties.items()
    }
    addresses = [address for address in info.parsed_addresses() if _ipv4(address)]
    try:
        if props.get("v") != str(VERSION) or not addresses or info.port is None:
            return None
        return LanTable(props["code"], props["ruleset"], props["host"], int(props["open"]), addresses[0], info.port)
    except (KeyError, ValueError):
        return None


def _ipv4(address: str) -> bool:
    try:
        socket.inet_aton(address)
    except OSError:
        return False
    return address.count(".") == 3
