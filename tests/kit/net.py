"""Shared helpers for the network tests: a room server on loopback with the tests' settings, scripted players that
record every frame they receive, and the audit of those frames against a replay of the room's saved match."""

from __future__ import annotations

import asyncio
import json
import pathlib
import random
import re
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from functools import cache
from typing import Any, TypeVar

import fastjsonschema

from game.actions import Action, Bid, Double, Show
from game.bots.seat import bot_action
from game.choices import choices
from game.match import Match, Phase
from game.observe import Observation
from game.savefile import SaveStore
from net import messages
from net.client import AsyncClient
from net.limits import Limits
from net.messages import Refused, RoomInfo, ServerMessage, Update, Welcome, read
from net.protocol import SERVER_SCHEMAS
from net.room import Pace
from net.seen import OVER, events_for, view_for
from net.server import Server, Settings
from net.wire import encode_event, encode_view, event_schema, view_schema

WAIT = 60.0  # no single wait of a test lasts longer (a hung test fails instead)
OPEN = 10**6
TEST_LIMITS = Limits(  # the rates out of the way: the tests of the limits set their own
    messages_per_second=OPEN,
    message_burst=OPEN,
    failed_joins_per_minute=OPEN,
    failed_join_burst=OPEN,
    server_failed_joins_per_minute=OPEN,
    creates_per_minute=OPEN,
    create_burst=OPEN,
    connections_per_address=1000,
    flood=OPEN,
)
TEST_PACE = Pace(bot_pause=0.0)
T = TypeVar("T")
Check = Callable[[object], object]  # a compiled schema: raises on a value that does not match


@asynccontextmanager
async def serving(
    rooms: pathlib.Path, limits: Limits = TEST_LIMITS, pace: Pace = TEST_PACE, seed: int = 7
) -> AsyncIterator[Server]:
    """A server on 127.0.0.1 (a free port), one bot worker; stopped after, and no unexpected error or failed room save
    in between."""
    server = Server(Settings(rooms, limits, pace, bot_workers=1, seed=seed))
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        await server.stop()
    assert server.faults == []
    assert server.saver.failures == 0, "a room save failed"


def url(server: Server) -> str:
    return f"ws://127.0.0.1:{server.port}"


async def connect(server: Server, name: str = "Ann", avatar: int = 0) -> AsyncClient:
    client = await AsyncClient.connect(url(server))
    await client.send(messages.hello(name, avatar))
    return client


async def expect(client: AsyncClient, kind: type[T], test: Callable[[T], bool] = lambda _: True) -> T:
    """The next message of `kind` that passes `test` (others are skipped)."""

    async def wait() -> T:
        while True:
            message = await client.recv()
            if isinstance(message, kind) and test(message):
                return message

    return await asyncio.wait_for(wait(), WAIT)


async def until(condition: Callable[[], bool]) -> None:
    """Wait, within WAIT, until `condition()` holds (the server's state, looked at every 10 ms)."""

    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), WAIT)


async def host(server: Server, ruleset: str, seats: list[str], name: str = "Host", **options: bool) -> Player:
    """A person who opens a room at seat 0."""
    client = await connect(server, name)
    await client.send(messages.create(ruleset, "easy", seats, **options))
    return Player(client, await expect(client, Welcome))


async def guest(server: Server, code: str, name: str = "Guest") -> Player:
    client = await connect(server, name)
    await client.send(messages.join(code))
    return Player(client, await expect(client, Welcome))


async def refusal(client: AsyncClient, text: str) -> Refused:
    await client.send(text)
    return await expect(client, Refused)


async def started(server: Server, ruleset: str = "standard", people: int = 2) -> list[Player]:
    """A room with `people` people (the host at seat 0) and bots in the other seats, started."""
    seats = ["open"] * (people - 1) + ["bot"] * (3 - people)
    first = await host(server, ruleset, seats)
    players = [first] + [await guest(server, first.welcome.code, f"G{n}") for n in range(1, people)]
    for player in players[1:]:
        await player.client.send(messages.ready())
    await expect(first.client, RoomInfo, lambda room: all(s.ready for s in room.seats[1:people]))
    await first.client.send(messages.start())
    return players


class Player:
    """A scripted person: plays its seat as the easy bot would, says ready between hands, and keeps every frame."""

    def __init__(self, client: AsyncClient, welcome: Welcome, seed: int = 0) -> None:
        self.client, self.welcome, self.seat = client, welcome, welcome.seat
        self.rng = random.Random(seed * 100 + welcome.seat)
        self.frames: list[str] = []
        self.last: Update | None = None
        self.pending: tuple[int, Phase] | None = None  # the step and phase an action was sent at, until applied
        self.readied = -1  # the hands_played it said ready after
        self.refusals: list[Refused] = []

    async def next(self) -> ServerMessage:
        text = await asyncio.wait_for(self.client.recv_text(), WAIT)
        self.frames.append(text)
        message = read(text)
        if isinstance(message, Update):
            self.last = message
        if isinstance(message, Refused):
            self.refusals.append(message)
            self.pending = None
        return message

    async def play(self, stop: Callable[[Update], bool], ready: bool = True) -> Update:
        """Answer every update until one passes `stop` (returned)."""
        while True:
            message = await self.next()
            if not isinstance(message, Update):
                continue
            if stop(message):
                return message
            await self.respond(message, ready)

    async def respond(self, update: Update, ready: bool = True) -> None:
        view = update.view
        if view.phase in OVER:
            if ready and self.readied < view.hands_played and view.phase is Phase.HAND_OVER:
                self.readied = view.hands_played
                await self.client.send(messages.ready())
            return
        if self.seat not in view.waiting or (self.pending is not None and self._applied(update)):
            self.pending = None
        if self.seat in view.waiting and self.pending is None:
            self.pending = update.step, view.phase
            await self.client.send(messages.act(decide(view, self.rng)))

    def _applied(self, update: Update) -> bool:
        """Has the action sent been applied? In a phase where every seat decides at once, others may act first."""
        assert self.pending is not None
        step, phase = self.pending
        at_once = phase in (Phase.DOUBLING, Phase.SWAPPING)
        return update.step > step and (not at_once or update.view.phase is not phase)

    async def close(self) -> None:
        await self.client.close()


