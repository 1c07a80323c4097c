"""The bots' worker process (issue 15): killing it never ends the game (a new one is started, the table says so
once, play goes on), and it never outlives a game that was killed; a live table's frame never waits for it
(issue 35)."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool

import pytest

from scenes.app import BOT_NICENESS, App
from scenes.flow import new_match
from scenes.platform.worker import MAX_NICENESS, BotPool, Thinker, alive
from scenes.table.session import Session
from tests.kit.processes import WAIT, until
from tests.kit.table import warnings_of

ROOT = pathlib.Path(__file__).resolve().parent.parent


def worker_pid(pool: BotPool) -> int:
    return pool.submit(os.getpid).result(timeout=WAIT)


def kill_worker(pool: BotPool) -> int:
    pid = worker_pid(pool)
    os.kill(pid, signal.SIGKILL)
    until(lambda: not alive(pid), "the worker dies")
    return pid


@pytest.fixture
def pool():
    made = BotPool(0)
    yield made
    made.shutdown(wait=False, cancel_futures=True)


def test_a_killed_worker_is_replaced_on_the_next_request(pool):
    dead = kill_worker(pool)
    until(lambda: pool.worker.broken, "the pool notices")  # so that submit itself meets the dead worker
    assert worker_pid(pool) != dead and pool.generation == 1
    assert pool.restart_news() and not pool.restart_news()


def test_an_answer_lost_with_its_worker_is_asked_again_of_a_new_one(pool):
    thinker = Thinker(pool)
    worker = worker_pid(pool)
    thinker.start("turn", 0.0, time.sleep, 3)
    os.kill(worker, signal.SIGKILL)
    until(lambda: thinker.future.done(), "the lost answer fails")
    assert thinker.take("turn") == (False, None)  # asked again
    until(lambda: thinker.future.done(), "the new worker answers")
    assert thinker.take("turn") == (True, None) and pool.generation == 1


def refused() -> None:
    """A bot error that does not survive pickling as it is (IllegalAction is rebuilt from its rejection)."""
    from game.reasons import IllegalAction, Rejection

    raise IllegalAction(Rejection("not_your_turn", {}))


def test_an_error_in_the_worker_fails_only_its_request_and_carries_the_workers_traceback(pool):
    failed = pool.submit(refused).exception(timeout=WAIT)
    assert "IllegalAction" in str(failed) and "in refused" in failed.__cause__.tb
    assert pool.submit(sum, (1, 2)).result(timeout=WAIT) == 3 and pool.generation == 0


def test_a_withdrawn_request_is_never_computed_and_a_death_while_it_waits_is_survived(pool):
    busy = pool.submit(time.sleep, 3)
    withdrawn = pool.submit(os.getpid)
    assert withdrawn.cancel() and not busy.cancel()  # sent requests run to their end; waiting ones can be withdrawn
    dead = pool.pid
    os.kill(dead, signal.SIGKILL)
    assert isinstance(busy.exception(timeout=WAIT), BrokenProcessPool) and withdrawn.cancelled()
    assert worker_pid(pool) != dead and pool.generation == 1


def wait_for(gate: pathlib.Path) -> None:
    """In the worker: hold it busy until `gate` exists."""
    until(gate.exists, f"{gate.name} is made")


def test_a_request_withdrawn_before_it_is_sent_is_never_computed(pool, tmp_path):
    """A bot's turn withdrawn (a new deal, the table left) while it waits behind another is dropped, never thought
    about: the worker runs the request before it and the one after, and nothing in between."""
    gate, withdrawn_ran, later_ran = tmp_path / "gate", tmp_path / "withdrawn", tmp_path / "later"
    busy = pool.submit(wait_for, gate)
    withdrawn = pool.submit(pathlib.Path.touch, withdrawn_ran)
    later = pool.submit(pathlib.Path.touch, later_ran)
    assert withdrawn.cancel()  # still waiting behind `busy`: not sent yet
    gate.touch()
    until(lambda: later.done() or withdrawn_ran.exists(), "the request after the withdrawn one is answered")
    assert not withdrawn_ran.exists(), "the worker computed a withdrawn request"
    assert (busy.result(timeout=WAIT), later.result(timeout=WAIT), withdrawn.cancelled()) == (None, None, True)


def test_killing_the_worker_mid_match_does_not_end_the_game_and_is_said_once():
    """000 §21: "A bot that fails must not end the game" holds for a worker process that dies."""
    app = App((1280, 720), fullscreen=False, seed=3, demo=True)
    try:
        app.steady = True  # a bot's answer is waited for, so each frame moves the match on
        new_match(app, "standard")
        session: Session = app.session
        said = warnings_of(session)
        for kill in range(2):
            kill_worker(app.pool)
            before = len(session.seat.match.log)
            for _ in range(2400):
                app.step(1 / 60)
                if len(app.session.seat.match.log) >= before + 6:
                    break
            assert len(app.session.seat.match.log) >= before + 6, f"play went on after kill {kill + 1}"
        restarted = [text for text in said if "a new one was started" in text]
        assert len(restarted) == 1 and not [text for text in said if "failed" in text], said
        assert app.pool.generation == 2
    finally:
        app.close()


class Unanswered(Future):
    """A question the worker has not answered yet: to wait for it is a test failure rather than a hang."""

    def result(self, timeout=None):
        assert self.done(), "a frame waited for the bots' worker"
        return super().result(timeout)

    def exception(self, timeout=None):
        assert self.done(), "a frame waited for the bots' worker"
        return super().exception(timeout)


class Deaf(Executor):
    """A worker that never answers: every question stays asked."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, fn, /, *args, **kwargs):
        self.asked += 1
        return Unanswered()


