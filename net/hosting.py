"""Hosting from the game: the room server in a child process beside the window (so the server never competes with
the frames for the GIL), on a free port, saving its rooms in a directory; the host's own window then joins over
loopback like any client.

`Hosting(...)` returns at once; `poll()` from the frame loop says when the server listens (and where), `stop()` ends
it, saving every room. The child stops by itself when the game is gone (its standard input closes), so no orphan
server outlives a crashed or killed game.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass

from net.protocol import ANY_ADDRESS

ROOT = pathlib.Path(__file__).resolve().parent.parent
STOP_SECONDS = 10.0  # a stopping server saves its rooms within this, or is killed


class HostingFailed(RuntimeError):
    """The server could not start; the message says why (its own last words)."""


@dataclass(frozen=True)
class Hosted:
    """Where the hosted server listens: the host joins `url`; friends join one of `addresses` at `port`."""

    port: int
    addresses: tuple[str, ...]

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(f"ws://{address}:{self.port}" for address in self.addresses)


class Hosting:
    """A room server started as a child process; nothing here waits unless asked to (`wait`)."""

    def __init__(
        self,
        rooms: pathlib.Path,
        port: int = 0,
        lan: bool = False,  # tell the local network of the rooms that ask for it (mDNS: see net.discovery)
        bot_pause: float | None = None,
        host: str = ANY_ADDRESS,
        module: str = "net.serve",  # what runs the server: it takes net.serve's arguments (a benchmark has its own)
    ) -> None:
        command = [sys.executable, "-m", module, "--rooms", str(rooms), "--port", str(port), "--host", host]
        command += ["--announce", "--watch", *(["--lan"] if lan else [])]
        command += [] if bot_pause is None else ["--bot-pause", str(bot_pause)]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # Ctrl+C in the game's terminal is the game's to handle: it stops us itself
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.hosted: Hosted | None = None
        self.said: deque[str] = deque(maxlen=20)  # the server's last lines on stderr, for a failure's message
        threading.Thread(target=self._read_out, name="hosting-out", daemon=True).start()
        threading.Thread(target=self._read_err, name="hosting-err", daemon=True).start()

    def _read_out(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            try:
                data = json.loads(line)
                self.hosted = Hosted(int(data["port"]), tuple(str(a) for a in data["addresses"]))
            except (ValueError, KeyError, TypeError):  # a line that is not the announcement: why it could not start
                self.said.append(line.rstrip())

    def _read_err(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.said.append(line.rstrip())

    def poll(self) -> Hosted | None:
        """Where the server listens once it does; None while it starts. HostingFailed when it ended."""
        if self.hosted is not None:
            return self.hosted
        if self.process.poll() is not None:
            time.sleep(0.05)  # its last words may still be on their way
            raise HostingFailed(self._why())
        return None

    def wait(self, timeout: float = 30.0) -> Hosted:
        """Block until the server listens (for tests and scripts; the game polls)."""
        deadline = time.monotonic() + timeout
        while (hosted := self.poll()) is None:
            if time.monotonic() > deadline:
                self.stop()
                raise HostingFailed(f"the server did not start within {timeout} seconds")
            time.sleep(0.02)
        return hosted

    def _why(self) -> str:
        lines = [line for line in self.said if line.strip()]
        return lines[-1] if lines else f"the server ended (exit status {self.process.returncode})"

    def stop(self, timeout: float = STOP_SECONDS) -> int | None:
        """Stop the server, which saves every room; killed if it takes longer than `timeout`. Its exit status."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        return self.process.returncode

    @property
    def running(self) -> bool:
        return self.process.poll() is None
