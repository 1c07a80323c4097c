"""Writing the save: a write cut off at any byte leaves a loadable save or backup; a refused write changes nothing."""

from __future__ import annotations

import errno
import pathlib
import random

import pytest

from game import atomic
from game.atomic import WriteFailed
from game.match import Match
from game.savefile import SaveStore, encode
from tests.kit.rules import random_action
from tests.kit.saves import mid_trick, skip_fsync, state

TABLE = {"auto_play": False, "level": "hard", "player": "Dì Zhǔ", "interval": 0.75, "timer": None}


@pytest.fixture
def before_and_after(tmp_path) -> tuple[SaveStore, Match, Match]:
    """A store holding `before` (with its own backup) and `after`, the match one action later, not yet saved."""
    store, before = SaveStore(tmp_path), mid_trick(seed=11, settled=1)
    earlier = Match("standard", before.seed)
    for action in before.log[:-1]:
        earlier.apply(action)
    store.save(earlier, TABLE)
    store.save(before, TABLE)
    after = Match("standard", before.seed)
    for action in before.log:
        after.apply(action)
    after.apply(random_action(after, random.Random(0)))
    return store, before, after


def test_s21_previous_save_becomes_the_backup(before_and_after):
    store, _, after = before_and_after
    saved_before = store.path.read_bytes()
    store.save(after, TABLE)
    assert store.directory.joinpath("match.bak.json").read_bytes() == saved_before
    assert state(SaveStore(store.directory).load().match) == state(after)


@pytest.mark.slow
def test_s21_write_cut_off_in_its_temporary_files_at_every_byte_keeps_the_last_save(before_and_after, monkeypatch):
    skip_fsync(monkeypatch)
    store, before, after = before_and_after
    new, old = encode(after, TABLE), store.path.read_bytes()
    partial = [store.directory / f".{name}.crashed{atomic.TEMP_SUFFIX}" for name in ("match.json", "match.bak.json")]
    for offset in range(len(new) + 1):
        partial[0].write_bytes(new[:offset])  # the new save, cut off
        partial[1].write_bytes(old[: offset % (len(old) + 1)])  # the copy of the old save to the backup, cut off
        loaded = store.load()
        assert loaded.problem is None and loaded.match is not None and state(loaded.match) == state(before)
    store.save(after, TABLE)
    assert not any(path.exists() for path in partial)


@pytest.mark.slow
def test_s21_save_torn_at_every_byte_falls_back_to_the_backup(before_and_after, monkeypatch):
    skip_fsync(monkeypatch)
    store, before, after = before_and_after
    backup, new = store.directory / "match.bak.json", encode(after, TABLE)
    backup.write_bytes(store.path.read_bytes())
    for offset in range(len(new.rstrip())):
        store.path.write_bytes(new[:offset])
        loaded = store.load()
        assert loaded.from_backup and loaded.match is not None and state(loaded.match) == state(before)
        assert loaded.problem is not None and ("cut short" in loaded.problem or "empty" in loaded.problem)
        for aside in store.directory.glob("corrupt-*.json"):
            assert aside.read_bytes() == new[:offset]
            aside.unlink()
    store.path.write_bytes(new.rstrip())
    assert state(store.load().match) == state(after)


def test_s21_refused_write_keeps_the_old_save_and_says_why(before_and_after, monkeypatch):
    store, _, after = before_and_after
    saved = store.path.read_bytes()

    def disk_full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", disk_full)
    with pytest.raises(WriteFailed, match=r"could not be written to .*: No space left on device"):
        store.save(after, TABLE)
    monkeypatch.undo()
    assert store.path.read_bytes() == saved
    assert sorted(p.name for p in store.directory.iterdir()) == ["match.bak.json", "match.json"]


class PowerCut(BaseException):
    """The process stops dead: nothing after this point of the write runs."""


@pytest.mark.parametrize("cut_at", [0, 1])
def test_s21_save_stopped_at_either_rename_leaves_the_last_save_clean(before_and_after, monkeypatch, cut_at):
    store, before, after = before_and_after
    renamed: list[str] = []
    real_replace = atomic.os.replace

    def replace(source: str, target: str) -> None:
        if len(renamed) == cut_at:
            raise PowerCut
        renamed.append(pathlib.Path(target).name)
        real_replace(source, target)

    monkeypatch.setattr(atomic.os, "replace", replace)
    with pytest.raises(PowerCut):
        store.save(after, TABLE)
    monkeypatch.undo()
    assert renamed == ["match.bak.json"][:cut_at]
    loaded = SaveStore(store.directory).load()
    assert loaded.problem is None and loaded.match is not None and state(loaded.match) == state(before)
