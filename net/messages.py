"""The messages as a client sees them: builders for what it sends (each returns a frame's text), and the server's
messages read into typed values carrying the core's own types (an Observation, the events, a Rejection).

A table fed by a remote seat needs nothing else from the wire: `Update.view` replaces its view, `Update.events` are
the events to animate, `game.choices.choices(view)` its choices.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from game import events as ev
from game.actions import Action, to_json
from game.observe import Observation
from game.reasons import MESSAGES, Rejection
from net.protocol import SERVER_TYPES, VERSION, frame, refusal_text
from net.wire import WireError, decode, decode_event, decode_params, decode_view

# ----- what a client sends ---------------------------------------------------------------------------------------


def hello(name: str, avatar: int = 0) -> str:
    """Say who you are (first, on every connection)."""
    return frame("hello", name=name, avatar=avatar)


def create(ruleset: str, level: str, seats: list[str], timers: bool = False, lan: bool = False) -> str:
    """Open a room and take its seat 0; `seats` says for each other seat "open" (a friend may take it) or "bot"."""
    return frame("create", ruleset=ruleset, level=level, seats=seats, timers=timers, lan=lan)


def join(code: str, token: str | None = None) -> str:
    """Take a seat waiting for a friend, or (with its token) your own seat back."""
    return frame("join", code=code) if token is None else frame("join", code=code, token=token)


def ready(ready: bool = True) -> str:
    """Ready to start (the lobby) or to play the next hand."""
    return frame("ready", ready=ready)


def start() -> str:
    """The host starts the match."""
    return frame("start")


def act(action: Action) -> str:
    """Your action: a bid, a double, a show, a swap, a play or a pass, for your own seat."""
    return frame("act", action=to_json(action))


def say(phrase: str) -> str:
    """A quick phrase or emote (`protocol.PHRASES`)."""
    return frame("say", phrase=phrase)


def leave() -> str:
    """Give your seat up and close the connection."""
    return frame("leave")


# ----- what the server sends --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Welcome:
    """You sit at `seat` of room `code`; keep `token` to come back to this seat."""

    code: str
    seat: int
    token: str


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    avatar: int
    human: bool  # a person sits here (connected or not)
    connected: bool
    covered: bool  # a bot decides for this seat now (a bot's seat, a person away, arriving, or out of time)
    ready: bool
    open: bool  # waits for a friend (a bot plays it meanwhile)
    host: bool


@dataclass(frozen=True)
class RoomInfo:
    code: str
    ruleset: str
    level: str
    players: int
    started: bool
    lan: bool
    turn_seconds: float | None
    deal_seconds: float | None
    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class Clock:
    """Seconds left on the turn and on the deal when the update was sent (None: no such limit now)."""

    turn: float | None
    deal: float | None


@dataclass(frozen=True)
class Update:
    """After every action (and on joining): what happened as your seat sees it, and your whole view now."""

    step: int  # actions applied in this match so far
    events: tuple[ev.Event, ...]
    view: Observation
    clock: Clock


@dataclass(frozen=True)
class Refused:
    """Your message `about` (its type) was refused and changed nothing: `code`, `params`, English `text`."""

    about: str | None
    code: str
    params: dict[str, object]
    text: str

    @property
    def rejection(self) -> Rejection | None:
        """The core's refusal of an action (say it with the table's own words), or None for a server refusal."""
        return Rejection(self.code, self.params) if self.code in MESSAGES else None


@dataclass(frozen=True)
class Said:
    seat: int
    phrase: str


@dataclass(frozen=True)
class Bye:
    """The server closes the connection: `reason` (protocol.BYE_REASONS)."""

    reason: str


ServerMessage = Welcome | RoomInfo | Update | Refused | Said | Bye
RECORDS: dict[str, type] = {"welcome": Welcome, "room": RoomInfo, "said": Said, "bye": Bye}


def read(text: str | bytes) -> ServerMessage:
    """A server frame as its message; WireError when it is not one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as bad:
        raise WireError(f"not JSON: {bad}") from None
    if not isinstance(data, dict) or data.get("v") != VERSION or data.get("type") not in SERVER_TYPES:
        raise WireError("not a server message of this protocol version")
    kind = data.pop("type")
    data.pop("v")
    if kind == "update":
        return _update(data)
    if kind == "refused":
        code, params = data.get("code"), data.get("params")
        if not isinstance(code, str) or not isinstance(params, dict):
            raise WireError("a refusal without its code or params")
        about = data.get("about")
        text_said = data.get("text") if isinstance(data.get("text"), str) else refusal_text(code, params)
        return Refused(about if isinstance(about, str) else None, code, decode_params(params), text_said)
    message: ServerMessage = decode(RECORDS[kind], data, kind)
    return message


def _update(data: dict[str, object]) -> Update:
    if set(data) != {"step", "events", "view", "clock"} or not isinstance(data["events"], list):
        raise WireError("an update has its step, events, view and clock, and nothing else")
    events = tuple(decode_event(event) for event in data["events"])
    return Update(decode(int, data["step"], "step"), events, decode_view(data["view"]), decode(Clock, data["clock"]))
