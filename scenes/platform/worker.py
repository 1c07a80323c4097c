"""Bot decisions off the frame: the app's worker process computes, a countdown in table time gives the pause.

The bots think in another process (a thread would hold the GIL and stall the frames on a 2-core machine). A result
is handed over only when both the worker process has finished and the pause has elapsed, and only for the turn it
was asked about (`key`), so a stale answer after a new game or a load is never applied.

A dying worker (killed, out of memory) must not end the game: `BotPool` starts a new one and asks again, and the
table says so once. The worker watches its parent and exits when the game is gone (killed with SIGKILL, say), so no
orphan keeps thinking.

The worker is our own process and pipe, not `concurrent.futures.ProcessPoolExecutor`: in Python 3.11 a pool whose
worker dies while a withdrawn request waits has its manager thread fail (`InvalidStateError`) before it stops the
other processes, and the interpreter then waits for them at exit, forever. Ours is a daemon process, asked one
thing at a time: a withdrawn request that has not been sent is never computed, and closing the game kills it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from pathlib import Path
from traceback import format_exception
from typing import Any

PARENT_CHECK = 0.5  # seconds between the worker's looks at its parent
MAX_NICENESS = 19  # the lowest priority there is


def lowered(who: int, niceness: int) -> int:
    """The niceness of `who` (a process, or on Linux a thread) made `niceness` lower in priority, at most the
    lowest there is."""
    return min(MAX_NICENESS, os.getpriority(os.PRIO_PROCESS, who) + niceness)


class WorkerTraceback(Exception):
    """The `__cause__` of an error raised in the worker: the worker's own traceback, as text (`tb`)."""

    def __init__(self, tb: str) -> None:
        super().__init__(tb)
        self.tb = tb


def watch_parent(parent: int, interval: float = PARENT_CHECK) -> None:
    """Exit the worker at once when the process that started it is gone (it then belongs to another parent)."""
    while os.getppid() == parent:
        time.sleep(interval)
    os._exit(0)


def answer(request: bytes) -> bytes:
    """The worker's reply to one pickled (fn, args, kwargs): (True, result) or (False, error, traceback text). An
    error that would not survive the trip is sent as a RuntimeError naming it."""
    try:
        fn, args, kwargs = pickle.loads(request)
        return pickle.dumps((True, fn(*args, **kwargs), ""))
    except Exception as failed:
        said = "".join(format_exception(failed))
        try:
            reply = pickle.dumps((False, failed, said))
            pickle.loads(reply)
        except Exception:
            reply = pickle.dumps((False, RuntimeError(f"{type(failed).__name__}: {failed}"), said))
        return reply


def serve(conn: Connection, priority: int, parent: int) -> None:
    """The worker process: a lower priority (the niceness `priority`, unless it was born lower still), so the
    frames win the CPU; a watch on the game's process; the bots imported before the first question (as the game
    loads, not on the first bot turn in the middle of a deal); deaf to Ctrl+C, which a terminal sends to every
    process of the game: the game quits and closes the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(max(0, priority - os.nice(0)))
    threading.Thread(target=watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    import game.bots  # noqa: F401

    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):  # the game closed its end
            return
        conn.send_bytes(answer(request))


def ask(pool: Executor | None, fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
    """`fn(*args)` asked of the bots' worker, the one way every question goes there besides a bot's turn (`Thinker`):
    a suggestion, the swap's proposal, a puzzle's search. None when there is no worker or it refuses (shut down or
    broken): the question then has no answer, and nothing else is lost."""
    if pool is None:
        return None
    try:
        return pool.submit(fn, *args)
    except (RuntimeError, BrokenExecutor):
        return None


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """A worker started with its standard error going nowhere. A terminal's Ctrl+C reaches every process of the
    game, and one that comes while the worker's interpreter starts, before `serve` ignores it, would print a
    KeyboardInterrupt of its own (the game then quits and closes the worker). The worker says nothing on stderr
    anyway: its errors travel back with its answers (`answer`). The game's own stderr is back once it has started."""
    if sys.stderr is not None:
        sys.stderr.flush()
    nowhere = os.open(os.devnull, os.O_WRONLY)
    try:
        kept = os.dup(2)
    except OSError:  # no stderr at all: nothing to keep quiet
        os.close(nowhere)
        yield
        return
    os.dup2(nowhere, 2)
    os.close(nowhere)
    try:
        yield
    finally:
        os.dup2(kept, 2)
        os.close(kept)


def lost(answer: Future[Any]) -> bool:
    """Did `answer` fail because its worker died (not because the question failed, nor because it was withdrawn)?"""
    return answer.done() and not answer.cancelled() and isinstance(answer.exception(), BrokenProcessPool)


def run_here(fn: Callable[..., Any], *args: Any) -> Future[Any]:
    """`fn(*args)` computed in this process, as a finished future: a bot's turn when no worker can be started."""
    done: Future[Any] = Future()
    try:
        done.set_result(fn(*args))
    except Exception as failed:
        done.set_exception(failed)
    return done


