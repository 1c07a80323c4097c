"""The core's types on the wire: an Observation, the events, a Settlement, a refusal's Rejection <-> JSON values.

One codec reads the core's own type hints (dataclasses, NamedTuples, enums, tuples, unions), so a field added to the
core travels without a second description to keep in step, and the JSON Schema of each type comes from the same
hints (`schema_of`). Decoding is strict: a missing or unknown field, or a value of the wrong type, is a WireError.
Actions travel in the save format's notation (`game.actions.to_json` / `from_json`).
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from game import events as ev
from game.combos import Reading
from game.kinds import Kind
from game.observe import Observation
from game.reasons import Rejection
from game.rulesets import RULESETS

JSON = Any


class WireError(ValueError):
    """A value that does not decode as the type asked for; the message says where."""


SCALARS = (bool, int, float, str, type(None))
Encoder = typing.Callable[[Any], JSON]
Decoder = typing.Callable[[JSON], Any]


def encode(value: object) -> JSON:
    """A core value as JSON values: a dataclass or NamedTuple as an object of its fields, an enum as its value,
    a tuple as a list."""
    if isinstance(value, tuple | list) and not hasattr(value, "_fields"):
        return [encode(item) for item in value]
    return encoder(type(value))(value)


def decode(kind: Any, data: JSON, where: str = "value") -> Any:
    """`data` read as the type `kind` (a type hint), or WireError naming `where`."""
    try:
        return decoder(kind)(data)
    except WireError as wrong:
        raise _under(where, wrong) from None


def _under(where: str, wrong: WireError) -> WireError:
    """`wrong` said from one level up: "view" + ".hand: ..." -> "view.hand: ..."."""
    said = str(wrong)
    return WireError(f"{where}{'' if said.startswith(('.', '[')) else ': '}{said}")


def _optional(kind: Any) -> Any | None:
    """X for the hint `X | None`, else None."""
    if typing.get_origin(kind) not in (typing.Union, types.UnionType):
        return None
    options = [option for option in typing.get_args(kind) if option is not type(None)]
    return options[0] if len(options) == 1 else None


def _plain(kind: Any) -> bool:
    """Does the type travel as it is (a scalar, or a union or tuple of scalars)?"""
    if kind in SCALARS:
        return True
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType, tuple):
        return all(arg is Ellipsis or _plain(arg) for arg in typing.get_args(kind))
    return False


@cache
def encoder(kind: Any) -> Encoder:
    """The function that writes values of the hint `kind` (built once per type: the server writes a view for every
    seat after every action)."""
    if kind in SCALARS:
        return _same
    if isinstance(kind, type) and issubclass(kind, Enum):
        return lambda value: value.value
    if (inner := _optional(kind)) is not None:
        some = encoder(inner)
        return lambda value: None if value is None else some(value)
    if typing.get_origin(kind) is tuple:
        if _plain(kind):
            return list
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            each = encoder(args[0])
            return lambda value: [each(item) for item in value]
        parts = [encoder(arg) for arg in args]
        return lambda value: [part(item) for part, item in zip(parts, value, strict=True)]
    if _is_record(kind):
        pairs = [(name, None if _plain(hint) and typing.get_origin(hint) is not tuple else encoder(hint))
                 for name, hint in _fields(kind).items()]  # fmt: skip
        return lambda value: {
            name: getattr(value, name) if write is None else write(getattr(value, name)) for name, write in pairs
        }
    raise TypeError(f"no wire form for {kind!r}")


def _same(value: JSON) -> JSON:
    return value


@cache
def decoder(kind: Any) -> Decoder:
    """The function that reads values of the hint `kind`, strictly (a WireError says where it went wrong)."""
    if (inner := _optional(kind)) is not None:
        some = decoder(inner)
        return lambda data: None if data is None else some(data)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        raise TypeError(f"no wire form for {kind!r}")
    if typing.get_origin(kind) is tuple:
        return _tuple_decoder(typing.get_args(kind))
    if kind in SCALARS:
        return _scalar_decoder(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_decoder(kind)
    if _is_record(kind):
        return _record_decoder(kind)
    raise TypeError(f"no wire form for {kind!r}")


def _scalar_decoder(kind: type) -> Decoder:
    said = {bool: "a bool", int: "a whole number", float: "a number", str: "a string", type(None): "null"}[kind]
    accepts = (int, float) if kind is float else kind

    def read(data: JSON) -> Any:
        if not isinstance(data, accepts) or (isinstance(data, bool) and kind is not bool):
            raise WireError(f"{_short(data)} is not {said}")
        return float(data) if kind is float else data

    return read


def _enum_decoder(kind: type[Enum]) -> Decoder:
    def read(data: JSON) -> Any:
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise WireError(f"{_short(data)} is not a {kind.__name__}") from None

    return read


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    repeated = len(args) == 2 and args[1] is Ellipsis
    parts = [decoder(args[0])] if repeated else [decoder(arg) for arg in args]

    def read(data: JSON) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise WireError(f"{_short(data)} is not a list")
        if not repeated and len(parts) != len(data):
            raise WireError(f"{len(data)} items where {len(parts)} belong")
        pairs = zip(parts * len(data), data, strict=True) if repeated else zip(parts, data, strict=True)
        try:
            return tuple(part(item) for part, item in pairs)
        except WireError as wrong:
            raise _under("[…]", wrong) from None

    return read


def _record_decoder(kind: type) -> Decoder:
    readers = {name: decoder(hint) for name, hint in _fields(kind).items()}
    names = set(readers)

    def read(data: JSON) -> Any:
        if not isinstance(data, dict):
            raise WireError(f"{_short(data)} is not an object")
        if data.keys() != names:
            odd = sorted(map(str, data.keys() ^ names))
            raise WireError(f"fields {', '.join(odd)} missing or unknown in a {kind.__name__}")
        values = {}
        for name, reader in readers.items():
            try:
                values[name] = reader(data[name])
            except WireError as wrong:
                raise _under(f".{name}", wrong) from None
        return kind(**values)

    return read


def _is_record(kind: Any) -> bool:
    """A dataclass or a NamedTuple: a value of named fields."""
    named = isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields")
    return isinstance(kind, type) and (dataclasses.is_dataclass(kind) or named)


# Fields the server sends as null while they are secret (net.seen: the deal number during the hand).
HIDDEN: dict[type, tuple[str, ...]] = {Observation: ("deal_no",), ev.Dealt: ("deal_no",)}
# Fields that never travel: a room plays a preset, or a preset with the 003 timers switched on, which the view's
# `ruleset` and the `room` frame's limits say (`encode_view`).
LOCAL: dict[type, tuple[str, ...]] = {Observation: ("custom",)}


@cache
def _fields(kind: type) -> dict[str, Any]:
    """A dataclass's or NamedTuple's fields and their type hints, in order (a HIDDEN field may be null)."""
    hints = typing.get_type_hints(kind)
    names = [field.name for field in dataclasses.fields(kind)] if dataclasses.is_dataclass(kind) else kind._fields
    hidden, local = HIDDEN.get(kind, ()), LOCAL.get(kind, ())
    return {name: hints[name] | None if name in hidden else hints[name] for name in names if name not in local}


def _short(data: JSON, limit: int = 40) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def schema_of(kind: Any) -> dict[str, Any]:
    """The JSON Schema (draft-07) of a type's wire form (what `encode` writes and `decode` reads)."""
    origin = typing.get_origin(kind)
    if (inner := _optional(kind)) is not None:
        some = schema_of(inner)  # X or null: a keyword binds only values of its own type, so "type" takes null too
        if "enum" in some:
            return {"enum": [*some["enum"], None]}
        if isinstance(some.get("type"), str):
            return {**some, "type": [some["type"], "null"]}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [schema_of(option) for option in typing.get_args(kind)]}
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": schema_of(args[0])}
        count = len(args)
        items = [schema_of(a) for a in args]
        return {"type": "array", "items": items, "additionalItems": False, "minItems": count, "maxItems": count}
    simple = {type(None): "null", None: "null", bool: "boolean", int: "integer", float: "number", str: "string"}
    if kind in simple:
        return {"type": simple[kind]}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return {"enum": [member.value for member in kind]}
    if not _is_record(kind):
        raise TypeError(f"no wire form for {kind!r}")
    hints = _fields(kind)
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {name: schema_of(hint) for name, hint in hints.items()},
        "required": list(hints),
    }


