"""Other processes: main.py run as a player would start it, on a machine with no display, and a bounded wait."""

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


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
