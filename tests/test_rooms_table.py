"""A room with a friend, at the same table (issue 32): a game window creates a room on a server over loopback, a
friend joins by its code and says ready, the window starts the match, and a whole hand is played with the window
driven by synthetic input (Suggest, then Space: a suggested pass makes Space pass) while the friend and a bot play
the other seats; both see the same settlement. The window sits at the bottom as seat 0, the friend as seat 1."""

from __future__ import annotations

import time
from concurrent.futures import wait

import pygame
import pytest

from game.match import Phase
from net import messages
from scenes.app import screen_for
from scenes.screens.lobby import Lobby, Plan
from tests.kit.app import press, title_app
from tests.kit.rooms import WAIT, Friend, server_thread, until


@pytest.fixture(autouse=True)
def bots_at_the_frames_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's bots' worker (its suggestions) at the test's own priority: at the game's lower one, it starves
    while the other test process and the server's bots hold both cores, and one suggestion took over a minute."""
    monkeypatch.setattr("scenes.app.BOT_NICENESS", 0)


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
            play_hand(app, session, friend)
            until(app, lambda: app.scene.name == "settlement", "the settlement", friend)
            friend.poll(lambda: friend.views and friend.views[-1].settlement is not None, "the friend's settlement")
            assert friend.views[-1].settlement == session.view.settlement
            assert friend.views[-1].cards != session.view.cards  # each its own hand, never the other's
            until(app, lambda: app.scene.row.get("again").enabled, "Play again", friend)
            press(app, pygame.K_SPACE)  # Play again: ready, and the table again once the friend is
            friend.client.send(messages.ready(True))
            until(app, lambda: app.scene.name != "settlement", "the next hand's table", friend)
            at_the_table_of(app, 2)
        finally:
            friend.close()
            app.room.close() if app.room else None


def at_the_table_of(app, hand_no: int) -> None:
    """The window shows hand `hand_no`'s table: its auction, or what follows it. An auction that a first bid of 3
    ends may be over before the window's next frame: the server's bots answer at once here, and a busy machine holds
    the frames."""
    view = app.session.view
    assert view.hand_no == hand_no and view.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert isinstance(app.scene, screen_for(view.phase))


def play_hand(app, session, friend: Friend) -> None:
    """The window's turns by keys until the hand is over: no bid then a bid at the auction, Suggest then Space in
    play (a suggested pass makes Space pass)."""
    keys = 0
    while not over(session):
        until(app, lambda: session.cards.settled and (asked(session) or over(session)), "a turn", friend)
        if session.view.phase is Phase.BIDDING:
            press(app, pygame.K_SPACE if keys % 2 else pygame.K_p)
        elif session.view.phase is Phase.PLAYING:
            press(app, pygame.K_s)
            if app.scene.pending is not None:  # the worker's answer, waited for without frames that compete with it
                wait([app.scene.pending], timeout=WAIT)
            until(app, lambda: app.scene.suggestions or app.scene.cannot_beat, "a suggestion", friend)
            press(app, pygame.K_SPACE)
        keys += 1
        assert keys < 200


def answered(seat, send):
    """`send`, returning only once the server's answer has arrived (a fast network: the next hand is dealt before
    the frame that said ready is over)."""

    def send_and_wait(action) -> None:
        send(action)
        deadline = time.monotonic() + WAIT
        while not seat.pending():
            assert time.monotonic() < deadline, "waited too long for the answer"
            time.sleep(0.002)

    return send_and_wait


@pytest.mark.slow
@pytest.mark.app(saving=True)
def test_a_window_that_joined_a_friends_room_plays_on_to_the_next_hands(app, tmp_path, monkeypatch):
    """The window joins a room a friend hosts (seat 1, drawn at the bottom) and plays three hands: after each the
    window's settlement, Play again, and the next hand's table, whoever says ready first; never the settlement of a
    hand that is not over."""
    with server_thread(tmp_path / "rooms") as url:
        friend = Friend(url, "Bo")
        try:
            code = friend.host("standard", ["open", "bot"])
            app.push(Lobby(app, Plan.joining(url, code)))
            lobby = app.scene
            until(app, lambda: lobby.room is not None and lobby.room.room is not None, "the room", friend)
            press(app, pygame.K_SPACE)  # Ready: focused
            friend.poll(lambda: friend.room.seats[1].ready, "the window ready")
            friend.client.send(messages.start())
            until(app, lambda: app.session is not None and app.scene.name != "lobby", "the table", friend)
            session = app.session
            assert session.me == 1 and session.names[0] == "Bo" and session.place(1) == 0
            for order in ("friend first", "window first", "answered at once"):
                hand = session.view.hand_no
                play_hand(app, session, friend)
                until(app, lambda: app.scene.name == "settlement", "the settlement", friend)
                decided = session.view.phase is Phase.MATCH_OVER  # then Play again is a new match, from hand 1
                until(app, lambda: app.scene.row.get("again").enabled, "Play again", friend)
                if order == "window first":
                    press(app, pygame.K_SPACE)
                    until(app, lambda: session.seat.ready, "the window ready", friend)
                    friend.client.send(messages.ready(True))
                else:  # the friend is ready before the window says it
                    friend.client.send(messages.ready(True))
                    friend.poll(lambda: friend.room.seats[0].ready, "the friend ready")
                    if order == "answered at once":  # the deal is back before Play again's frame is over
                        monkeypatch.setattr(session.seat, "send", answered(session.seat, session.seat.send))
                    press(app, pygame.K_SPACE)
                until(app, lambda: app.scene.name != "settlement", "the next hand's table", friend)
                at_the_table_of(app, 1 if decided else hand + 1)
        finally:
            friend.close()
            app.room.close() if app.room else None


@pytest.mark.slow
def test_a_window_closed_mid_hand_comes_back_to_its_seat_from_the_title(tmp_path, store):
    """Your seat's token is kept on this device: a new game on the same saves shows Back to the room on its title,
    and takes the seat back mid-hand with the table laid out as the server's view says (as Continue does)."""
    with server_thread(tmp_path / "rooms") as url:
        first = title_app(store)
        try:
            first.push(Lobby(first, Plan.hosting("standard", "normal", ["bot", "bot"], False, False, url=url)))
            lobby = first.scene
            until(first, lambda: lobby.room is not None and lobby.room.room is not None, "the room")
            code = lobby.room.room.code
            press(first, pygame.K_SPACE)  # Start
            until(first, lambda: first.session is not None and first.scene.name != "lobby", "the table")
            until(first, lambda: first.session.cards.settled, "the deal")
            cards = first.session.view.cards
        finally:
            first.close()  # as a closed window: the seat stays yours, a bot covers it
        again = title_app(store)
        try:
            rejoin = again.scene.row.get("rejoin")
            assert rejoin.label == f"Back to room {code}"
            again.scene.choose("rejoin")
            until(again, lambda: again.session is not None and again.scene.name != "lobby", "the table again")
            session = again.session
            assert session.me == 0 and session.names[0] == "Player"
            if session.view.hand_no == 1:  # the same hand: your cards (and the kitty if the bot covering you took it)
                assert set(session.view.cards) <= set(cards) | set(session.view.kitty_cards or ())
            assert sorted(session.cards.board.hand) == sorted(session.view.cards)  # laid out at once
        finally:
            again.close()
