"""A room over real sockets (loopback): the lobby, joining and its refusals, a dropped player covered by a bot while
the hand completes, coming back mid-hand to the same view, two rooms at once, a friend arriving between hands,
leaving, the turn and deal clocks, quick phrases, and a server restart that brings its rooms back."""

from __future__ import annotations

import asyncio
import contextlib
import pathlib
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

from game import events as ev
from game.actions import NextHand, Pass
from game.bots.seat import bot_action
from game.match import Match, Phase
from game.rulesets import RULESETS
from game.savefile import SaveStore
from net import messages
from net.client import AsyncClient, Closed
from net.messages import Bye, Refused, RoomInfo, Said, Update, Welcome
from net.room import Pace, token_hash
from net.seen import OVER, view_for
from tests.kit.net import WAIT, connect, expect, guest, hand_over, host, refusal, serving, started, until, url


def run(scenario: Coroutine[Any, Any, None]) -> None:
    asyncio.run(scenario)


def test_the_lobby_joining_by_code_ready_and_start(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            room = await expect(first.client, RoomInfo)
            assert [s.human for s in room.seats] == [True, False, False] and room.seats[0].host
            assert [s.open for s in room.seats] == [False, True, False] and not room.started
            second = await guest(server, first.welcome.code.lower())
            assert second.seat == 1 and second.welcome.code == first.welcome.code
            assert second.welcome.token != first.welcome.token and len(second.welcome.token) >= 32
            said = await refusal(first.client, messages.start())
            assert (said.about, said.code, said.params) == ("start", "not_ready", {"seats": (1,)})
            assert (await refusal(second.client, messages.start())).code == "not_host"
            assert (await refusal(second.client, messages.act(Pass(1)))).code == "not_started"
            await second.client.send(messages.ready(False))  # not ready already: nothing changes, nothing is sent
            await second.client.send(messages.ready())
            room = await first.client.recv()  # the very next frame
            assert isinstance(room, RoomInfo) and room.seats[1].ready
            await first.client.send(messages.start())
            for player in (first, second):
                update = await expect(player.client, Update)
                assert update.step == 0 and isinstance(update.events[0], ev.Dealt)
                assert update.view.seat == player.seat and update.view.deal_no is None
            assert (await refusal(first.client, messages.start())).code == "already_started"

    run(scenario())


def test_joining_and_creating_are_refused_with_their_reasons(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            code = first.welcome.code
            stranger = await connect(server, "Stranger")
            assert (await refusal(stranger, messages.join("ZZZZZZ"))).code == "no_room"
            assert (await refusal(stranger, messages.join(code, "A" * 32))).code == "bad_token"
            assert (await refusal(stranger, messages.ready())).code == "not_in_room"
            assert (await refusal(stranger, messages.create("rob", "easy", ["bot"]))).code == "bad_seats"
            await guest(server, code)
            assert (await refusal(stranger, messages.join(code))).code == "room_full"
            assert (await refusal(first.client, messages.join(code))).code == "already_in_room"
            assert (
                await refusal(first.client, messages.create("rob", "easy", ["bot", "bot"]))
            ).code == "already_in_room"
            anonymous = await AsyncClient.connect(url(server))
            assert (await refusal(anonymous, messages.join(code))).code == "no_hello"
            assert len(server.rooms) == 1

    run(scenario())


def test_a_dropped_player_is_covered_by_a_bot_and_the_hand_completes(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first, second = await started(server)
            await asyncio.gather(
                first.play(lambda u: u.step >= 8 or hand_over(u)), second.play(lambda u: u.step >= 8 or hand_over(u))
            )
            dropped_at = len(server.rooms[first.welcome.code].match.log)
            second.client.ws.transport.abort()  # killed: no close, no goodbye
            await expect(first.client, RoomInfo, lambda r: not r.seats[1].connected and r.seats[1].covered)
            end = await first.play(hand_over)
            assert end.view.phase in OVER and end.view.remaining is not None
            covered = server.rooms[first.welcome.code].match.log[dropped_at:]
            assert any(getattr(action, "seat", None) == 1 for action in covered)

    run(scenario())


def test_coming_back_mid_hand_with_the_token_restores_the_same_view(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first, second = await started(server)
            code, token = second.welcome.code, second.welcome.token

            def hosts_turn(update: Update) -> bool:
                return update.step >= 6 and update.view.waiting == (0,) and update.view.phase is Phase.PLAYING

            await asyncio.gather(first.play(hosts_turn), second.play(hosts_turn))
            before = second.last
            assert before is not None
            await second.close()
            await expect(first.client, RoomInfo, lambda r: not r.seats[1].connected)
            back = await connect(server, "G1 again")
            await back.send(messages.join(code, token))
            welcome = await expect(back, Welcome)
            assert (welcome.seat, welcome.token, welcome.code) == (1, token, code)
            room = await expect(back, RoomInfo)
            assert room.seats[1].connected and room.seats[1].name == "G1 again"
            update = await expect(back, Update)
            assert update.events == () and update.view == before.view and update.step == before.step

    run(scenario())


def test_two_rooms_play_at_once_and_neither_hears_the_other(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            rooms = [await started(server, people=1), await started(server, "rob", people=1)]
            ends = await asyncio.gather(*(players[0].play(hand_over) for players in rooms))
            assert [end.view.ruleset for end in ends] == ["standard", "rob"]
            codes = [players[0].welcome.code for players in rooms]
            assert codes[0] != codes[1] and set(server.rooms) == set(codes)
            for players, other in zip(rooms, reversed(codes), strict=True):
                assert not any(other in frame for frame in players[0].frames)

    run(scenario())


def test_a_friend_arriving_mid_hand_takes_the_bots_seat_from_the_next_hand(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            await first.client.send(messages.start())
            await first.play(lambda u: u.step >= 3)
            friend = await guest(server, first.welcome.code, "Friend")
            assert friend.seat == 1
            room = await expect(friend.client, RoomInfo)
            assert room.seats[1].human and room.seats[1].covered and room.started
            assert (await refusal(friend.client, messages.act(Pass(1)))).code == "arriving"
            await first.play(hand_over)
            await first.client.send(messages.ready())
            await friend.client.send(messages.ready())
            update = await expect(friend.client, Update)  # the first it is sent: the next hand's deal
            assert isinstance(update.events[0], ev.Dealt) and update.view.hands_played >= 1
            assert update.view.seat == 1 and update.view.phase not in OVER

    run(scenario())


async def closed_with(client: AsyncClient) -> int | None:
    """The connection's close code, once the server has closed it."""
    with contextlib.suppress(Closed):
        await asyncio.wait_for(client.recv(), WAIT)
    return client.ws.close_code


def test_each_bye_closes_the_connection_with_its_close_code(tmp_path: pathlib.Path) -> None:
    """`left` and `room_closed` end normally (1000), `server_stopping` goes away (1001), a seat `replaced` by its
    token on another connection is a policy close (1008)."""

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "open"])
            second = await guest(server, first.welcome.code)
            third = await guest(server, first.welcome.code)
            again = await connect(server)
            await again.send(messages.join(first.welcome.code, third.welcome.token))
            assert (await expect(third.client, Bye)).reason == "replaced" and await closed_with(third.client) == 1008
            await second.client.send(messages.leave())
            assert (await expect(second.client, Bye)).reason == "left" and await closed_with(second.client) == 1000
        assert (await expect(first.client, Bye)).reason == "server_stopping" and await closed_with(first.client) == 1001

    run(scenario())


def test_leaving_reopens_the_seat_hands_the_room_on_and_the_last_to_leave_ends_it(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "open"])
            second = await guest(server, first.welcome.code)
            code = first.welcome.code
            await first.client.send(messages.leave())
            assert (await expect(first.client, Bye)).reason == "left"
            room = await expect(second.client, RoomInfo, lambda r: r.seats[1].host)
            assert not room.seats[0].human and room.seats[0].open
            await asyncio.sleep(0.05)
            assert server.saver.flush()
            assert (tmp_path / code / "match.json").exists()
            await second.client.send(messages.leave())
            assert (await expect(second.client, Bye)).reason == "left"
            await asyncio.sleep(0.05)
            assert server.rooms == {} and server.saver.flush()
            assert not (tmp_path / code).exists()

    run(scenario())


def test_a_turn_that_runs_out_is_played_by_a_bot(tmp_path: pathlib.Path) -> None:
    """003 timers, scaled down: the host never acts, and its turns are played for it when they run out."""

    async def scenario() -> None:
        async with serving(tmp_path, pace=Pace(bot_pause=0.0, timer_scale=0.005)) as server:
            first = await host(server, "classic", ["bot", "bot"])
            room = await expect(first.client, RoomInfo)
            assert room.turn_seconds == 0.2 and room.deal_seconds == 1.5
            await first.client.send(messages.start())
            update = await expect(first.client, Update)
            assert update.clock.turn is not None and update.clock.deal is not None
            await expect(first.client, Update, lambda u: any(getattr(e, "seat", None) == 0 for e in u.events))
            assert (await expect(first.client, RoomInfo, lambda r: r.seats[0].covered)).seats[0].connected

    run(scenario())


def test_a_deal_that_runs_out_ends_without_a_score(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path, pace=Pace(bot_pause=1.0, timer_scale=0.001)) as server:
            first = await host(server, "classic", ["bot", "bot"])
            await first.client.send(messages.start())
            update = await expect(first.client, Update, lambda u: u.view.phase in OVER)
            assert isinstance(update.events[-1], ev.DealExpired) and update.view.settlement is None
            assert update.view.scores == (0, 0, 0) and update.view.deal_no is not None
            assert update.clock.turn is None and update.clock.deal is None

    run(scenario())


def test_quick_phrases_reach_everyone_and_are_rationed(tmp_path: pathlib.Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, "standard", ["open", "bot"])
            second = await guest(server, first.welcome.code)
            for _ in range(4):
                await second.client.send(messages.say("well_played"))
            assert await expect(first.client, Said) == Said(1, "well_played")
            refused = await expect(second.client, Refused)
            assert (refused.about, refused.code) == ("say", "rate_limited")

    run(scenario())


def test_a_restarted_server_brings_its_rooms_back_its_bots_play_for_everyone_away_and_players_rejoin(
    tmp_path: pathlib.Path,
) -> None:
    """Stopped at a person's turn: the room comes back with everyone away, so the bots finish the hand (docs/network.md:
    "With nobody connected, the bots finish the hand"), and the players rejoin with their tokens to the table as it
    is now."""

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first, second = await started(server)

            def hosts_turn(update: Update) -> bool:
                return update.step >= 5 and update.view.waiting == (0,) and update.view.phase is Phase.PLAYING

            await asyncio.gather(first.play(hosts_turn), second.play(hosts_turn))
            code = first.welcome.code
            stopped_at = len(server.rooms[code].match.log)
        assert (await expect(first.client, Bye)).reason == "server_stopping"
        async with serving(tmp_path) as server:
            assert set(server.rooms) == {code}
            room = server.rooms[code]
            await until(lambda: room.match.phase in OVER)
            assert any(getattr(action, "seat", None) == 0 for action in room.match.log[stopped_at:])
            back = {}
            for player in (first, second):
                client = await connect(server, f"back {player.seat}")
                await client.send(messages.join(code, player.welcome.token))
                assert (await expect(client, Welcome)).seat == player.seat
                update = await expect(client, Update)
                assert update.step == len(room.match.log) and update.view == view_for(room.match, player.seat)
                player.client, back[player.seat] = client, update
            for player in (first, second):
                await player.respond(back[player.seat])
            await asyncio.gather(first.play(hand_over), second.play(hand_over))
            assert room.match.hand.number == 2

    run(scenario())


def saved_room(rooms: pathlib.Path, code: str, match: Match, token: str, timers: bool = False) -> None:
    """A room's save as a server leaves it: started, a person at seat 0 with `token`, bots in the other seats."""
    seats = [{"human": n == 0, "name": "Host", "avatar": 0, "token": token_hash(token) if n == 0 else None,
              "open": False} for n in range(match.players)]  # fmt: skip
    record = {"ruleset": match.rules.name, "level": "easy", "timers": timers, "lan": False, "host": 0,
              "started": True, "deal_elapsed": 0.0, "seats": seats}  # fmt: skip
    SaveStore(rooms / code).save(match, {"room": record})


def test_a_room_with_timers_switched_on_saved_mid_hand_comes_back_and_plays_on(tmp_path: pathlib.Path) -> None:
    """`timers: true` at `standard`, saved as a server that could not send its views left it (started, nothing
    played): it comes back playable, its bots play for the person away, and the person rejoins."""
    token = "T" * 32
    saved_room(tmp_path, "K7M2QX", Match(RULESETS["standard"].timed(True), 3), token, timers=True)

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            room = server.rooms["K7M2QX"]
            await until(lambda: room.match.phase in OVER)
            client = await connect(server)
            await client.send(messages.join("K7M2QX", token))
            update = await expect(client, Update)
            assert update.view.phase is Phase.HAND_OVER and update.view.settlement is not None

    run(scenario())


def test_a_saved_room_whose_table_cannot_be_sent_is_not_brought_back(tmp_path: pathlib.Path) -> None:
    """A room plays a preset, with or without timers: a save of any other ruleset is left out at start, said in the
    log, and nothing fails."""
    saved_room(tmp_path, "K7M2QX", Match(replace(RULESETS["standard"], match_target=5), 3), "T" * 32)

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            assert server.rooms == {}

    run(scenario())


def test_after_the_match_play_again_deals_a_new_match(tmp_path: pathlib.Path) -> None:
    """A room saved at the end of its match (made here, as a restarted server finds it): ready starts a new one."""
    match = Match("standard", 5)
    while match.phase is not Phase.MATCH_OVER:
        over = match.phase is Phase.HAND_OVER
        match.apply(NextHand() if over else bot_action(view_for(match, match.waiting[0]), "easy"))
    token = "T" * 32
    saved_room(tmp_path, "K7M2QX", match, token)

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            client = await connect(server)
            await client.send(messages.join("K7M2QX", token))
            update = await expect(client, Update)
            assert update.view.phase is Phase.MATCH_OVER and update.view.winners == match.winners
            await client.send(messages.ready())
            fresh = await expect(client, Update, lambda u: u.step == 0)
            assert fresh.view.hand_no == 1 and fresh.view.scores == (0, 0, 0) and isinstance(fresh.events[0], ev.Dealt)

    run(scenario())