class Worker:
    """One worker process, its pipe, the requests waiting for it and a thread that takes its answers."""

    def __init__(self, niceness: int) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.conn, theirs = spawn.Pipe()
        priority = lowered(os.getpid(), niceness)  # the game's
        self.process = spawn.Process(target=serve, args=(theirs, priority, os.getpid()), name="bots", daemon=True)
        with silenced():
            self.process.start()
        theirs.close()
        self.lock = threading.Lock()
        self.waiting: deque[tuple[Future[Any], bytes]] = deque()
        self.asked: Future[Any] | None = None  # the request the worker is computing
        self.broken = False
        threading.Thread(target=self._answers, daemon=True, name="bot-answers").start()

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            request = pickle.dumps((fn, args, kwargs))
        except Exception as unsendable:
            future.set_exception(unsendable)
            return future
        with self.lock:
            if self.broken:
                raise BrokenProcessPool("the bots' worker process has died")
            self.waiting.append((future, request))
            self._send_next()
        return future

    def _send_next(self) -> None:
        """Send the oldest request that was not withdrawn, if the worker is free (under the lock)."""
        while self.asked is None and self.waiting and not self.broken:
            future, request = self.waiting.popleft()
            if not future.set_running_or_notify_cancel():
                continue  # withdrawn before it was sent: never computed
            self.asked = future
            try:
                self.conn.send_bytes(request)
            except OSError:
                self._lost()

    def _answers(self) -> None:
        while True:
            try:
                reply = self.conn.recv_bytes()
            except (EOFError, OSError):  # the worker died or was killed
                with self.lock:
                    self._lost()
                self.conn.close()  # closed here, where it is read, never under a read in progress
                return
            with self.lock:
                future, self.asked = self.asked, None
                if future is not None:
                    settle(future, reply)
                self._send_next()

    def _lost(self) -> None:
        """The worker is gone: every request asked of it fails as lost (under the lock)."""
        self.broken = True
        lost = [self.asked] if self.asked is not None else []
        lost += [future for future, _ in self.waiting if future.set_running_or_notify_cancel()]
        self.asked = None
        self.waiting.clear()
        for future in lost:
            future.set_exception(BrokenProcessPool("the bots' worker process died while thinking"))

    def close(self) -> None:
        """Kill the worker: a request it was computing fails as lost, the ones waiting are withdrawn."""
        with self.lock:
            self.broken = True
            for future, _ in self.waiting:
                future.cancel()
            self.waiting.clear()
        self.process.kill()


def settle(future: Future[Any], reply: bytes) -> None:
    """Give `future` the worker's reply (an answer that cannot be read fails this request only)."""
    try:
        ok, value, said = pickle.loads(reply)
    except Exception as unreadable:
        future.set_exception(RuntimeError(f"the bots' answer could not be read: {unreadable}"))
        return
    if ok:
        future.set_result(value)
    else:
        value.__cause__ = WorkerTraceback(said)
        future.set_exception(value)


class BotPool(Executor):
    """One spawned worker process for the bots, started again when it dies."""

    def __init__(self, niceness: int) -> None:
        self.niceness = niceness
        self.generation = 0  # how many workers were started before the current one
        self.unsaid = False  # a restart the table has not said yet (said once per game, not at every death)
        self.worker = Worker(niceness)

    @property
    def pid(self) -> int | None:
        return self.worker.process.pid

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Ask the worker; with a dead worker, a new one (or, if none starts, this process for this one turn)."""
        try:
            return self.worker.submit(fn, args, kwargs)
        except BrokenProcessPool:
            self.restart(self.generation)
        try:
            return self.worker.submit(fn, args, kwargs)
        except (BrokenProcessPool, OSError):
            return run_here(lambda: fn(*args, **kwargs))

    def restart(self, generation: int) -> None:
        """Replace the worker of `generation` (a later one is left alone: it was already replaced)."""
        if generation != self.generation:
            return
        self.worker.close()
        self.unsaid = self.generation == 0
        self.generation += 1
        with contextlib.suppress(OSError):  # no new process: the closed worker refuses, `submit` computes here
            self.worker = Worker(self.niceness)

    def restart_news(self) -> bool:
        """True once after the first restart: the table then says that the bots were started again."""
        unsaid, self.unsaid = self.unsaid, False
        return unsaid

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the worker at once: what it was thinking about is of no use to a closing game."""
        self.worker.close()
        if wait:
            self.worker.process.join()


class Thinker:
    """One seat's decision at a time, asked of the pool and held back until the thinking pause is over."""

    def __init__(self, pool: Executor) -> None:  # the app's BotPool (tests may pass a thread pool)
        self.pool = pool
        self.key: Hashable | None = None
        self.future: Future[Any] | None = None
        self.remaining = 0.0
        self.asked: tuple[Callable[..., Any], tuple[Any, ...], int] | None = None  # fn, args, the worker asked
        self.retried = False  # this turn's answer was lost once and asked again

    def busy_with(self, key: Hashable) -> bool:
        return self.key == key and self.future is not None

    def start(self, key: Hashable, pause: float, fn: Callable[..., Any], *args: Any) -> None:
        self.cancel()
        self.key, self.remaining = key, pause
        self.asked = fn, args, getattr(self.pool, "generation", 0)
        self.future = self.pool.submit(fn, *args)

    def update(self, dt: float) -> None:
        self.remaining -= dt

    def take(self, key: Hashable) -> tuple[bool, Any]:
        """(True, result) once the answer for `key` is ready and the pause is over; (False, None) before. An answer
        lost with its worker is asked again, once, of a new worker; a second loss raises like any failure."""
        if self.key != key or self.future is None or self.remaining > 0 or not self.future.done():
            return False, None
        if lost(self.future) and isinstance(self.pool, BotPool) and self.asked is not None and not self.retried:
            fn, args, generation = self.asked
            self.pool.restart(generation)
            self.retried = True
            self.asked = fn, args, self.pool.generation
            self.future = self.pool.submit(fn, *args)
            return False, None
        result = self.future.result()
        self.key, self.future, self.asked = None, None, None
        return True, result

    def cancel(self) -> None:
        if self.future is not None:
            self.future.cancel()
        self.key, self.future, self.asked, self.retried = None, None, None, False


def alive(pid: int) -> bool:
    """Is `pid` a running process (a zombie waiting to be reaped is not)?"""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")
