"""docs/network.md is enough to write a client from: every example in it is a message the server takes or sends
(checked against the schemas and read back), and it names every message type, refusal code (the server's and the rules
core's), bye reason, rate limit, quick phrase, view field and event."""

from __future__ import annotations

import json
import pathlib
import re

import fastjsonschema

from game.observe import Observation
from game.reasons import MESSAGES
from net import wire
from net.messages import read
from net.protocol import (
    BYE_REASONS,
    CLIENT_TYPES,
    PHRASES,
    RATE_LIMITS,
    REFUSALS,
    SERVER_SCHEMAS,
    SERVER_TYPES,
    parse_client,
)

DOC = (pathlib.Path(__file__).resolve().parent.parent / "docs" / "network.md").read_text()


def test_every_example_is_a_message_of_the_protocol() -> None:
    examples = re.findall(r"```json\n(.*?)\n```", DOC, re.DOTALL)
    kinds = set()
    for text in examples:
        data = json.loads(text)
        kinds.add(data["type"])
        if data["type"] in CLIENT_TYPES:
            assert parse_client(text) == data
            continue
        fastjsonschema.validate(SERVER_SCHEMAS[data["type"]], data)
        read(text)
        if data["type"] == "update":
            fastjsonschema.validate(wire.view_schema(), data["view"])
            for event in data["events"]:
                fastjsonschema.validate(wire.event_schema(), event)
    assert kinds == {*CLIENT_TYPES, *SERVER_TYPES}


def test_the_doc_names_every_code_reason_phrase_field_and_event() -> None:
    named = set(re.findall(r"`([a-z_0-9]+)`", DOC))
    fields = set(wire.schema_of(Observation)["properties"])
    missing = {*REFUSALS, *MESSAGES, *BYE_REASONS, *PHRASES, *RATE_LIMITS, *fields, *wire.EVENTS} - named
    assert missing == set()
