"""The wire protocol's frame: JSON text `{"v": VERSION, "type": ..., ...}`, the message types each way, their JSON
Schemas, the size caps, and the refusal codes the server answers with (docs/network.md says it all for a reader).

A client frame is parsed by `parse_client` and nothing else: not JSON, not an object, a wrong version, an unknown type
or any field the type does not name is a `Refusal` with a refusal code, never an exception out of the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import fastjsonschema
from fastjsonschema import JsonSchemaValueException

from game.bots import LEVELS
from game.reasons import MESSAGES
from game.rulesets import RULESETS

VERSION = 1
DEFAULT_PORT = 47650  # where `--serve` listens unless told otherwise
ANY_ADDRESS = "0.0.0.0"  # a server listens on every IPv4 address: one socket, so port 0 gives one port
CLIENT_FRAME_BYTES = 4096  # a client's frame, at most (the server closes the connection on a larger one)
SERVER_FRAME_BYTES = 1 << 20  # a server's frame, at most (a client may refuse a larger one)
NAME_CHARS = 20
AVATARS = 16  # avatar numbers are 0..15; a table shows one of its characters for each
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: a code is read aloud and typed in
CODE_LENGTH = 6
PHRASES = (  # quick phrases and emotes (常用语), said as ids: each table says them in its own language
    "hello",
    "hurry_up",
    "well_played",
    "nice_cards",
    "good_luck",
    "thanks",
    "sorry",
    "oops",
    "laugh",
    "cry",
    "angry",
    "thumbs_up",
)
SEAT_CHOICES = ("open", "bot")  # a seat the host does not take: waiting for a friend (a bot plays meanwhile), or a bot

CLIENT_TYPES = ("hello", "create", "join", "ready", "start", "act", "say", "leave")
SERVER_TYPES = ("welcome", "room", "update", "refused", "said", "bye")

# The server's own refusals; the core's rejections (game.reasons.MESSAGES) travel with their own codes, none of these.
REFUSALS: dict[str, str] = {
    "bad_json": "The frame is not a JSON object.",
    "binary": "Frames are JSON text, not binary.",
    "version": "This server speaks protocol version {supported}.",
    "unknown_type": 'There is no message type "{name}".',
    "bad_message": "The message does not match its schema: {detail}",
    "rate_limited": "Too many {limited}: wait {retry} seconds.",
    "no_hello": "Say hello first.",
    "already_in_room": "You are already in a room: leave it first.",
    "not_in_room": "Join or create a room first.",
    "no_room": "There is no room with that code.",
    "room_full": "The room has no seat waiting for a friend.",
    "bad_token": "That seat token does not belong to this room.",
    "server_full": "The server has as many rooms as it can hold.",
    "bad_seats": "A {ruleset} room has {seats} other seats: say for each whether it waits for a friend or a bot.",
    "not_host": "Only the room's host may do that.",
    "not_ready": "Not everyone is ready: seats {seats}.",
    "not_started": "The match has not started yet.",
    "already_started": "The match has already started.",
    "not_your_seat": "That action is for seat {seat}; you sit at seat {yours}.",
    "room_action": "A player cannot send that action: the room deals and times the hands itself.",
    "bad_action": "The action cannot be read: {detail}",
    "arriving": "You take your seat when the next hand is dealt.",
    "internal": "The server could not handle that message.",
}
BYE_REASONS = ("left", "room_closed", "replaced", "slow", "flood", "server_stopping", "server_full", "version", "idle")
# What a `rate_limited` refusal's `limit` names, in its English text.
RATE_LIMITS = {
    "messages": "messages",
    "phrases": "quick phrases",
    "creates": "rooms opened",
    "joins": "attempts to join",
}
# The WebSocket close code after a bye: a normal end, the server going away, try later; 1008 (policy) for the others.
CLOSE_CODES = {"left": 1000, "room_closed": 1000, "server_stopping": 1001, "server_full": 1013}


class Refusal(ValueError):
    """A message the server refuses: `code` (a key of REFUSALS) and its `params`. Nothing changed."""

    def __init__(self, code: str, about: str | None = None, **params: object) -> None:
        super().__init__(refusal_text(code, params))
        self.code, self.params, self.about = code, params, about  # `about`: the refused message's type, if known


def refusal_text(code: str, params: Mapping[str, object]) -> str:
    """The English of a server refusal (a core code is said by `game.reasons.Rejection.text` instead)."""
    try:
        return REFUSALS[code].format(**params, limited=RATE_LIMITS.get(str(params.get("limit")), "messages"))
    except (KeyError, IndexError, ValueError):
        return code


def frame(kind: str, **fields: object) -> str:
    """One frame as text: the version, the type, the fields (JSON values)."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, allow_nan=False)  # ASCII: a lone surrogate is escaped


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def parse_client(text: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked dict, or raise Refusal. Never raises anything else."""
    if not isinstance(text, str):
        raise Refusal("binary")
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise Refusal("bad_json") from None
    if not isinstance(data, dict):
        raise Refusal("bad_json")
    if type(data.get("v")) is not int or data["v"] != VERSION:  # missing, 2, 1.0, true: not version 1
        raise Refusal("version", supported=VERSION)
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        name = kind if isinstance(kind, str) else json.dumps(kind) if _plain(kind) else "(not a name)"
        raise Refusal("unknown_type", name=name[:40])
    try:
        validators()[kind](data)
    except JsonSchemaValueException as error:
        raise Refusal("bad_message", kind, detail=_said(error)) from None
    if kind == "hello" and not (data["name"].isprintable() and data["name"].strip()):
        raise Refusal("bad_message", kind, detail="name: a name is printable characters, not only spaces")
    return data


def _plain(value: object) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _said(error: JsonSchemaValueException) -> str:
    """A schema error as one short line: where, and what was wrong ("action[2]: must be integer")."""
    text = error.message.removeprefix("data.").removeprefix("data ")
    where, _, what = text.partition(" ")
    text = f"{where}: {what}" if where and what and error.path[1:] else f"the message: {text}"
    return text if len(text) <= 160 else text[:159] + "…"


# ----- the schemas (JSON Schema draft-07) --------------------------------------------------------------------------

NAME = {"type": "string", "minLength": 1, "maxLength": NAME_CHARS}  # and printable, not only spaces: `parse_client`
CODE = {"type": "string", "pattern": f"^[{CODE_ALPHABET}{CODE_ALPHABET.lower()}]{{{CODE_LENGTH}}}$"}
TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"}
SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
# An action in the save format's notation (game.actions.to_json): ["play", 1, "33", null, [0, 1]], ["pass", 2], ...
ACTION = {
    "type": "array",
    "minItems": 1,
    "maxItems": 6,
    # One schema for every item, each keyword binding only values of its own type (the first item, the action's name,
    # is read by game.actions.from_json).
    "items": {
        "type": ["string", "integer", "boolean", "null", "array"],
        "maxLength": 64,  # a move
        "minimum": -1,  # a seat or a bid
        "maximum": 1000,
        "maxItems": 60,  # card ids
        "items": {"type": "integer", "minimum": 0, "maximum": 255},
    },
}


def message(kind: str, fields: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """The schema of one message type: exactly these fields besides `v` and `type`, nothing else."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {"v": {"const": VERSION}, "type": {"const": kind}, **fields},
        "required": ["v", "type", *required],
    }


