"""main.py: no display gives one helpful line; the headless demo plays a hand through every scene."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def bare_env() -> dict[str, str]:
    """The environment of a machine with no display at all: no X11, no Wayland, no SDL driver chosen."""
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    return {k: v for k, v in os.environ.items() if k not in hidden}


def test_no_display_prints_one_line_and_exits_nonzero():
    done = run(env=bare_env())
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert (done.returncode != 0, len(lines), "--headless" in lines[0], "Traceback" in done.stderr) == (
        True,
        1,
        True,
        False,
    )


def test_headless_without_autoplay_says_what_to_add():
    done = run("--headless", env=bare_env())
    assert (done.returncode, "--autoplay" in done.stdout) == (2, True)


def test_demo_hand_runs_through_all_four_scenes(tmp_path):
    shots = tmp_path / "shots"
    done = run("--headless", "--autoplay", "--hands", "1", "--seed", "3", "--screenshots", str(shots), env=bare_env())
    scenes = [line.split()[0] for line in done.stdout.splitlines()[1:]]
    pictures = sorted(p.name for p in shots.glob("*.png"))
    assert (done.returncode, scenes) == (0, ["title", "bidding", "play", "settlement"])
    assert pictures == ["01_title.png", "02_bidding.png", "03_play.png", "04_settlement.png"]
