"""Issue 33: one game at a time in a saves folder (game/folder_lock.py, docs/saves.md "One game at a time"), tried
with real processes: a second game says so in one line and writes nothing there; the lock goes with the process
that held it; and when the lock is bypassed, the window left idle while another game played a hand there keeps
that hand when it is closed."""

from __future__ import annotations

import pathlib
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from game.folder_lock import LOCK_NAME, FolderLock, Lock
from game.match import Phase
from game.savefile import SaveStore
from scenes.demo_kills import children
from tests.kit.processes import contents, dummy_env, ended, game_process, human_to_bid

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOLD = (  # another game: holds the folder until its stdin closes
    "import sys; from game.folder_lock import FolderLock;"
    " print(FolderLock(sys.argv[1]).take().name, flush=True); sys.stdin.read()"
)
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to see the game's worker start")


def finished(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=dummy_env(), capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def holder(tmp_path) -> Iterator[pathlib.Path]:
    """Another process holding the saves folder `tmp_path / "saves"` until the test ends."""
    saves = tmp_path / "saves"
    held = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(saves)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert held.stdout.readline().strip() == "HELD"
    yield saves
    held.stdin.close()
    held.wait(timeout=30)


# ----- the lock itself ---------------------------------------------------------------------------------------------


def test_the_lock_is_one_game_s_until_it_lets_go(tmp_path):
    first, second = FolderLock(tmp_path / "saves"), FolderLock(tmp_path / "saves")
    assert first.take() is Lock.HELD and (tmp_path / "saves" / LOCK_NAME).exists()  # the folder is made
    assert second.take() is Lock.BUSY
    first.release()
    assert second.take() is Lock.HELD
    second.release()


def test_a_folder_that_cannot_be_made_takes_no_lock_and_says_why(tmp_path):
    (tmp_path / "file").write_text("")
    lock = FolderLock(tmp_path / "file" / "saves")
    assert lock.take() is Lock.UNLOCKED and lock.reason  # the game then plays on and says its saves fail


def test_a_killed_game_leaves_no_lock_behind(tmp_path):
    saves = tmp_path / "saves"
    held = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(saves)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert held.stdout.readline().strip() == b"HELD"
    assert FolderLock(saves).take() is Lock.BUSY
    held.send_signal(signal.SIGKILL)
    held.wait(timeout=30)
    assert FolderLock(saves).take() is Lock.HELD


# ----- a second game on a held folder ----------------------------------------------------------------------------


def test_a_second_demo_says_so_in_one_line_and_plays_without_writing_there(holder):
    human_to_bid(holder)
    before = contents(holder)
    done = finished("--headless", "--autoplay", "--hands", "1", "--seed", "4", "--saves", str(holder))
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"Another game is using the saves folder {holder}, so the demo plays without saving."
    ]
    assert contents(holder) == before  # not a byte written, not a file added, moved or touched


def test_a_second_game_cannot_continue_the_match_of_a_held_folder(holder):
    human_to_bid(holder)
    before = contents(holder)
    done = finished("--headless", "--autoplay", "--continue", "--saves", str(holder))
    assert (done.returncode, done.stdout, len(done.stderr.splitlines())) == (2, "", 1)
    assert "Another game is using the saves folder" in done.stderr and contents(holder) == before


# ----- two windows on one folder: the window left idle while another game played a hand there --------------------


def idle_window(saves: pathlib.Path) -> subprocess.Popen:
    """A game opened on the saved match (SDL's dummy window), left idle at the table: returned once its table is up
    (the worker it starts then) and it has read the save."""
    window = game_process("--windowed", "--continue", "--saves", str(saves))
    deadline = time.monotonic() + 120
    while not children(window.pid):
        assert window.poll() is None, window.communicate()
        if time.monotonic() > deadline:
            window.kill()
            raise AssertionError(f"the idle window never opened its table: {window.communicate()}")
        time.sleep(0.1)
    return window


def closed(window: subprocess.Popen) -> tuple[int, str, str]:
    """The window closed as a desktop closes it (SIGTERM, which SDL turns into the close button)."""
    window.send_signal(signal.SIGTERM)
    return ended(window)


@LINUX
def test_a_second_game_while_a_window_is_open_writes_nothing_and_the_window_saves_on_close(tmp_path):
    saves = tmp_path / "saves"
    waiting = human_to_bid(saves)
    window = idle_window(saves)
    before = contents(saves)
    second = finished("--headless", "--autoplay", "--continue", "--hands", "1", "--saves", str(saves))
    assert second.returncode == 2 and "Another game is using the saves folder" in second.stderr
    assert contents(saves) == before
    status, out, err = closed(window)
    assert (status, out, err) == (0, "", "")
    assert SaveStore(saves).load().match.log == waiting.log  # its own match, saved on close as it was left


@LINUX
def test_with_the_lock_bypassed_closing_the_idle_window_never_loses_the_hand_another_game_played(tmp_path):
    saves = tmp_path / "saves"
    human_to_bid(saves)
    window = idle_window(saves)
    (saves / LOCK_NAME).unlink()  # a cleaner removed the lock file: the next game locks a new one
    other = finished("--headless", "--autoplay", "--continue", "--hands", "1", "--saves", str(saves))
    assert other.returncode == 0, other.stderr
    played = SaveStore(saves).load().match
    assert played.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)  # a whole hand, and its settlement
    status, _, err = closed(window)
    assert status == 0 and "Traceback" not in err
    assert "was changed by another game since this one last read or wrote it" in err  # said, in one line
    assert len(err.splitlines()) == 1
    assert SaveStore(saves).load().match.log == played.log  # the other game's hand is kept
