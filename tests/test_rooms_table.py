"""A room with a friend, at the same table (issue 32): a game window creates a room on a server over loopback, a
friend joins by its code and says ready, the window starts the match, and a whole hand is played with the window
driven by synthetic input (Suggest, then Space: a suggested pass makes Space pass) while the friend and a bot play
the other seats; both see the same settlement. The window sits at the bottom as seat 0, the friend as seat 1."""

from __future__ import annotations

import time

import pygame
import pytest

from game.match import Phase
from scenes.screens.lobby import Lobby, Plan
from tests.kit.app import press, steps
from tests.kit.rooms import WAIT, Friend, server_thread


def until(app, done, what: str, friend: Friend | None = None) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        steps(app, 1)
        if friend is not None:
            friend.poll()
        time.sleep(0.002)


def asked(session) -> bool:
    return session.me in session.view.waiting


def over(session) -> bool:
    return session.view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


@pytest.mark.slow
@pytest.mark.app(saving=True)
def test_a_hand_with_a_friend_and_a_bot_played_from_the_window_by_keys(app, tmp_path):
    with server_thread(tmp_path / "rooms") as url:
        app.push(Lobby(app, Plan.hosting("standard", "normal", ["open", "bot"], False, False, url=url)))
        lobby = app.scene
        until(app, lambda: lobby.room is not None and lobby.room.room is not None, "the room")
        room = lobby.room
        friend = Friend(url)
        try:
            friend.join(room.room.code)
            until(app, lambda: any(s.human and s.ready for s in room.seats[1:]), "the friend ready", friend)
            assert [(s.name, s.human) for s in room.seats][:2] == [("Player", True), ("Ann", True)]
            press(app, pygame.K_SPACE)  # Start: focused
            until(app, lambda: app.session is not None and app.scene.name != "lobby", "the table", friend)
            session = app.session
            assert session.me == 0 and session.names[1] == "Ann"
            keys = 0
            while not over(session):
                until(app, lambda: session.cards.settled and (asked(session) or over(session)), "a turn", friend)
                if session.view.phase is Phase.BIDDING:
                    press(app, pygame.K_SPACE if keys % 2 else pygame.K_p)  # no bid, then a bid when it comes round
                elif session.view.phase is Phase.PLAYING:
                    press(app, pygame.K_s)
                    until(app, lambda: app.scene.suggestions or app.scene.cannot_beat, "a suggestion", friend)
                    press(app, pygame.K_SPACE)
                keys += 1
                assert keys < 200
            until(app, lambda: app.scene.name == "settlement", "the settlement", friend)
            friend.poll(lambda: friend.views and friend.views[-1].settlement is not None, "the friend's settlement")
            assert friend.views[-1].settlement == session.view.settlement
            assert friend.views[-1].cards != session.view.cards  # each its own hand, never the other's
        finally:
            friend.close()
            app.room.close() if app.room else None
