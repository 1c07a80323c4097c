"""Hostile clients against a real server on loopback: ten thousand malformed, oversized, out-of-turn and foreign-seat
messages change nothing (the room's saved match is the same before and after), raise nothing in the server, each
gets its refusal, and the room plays on; floods, oversized frames, code guessing, slow readers and too many
connections meet their limits."""

from __future__ import annotations

import asyncio
import json
import pathlib
import random
import socket
from dataclasses import replace

import pytest
from websockets.asyncio.client import connect as ws_connect

from game.actions import Abandon, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap
from game.match import Phase
from game.reasons import MESSAGES
from game.serialize import to_dict
from net import messages
from net.client import AsyncClient, Closed
from net.messages import Bye, Refused, RoomInfo, Update
from net.protocol import CLIENT_FRAME_BYTES, REFUSALS
from net.server import Server
from tests.kit.net import TEST_LIMITS, connect, expect, guest, hand_over, host, refusal, serving, url

HOSTILE = 10_000


def hostile_frames(rng: random.Random, seat: int, deck: int) -> list[str | bytes]:
    """Frames no honest client sends: broken JSON, wrong versions and types, schema violations, actions for other
    seats, actions of the wrong phase, cards not held, the room's own actions, messages of the wrong time."""
    other = (seat + 1) % 3
    cards = tuple(rng.sample(range(deck), 3))
    kinds = [
        lambda: "{" * rng.randint(1, 3000),
        lambda: bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))),
        lambda: json.dumps([rng.random() for _ in range(rng.randint(0, 5))]),
        lambda: json.dumps({"v": rng.choice([0, 2, "1", None, True]), "type": "act", "action": ["pass", seat]}),
        lambda: json.dumps({"v": 1, "type": rng.choice(["fold", "", "ACT", 3, None, ["act"]])}),
        lambda: json.dumps({"v": 1, "type": "act", "action": ["pass", seat], "extra": rng.random()}),
        lambda: json.dumps({"v": 1, "type": "act", "action": [rng.choice(["play", "pass", "bid", "x"]), "1", {}]}),
        lambda: json.dumps({"v": 1, "type": "act", "action": ["bid", seat, rng.randint(-5, 9), 1]}),
        lambda: messages.act(Pass(other)),
        lambda: messages.act(Play(other, "3")),
        lambda: messages.act(Bid(other, rng.randint(0, 3))),
        lambda: messages.act(Bid(seat, rng.randint(0, 3))),
        lambda: messages.act(Double(seat, rng.random() < 0.5)),
        lambda: messages.act(Show(seat, True)),
        lambda: messages.act(Swap(seat, cards)),
        lambda: messages.act(Play(seat, "3", None, cards[:1])),
        lambda: messages.act(Play(seat, "".join(rng.choice("3456789TJQKA2BR") for _ in range(rng.randint(1, 8))))),
        lambda: messages.act(Pass(seat)),
        lambda: messages.act(rng.choice([NextHand(), Abandon(), DealExpired()])),
        lambda: json.dumps({"v": 1, "type": "act", "action": ["play", seat, "33", "not-a-kind", None]}),
        lambda: json.dumps({"v": 1, "type": "act", "action": ["play", rng.randint(-1, 1000), "3", None, None]}),
        lambda: messages.start(),
        lambda: messages.join("ZZZZZZ"),
        lambda: messages.create("standard", "easy", ["bot", "bot"]),
        lambda: json.dumps({"v": 1, "type": "hello", "name": "\u0000" * rng.randint(1, 20), "avatar": 0}),
        lambda: json.dumps({"v": 1, "type": "say", "phrase": "".join(rng.choice("abc_") for _ in range(8))}),
        lambda: json.dumps({"v": 1, "type": "join", "code": "K7M2QX", "token": "x" * 65}),
    ]  # fmt: skip
    return [rng.choice(kinds)() for _ in range(HOSTILE)]


