"""The room server's parts below the rooms: a room's save written from its journal is byte for byte the game's own save
(and the game's SaveStore reads it), the saver thread writes each room's newest state, the bots' worker processes
answer, come back when killed and fall back when they fail, and the rate buckets ration what they should."""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import random
import signal
from dataclasses import replace

import pytest
from zeroconf import InterfaceChoice

from game.actions import Bid, NextHand
from game.match import Match, Phase
from game.rulesets import RULESETS
from game.savefile import SaveStore, encode
from net.bots import BotPool
from net.discovery import lan_interfaces
from net.limits import Bucket, Buckets
from net.saving import Journal, Saver, saved_rooms
from net.seen import view_for


def without_time(data: bytes) -> dict[str, object]:
    snapshot = json.loads(data)
    snapshot.pop("saved_at")
    return snapshot


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_journal_writes_exactly_what_the_save_code_writes(name: str) -> None:
    """Over 150 random steps of every ruleset (timed, so the save holds options too), at every step."""
    match = Match(RULESETS[name].timed(True), 8)
    journal = Journal(match)
    rng = random.Random(8)
    table = {"room": {"seats": [1, 2]}}
    for _ in range(150):
        if match.phase is Phase.MATCH_OVER:
            break
        match.apply(NextHand() if match.phase is Phase.HAND_OVER else rng.choice(match.choices(match.waiting[0])))
        assert without_time(journal.snapshot(match, table)) == without_time(encode(match, table))
    assert Journal(match).pieces == journal.pieces


def test_the_saver_writes_each_rooms_newest_state_and_the_game_reads_it(tmp_path: pathlib.Path) -> None:
    saver = Saver()
    match = Match("standard", 2)
    journal = Journal(match)
    for value in (1, 2):
        match.apply(Bid(match.turn, value))
        saver.put(tmp_path / "ROOMAA", journal.snapshot(match, {"room": {"n": value}}))
    saver.put(tmp_path / "ROOMBB", journal.snapshot(match, {}))
    assert saver.flush(10.0)
    loaded = SaveStore(tmp_path / "ROOMAA").load()
    assert loaded.problem is None and loaded.match is not None
    assert loaded.match.log == match.log and loaded.table == {"room": {"n": 2}}
    assert [code for code, _ in saved_rooms(tmp_path)] == ["ROOMAA", "ROOMBB"]
    saver.remove(tmp_path / "ROOMBB")
    assert saver.close(10.0)
    assert [code for code, _ in saved_rooms(tmp_path)] == ["ROOMAA"]
    assert list(saved_rooms(tmp_path / "nowhere")) == []
    assert saver.failures == 0


def test_a_save_that_cannot_be_written_is_counted_and_the_saver_goes_on(tmp_path: pathlib.Path) -> None:
    (tmp_path / "file").write_text("in the way")
    saver = Saver()
    match = Match("standard", 2)
    saver.put(tmp_path / "file" / "ROOM", Journal(match).snapshot(match, {}))
    saver.put(tmp_path / "ROOM", Journal(match).snapshot(match, {}))
    assert saver.close(10.0)
    assert saver.failures == 1 and SaveStore(tmp_path / "ROOM").load().match is not None


def test_the_bots_answer_from_their_own_processes_and_a_killed_worker_is_replaced() -> None:
    async def scenario() -> None:
        pool = BotPool(workers=1, timeout=60.0)
        await pool.start()
        try:
            match = Match("standard", 3)
            answers = await asyncio.gather(*(pool.ask(view_for(match, s), "easy", f"s{s}") for s in range(3)))
            assert [a.seat for a in answers] == [0, 1, 2] and all(isinstance(a, Bid) for a in answers)
            pid = pool.workers[0].process.pid
            asked = pool.ask(view_for(match, 0), "easy", "again")
            os.kill(pid, signal.SIGKILL)
            answer = await asyncio.wait_for(asked, 60.0)
            assert isinstance(answer, Bid) and answer.seat == 0
            assert pool.restarts == 1 and pool.workers[0].process.pid != pid
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_a_question_withdrawn_before_a_worker_takes_it_is_never_sent() -> None:
    async def scenario() -> None:
        pool = BotPool(workers=1, timeout=60.0)
        await pool.start()
        try:
            match = Match("standard", 3)
            first = pool.ask(view_for(match, 0), "easy", "a")
            withdrawn = pool.ask(view_for(match, 1), "easy", "b")
            withdrawn.cancel()
            last = pool.ask(view_for(match, 2), "easy", "c")
            await asyncio.gather(first, last)
            assert pool.counter == 3 and pool.sent == 2
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_a_bot_that_fails_or_takes_too_long_leaves_the_seats_fallback() -> None:
    async def scenario() -> None:
        pool = BotPool(workers=1, timeout=0.01)
        await pool.start()
        try:
            match = Match("standard", 3)
            slow = await asyncio.wait_for(pool.ask(view_for(match, 0), "hard", "slow"), 30.0)
            assert slow == Bid(0, 0)  # the fallback: no bid
            pool.timeout = 60.0
            wrong = await asyncio.wait_for(pool.ask(view_for(match, 0), "no-such-level", "x"), 30.0)
            assert wrong == Bid(0, 0)
            custom = Match(replace(RULESETS["standard"], match_target=5), 3)  # a view no wire carries
            unsent = await asyncio.wait_for(pool.ask(view_for(custom, 0), "easy", "y"), 30.0)
            assert unsent == Bid(0, 0) and pool.workers[0].asked is None  # at once: the worker was never taken
            assert isinstance(await asyncio.wait_for(pool.ask(view_for(match, 0), "easy", "z"), 30.0), Bid)
        finally:
            await pool.close()

    asyncio.run(scenario())


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = Bucket(2.0, 3, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait() == pytest.approx(0.5)
    clock.now = 0.5
    assert bucket.has() and bucket.take() and not bucket.take()
    clock.now = 100.0
    assert bucket.tokens == 0.0 and bucket.has() and bucket.tokens == 3.0


def test_buckets_per_address_forget_the_least_recently_seen_beyond_their_cap() -> None:
    clock = Clock()
    buckets = Buckets(1.0, 1, cap=2, clock=clock)
    assert buckets["a"].take() and not buckets["a"].take()
    buckets["b"].take()
    buckets["c"].take()
    assert list(buckets.buckets) == ["b", "c"]
    assert buckets["a"].take()  # forgotten: a fresh bucket (the server-wide bucket still counts it)


def test_mdns_keeps_to_the_interfaces_it_is_told_and_to_the_loopback_under_pytest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DOUDIZHU_LAN", raising=False)
    assert lan_interfaces() == ["127.0.0.1"]  # PYTEST_CURRENT_TEST is set while a test runs
    monkeypatch.setenv("DOUDIZHU_LAN", "all")
    assert lan_interfaces() is InterfaceChoice.All
    monkeypatch.setenv("DOUDIZHU_LAN", "10.1.2.3, 127.0.0.1")
    assert lan_interfaces() == ["10.1.2.3", "127.0.0.1"]
    monkeypatch.delenv("DOUDIZHU_LAN")
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    assert lan_interfaces() is InterfaceChoice.All