def deaf_table(app: App) -> Deaf:
    """A demo match on `app` (a bot in every seat) whose bots' worker never answers."""
    app.demo, app._pool = True, Deaf()
    new_match(app, "standard")
    return app._pool


def test_a_live_table_draws_its_frames_while_its_bots_have_not_answered(app):
    """A frame asks the worker and draws on: the bots' thinking never holds a frame of a live table, however
    late the answer (only the headless demo waits, for frames that repeat)."""
    deaf = deaf_table(app)
    for _ in range(600):  # ten seconds: the deal and every thinking pause are over
        app.step(1 / 60)
    assert (deaf.asked > 0, app.scene.name, len(app.session.seat.match.log)) == (True, "bidding", 0)


def test_the_steady_demo_waits_for_a_late_bot(app):
    """The other side of the test above: its worker does catch a frame that waits."""
    app.steady = True
    deaf_table(app)
    with pytest.raises(AssertionError, match="waited for the bots' worker"):
        for _ in range(600):
            app.step(1 / 60)


ORPHAN = """
import os, sys, time
from scenes.platform.worker import BotPool
pool = BotPool(0)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


BUSY_AT_EXIT = """
import os, time
from scenes.platform.worker import BotPool
pool = BotPool(0)
print(pool.submit(os.getpid).result(), flush=True)
pool.submit(time.sleep, 600)
pool.submit(time.sleep, 600).cancel()
"""


def test_a_game_ends_at_once_while_its_worker_thinks_and_leaves_no_worker_behind():
    """The suite once hung after its last test: Python 3.11's process pool, whose worker died while a withdrawn
    request waited, left its other processes to be waited for at exit, forever."""
    app = subprocess.Popen([sys.executable, "-c", BUSY_AT_EXIT], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(app.stdout.readline())
        assert app.wait(timeout=WAIT) == 0
        until(lambda: not alive(worker), "the worker is gone with its game")
    finally:
        app.kill()
        app.stdout.close()


def test_the_worker_exits_when_the_game_is_killed():
    app = subprocess.Popen([sys.executable, "-c", ORPHAN], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(app.stdout.readline())
        assert alive(worker)
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=WAIT)
        until(lambda: not alive(worker), "the orphaned worker exits")
    finally:
        app.kill()
        app.stdout.close()


def test_the_bots_worker_thinks_at_the_games_priority_lowered_by_the_bots_niceness(app):
    """It is born at that priority (started from a thread lowered to it, issue 35: its start then yields to the
    title's frames) and keeps it: started from a lowered thread, the worker is not lowered twice."""
    app.show_title()
    for _ in range(600):
        app.step(1 / 60)
        if "table" not in app.chores:
            break
    worker = app.pool.submit(os.getpid).result(timeout=WAIT)
    game = os.getpriority(os.PRIO_PROCESS, os.getpid())
    assert os.getpriority(os.PRIO_PROCESS, worker) == min(MAX_NICENESS, game + BOT_NICENESS)
