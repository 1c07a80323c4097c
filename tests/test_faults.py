"""The fault campaign of issue 15 as tests (000 §21 Continue): a disk that refuses, files corrupted every way, saves
whose JSON is valid but whose meaning is not, a game killed at random moments, and command-line paths that cannot be
used. Each is said once, loses nothing that was good, and never ends the game."""

from __future__ import annotations

import errno
import os
import pathlib
import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from game import atomic
from game.match import Match
from game.savefile import SaveStore
from game.stats import StatsStore
from scenes.demo_kills import kill_and_continue
from scenes.flow import continue_match, new_match
from scenes.platform.prefs import Prefs, PrefsStore
from tests.kit.app import title_app
from tests.kit.rules import random_action
from tests.kit.saves import STAND_INS, state
from tests.kit.table import warnings_of

ROOT = pathlib.Path(__file__).resolve().parent.parent


def no_space(*_args: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def read_only(*_args: object) -> None:
    raise PermissionError(errno.EROFS, "Read-only file system")


def warnings_while_playing(store: SaveStore, actions: int = 40) -> list[str]:
    """The saved match continued (or, with none, a new one) at a headless table saving to `store`, `actions` actions
    applied through its session (settling hands and playing again): what the table said as warnings."""
    app = title_app(store)
    try:
        loaded = store.load()
        if loaded.match is not None:
            continue_match(app, loaded)
        else:
            new_match(app, "standard")
        session = app.session
        said = warnings_of(session)
        for problem in (
            app.problem,
            session.notices.message and session.notices.message.tone == "warn" and session.notices.message.text,
        ):
            if problem:
                said.append(str(problem))  # said as the match opened
        rng = random.Random(5)
        for _ in range(actions):
            session.act(random_action(session.seat.match, rng))
        assert session.seat.match.log, "play went on"
        return said
    finally:
        app.close()


# ----- the saves directory refuses: said once, play goes on, the last good save is never truncated -----------------


@pytest.mark.parametrize(
    "where",
    [
        pytest.param(lambda tmp: tmp / "a-file", id="a path that is a file"),
        pytest.param(lambda tmp: tmp / "a-file" / "saves", id="a path through a file"),
        pytest.param(lambda tmp: pathlib.Path("/proc/1"), id="/proc/1"),
    ],
)
def test_s21_a_saves_path_that_cannot_hold_saves_is_said_once_and_play_goes_on(tmp_path, where):
    (tmp_path / "a-file").write_text("not a folder")
    said = warnings_while_playing(SaveStore(where(tmp_path)))
    unsaved = [text for text in said if "not saved until" in text]
    assert len(unsaved) == 1 and "could not be written" in unsaved[0], said
    assert (tmp_path / "a-file").read_text() == "not a folder"


@pytest.mark.parametrize("fault", [no_space, read_only], ids=["full filesystem", "read-only saves folder"])
def test_s21_a_disk_that_stops_taking_writes_keeps_the_last_good_save(tmp_path, monkeypatch, fault):
    store = SaveStore(tmp_path / "saves")
    match, rng = Match("standard", 4), random.Random(4)
    for _ in range(30):
        match.apply(random_action(match, rng))
    store.save(match, {})
    store.save(match, {})
    good = store.path.read_bytes(), store.directory.joinpath("match.bak.json").read_bytes()
    monkeypatch.setattr(atomic, "write_atomic", fault)
    said = warnings_while_playing(SaveStore(store.directory))
    assert len([text for text in said if "not saved until" in text]) == 1, said
    assert (store.path.read_bytes(), store.directory.joinpath("match.bak.json").read_bytes()) == good
    assert state(SaveStore(store.directory).load().match) == state(match)


def test_s21_a_missing_saves_folder_is_made_and_saved_in(tmp_path):
    store = SaveStore(tmp_path / "not" / "yet" / "there")
    assert warnings_while_playing(store, actions=5) == []
    assert store.load().match is not None


def test_s21_once_the_disk_takes_saves_again_a_new_failure_is_said_again(tmp_path, monkeypatch):
    app = title_app(SaveStore(tmp_path))
    try:
        new_match(app, "standard")
        session = app.session
        said = warnings_of(session)
        monkeypatch.setattr(atomic, "write_atomic", no_space)
        session.save()
        session.save()
        monkeypatch.undo()
        session.save()
        monkeypatch.setattr(atomic, "write_atomic", no_space)
        session.save()
        assert len(said) == 2 and all("No space left on device" in text for text in said)
    finally:
        app.close()


# ----- main.py: paths it cannot use ---------------------------------------------------------------------------------


def main(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("where", "said"),
    [
        (lambda tmp: tmp / "a-file", "which is a file, not a folder"),
        (lambda tmp: tmp / "a-file" / "shots", "cannot be made (Not a directory)"),
        (lambda tmp: pathlib.Path("/proc/1/shots"), "cannot be made"),
    ],
)
def test_screenshots_in_a_place_that_cannot_hold_them_is_one_line_and_exit_2(tmp_path, where, said):
    (tmp_path / "a-file").write_text("x")
    done = main("--headless", "--autoplay", "--screenshots", str(where(tmp_path)))
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert (done.returncode, len(lines), said in lines[0], "Traceback" in done.stderr) == (2, 1, True, False)


def test_screenshots_without_headless_are_refused_in_one_line_not_silently_ignored(tmp_path):
    done = main("--autoplay", "--screenshots", str(tmp_path / "shots"))
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert (done.returncode, len(lines), "--headless --autoplay --screenshots" in lines[0]) == (2, 1, True)
    assert not (tmp_path / "shots").exists()


@pytest.mark.slow
def test_headless_demo_with_a_saves_path_that_is_a_file_says_so_once_and_finishes(tmp_path):
    (tmp_path / "a-file").write_text("keep me")
    done = main("--headless", "--autoplay", "--hands", "1", "--seed", "3", "--saves", str(tmp_path / "a-file"))
    unsaved = [line for line in done.stdout.splitlines() if "could not be written" in line]
    assert (done.returncode, len(unsaved), "Traceback" in done.stderr) == (0, 1, False), done.stdout + done.stderr
    assert unsaved[0].endswith("The match went on unsaved.") and (tmp_path / "a-file").read_text() == "keep me"


# ----- prefs.json and stats.json corrupted every way a save can be: the game starts, keeps the rest, says it once ---


def deep(path: pathlib.Path) -> None:
    path.write_text("[" * 100_000)


CORRUPTIONS: dict[str, Callable[[pathlib.Path], None]] = {
    "truncated": lambda path: path.write_bytes(path.read_bytes()[:-4]),
    "binary": lambda path: path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff"),
    "not_json": lambda path: path.write_text("language = zh\n"),
    "empty": lambda path: path.write_bytes(b""),
    "a_list": lambda path: path.write_text("[1, 2, 3]"),
    "nan": lambda path: path.write_text('{"version": 1, "hands": NaN, "language": NaN}'),
    "deep": deep,
    **{name: lambda path, make=make: (path.unlink(), make(path)) for name, (make, _) in STAND_INS.items()},
}


def other_data(tmp_path: pathlib.Path) -> SaveStore:
    """A saves folder holding a good match and its backup, good statistics (3 hands; the backup 2) and good
    preferences (Chinese, quiet)."""
    store = SaveStore(tmp_path / "saves")
    match, rng = Match("standard", 8), random.Random(8)
    while len(match.results) < 3:
        match.apply(random_action(match, rng))
    stats = StatsStore(store.directory)
    for result in match.results:
        stats.record_hand(result, 0)
    store.save(match, {})
    store.save(match, {"level": "hard"})
    PrefsStore(store.directory).save(Prefs(language="zh", master=50))
    return store


def files(directory: pathlib.Path, *names: str) -> dict[str, bytes]:
    return {name: (directory / name).read_bytes() for name in names}


@pytest.mark.parametrize("corrupt", CORRUPTIONS)
def test_s21_a_corrupted_prefs_file_starts_the_game_on_defaults_keeps_the_rest_and_says_it_once(tmp_path, corrupt):
    store = other_data(tmp_path)
    kept = files(store.directory, "match.json", "match.bak.json", "stats.json")
    CORRUPTIONS[corrupt](store.directory / "prefs.json")
    app = title_app(store)
    try:
        app.step(1 / 60)
        assert app.prefs == Prefs() and str(app.problem).count("prefs.json") == 1, app.problem
        assert files(store.directory, *kept) == kept and len(list(store.directory.glob("corrupt-*.json"))) == 1
        assert store.load().match is not None
    finally:
        app.close()


@pytest.mark.parametrize("corrupt", CORRUPTIONS)
def test_s21_a_corrupted_statistics_file_is_said_once_and_counting_starts_again(tmp_path, corrupt):
    store = other_data(tmp_path)
    kept = files(store.directory, "prefs.json")
    CORRUPTIONS[corrupt](store.directory / "stats.json")
    app = title_app(store)
    try:
        continue_match(app, store.load())
        session = app.session
        said, rng = warnings_of(session), random.Random(2)
        while len(session.seat.match.results) < 5:
            session.act(random_action(session.seat.match, rng))
        assert len([text for text in said if "stats.json" in text]) == 1, said
        assert StatsStore(store.directory).load().hands == 2 + 2  # the backup's two hands and the two played since
        assert files(store.directory, *kept) == kept and len(list(store.directory.glob("corrupt-*.json"))) == 1
    finally:
        app.close()


# ----- the game killed at random moments: Continue resumes the last good state, no orphans stay behind -----------


@pytest.mark.slow
def test_s21_a_game_killed_at_random_moments_continues_from_its_last_good_save(tmp_path):
    """Each kill falls anywhere (inside a write too): the next Continue resumes a state whose log extends the one
    before, so the scores never go backwards or jump; and the bots' worker never outlives the game."""
    resumed, orphans = kill_and_continue(tmp_path / "saves", kills=3, seed=15)
    assert (resumed, orphans) == (3, 0)
