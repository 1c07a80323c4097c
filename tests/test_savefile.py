"""The saved match: save -> load gives the same game at any moment, and where saves live (000 §21, §23)."""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Iterator

import pytest

from game.actions import Abandon, Action, NextHand
from game.match import Match, Phase
from game.savefile import ENV_VAR, PROJECT_SAVES, SaveStore, default_directory
from game.serialize import VERSION
from tests.kit.rules import random_action, random_until
from tests.kit.saves import skip_fsync, state

TABLE = {"auto_play": True, "level": "hard", "interval": 0.8, "timers": [12.5, 0.0, 3.0]}


def walk(match: Match, rng: random.Random, hands: int) -> Iterator[Action]:
    """Apply random actions until `hands` hands are settled or the match ends, yielding each one applied."""
    while len(match.results) < hands and match.phase is not Phase.MATCH_OVER:
        action = random_action(match, rng)
        match.apply(action)
        yield action


def continued(match: Match, directory: pathlib.Path) -> Match:
    """Save the match, then load it back as Continue does."""
    store = SaveStore(directory)
    store.save(match, {})
    loaded = store.load()
    assert loaded.problem is None and loaded.match is not None
    return loaded.match


@pytest.mark.slow
def test_s21_continue_restores_the_state_after_every_action_of_many_hands(tmp_path, monkeypatch):
    skip_fsync(monkeypatch)
    for seed in range(10):
        store, rng, match = SaveStore(tmp_path / str(seed)), random.Random(seed), Match("standard", seed)
        for _ in walk(match, rng, hands=2):
            store.save(match, TABLE)
            loaded = store.load()
            assert loaded.problem is None
            assert loaded.match is not None and state(loaded.match) == state(match)


def test_s21_continue_restores_the_table_settings(tmp_path):
    store = SaveStore(tmp_path)
    store.save(Match("standard", 3), TABLE)
    assert store.load().table == TABLE


def test_s21_continued_match_deals_the_same_next_hand(tmp_path):
    rng, match = random.Random(5), Match("standard", 5)
    random_until(match, rng, {Phase.HAND_OVER})
    resumed = continued(match, tmp_path)
    assert resumed.apply(NextHand()) == match.apply(NextHand())
    assert state(resumed) == state(match)


def test_s21_abandoned_hand_survives_continue_without_score(tmp_path):
    rng, match = random.Random(8), Match("standard", 8)
    random_until(match, rng, {Phase.HAND_OVER})
    match.apply(NextHand())
    random_until(match, rng, {Phase.PLAYING})
    scores = list(match.scores)
    match.apply(Abandon())
    resumed = continued(match, tmp_path)
    assert (resumed.scores, resumed.phase, resumed.hand.number) == (scores, Phase.BIDDING, 2)


def test_s23_continue_after_the_match_ended_shows_the_final_result(tmp_path):
    rng, match = random.Random(2), Match("standard", 2)
    random_until(match, rng, {Phase.MATCH_OVER})
    resumed = continued(match, tmp_path)
    assert (resumed.phase, resumed.winners, resumed.scores) == (Phase.MATCH_OVER, match.winners, match.scores)


def test_save_file_holds_version_ruleset_seed_log_scores_and_table(tmp_path):
    store, rng, match = SaveStore(tmp_path), random.Random(4), Match("standard", 4)
    random_until(match, rng, {Phase.HAND_OVER})
    store.save(match, TABLE)
    data = json.loads(store.path.read_text())
    assert (data["version"], data["ruleset"], data["seed"]) == (VERSION, "standard", 4)
    assert (len(data["actions"]), data["scores"], data["table"]) == (len(match.log), match.scores, TABLE)


def test_nothing_saved_loads_as_no_match_and_no_problem(tmp_path):
    store = SaveStore(tmp_path / "never-written")
    loaded = store.load()
    assert not store.exists()
    assert (loaded.match, loaded.table, loaded.problem, loaded.from_backup) == (None, {}, None, False)


def test_first_save_creates_the_directory(tmp_path):
    store = SaveStore(tmp_path / "a" / "b")
    store.save(Match("standard", 1), {})
    assert store.exists() and store.path.parent == tmp_path / "a" / "b"


def test_s23_start_new_match_removes_the_save_and_its_backup(tmp_path):
    store, match = SaveStore(tmp_path), Match("standard", 1)
    store.save(match, {})
    match.apply(random_action(match, random.Random(1)))
    store.save(match, {})
    store.clear()
    assert not store.exists()
    assert list(tmp_path.iterdir()) == []


def test_saves_directory_prefers_the_command_line_then_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert default_directory(str(tmp_path / "flag")) == tmp_path / "flag"
    assert default_directory() == tmp_path / "env"


@pytest.mark.parametrize("value", [None, ""])
def test_saves_directory_defaults_to_the_project_saves_folder(monkeypatch, value):
    if value is None:
        monkeypatch.delenv(ENV_VAR, raising=False)
    else:
        monkeypatch.setenv(ENV_VAR, value)
    assert default_directory() == PROJECT_SAVES
    assert PROJECT_SAVES.parent.joinpath("game", "savefile.py").is_file()
