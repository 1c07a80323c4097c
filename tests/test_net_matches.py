"""Whole matches over real sockets: a room server on loopback and scripted players play a match of every ruleset to
its end, one to three people with bots in the other seats, and an audit of every frame every player received finds
nothing a seat may not see (no card of another hand before it is public, no seed, no deal number mid-hand)."""

from __future__ import annotations

import asyncio
import pathlib

import pytest

from game.match import Phase
from game.rulesets import RULESETS, TURN_SECONDS
from net import messages
from net.messages import RoomInfo, Update
from tests.kit.net import audit, expect, guest, hand_over, host, match_over, serving

PEOPLE = {  # how many people sit at each table in its test (the other seats are bots)
    "standard": 1,
    "classic": 3,
    "no-shuffle": 3,
    "wildcard": 2,
    "swap-three": 2,
    "rob": 2,
    "two-player": 2,
    "four-player": 2,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_whole_match_is_played_and_no_frame_shows_a_seat_what_it_may_not_see(
    name: str, tmp_path: pathlib.Path
) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as server:
            people = PEOPLE[name]
            seats = ["open"] * (people - 1) + ["bot"] * (RULESETS[name].players - people)
            first = await host(server, name, seats)
            players = [first] + [await guest(server, first.welcome.code, f"P{n}") for n in range(1, people)]
            for player in players[1:]:
                await player.client.send(messages.ready())
            await expect(first.client, messages.RoomInfo, lambda room: all(s.ready for s in room.seats[1:people]))
            await first.client.send(messages.start())
            ends = await asyncio.gather(*(player.play(match_over) for player in players))
            await asyncio.sleep(0.05)
            room = server.rooms[first.welcome.code]
            assert room.match.phase is Phase.MATCH_OVER
            assert all(isinstance(end, Update) and end.view.winners == room.match.winners for end in ends)
            assert sum(room.match.scores) == 0 and room.match.winners
            assert all(player.refusals == [] for player in players)
            for player in players:
                await player.close()
            server.saver.flush()
            checked = audit(tmp_path, first.welcome.code, {p.seat: p.frames for p in players})
            assert checked >= len(room.match.log) * people

    asyncio.run(scenario())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_table_with_its_timers_switched_on_plays_a_hand(name: str, tmp_path: pathlib.Path) -> None:
    """`timers: true` at a table without timers of its own (standard, rob) makes its ruleset a preset plus options:
    its views still travel, to the players and to the bots, and the hand is played to its end."""

    async def scenario() -> None:
        async with serving(tmp_path) as server:
            first = await host(server, name, ["bot"] * (RULESETS[name].players - 1), timers=True)
            assert (await expect(first.client, RoomInfo)).turn_seconds == TURN_SECONDS
            await first.client.send(messages.start())
            end = await first.play(hand_over)
            assert end.view.ruleset == name and end.view.settlement is not None
            assert first.refusals == []

    asyncio.run(scenario())
