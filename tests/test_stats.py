"""Statistics beside the save: what a settled hand and a finished match count for the player, and durable storage."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.atomic import Unusable
from game.rulesets import get
from game.scoring import Settlement, settle
from game.stats import Stats, StatsStore, read_stats

RULES = get("standard")
ME = 1


def hand(landlord: int, landlord_won: bool, bid: int = 2, doublings: tuple[str, ...] = ()) -> Settlement:
    return settle(RULES, landlord, landlord_won, bid, doublings)


def test_s17_landlord_win_counts_a_landlord_win_and_the_points_won():
    stats = Stats().after_hand(hand(ME, True, bid=3, doublings=("bomb",)), ME)
    assert (stats.hands, stats.landlord_hands, stats.landlord_wins, stats.farmer_wins) == (1, 1, 1, 0)
    assert stats.best_score == 2 * 3 * 2  # the landlord collects P = 3 x 2 from each farmer


def test_s16_partner_finishing_counts_a_farmer_win():
    stats = Stats().after_hand(hand(landlord=0, landlord_won=False), ME)
    assert (stats.landlord_hands, stats.landlord_wins, stats.farmer_wins, stats.best_score) == (0, 0, 1, 2)


def test_s17_lost_hand_counts_as_played_and_never_lowers_the_best_score():
    stats = Stats().after_hand(hand(ME, False), ME)
    assert (stats.hands, stats.landlord_hands, stats.wins, stats.best_score) == (1, 1, 0, 0)


def test_s17_best_score_keeps_the_largest_single_hand():
    stats = Stats().after_hand(hand(ME, True, bid=3), ME).after_hand(hand(ME, True, bid=1), ME)
    assert stats.best_score == 6


@pytest.mark.parametrize(
    ("landlord", "landlord_won", "doubling", "counted"),
    [
        (ME, True, "spring", 1),  # my spring as landlord
        (0, False, "reverse_spring", 1),  # our reverse spring as farmers
        (0, True, "spring", 0),  # the landlord's spring against me
        (ME, False, "reverse_spring", 0),  # the farmers' reverse spring against me
    ],
)
def test_s19_springs_count_only_for_the_players_side(landlord, landlord_won, doubling, counted):
    stats = Stats().after_hand(hand(landlord, landlord_won, doublings=(doubling,)), ME)
    assert stats.springs == counted


def test_s23_matches_count_played_and_won_with_joint_winners():
    stats = Stats().after_match((0, 2), seat=2).after_match((1,), seat=2)
    assert (stats.matches, stats.matches_won) == (2, 1)


def test_seat_outside_the_table_is_refused():
    with pytest.raises(ValueError, match="seat 3"):
        Stats().after_hand(hand(0, True), 3)


def test_recorded_statistics_survive_a_restart(tmp_path):
    store = StatsStore(tmp_path)
    store.record_hand(hand(ME, True), ME)
    store.record_hand(hand(0, True), ME)
    expected = store.record_match((ME,), ME)
    assert StatsStore(tmp_path).load() == expected
    assert expected == Stats(hands=2, landlord_hands=1, landlord_wins=1, best_score=4, matches=1, matches_won=1)


def test_previous_statistics_become_the_backup(tmp_path):
    store = StatsStore(tmp_path)
    first = store.record_hand(hand(ME, True), ME)
    store.record_hand(hand(ME, False), ME)
    backup = json.loads(tmp_path.joinpath("stats.bak.json").read_text())
    assert Stats.from_dict(backup) == first


def test_no_statistics_yet_load_as_zero_without_a_problem(tmp_path):
    store = StatsStore(tmp_path)
    assert store.load() == Stats() and store.problem is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "The file is empty."),
        (b'{"version": 1, "hands": 4', "cut short"),
        (b'{"version": 2}', "unknown format (2; this game writes 1)"),
        (b'{"version": 1, "hands": -1}', "'hands' should be a whole number of at least 0"),
        (b"[]", "The file does not hold statistics."),
    ],
)
def test_bad_statistics_are_named_set_aside_and_the_backup_used(tmp_path, content, message):
    store = StatsStore(tmp_path)
    good = store.record_hand(hand(ME, True), ME)
    store.record_hand(hand(ME, True), ME)
    tmp_path.joinpath("stats.json").write_bytes(content)
    fresh = StatsStore(tmp_path)
    assert fresh.load() == good
    assert fresh.problem is not None and message in fresh.problem and "stats.bak.json" in fresh.problem
    assert [p.read_bytes() for p in tmp_path.glob("corrupt-*.json")] == [content]


def test_statistics_that_contradict_themselves_are_refused():
    data = {**Stats(hands=1, landlord_wins=1, landlord_hands=1).to_dict(), "landlord_hands": 0}
    with pytest.raises(Unusable, match="contradict"):
        Stats.from_dict(data)


def test_recording_after_a_bad_file_starts_from_zero(tmp_path):
    tmp_path.joinpath("stats.json").write_bytes(b"\xff\xfe")
    stats = StatsStore(tmp_path).record_match((0,), ME)
    assert stats == Stats(matches=1) and StatsStore(tmp_path).load() == stats


@settings(derandomize=True, deadline=None)
@given(st.binary(max_size=48) | st.dictionaries(st.sampled_from(sorted(Stats().to_dict())), st.integers(-2, 5)))
def test_statistics_loader_refuses_anything_bad_with_a_sentence(raw):
    text = json.dumps(raw) if isinstance(raw, dict) else raw.decode("latin-1")
    try:
        stats = read_stats(text)
    except Unusable as refused:
        assert str(refused)
        return
    assert stats.consistent() and stats.to_dict() == json.loads(text)
