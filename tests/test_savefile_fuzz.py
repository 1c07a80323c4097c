"""A hypothesis fuzzer of the save loader (000 §21): random bytes, random JSON and mutated real saves never raise past
it; whatever it refuses gets a sentence, and whatever it accepts is exactly the snapshot it read."""

from __future__ import annotations

import json
import pathlib
import random
import tempfile
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.atomic import Unusable
from game.match import Match, Phase
from game.savefile import SAVED_AT, TABLE, SaveStore, encode, read_snapshot
from game.serialize import to_dict
from tests.kit.rules import random_until
from tests.kit.saves import mid_trick

FUZZ = settings(derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _finished(seed: int) -> Match:
    match = Match("standard", seed)
    random_until(match, random.Random(seed), {Phase.MATCH_OVER})
    return match


REAL_SAVES: list[dict[str, Any]] = [
    json.loads(encode(match, {"auto_play": True, "level": "hard"}))
    for match in (Match("standard", 1), mid_trick(6), mid_trick(11, settled=1), _finished(2))
]

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def outcome(text: str) -> Match | None:
    """The match the loader accepts, or None after checking its refusal is a proper sentence, not a crash."""
    try:
        match, table = read_snapshot(text)
    except Unusable as refused:
        assert str(refused) and "could not be understood" not in str(refused)
        return None
    data = json.loads(text)
    assert to_dict(match) == {key: value for key, value in data.items() if key not in (TABLE, SAVED_AT)}
    assert table == data.get(TABLE, {})
    return match


def paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place inside a JSON value, the value itself first."""
    found: list[tuple[object, ...]] = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    data = json.loads(json.dumps(draw(st.sampled_from(REAL_SAVES))))
    place = draw(st.sampled_from(paths(data)[1:]))
    parent = data
    for step in place[:-1]:
        parent = parent[step]
    last = place[-1]
    operation = draw(st.sampled_from(["replace", "delete", "nudge", "duplicate"]))
    if operation == "delete":
        del parent[last]
    elif operation == "nudge" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] += draw(st.integers(-3, 3))
    elif operation == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = draw(JSON_VALUES)
    return json.dumps(data)


@st.composite
def damaged_bytes(draw: st.DrawFn) -> bytes:
    data = bytearray(encode(Match("standard", draw(st.integers(0, 3))), {}))
    start = draw(st.integers(0, len(data) - 1))
    end = draw(st.integers(start, min(len(data), start + 8)))
    data[start:end] = draw(st.binary(max_size=8))
    return bytes(data)


@pytest.mark.slow
@FUZZ
@given(mutated_saves())
def test_s21_loader_survives_mutated_real_saves(text):
    outcome(text)


@FUZZ
@given(JSON_VALUES)
def test_s21_loader_survives_random_json(value):
    assert outcome(json.dumps(value)) is None


@FUZZ
@given(st.dictionaries(st.sampled_from(sorted(REAL_SAVES[1])), JSON_VALUES, max_size=12))
def test_s21_loader_survives_random_objects_with_save_fields(value):
    assert outcome(json.dumps(value)) is None


@settings(FUZZ, max_examples=60)
@given(st.one_of(st.binary(max_size=64), damaged_bytes()), st.none() | st.binary(max_size=64) | damaged_bytes())
def test_s21_load_never_raises_on_random_bytes(raw, backup):
    with tempfile.TemporaryDirectory() as directory:
        store = SaveStore(pathlib.Path(directory))
        store.path.write_bytes(raw)
        if backup is not None:
            store.path.with_name("match.bak.json").write_bytes(backup)
        loaded = store.load()
        assert loaded.match is not None or (loaded.problem is not None and "match.json" in loaded.problem)
        assert "could not be understood" not in str(loaded.problem)