def snapshot(server: Server, code: str, rooms: pathlib.Path) -> tuple[dict[str, object], dict[str, object]]:
    """The room's match as the core writes it, and its save on disk (less the time it was saved)."""
    room = server.rooms[code]
    assert server.saver.flush()
    saved = json.loads((rooms / code / "match.json").read_text())
    saved.pop("saved_at")
    return to_dict(room.match), saved


@pytest.mark.slow
def test_ten_thousand_hostile_messages_change_nothing_and_the_room_plays_on(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            hostile = await guest(server, first.welcome.code, "Mallory")
            await hostile.client.send(messages.ready())
            await expect(first.client, RoomInfo, lambda r: r.seats[1].ready)
            await first.client.send(messages.start())

            def hosts_turn(update: Update) -> bool:
                return update.view.waiting == (0,) and update.view.phase is Phase.PLAYING

            await asyncio.gather(first.play(hosts_turn), hostile.play(hosts_turn))
            code = first.welcome.code
            before = snapshot(server, code, tmp_path)
            deck = server.rooms[code].match.rules.deck_size
            frames = hostile_frames(random.Random(32), hostile.seat, deck)
            codes: list[str] = []

            async def read_refusals() -> None:
                while len(codes) < len(frames):
                    message = await hostile.client.recv()
                    assert not isinstance(message, Update), "a hostile message changed the match"
                    if isinstance(message, Refused):
                        codes.append(message.code)

            reader = asyncio.create_task(read_refusals())
            for sent, text in enumerate(frames, 1):
                await hostile.client.ws.send(text)
                while sent - len(codes) > 100:  # it reads its refusals, or it is dropped as too slow a reader
                    await asyncio.sleep(0.001)
            await asyncio.wait_for(reader, 120.0)
            assert before == snapshot(server, code, tmp_path)
            assert len(codes) == HOSTILE and "internal" not in codes
            assert {"bad_json", "binary", "version", "unknown_type", "bad_message", "not_your_seat", "room_action",
                    "not_your_turn", "wrong_phase", "not_host", "already_in_room"} <= set(codes)  # fmt: skip
            assert set(codes) <= {*REFUSALS, *MESSAGES}
            assert first.last is not None
            await first.respond(first.last)  # the host's turn, held while the hostile messages came
            ends = await asyncio.gather(first.play(hand_over), hostile.play(hand_over))
            assert all(end.view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) for end in ends)

    asyncio.run(scenario())