def decide(view: Observation, rng: random.Random) -> Action:
    """A scripted person's action: the boldest answer in the auction, the doubling and the show (the highest bid, a
    call or a rob, a double, a show: bigger stakes make shorter matches), else the easy bot's."""
    if view.phase in (Phase.BIDDING, Phase.DOUBLING, Phase.SHOWING):
        return max(choices(view), key=boldness)
    return bot_action(view, "easy", rng)


def boldness(action: Action) -> int:
    match action:
        case Bid(_, value):
            return value
        case Double(_, yes) | Show(_, yes):
            return int(yes)
    return 0


def hand_over(update: Update) -> bool:
    return update.view.phase in OVER


def match_over(update: Update) -> bool:
    return update.view.phase is Phase.MATCH_OVER


# ----- the audit ---------------------------------------------------------------------------------------------------

CARD_FIELDS = ("cards", "played_cards", "kitty_cards", "shown_cards", "remaining", "gave", "received", "given")


def card_ids(update: dict[str, Any]) -> Iterator[int]:
    """Every card id an update holds: the whole numbers under a field of its view or its events that holds cards."""
    for record in (update["view"], *update["events"]):
        for name in CARD_FIELDS:
            yield from _numbers(record.get(name))


def _numbers(value: object) -> Iterator[int]:
    if isinstance(value, list):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


@cache
def validators() -> tuple[dict[str, Check], Check, Check]:
    """The server's frames', the view's and the events' schemas, compiled once (compiling takes a while)."""
    frames = {kind: fastjsonschema.compile(schema) for kind, schema in SERVER_SCHEMAS.items()}
    return frames, fastjsonschema.compile(view_schema()), fastjsonschema.compile(event_schema())


def allowed_cards(match: Match, seat: int, own: set[int]) -> set[int]:
    """The cards `seat` may know of now: its own this hand (held, played, passed on), the cards played, the kitty
    once turned, a shown hand, and every card once the hand is over. From the true match, not from any view."""
    hand = match.hand
    if match.phase in OVER:
        return set(range(match.rules.deck_size))
    allowed = own | set(hand.hands[seat]) | set(hand.played)
    if hand.landlord is not None and match.phase is not Phase.BIDDING:
        allowed |= set(hand.kitty)
    if hand.shown and hand.landlord is not None:
        allowed |= set(hand.hands[hand.landlord])
    return allowed


def audit(rooms: pathlib.Path, code: str, frames: dict[int, list[str]]) -> int:
    """Check every `update` frame each seat received against a replay of the room's saved match: the view and events
    equal what the seat may see at that step (net.seen), no card id of another hand before it is public (worked out
    from the true match, independently of `observe`), never the seed, no deal number while the hand is played; every
    frame matches its schema. Returns the number of updates checked."""
    saved = SaveStore(rooms / code).load()
    assert saved.problem is None and saved.match is not None
    truth = saved.match
    match = Match(truth.rules, truth.seed, truth.first_deal)
    happened = list(match.opening)
    own: dict[int, set[int]] = {seat: set() for seat in frames}
    pending = {seat: [json.loads(text) for text in texts] for seat, texts in frames.items()}
    at = dict.fromkeys(frames, 0)
    schemas, views, events = validators()
    checked = 0
    for step in range(len(truth.log) + 1):
        for seat in frames:
            own[seat] |= set(match.hand.hands[seat])  # held at some point this hand (what it passes on, too)
            while at[seat] < len(pending[seat]) and _step_of(pending[seat][at[seat]]) <= step:
                data = pending[seat][at[seat]]
                at[seat] += 1
                schemas[data["type"]](data)
                if data["type"] != "update":
                    continue
                assert data["step"] == step, (seat, data["step"], step)
                events_text = json.dumps(data["events"])  # compared as text: the wire's lists are the core's tuples
                expected = json.dumps([encode_event(e) for e in events_for(happened, seat, match.players)])
                assert events_text in ("[]", expected), (seat, step)
                view_text = json.dumps(data["view"])
                assert view_text == json.dumps(encode_view(view_for(match, seat))), (seat, step)
                text = view_text + events_text
                assert set(card_ids(data)) <= allowed_cards(match, seat, own[seat]), (seat, step)
                assert str(truth.seed) not in text
                if match.phase not in OVER:
                    assert data["view"]["deal_no"] is None
                    assert all(e.get("deal_no", None) is None for e in data["events"])
                    deal = match.hand.deal_no
                    assert deal < 1000 or not re.search(rf"(?<![0-9]){deal}(?![0-9])", text), (seat, step)
                views(data["view"])
                for event in data["events"]:
                    events(event)
                checked += 1
        if step < len(truth.log):
            number = match.hand.number
            happened = match.apply(truth.log[step])
            if match.hand.number != number:
                own = {seat: set() for seat in frames}
    assert all(at[seat] == len(pending[seat]) for seat in frames), "frames from beyond the saved match"
    return checked


def _step_of(data: dict[str, object]) -> int:
    """The step a frame was sent at: an update says it; any other frame is taken with the update before it."""
    step = data.get("step")
    return step if isinstance(step, int) else -1
