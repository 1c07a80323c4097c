"""The room server's bots: worker processes (`net.botworker`) asked over pipes from the event loop, never thinking in
it, so a bot's search never delays a frame to a player.

Our own small pool rather than `concurrent.futures.ProcessPoolExecutor`: in Python 3.11 a pool whose worker dies while
a withdrawn request waits breaks in its manager thread and can hang the interpreter at exit (see the docstring of
scenes/platform/worker.py). Here a request withdrawn before a worker takes it is never sent; a worker that dies or
thinks past the timeout is killed and started again, its request asked once more, and a request that fails twice
(or that the bot itself fails) gets the seat's fallback action (`game.bots.seat.fallback_action`): a room always
moves on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import pathlib
import sys
from collections import deque
from dataclasses import dataclass, field

from game.actions import Action, from_json
from game.bots.seat import fallback_action
from game.observe import Observation
from net.wire import WireError, encode_view

ROOT = pathlib.Path(__file__).resolve().parent.parent
log = logging.getLogger("net.bots")


@dataclass
class Request:
    view: Observation
    level: str
    seed: str
    future: asyncio.Future[Action]
    ident: int
    tries: int = 0

    def line(self) -> bytes:
        request = {"id": self.ident, "view": encode_view(self.view), "level": self.level, "seed": self.seed}
        return (json.dumps(request) + "\n").encode()

    def settle(self, action: Action) -> None:
        if not self.future.done():
            self.future.set_result(action)

    def fall_back(self, why: str) -> None:
        log.warning("bot for seat %s fell back: %s", self.view.seat, why)
        self.settle(fallback_action(self.view))


@dataclass
class Worker:
    process: asyncio.subprocess.Process
    asked: Request | None = None
    alive: bool = True
    timer: asyncio.TimerHandle | None = None
    reader: asyncio.Task[None] | None = field(default=None, repr=False)


class BotPool:
    """`workers` bot processes; `ask` returns a future that always ends in an action for the seat."""

    def __init__(self, workers: int = 2, timeout: float = 30.0) -> None:
        self.size, self.timeout = workers, timeout
        self.workers: list[Worker] = []
        self.waiting: deque[Request] = deque()
        self.counter = 0  # questions asked
        self.sent = 0  # questions sent to a worker (a withdrawn one is not)
        self.restarts = 0
        self.closed = False

    async def start(self) -> None:
        for _ in range(self.size):
            self.workers.append(await self._spawn())

    async def _spawn(self) -> Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "net.botworker",
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        worker = Worker(process)
        worker.reader = asyncio.get_running_loop().create_task(self._read(worker))
        return worker

    def ask(self, view: Observation, level: str, seed: str) -> asyncio.Future[Action]:
        """The bot of `level` decides for `view.seat`; cancel the future to withdraw the question."""
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self.counter += 1
        self.waiting.append(Request(view, level, seed, future, self.counter))
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        for worker in self.workers:
            while worker.alive and worker.asked is None and self.waiting and not self.closed:
                request = self.waiting.popleft()
                if request.future.done():  # withdrawn before any worker took it: never computed
                    continue
                self._send(worker, request)

    def _send(self, worker: Worker, request: Request) -> None:
        """Hand `request` to the worker; a view that cannot be written gets the seat's fallback at once, and the
        worker stays free."""
        stdin = worker.process.stdin
        assert stdin is not None
        try:
            line = request.line()
        except WireError as unsendable:
            request.fall_back(str(unsendable))
            return
        request.tries += 1
        self.sent += 1
        worker.asked = request
        worker.timer = asyncio.get_running_loop().call_later(self.timeout, self._too_slow, worker)
        stdin.write(line)

    def _too_slow(self, worker: Worker) -> None:
        if worker.asked is not None:
            worker.asked.fall_back(f"no answer within {self.timeout} s")
        with contextlib.suppress(ProcessLookupError):
            worker.process.kill()

    async def _read(self, worker: Worker) -> None:
        stdout = worker.process.stdout
        assert stdout is not None
        while True:
            try:
                line = await stdout.readline()
            except (ValueError, OSError):  # an over-long line, a broken pipe: the worker is replaced
                line = b""
            if not line:
                await self._lost(worker)
                return
            self._answered(worker, line)

    def _answered(self, worker: Worker, line: bytes) -> None:
        request, worker.asked = worker.asked, None
        if worker.timer is not None:
            worker.timer.cancel()
        if request is not None:
            try:
                reply = json.loads(line)
                if "error" in reply:
                    request.fall_back(str(reply["error"]))
                else:
                    request.settle(from_json(reply["action"]))
            except (ValueError, KeyError, TypeError) as bad:
                request.fall_back(f"unreadable answer: {bad}")
        self._dispatch()

    async def _lost(self, worker: Worker) -> None:
        """A worker ended: its question is asked once more of a new worker, or falls back."""
        worker.alive = False
        if worker.timer is not None:
            worker.timer.cancel()
        request, worker.asked = worker.asked, None
        if request is not None and not request.future.done():
            if request.tries < 2:
                self.waiting.appendleft(request)
            else:
                request.fall_back("the bot's worker died twice on it")
        if self.closed or worker not in self.workers:
            return
        self.restarts += 1
        log.warning("a bot worker ended (exit %s): starting another", worker.process.returncode)
        index = self.workers.index(worker)
        try:
            self.workers[index] = await self._spawn()
        except OSError as failed:  # no new process: the questions fall back rather than wait forever
            log.error("no bot worker could be started: %s", failed)
            self.workers.pop(index)
            while not self.workers and self.waiting:
                self.waiting.popleft().fall_back("no bot worker")
        self._dispatch()

    async def close(self) -> None:
        self.closed = True
        for request in self.waiting:
            request.future.cancel()
        self.waiting.clear()
        for worker in self.workers:
            if worker.timer is not None:
                worker.timer.cancel()
            if worker.process.stdin is not None:
                worker.process.stdin.close()
        for worker in self.workers:
            try:
                await asyncio.wait_for(worker.process.wait(), 5.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    worker.process.kill()
                await worker.process.wait()
            if worker.reader is not None:
                await worker.reader
        self.workers.clear()
