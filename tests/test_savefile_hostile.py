"""Hostile save files (000 §21): each is named in a clear message, set aside intact, and the backup used when good."""

from __future__ import annotations

import json
import pathlib

import pytest

from game import atomic
from game.match import Match
from game.savefile import SaveStore, read_snapshot, upgrade
from game.serialize import VERSION, to_dict
from tests.kit.saves import HOSTILE, STAND_INS, edited, mid_trick, refuse, state


@pytest.fixture
def saved(tmp_path) -> tuple[SaveStore, Match, Match]:
    """A store whose match.json holds `latest` and whose match.bak.json holds `previous`, one action earlier."""
    store, match = SaveStore(tmp_path), mid_trick()
    previous = Match("standard", match.seed)
    for action in match.log[:-1]:
        previous.apply(action)
    store.save(previous, {"level": "normal"})
    store.save(match, {"level": "normal"})
    return store, match, previous


@pytest.mark.parametrize("case", STAND_INS)
def test_s21_something_else_named_match_json_is_moved_aside_and_the_backup_used(saved, case):
    store, match, previous = saved
    make, message = STAND_INS[case]
    store.path.unlink()
    make(store.path)
    loaded = store.load()
    assert loaded.problem is not None and message in loaded.problem and "was moved aside" in loaded.problem
    assert loaded.from_backup and state(loaded.match) == state(previous)
    (aside,) = store.directory.glob("corrupt-*.json")
    assert aside.is_symlink() if case == "is_link" else aside.exists()
    store.save(match, {})
    assert store.path.is_file() and not store.path.is_symlink() and state(store.load().match) == state(match)


@pytest.mark.parametrize("case", ["is_folder", "is_link", "is_special"])
def test_s21_a_save_written_before_any_load_moves_a_stand_in_aside_and_saves(saved, case):
    store, match, _ = saved
    store.path.unlink()
    STAND_INS[case][0](store.path)
    SaveStore(store.directory).save(match, {})
    assert store.path.is_file() and not store.path.is_symlink()
    assert len(list(store.directory.glob("corrupt-*.json"))) == 1


@pytest.mark.parametrize("case", HOSTILE)
def test_s21_hostile_save_is_named_and_the_backup_is_used(saved, case):
    store, _, previous = saved
    make, message = HOSTILE[case]
    store.path.write_bytes(make(store))
    loaded = store.load()
    assert loaded.problem is not None and message in loaded.problem
    assert "match.json" in loaded.problem and "match.bak.json" in loaded.problem
    assert loaded.from_backup and loaded.match is not None and state(loaded.match) == state(previous)


@pytest.mark.parametrize("case", HOSTILE)
def test_s21_hostile_save_is_moved_aside_byte_for_byte(saved, case):
    store, _, _ = saved
    bad = HOSTILE[case][0](store)
    store.path.write_bytes(bad)
    problem = store.load().problem
    (aside,) = store.directory.glob("corrupt-*.json")
    assert aside.read_bytes() == bad and aside.name in str(problem)


WRONG_TYPES: dict[str, object] = {
    "ruleset": ["standard"],
    "seed": "4",
    "first_deal": 1.5,
    "actions": {"0": ["next"]},
    "scores": [0, "0", 0],
    "phase": 2,
    "hand_no": True,
    "deal_no": None,
    "hands": [17, 17, 20],
    "winners": "none",
    "table": [],
    "saved_at": 1700000000,
}


@pytest.mark.parametrize("field", WRONG_TYPES)
def test_s21_wrong_type_is_named_with_its_field(saved, field):
    store, _, _ = saved
    store.path.write_bytes(edited(store, lambda d: d.update({field: WRONG_TYPES[field]})))
    problem = store.load().problem
    assert problem is not None and f"The save's {field!r} should be" in problem


def test_s21_bad_action_shape_in_log_is_named(saved):
    store, _, _ = saved
    store.path.write_bytes(edited(store, lambda d: d["actions"].insert(2, ["bid", "zero", 1])))
    problem = store.load().problem
    assert problem is not None and "The save's action 3 is not legal: malformed seat" in problem


def test_s21_good_backup_becomes_the_save_again(saved):
    store, _, previous = saved
    store.path.write_bytes(b"")
    store.load()
    again = store.load()
    assert again.problem is None and again.match is not None and state(again.match) == state(previous)


def test_s21_missing_save_with_good_backup_says_so(saved):
    store, _, previous = saved
    store.path.unlink()
    loaded = store.load()
    assert loaded.problem is not None and "(match.json) is missing" in loaded.problem
    assert loaded.from_backup and loaded.match is not None and state(loaded.match) == state(previous)


def test_s21_both_files_bad_gives_no_match_and_both_reasons(saved):
    store, _, _ = saved
    store.path.write_bytes(b"")
    store.directory.joinpath("match.bak.json").write_bytes(b'{"version": 1, "seed"')
    loaded = store.load()
    assert loaded.match is None and not loaded.from_backup
    assert loaded.problem is not None and "The file is empty." in loaded.problem and "cut short" in loaded.problem
    assert sorted(p.read_bytes() for p in store.directory.glob("corrupt-*.json")) == [b"", b'{"version": 1, "seed"']


def test_s21_bad_save_without_backup_says_there_is_none(tmp_path):
    store = SaveStore(tmp_path)
    store.path.write_bytes(b"{}")
    loaded = store.load()
    assert loaded.match is None and loaded.problem is not None and "no backup" in loaded.problem


def test_s21_saving_over_a_bad_file_sets_it_aside_and_keeps_the_good_backup(saved):
    store, match, previous = saved
    fresh = SaveStore(store.directory)  # a new session that saves before it ever loads
    store.path.write_bytes(b"garbage")
    fresh.save(match, {})
    assert [p.read_bytes() for p in store.directory.glob("corrupt-*.json")] == [b"garbage"]
    backup = SaveStore(store.directory)
    store.path.unlink()
    assert state(backup.load().match) == state(previous)


def test_s23_start_new_match_sets_a_bad_file_aside_instead_of_deleting_it(saved):
    store, _, _ = saved
    store.path.write_bytes(b"\x00\x01")
    SaveStore(store.directory).clear()
    assert not store.exists()
    assert [p.read_bytes() for p in store.directory.glob("corrupt-*.json")] == [b"\x00\x01"]


def test_older_version_is_upgraded_before_loading(saved):
    store, match, _ = saved
    old = json.loads(store.path.read_text())
    old.update(version=VERSION - 1, moves=old.pop("actions"))
    rename = {
        VERSION - 1: lambda d: {
            **{k: v for k, v in d.items() if k != "moves"},
            "actions": d["moves"],
            "version": VERSION,
        }
    }
    restored = read_snapshot(json.dumps(upgrade(old, rename)))[0]
    assert to_dict(restored) == to_dict(match)


def test_s21_bad_save_that_cannot_be_moved_aside_is_never_overwritten(saved, monkeypatch):
    store, _, previous = saved
    store.path.write_bytes(b"{")
    monkeypatch.setattr(atomic, "move_aside", refuse)
    loaded = store.load()
    assert loaded.problem is not None and "could not be moved aside (Permission denied)" in loaded.problem
    assert loaded.match is not None and state(loaded.match) == state(previous)
    assert store.path.read_bytes() == b"{"


def test_s21_unreadable_save_directory_is_a_problem_not_a_crash(saved, monkeypatch):
    store, _, _ = saved
    monkeypatch.setattr(pathlib.Path, "is_file", refuse)
    loaded = store.load()
    assert loaded.match is None and loaded.problem is not None
    assert loaded.problem.endswith("cannot be read: Permission denied.")
