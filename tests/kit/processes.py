"""Other processes: main.py run as a player would start it (on a machine with no display, or under the dummy
driver, in a process group of its own as a terminal starts it), a folder's files as they stand, and a bounded wait."""

import os
import pathlib
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.match import Match
from game.savefile import SaveStore

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def demo_scenes(stdout: str) -> list[str]:
    """The scenes a headless demo's report lists, in order (its header and its first frame's line left out)."""
    return [line.split()[0] for line in stdout.splitlines()[1:] if not line.startswith("first frame")]


def bare_env() -> dict[str, str]:
    """The environment of a machine with no display at all: no X11, no Wayland, no SDL driver chosen."""
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    return {k: v for k, v in os.environ.items() if k not in hidden}


WAIT = 60.0  # seconds: a bound for a process to start or die on a busy 2-core machine, never a timing assertion


def until(done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting: {what}")
        time.sleep(0.02)


def dummy_env() -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def game_process(*args: str, own_group: bool = False) -> subprocess.Popen:
    """main.py running; with `own_group`, in a process group of its own, as a terminal starts it."""
    return subprocess.Popen(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=dummy_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=own_group,
    )


def ended(process: subprocess.Popen) -> tuple[int, str, str]:
    """The status and output of a game asked to end; one that does not end within a minute is killed (its
    process group too, when it has its own), and the test fails."""
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        if os.getpgid(process.pid) == process.pid:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
        process.communicate()
        raise
    return process.returncode, out, err


def contents(folder: pathlib.Path) -> dict[str, tuple[int, bytes]]:
    """Every file in the folder with its modification time and bytes: what a game that wrote nothing leaves."""
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.iterdir()}


def human_to_bid(folder: pathlib.Path) -> Match:
    """A saved match waiting for your bid (a window opened on it stays idle: its bots have nothing to do)."""
    match = next(m for m in (Match("standard", seed) for seed in range(100)) if m.turn == 0)
    SaveStore(folder).save(match, {})
    return match