CLIENT_SCHEMAS: dict[str, dict[str, Any]] = {
    "hello": message("hello", {"name": NAME, "avatar": {"type": "integer", "minimum": 0, "maximum": AVATARS - 1}},
                     ("name", "avatar")),
    "create": message(
        "create",
        {
            "ruleset": {"enum": list(RULESETS)},
            "level": {"enum": list(LEVELS)},
            "seats": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"enum": list(SEAT_CHOICES)}},
            "timers": {"type": "boolean"},
            "lan": {"type": "boolean"},
        },
        ("ruleset", "level", "seats"),
    ),
    "join": message("join", {"code": CODE, "token": TOKEN}, ("code",)),
    "ready": message("ready", {"ready": {"type": "boolean"}}, ("ready",)),
    "start": message("start", {}),
    "act": message("act", {"action": ACTION}, ("action",)),
    "say": message("say", {"phrase": {"enum": list(PHRASES)}}, ("phrase",)),
    "leave": message("leave", {}),
}  # fmt: skip

SEAT_INFO = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "seat": SEAT,
        "name": {"type": "string"},
        "avatar": {"type": "integer", "minimum": 0, "maximum": AVATARS - 1},
        "human": {"type": "boolean"},
        "connected": {"type": "boolean"},
        "covered": {"type": "boolean"},
        "ready": {"type": "boolean"},
        "open": {"type": "boolean"},
        "host": {"type": "boolean"},
    },
    "required": ["seat", "name", "avatar", "human", "connected", "covered", "ready", "open", "host"],
}
SECONDS = {"type": ["number", "null"], "minimum": 0}

# What the server sends (the tests check every frame against these). `update`'s `view` and `events` have their own
# schemas, `net.wire.view_schema` and `net.wire.event_schema`, derived from the core's own types.
SERVER_SCHEMAS: dict[str, dict[str, Any]] = {
    "welcome": message("welcome", {"code": CODE, "seat": SEAT, "token": TOKEN}, ("code", "seat", "token")),
    "room": message(
        "room",
        {
            "code": CODE,
            "ruleset": {"enum": list(RULESETS)},
            "level": {"enum": list(LEVELS)},
            "players": {"type": "integer", "minimum": 2, "maximum": 4},
            "started": {"type": "boolean"},
            "lan": {"type": "boolean"},
            "turn_seconds": SECONDS,
            "deal_seconds": SECONDS,
            "seats": {"type": "array", "items": SEAT_INFO},
        },
        ("code", "ruleset", "level", "players", "started", "lan", "turn_seconds", "deal_seconds", "seats"),
    ),
    "update": message(
        "update",
        {
            "step": {"type": "integer", "minimum": 0},
            "events": {"type": "array", "items": {"type": "object"}},
            "view": {"type": "object"},
            "clock": {
                "type": "object",
                "additionalProperties": False,
                "properties": {"turn": SECONDS, "deal": SECONDS},
                "required": ["turn", "deal"],
            },
        },
        ("step", "events", "view", "clock"),
    ),
    "refused": message(
        "refused",
        {
            "about": {"enum": [*CLIENT_TYPES, None]},
            "code": {"enum": sorted({*REFUSALS, *MESSAGES})},
            "params": {"type": "object"},
            "text": {"type": "string"},
        },
        ("about", "code", "params", "text"),
    ),
    "said": message("said", {"seat": SEAT, "phrase": {"enum": list(PHRASES)}}, ("seat", "phrase")),
    "bye": message("bye", {"reason": {"enum": list(BYE_REASONS)}}, ("reason",)),
}


@cache
def validators() -> dict[str, Callable[[object], object]]:
    """One validator per client message type, compiled to Python on the server's first message (fastjsonschema:
    a check costs microseconds; the server checks every frame)."""
    return {kind: fastjsonschema.compile(schema) for kind, schema in CLIENT_SCHEMAS.items()}
