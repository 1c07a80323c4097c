"""Issue 33: nothing lost to another game's save, to a folder where a backup or temporary file goes, to an absurd
file, or to a crash in the middle of Start new match (docs/saves.md, "Writing" and "Starting a new match")."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from game.atomic import MAX_BYTES, WriteFailed
from game.match import Match
from game.savefile import SaveStore
from game.stats import StatsStore
from tests.kit.saves import mid_trick

ROOT = pathlib.Path(__file__).resolve().parent.parent


def codes(problem: object) -> list[str]:
    return [part.code for part in problem.parts]


def actions(path: pathlib.Path) -> int:
    return len(json.loads(path.read_text())["actions"])


# ----- a save never replaces a match.json another game wrote since this one last read or wrote it ----------------


def test_a_save_never_writes_over_a_match_another_game_saved_since(tmp_path):
    ours = SaveStore(tmp_path)
    ours.save(mid_trick(seed=6), {})
    theirs = SaveStore(tmp_path)
    longer = theirs.load().match  # another game continues the same match and plays on
    longer.apply(longer.choices(longer.turn)[-1])
    theirs.save(longer, {})
    kept = ours.path.read_bytes()
    with pytest.raises(WriteFailed) as refused:
        ours.save(mid_trick(seed=6), {})  # the idle window closed: its save on quit
    assert codes(refused.value.problem) == ["changed_elsewhere"]
    assert "changed by another game" in str(refused.value)
    assert ours.path.read_bytes() == kept and ours.failing is refused.value.problem
    assert SaveStore(tmp_path).load().match.log == longer.log  # the other game's hand is all there


def test_start_new_match_never_removes_a_match_another_game_saved_since(tmp_path):
    ours = SaveStore(tmp_path)
    assert ours.load().match is None  # looked: nothing there
    SaveStore(tmp_path).save(mid_trick(), {})  # another game's match appears
    with pytest.raises(WriteFailed) as refused:
        ours.clear()
    assert codes(refused.value.problem) == ["changed_elsewhere"] and ours.path.exists()
    with pytest.raises(WriteFailed):
        ours.save(Match("standard", 1), {})


def test_the_same_bytes_again_or_a_touched_file_are_no_conflict(tmp_path):
    ours = SaveStore(tmp_path)
    ours.save(mid_trick(), {})
    os.utime(ours.path, (0, 0))  # a backup tool touched it: nothing new in it
    assert ours.save(mid_trick(), {}) is None
    ours.path.unlink()  # another game started a new match there and removed this one: nothing of theirs is lost
    assert ours.save(mid_trick(), {}) is None


def test_a_store_that_has_not_looked_yet_saves_as_before(tmp_path):
    SaveStore(tmp_path).save(mid_trick(seed=6), {})
    fresh = SaveStore(tmp_path)  # the demo's store, which starts its own match
    assert fresh.save(Match("standard", 2), {}) is None
    assert fresh.load().match.seed == 2


# ----- a folder (or the like) where the backup or a temporary file goes: moved aside, said, and saving goes on -----


@pytest.mark.parametrize("name", ["match.bak.json", ".match.json.k2x9.tmp", ".match.bak.json.q1.tmp"])
def test_a_folder_in_the_way_is_moved_aside_and_the_save_goes_on(tmp_path, name):
    store = SaveStore(tmp_path)
    store.save(mid_trick(), {})
    (tmp_path / name).mkdir()
    (tmp_path / name / "inside.txt").write_text("kept")
    moved = store.save(mid_trick(seed=7), {})
    assert codes(moved) == ["in_the_way", "is_folder", "moved_aside"] and store.moved is moved
    assert f"{name} stood in the way of the saved match." in moved
    aside = tmp_path / moved.parts[2].params["name"]
    assert (aside / "inside.txt").read_text() == "kept"  # moved, never deleted
    assert store.load().match.seed == 7 and store.save(mid_trick(seed=8), {}) is None  # saving goes on


@pytest.mark.app(saving=True)
def test_the_statistics_and_the_preferences_move_a_folder_out_of_their_way_and_say_so(app, tmp_path):
    saves = tmp_path / "saves"
    stats = StatsStore(saves)
    stats.record_match((0,), 0)
    (saves / "stats.bak.json").mkdir()
    stats.record_match((0,), 0)
    assert codes(stats.problem) == ["in_the_way", "is_folder", "moved_aside"] and stats.load().matches == 2
    (saves / "prefs.bak.json").mkdir()
    app.change_prefs(muted=True)
    app.change_prefs(muted=False)  # the first write made prefs.json; the second backs it up past the folder
    assert codes(app.problem) == ["in_the_way", "is_folder", "moved_aside"] and "prefs.bak.json" in app.problem


def test_a_bad_match_json_found_when_saving_is_said_too(tmp_path):
    store = SaveStore(tmp_path)
    store.save(mid_trick(), {})
    store.path.write_bytes(b"{")  # torn by a tool
    moved = store.save(mid_trick(seed=7), {})
    assert codes(moved) == ["unusable", "cut_short", "moved_aside"]


def sparse(path: pathlib.Path, size: int) -> None:
    """A file of `size` bytes that takes no room on disk (or the test is skipped where that cannot be made)."""
    with path.open("wb") as out:
        try:
            out.truncate(size)
        except OSError as err:
            pytest.skip(f"no sparse files here: {err}")


def test_a_sparse_100_gib_match_json_is_moved_aside_when_a_new_match_starts(tmp_path):
    store = SaveStore(tmp_path)
    sparse(store.path, 100 * 2**30)
    store.clear()  # Start new match (the demo's new match): never read into memory
    assert not store.path.exists() and [p.stat().st_size for p in tmp_path.glob("corrupt-*.json")] == [100 * 2**30]
    assert store.save(Match("standard", 3), {}) is None


def test_a_sparse_100_gib_match_json_is_moved_aside_and_said_when_saving_over_it(tmp_path):
    store = SaveStore(tmp_path)
    sparse(store.path, 100 * 2**30)
    moved = store.save(Match("standard", 3), {})
    assert codes(moved) == ["unusable", "too_large", "moved_aside"] and f"({100 * 2**30} bytes)" in moved
    assert store.load().match.seed == 3 and MAX_BYTES < 100 * 2**30


# ----- Start new match: the backup goes first, so a crash between the steps never brings the match back alone -----

CRASH_AFTER_FIRST_DELETE = """
import os, pathlib, sys
from game.savefile import SaveStore
from game.stats import StatsStore

real = pathlib.Path.unlink

def unlink_then_crash(self, *args, **kwargs):
    real(self, *args, **kwargs)
    print(self.name, flush=True)
    os._exit(9)

pathlib.Path.unlink = unlink_then_crash
SaveStore(pathlib.Path(sys.argv[1])).clear()
"""


def test_a_crash_between_the_steps_of_start_new_match_leaves_the_match_whole_never_its_backup_alone(tmp_path):
    store = SaveStore(tmp_path)
    before = mid_trick(seed=6)
    store.save(Match("standard", 6), {})
    store.save(before, {})
    done = subprocess.run(
        [sys.executable, "-c", CRASH_AFTER_FIRST_DELETE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (9, "match.bak.json\n"), done.stderr  # a real crash after step one
    loaded = SaveStore(tmp_path).load()
    assert (loaded.problem, loaded.from_backup) == (None, False)  # no "match.json is missing, backup used"
    assert loaded.match.log == before.log  # as before Start new match was chosen: chosen again, it goes
    SaveStore(tmp_path).clear()
    assert not SaveStore(tmp_path).exists()
