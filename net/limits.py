"""The server's limits, and the token buckets that enforce its rates (per connection, per address, per server).

Every number a hostile client could push against has a cap here, so `--serve` runs with these and the tests and the
benchmark state plainly which ones they raise.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    rooms: int = 500  # rooms on one server
    connections: int = 2000  # open connections on one server
    connections_per_address: int = 32
    messages_per_second: float = 8.0  # a connection's steady rate of frames ...
    message_burst: int = 40  # ... and how many it may send at once
    flood: int = 200  # frames refused or dropped in a row (for any reason) at which the connection is closed
    failed_joins_per_minute: float = 10.0  # wrong codes or tokens from one address: no enumerating codes
    failed_join_burst: int = 10
    server_failed_joins_per_minute: float = 120.0  # the same over every address together
    creates_per_minute: float = 6.0  # rooms one address may open
    create_burst: int = 6
    send_queue: int = 256  # frames waiting for a slow client; past it the client is dropped (and may rejoin)
    hello_seconds: float = 15.0  # a connection must say hello within this
    idle_room_seconds: float = 24 * 3600.0  # a room nobody is connected to ends after this
    addresses: int = 10_000  # addresses whose rates are remembered (the least recently seen are forgotten)


class Bucket:
    """A token bucket: `burst` tokens, refilled at `rate` per second; each event takes one."""

    __slots__ = ("burst", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Take a token if there is one."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def has(self) -> bool:
        """Is a token left (without taking it)?"""
        self._refill()
        return self.tokens >= 1.0

    def wait(self) -> float:
        """Seconds until a token is back."""
        self._refill()
        return 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate


class Buckets:
    """One bucket per key (an address), the `cap` most recently used kept: memory stays bounded whatever arrives."""

    def __init__(self, rate: float, burst: int, cap: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.cap, self.clock = rate, burst, cap, clock
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def __getitem__(self, key: str) -> Bucket:
        bucket = self.buckets.pop(key, None) or Bucket(self.rate, self.burst, self.clock)
        self.buckets[key] = bucket
        while len(self.buckets) > self.cap:
            self.buckets.popitem(last=False)
        return bucket


def per_minute(count: float) -> float:
    return count / 60.0