def test_a_frame_over_the_size_cap_closes_that_connection_only(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            big = await connect(server, "Big")
            await big.ws.send('{"v": 1, "type": "hello", "name": "' + "x" * CLIENT_FRAME_BYTES + '", "avatar": 0}')
            with pytest.raises(Closed):
                await asyncio.wait_for(big.recv(), 30.0)
            assert big.ws.close_code == 1009  # message too big
            await first.client.send(messages.say("hello"))
            assert (await expect(first.client, messages.Said)).phrase == "hello"

    asyncio.run(scenario())


def test_over_the_rate_only_the_first_frame_dropped_is_answered(tmp_path: pathlib.Path) -> None:
    """A burst past the rate: the frames within it are answered, the first one over it gets `rate_limited`, the rest
    are dropped unanswered (a flood is never answered frame for frame); once the rate allows, frames are answered."""
    limits = replace(TEST_LIMITS, messages_per_second=2.0, message_burst=5)

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            client = await AsyncClient.connect(url(server))
            for _ in range(60):
                await client.send("nonsense")
            said = [await expect(client, Refused) for _ in range(6)]
            assert [r.code for r in said] == ["bad_json"] * 5 + ["rate_limited"] and said[-1].params["retry"] > 0
            await asyncio.sleep(0.6)  # a frame's worth of the rate back
            await client.send(messages.start())
            assert (await expect(client, Refused)).code == "no_hello"  # the very next frame received: nothing between

    asyncio.run(scenario())


def test_a_connection_refused_again_and_again_is_closed_whatever_the_reason_and_the_rate(
    tmp_path: pathlib.Path,
) -> None:
    """The flood limit counts every frame refused or dropped in a row, within the rate or not (an unknown type
    never answered otherwise kept a connection open for ever); a frame the server takes starts the count again."""
    limits = replace(TEST_LIMITS, flood=50)
    unknown = json.dumps({"v": 1, "type": "dance"})

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            client = await AsyncClient.connect(url(server))
            for _ in range(45):
                await client.send(unknown)
            await client.send(messages.hello("Ann", 0))  # taken: the count starts again
            for _ in range(45):
                await client.send(unknown)
            said = [await expect(client, Refused) for _ in range(90)]
            assert {r.code for r in said} == {"unknown_type"}
            for _ in range(10):
                await client.send(unknown)
            assert (await expect(client, Bye)).reason == "flood"

    asyncio.run(scenario())


def test_a_flood_past_the_rate_is_closed(tmp_path: pathlib.Path) -> None:
    limits = replace(TEST_LIMITS, messages_per_second=1.0, message_burst=5, flood=50)

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            client = await AsyncClient.connect(url(server))
            for _ in range(60):
                await client.send("nonsense")
            assert (await expect(client, Bye)).reason == "flood"  # 5 answered, then 45 dropped

    asyncio.run(scenario())


def test_room_codes_cannot_be_guessed_wrong_codes_and_tokens_are_rationed_per_address(tmp_path: pathlib.Path) -> None:
    limits = replace(TEST_LIMITS, failed_joins_per_minute=1.0, failed_join_burst=4)

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            first = await host(server, "standard", ["open", "open"])
            guesser = await connect(server, "Guesser")
            said = [(await refusal(guesser, messages.join(code))).code for code in ("AAAAAA", "BBBBBB", "CCCCCC")]
            said.append((await refusal(guesser, messages.join(first.welcome.code, "A" * 32))).code)
            assert said == ["no_room", "no_room", "no_room", "bad_token"]
            late = await refusal(guesser, messages.join(first.welcome.code))  # even the right code, now
            assert late.code == "rate_limited" and late.params["retry"] > 0 and late.params["limit"] == "joins"
            assert late.text.startswith("Too many attempts to join")
            other = await connect(server, "Same address")
            assert (await refusal(other, messages.join(first.welcome.code))).code == "rate_limited"
            assert len([s for s in server.rooms[first.welcome.code].seats if s.human]) == 1

    asyncio.run(scenario())


def test_a_client_that_does_not_read_is_dropped_and_never_stalls_the_room(tmp_path: pathlib.Path) -> None:
    """The slow client reads nothing with a small socket buffer; the host's frames keep coming to the host while the
    slow one's queue fills, and then the slow one is dropped (it may come back with its token)."""
    limits = replace(TEST_LIMITS, send_queue=8)

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            first = await host(server, "standard", ["open", "bot"])
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            slow_ws = await ws_connect(url(server), sock=sock, max_queue=1, compression=None, proxy=None)
            await slow_ws.send(messages.hello("Slow"))
            await slow_ws.send(messages.join(first.welcome.code))
            await expect(first.client, RoomInfo, lambda r: r.seats[1].connected)
            for toggle in range(20_000):
                await first.client.send(messages.ready(toggle % 2 == 0))
                room = await expect(first.client, RoomInfo)
                if not room.seats[1].connected:
                    break
            else:
                pytest.fail("the slow client was never dropped")
            assert room.seats[1].human and toggle > 8
            sock.close()

    asyncio.run(scenario())


def test_connections_and_rooms_are_limited_and_a_silent_connection_is_closed(tmp_path: pathlib.Path) -> None:
    limits = replace(TEST_LIMITS, connections_per_address=2, rooms=1, hello_seconds=0.3)

    async def scenario() -> None:
        async with serving(tmp_path, limits) as server:
            first = await host(server, "standard", ["bot", "bot"])
            second = await connect(server, "Second")
            assert (await refusal(second, messages.create("standard", "easy", ["bot", "bot"]))).code == "server_full"
            third = await AsyncClient.connect(url(server))
            assert (await expect(third, Bye)).reason == "server_full"
            await second.close()
            await first.close()
            await asyncio.sleep(0.1)
            silent = await AsyncClient.connect(url(server))
            assert (await expect(silent, Bye)).reason == "idle"

    asyncio.run(scenario())
