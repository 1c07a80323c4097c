"""The headless demo killed at random moments and continued (issue 15, 000 §21 Continue): each SIGKILL may fall in
a bot's thought, a frame or a write; the next Continue must resume a state whose log extends the last good one, and
no bots' worker may outlive its game. Driven by tests/test_faults.py (a few kills) and `benchmarks.soak` (many)."""

from __future__ import annotations

import json
import os
import pathlib
import random
import signal
import subprocess
import sys
import time

from game.actions import to_json
from game.savefile import SaveStore
from scenes.platform.worker import alive

ROOT = pathlib.Path(__file__).resolve().parent.parent
KILL_WAIT = 120.0  # seconds: a bound for a demo to reach its next save on a busy machine


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (a game's bots' worker)."""
    found = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def saved_actions(saves: pathlib.Path) -> int:
    """How many actions match.json holds now (renamed into place whole, so never read half-written)."""
    try:
        return len(json.loads((saves / "match.json").read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


def demo_killed(saves: pathlib.Path, actions: int, seconds: float, resume: bool) -> list[int]:
    """A headless demo saving to `saves`, SIGKILLed `seconds` after its save holds `actions` actions (the kill then
    falls anywhere: in a bot's thought, a frame, a write); returns the game's child processes just before the kill.
    Raises AssertionError when the demo printed a traceback or never got there."""
    args = ["--headless", "--autoplay", "--hands", "100000", "--seed", "7", "--saves", str(saves)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "main.py", *args, *(["--continue"] if resume else [])]
    demo = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + KILL_WAIT
        while saved_actions(saves) < actions and demo.poll() is None:
            if time.monotonic() > end:
                raise AssertionError(f"the demo did not reach {actions} saved actions")
            time.sleep(0.02)
        time.sleep(seconds)
        left = children(demo.pid)
        demo.send_signal(signal.SIGKILL)
        demo.wait(timeout=KILL_WAIT)
    finally:
        demo.kill()
        failed = b"Traceback" in demo.stderr.read()
        demo.stderr.close()
    if failed:
        raise AssertionError("the demo printed a traceback")
    return left


def kill_and_continue(saves: pathlib.Path, kills: int, seed: int) -> tuple[int, int]:
    """`kills` SIGKILLs at random moments, each followed by Continue: (resumes that extended the last good log,
    bots' workers that outlived their game)."""
    rng, before, resumed, orphans = random.Random(seed), [], 0, 0
    for kill in range(kills):
        workers = demo_killed(saves, len(before) + rng.randint(1, 4), rng.uniform(0, 0.4), resume=kill > 0)
        loaded = SaveStore(saves).load()
        log = [to_json(action) for action in loaded.match.log] if loaded.match is not None else []
        resumed += loaded.match is not None and log[: len(before)] == before
        before = log
        end = time.monotonic() + 30
        while any(alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        orphans += sum(alive(pid) for pid in workers)
    return resumed, orphans
