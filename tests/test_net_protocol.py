"""The wire protocol's frame (net.protocol): what a client may send is exactly what the schemas say, anything else is
refused with a code, and no input makes the parser raise anything but a Refusal."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Pass, Play, to_json
from game.reasons import MESSAGES
from net import messages
from net.protocol import CLIENT_SCHEMAS, REFUSALS, SERVER_SCHEMAS, VERSION, Refusal, parse_client, refusal_text


def refused(text: str | bytes) -> str:
    with pytest.raises(Refusal) as caught:
        parse_client(text)
    return caught.value.code


def test_every_message_a_client_builds_parses_back() -> None:
    for text in (
        messages.hello("Ann", 3),
        messages.hello("张伟", 0),
        messages.create("rob", "hard", ["open", "bot"], timers=True, lan=True),
        messages.join("K7M2QX"),
        messages.join("k7m2qx", "A" * 32),
        messages.ready(False),
        messages.start(),
        messages.act(Play(1, "33", None, (0, 1))),
        messages.act(Pass(2)),
        messages.say("well_played"),
        messages.leave(),
    ):
        assert parse_client(text) == json.loads(text)
    assert set(CLIENT_SCHEMAS) == {"hello", "create", "join", "ready", "start", "act", "say", "leave"}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (b'{"v": 1, "type": "start"}', "binary"),
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('"hello"', "bad_json"),
        ('{"v": 1, "type": "start", "x": NaN}', "bad_json"),
        ("[" * 3000 + "]" * 3000, "bad_json"),
        ('{"type": "start"}', "version"),
        ('{"v": 2, "type": "start"}', "version"),
        ('{"v": true, "type": "start"}', "version"),
        ('{"v": 1.0, "type": "start"}', "version"),
        ('{"v": 1}', "unknown_type"),
        ('{"v": 1, "type": "shout"}', "unknown_type"),
        ('{"v": 1, "type": ["start"]}', "unknown_type"),
        ('{"v": 1, "type": "start", "extra": 1}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "Ann"}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "", "avatar": 0}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "   ", "avatar": 0}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "A\\u0000n", "avatar": 0}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "\\ud800", "avatar": 0}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "' + "x" * 21 + '", "avatar": 0}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "Ann", "avatar": 16}', "bad_message"),
        ('{"v": 1, "type": "hello", "name": "Ann", "avatar": 1.5}', "bad_message"),
        ('{"v": 1, "type": "create", "ruleset": "poker", "level": "easy", "seats": ["bot", "bot"]}', "bad_message"),
        ('{"v": 1, "type": "create", "ruleset": "standard", "level": "easy", "seats": ["me"]}', "bad_message"),
        ('{"v": 1, "type": "join", "code": "K7M2Q0"}', "bad_message"),
        ('{"v": 1, "type": "join", "code": "K7M2QX", "token": "short"}', "bad_message"),
        ('{"v": 1, "type": "ready", "ready": 1}', "bad_message"),
        ('{"v": 1, "type": "act", "action": []}', "bad_message"),
        ('{"v": 1, "type": "act", "action": ["play", {"seat": 1}]}', "bad_message"),
        ('{"v": 1, "type": "act", "action": ["play", 0, "3", null, [[1]]]}', "bad_message"),
        ('{"v": 1, "type": "act", "action": ["play", 0, "' + "3" * 65 + '"]}', "bad_message"),
        ('{"v": 1, "type": "say", "phrase": "you cheat"}', "bad_message"),
    ],
)
def test_a_frame_that_is_not_exactly_a_message_is_refused_with_its_code(text: str | bytes, code: str) -> None:
    assert refused(text) == code


def test_a_refusal_knows_the_type_it_refused_when_there_was_one() -> None:
    with pytest.raises(Refusal) as caught:
        parse_client('{"v": 1, "type": "join", "code": 5}')
    assert caught.value.about == "join" and caught.value.params["detail"].startswith("code:")


def test_an_unknown_type_is_named_as_sent_and_a_rate_says_what_it_limits() -> None:
    with pytest.raises(Refusal) as caught:
        parse_client('{"v": 1, "type": "dance"}')
    assert caught.value.params == {"name": "dance"} and str(caught.value) == 'There is no message type "dance".'
    assert str(Refusal("rate_limited", limit="joins", retry=5.0)) == "Too many attempts to join: wait 5.0 seconds."


def test_no_server_refusal_has_the_code_of_a_rules_refusal() -> None:
    """A client tells the core's refusals (said with their params) from the server's by the code alone."""
    assert set(REFUSALS) & set(MESSAGES) == set()


def test_every_refusal_is_said_in_english_and_a_code_without_words_is_said_as_itself() -> None:
    params = {"supported": VERSION, "name": "x", "detail": "d", "retry": 1, "ruleset": "standard", "seats": 2,
              "seat": 1, "yours": 0}  # fmt: skip
    assert all("{" not in refusal_text(code, params) for code in REFUSALS)
    assert refusal_text("no_such_code", {}) == "no_such_code"
    assert refusal_text("version", {}) == "version"  # a missing param never raises


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)
near_messages = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 2, True, "1"]), "type": st.sampled_from([*CLIENT_SCHEMAS, "x", 7])},
    optional={
        "name": json_values,
        "avatar": json_values,
        "code": json_values,
        "token": json_values,
        "action": json_values,
        "ready": json_values,
        "phrase": json_values,
        "seats": json_values,
        "ruleset": json_values,
        "level": json_values,
    },
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(json_values, near_messages))
def test_no_value_makes_the_parser_raise_anything_but_a_refusal(value: object) -> None:
    try:
        parsed = parse_client(json.dumps(value))
    except Refusal as refusal:
        assert refusal.code in REFUSALS
    else:
        assert isinstance(parsed, dict) and parsed["type"] in CLIENT_SCHEMAS


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_no_text_makes_the_parser_raise_anything_but_a_refusal(text: str) -> None:
    with contextlib.suppress(Refusal):
        parse_client(text)


def test_the_action_schema_takes_every_action_the_core_writes() -> None:
    from game.actions import Bid, Double, Show, Swap

    for action in (Bid(0, 3), Double(1, True), Show(2, False), Swap(0, (1, 2, 54)), Play(1, "34567=34567", None, None)):
        assert parse_client(json.dumps({"v": 1, "type": "act", "action": to_json(action)}))


def test_the_server_schemas_name_every_server_message() -> None:
    assert set(SERVER_SCHEMAS) == {"welcome", "room", "update", "refused", "said", "bye"}
