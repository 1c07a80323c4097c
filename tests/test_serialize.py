"""Saves: `to_dict`/`from_dict` round-trip through JSON, and anything inconsistent is a `SaveError` (000 §21, §23)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match import Match, Phase
from game.observe import observe
from game.serialize import VERSION, SaveError, from_dict, to_dict
from tests.kit.rules import bid_all, script

OPENING = ["3456789", "pass", "56789TJ", "pass", "pass"]  # seed 1, seat 0 bids 3 (see test_golden)


def saved_mid_hand() -> dict:
    match = Match("standard", seed=1)
    bid_all(match, [3])
    script(match, OPENING)
    return to_dict(match)


def refused(data) -> str:
    with pytest.raises(SaveError) as error:
        from_dict(data)
    return str(error.value)


def test_save_survives_json_text():
    data = saved_mid_hand()
    assert to_dict(from_dict(json.loads(json.dumps(data)))) == data


def test_continue_restores_the_hand_and_turn():
    data = saved_mid_hand()
    match = from_dict(data)
    assert (match.phase, match.turn, match.hand.last) == (Phase.PLAYING, 2, None)
    assert [observe(match, s).hand for s in range(3)] == data["hands"]


def test_s23_continue_restores_scores():
    match = Match("standard", seed=1)
    bid_all(match, [3])
    script(match, [*OPENING, "TTTKK", "77QQQ", "33AAA", "BR", "pass", "pass", "3", "4", "5", "A", "2", "pass"])
    script(match, ["pass", "KK", "pass", "pass", "22", "pass", "pass", "6", "8", "2"])
    assert from_dict(to_dict(match)).scores == match.scores == [-12, 6, 6]


def test_save_with_a_fixed_first_deal_round_trips():
    match = Match("standard", seed=5, first_deal=42)
    bid_all(match, [0, 2])
    assert to_dict(from_dict(to_dict(match))) == to_dict(match)


@pytest.mark.parametrize("version", [VERSION + 1, 0, -3])
def test_wrong_version_is_refused(version):
    data = saved_mid_hand() | {"version": version}
    assert refused(data)


@pytest.mark.parametrize("version", ["1", None, 1.0, True])
def test_malformed_version_is_refused(version):
    assert refused(saved_mid_hand() | {"version": version})


def test_unknown_ruleset_is_refused():
    assert "nonesuch" in refused(saved_mid_hand() | {"ruleset": "nonesuch"})


def test_illegal_action_in_the_log_is_refused():
    data = saved_mid_hand()
    data["actions"][1] = ["pass", data["actions"][1][1]]  # the landlord may not pass a free lead
    assert "action 2" in refused(data)


def test_action_by_the_wrong_seat_is_refused():
    data = saved_mid_hand()
    data["actions"][1][1] = (data["actions"][1][1] + 1) % 3
    assert refused(data)


@pytest.mark.parametrize("raw", [["fly", 0], ["bid", 0], "bid", [], [3], ["play", 0, "3", "nonesuch", None]])
def test_malformed_action_is_refused(raw):
    data = saved_mid_hand()
    data["actions"].insert(1, raw)
    assert refused(data)


def test_scores_that_disagree_with_the_log_are_refused():
    data = saved_mid_hand() | {"scores": [2, -1, -1]}
    assert refused(data)


def test_hands_that_disagree_with_the_log_are_refused():
    data = saved_mid_hand()
    data["hands"][0] = data["hands"][0][:-1] + "R"
    assert refused(data)


def test_a_log_missing_a_play_is_refused():
    data = saved_mid_hand()
    del data["actions"][-3:]  # the farmer's 56789TJ and the two passes after it
    assert refused(data)


@pytest.mark.parametrize("data", [None, [], "save", 3, {}])
def test_a_non_snapshot_is_refused(data):
    assert refused(data)


@pytest.mark.parametrize("key", ["seed", "actions", "first_deal"])
def test_missing_or_malformed_seed_or_log_is_refused(key):
    data = saved_mid_hand() | {key: "x"}
    assert refused(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.data())
def test_a_tampered_save_is_a_save_error_never_another_exception(data):
    save = copy.deepcopy(SAVE)
    target = data.draw(st.sampled_from(["top", "action", "action_field"]))
    if target == "top":
        save[data.draw(st.sampled_from(sorted(save)))] = data.draw(json_values)
    elif target == "action":
        save["actions"][data.draw(st.integers(0, len(save["actions"]) - 1))] = data.draw(json_values)
    else:
        action = save["actions"][data.draw(st.integers(0, len(save["actions"]) - 1))]
        action[data.draw(st.integers(0, len(action) - 1))] = data.draw(json_values)
    try:
        restored = from_dict(save)
    except SaveError:
        return
    assert to_dict(restored) == save


SAVE = saved_mid_hand()