# ----- events ------------------------------------------------------------------------------------------------------


def _tag(name: str) -> str:
    """An event class's wire name: BidMade -> "bid_made"."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


EVENTS: dict[str, type] = {_tag(kind.__name__): kind for kind in typing.get_args(ev.Event)}
TAGS: dict[type, str] = {kind: tag for tag, kind in EVENTS.items()}


def encode_event(event: ev.Event) -> dict[str, JSON]:
    """An event as an object: its `type` (the class's name in snake case) and its fields."""
    return {"type": TAGS[type(event)], **encode(event)}


def decode_event(data: JSON, where: str = "event") -> ev.Event:
    if not isinstance(data, dict) or data.get("type") not in EVENTS:
        raise WireError(f"{where}: not an event: {_short(data)}")
    fields = {name: value for name, value in data.items() if name != "type"}
    return decode(EVENTS[data["type"]], fields, f"{where} {data['type']}")


def event_schema() -> dict[str, Any]:
    """The JSON Schema an event on the wire matches: one of the events, each tagged by its `type`."""
    options = []
    for tag, kind in EVENTS.items():
        schema = schema_of(kind)
        schema["properties"] = {"type": {"const": tag}, **schema["properties"]}
        schema["required"] = ["type", *schema["required"]]
        options.append(schema)
    return {"oneOf": options}


# ----- the view ----------------------------------------------------------------------------------------------------


def encode_view(view: Observation) -> dict[str, JSON]:
    """A view as JSON. Its ruleset travels by name: a preset, or the preset with the timers a room's `timers` option
    switches on (a room's own `rules`; its clocks are the server's and the `room` frame says their limits). A view of
    any other ruleset cannot travel: WireError."""
    preset = RULESETS.get(view.ruleset)
    if view.custom is not None and (preset is None or view.custom != preset.timed(True)):
        raise WireError("a room plays a preset, with or without timers: a view of another ruleset cannot travel")
    return encode(view)


def decode_view(data: JSON) -> Observation:
    view: Observation = decode(Observation, data, "view")
    return view


def view_schema() -> dict[str, Any]:
    return schema_of(Observation)


# ----- refusals ----------------------------------------------------------------------------------------------------

# A rejection's params that are core values (game.reasons): a Kind by its value, a Reading as an object.
KIND_PARAMS = ("shape", "last_shape", "run")
READING_PARAMS = ("play", "last")


def encode_params(params: dict[str, object]) -> dict[str, JSON]:
    """A refusal's params as JSON values; a value of no known wire form is said as its text."""
    out: dict[str, JSON] = {}
    for name, value in params.items():
        try:
            out[name] = encode(value)
        except TypeError:
            out[name] = str(value)
    return out


def decode_params(params: JSON) -> dict[str, object]:
    """The params as the core made them (a Kind, a Reading, a tuple of bids), so a table says a remote refusal in
    its own language exactly as a local one."""
    if not isinstance(params, dict):
        raise WireError(f"params: {_short(params)} is not an object")
    out: dict[str, object] = {}
    for name, value in params.items():
        if name in KIND_PARAMS:
            out[name] = decode(Kind, value, f"params.{name}")
        elif name in READING_PARAMS:
            out[name] = decode(Reading, value, f"params.{name}")
        elif isinstance(value, list):
            out[name] = tuple(value)
        else:
            out[name] = value
    return out


def rejection_of(code: str, params: JSON) -> Rejection:
    """A refusal of the core's as its Rejection."""
    return Rejection(code, decode_params(params))
