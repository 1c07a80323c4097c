"""Issue 33: Ctrl+C quits as the window's close button does (main.py `CtrlC`): saved, one line at most, exit status
0, no traceback, from the game's process or its bots' worker. A terminal's Ctrl+C reaches every process of the
game, so the tests send a real SIGINT to the whole process group."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from game.savefile import SaveStore
from scenes.demo_kills import children
from tests.kit.processes import ended, game_process, human_to_bid

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc")


def started(*args: str) -> subprocess.Popen:
    return game_process(*args, own_group=True)


def ctrl_c(process: subprocess.Popen) -> tuple[int, str, str]:
    os.killpg(process.pid, signal.SIGINT)
    return ended(process)


def until(ready, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 120
    while not ready():
        assert process.poll() is None, process.communicate()
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            raise AssertionError(f"never {what}: {process.communicate()}")
        time.sleep(0.05)


def test_ctrl_c_in_a_hand_of_the_headless_demo_saves_says_one_line_and_exits_0(tmp_path):
    saves = tmp_path / "saves"
    demo = started("--headless", "--autoplay", "--hands", "30", "--seed", "3", "--saves", str(saves))
    until(lambda: len(list(saves.glob("match*.json"))) == 2, demo, "saved twice")  # in a hand, its bots playing
    status, out, err = ctrl_c(demo)
    assert (status, err) == (0, "")
    assert out.splitlines() == ["Stopped (Ctrl+C); the match is saved."]
    loaded = SaveStore(saves).load()
    assert loaded.match is not None and loaded.problem is None


def test_ctrl_c_at_the_table_in_a_window_saves_like_the_close_button_and_says_nothing(tmp_path):
    saves = tmp_path / "saves"
    waiting = human_to_bid(saves)
    before = (saves / "match.json").read_bytes()
    window = started("--windowed", "--continue", "--saves", str(saves))
    # the bots' worker starts with the table: Ctrl+C at once, while it may still be starting
    until(lambda: children(window.pid), window, "opened its table")
    status, out, err = ctrl_c(window)
    assert (status, out, err) == (0, "", "")  # nothing from the game, nothing from its worker
    after = (saves / "match.json").read_bytes()
    assert after != before and b'"clock"' in after  # the save on quit, with the table's clock
    assert SaveStore(saves).load().match.log == waiting.log


def test_ctrl_c_while_the_game_starts_ends_it_quietly(tmp_path):
    """Before a window exists there is nothing to save: no line, no traceback, status 0. (From the moment main.py
    runs, as soon as its saves folder is taken here; the Python interpreter's own start-up comes before.)"""
    saves = tmp_path / "saves"
    window = started("--windowed", "--saves", str(saves))
    until(lambda: (saves / "game.lock").exists(), window, "took its saves folder")
    status, out, err = ctrl_c(window)
    assert (status, out, err) == (0, "", "")
