"""The way into a room with friends (issue 32; seed 004: "you can open a private room for friends"), by each input
device and in both languages: Play with friends on the title, your name typed in and your portrait, Host a room's
options and Join a room's address and code, the lobby's Ready and Start, and the quick phrases at the table, heard by
the friend as the phrase's id and shown as a bubble at the friend's seat in the window's own language."""

from __future__ import annotations

import pygame
import pytest

from net import messages
from scenes.screens.friends import FriendsMenu
from scenes.screens.host_room import HostRoom
from scenes.screens.join_room import JoinRoom
from scenes.screens.lobby import Lobby
from scenes.screens.phrases import PhraseMenu
from scenes.words.i18n import tr
from tests.kit.app import click, pad, post, press, steps
from tests.kit.rooms import Friend, server_thread, until

pytestmark = [pytest.mark.slow, pytest.mark.app(saving=True)]


def focus(app, key: str, down=lambda app: press(app, pygame.K_DOWN)) -> None:
    """Move the focus of the screen on top down to its `key` button (by the arrows, or by `down`)."""
    for _ in range(len(app.scene.row.buttons) + 1):
        focused = app.scene.row.focused()
        if focused is not None and focused.key == key:
            return
        down(app)
    raise AssertionError(f"no way down to {key}")


def typed(app, text: str) -> None:
    post(pygame.TEXTINPUT, text=text)
    steps(app, 2)


def pad_down(app) -> None:
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)


def test_by_keyboard_a_name_typed_in_and_a_room_joined_by_address_and_code(app, tmp_path):
    with server_thread(tmp_path / "rooms") as url:
        friend = Friend(url, "Bo")
        try:
            code = friend.host("standard", ["open", "bot"])
            focus(app, "friends")
            press(app, pygame.K_RETURN)
            assert isinstance(app.scene, FriendsMenu)
            assert app.scene.row.get("name").label == "Your name: Player"
            press(app, pygame.K_RETURN)  # Your name: focused first
            press(app, pygame.K_BACKSPACE)  # nothing to erase yet
            typed(app, "Lin")
            press(app, pygame.K_RETURN)
            assert app.prefs.name == "Lin" and app.scene.row.get("name").label == "Your name: Lin"
            before = app.prefs.avatar
            focus(app, "portrait")
            press(app, pygame.K_RETURN)
            assert app.prefs.avatar == before + 1
            focus(app, "join")
            press(app, pygame.K_RETURN)
            join = app.scene
            assert isinstance(join, JoinRoom) and not join.row.get("join").enabled  # no address, no code yet
            focus(app, "address")
            press(app, pygame.K_RETURN)
            typed(app, url.removeprefix("ws://"))
            press(app, pygame.K_RETURN)
            focus(app, "code")
            press(app, pygame.K_RETURN)
            typed(app, code.lower())  # a code is said in capitals whatever was typed
            press(app, pygame.K_RETURN)
            assert join.code == code and join.row.get("join").enabled
            focus(app, "join")
            press(app, pygame.K_RETURN)
            lobby = app.scene
            assert isinstance(lobby, Lobby)
            until(app, lambda: lobby.room is not None and lobby.room.room is not None, "the room", friend)
            until(app, lambda: friend.room.seats[1].human, "the window seated", friend)
            assert friend.room.seats[1].name == "Lin" and friend.room.seats[1].avatar == before + 1
            click(app, lobby.row.get("ready").rect.center)  # the mouse from here on
            friend.poll(lambda: friend.room.seats[1].ready, "the window ready")
            friend.client.send(messages.start())
            until(app, lambda: app.session is not None and app.scene.name != "lobby", "the table", friend)
            assert app.session.names[1] == "Lin" and app.session.names[0] == "Bo"
            click(app, app.scene.menu.rect.center)  # the table's Menu: Say something, for a player with no T key
            click(app, app.scene.row.get("say").rect.center)
            click(app, app.scene.row.get("hello").rect.center)
            friend.poll(lambda: (1, "hello") in friend.said, "the window's phrase")
            assert app.scene.name in ("bidding", "play")  # the phrase said, the menus closed: back at the table
        finally:
            friend.close()
            app.room.close() if app.room else None


@pytest.mark.usefixtures("english_after")
def test_by_pad_in_chinese_a_room_hosted_started_and_a_phrase_said_both_ways(app):
    app.change_prefs(language="zh")
    focus(app, "friends", pad_down)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    focus(app, "host", pad_down)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    form = app.scene
    assert isinstance(form, HostRoom) and form.row.get("seat2").label == tr(
        "rooms.seat", number=3, who="好友（好友来之前由机器人打）"
    )
    focus(app, "seat2", pad_down)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # the third seat: a bot's for good
    focus(app, "lan", pad_down)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # not on the local network: the code and the address only
    assert form.seats[:2] == ["open", "bot"] and form.lan is False
    focus(app, "open", pad_down)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    lobby = app.scene
    assert isinstance(lobby, Lobby)
    until(app, lambda: lobby.room is not None and lobby.room.room is not None, "the hosted room")
    hosted = lobby.hosting.hosted
    friend = Friend(hosted.url, "Bo")
    try:
        friend.join(lobby.room.room.code)
        until(app, lambda: any(s.human and s.ready for s in lobby.room.seats[1:]), "the friend ready", friend)
        assert lobby.row.focused().key == "start" and lobby.row.get("start").label == tr("rooms.start")
        pad(app, pygame.CONTROLLER_BUTTON_A)
        until(app, lambda: app.session is not None and app.scene.name != "lobby", "the table", friend)
        pad(app, pygame.CONTROLLER_BUTTON_RIGHTSTICK)  # the quick phrases
        menu = app.scene
        assert isinstance(menu, PhraseMenu) and menu.row.get("well_played").label == "打得好！"
        focus(app, "well_played", pad_down)
        pad(app, pygame.CONTROLLER_BUTTON_A)
        assert app.scene is not menu
        friend.poll(lambda: (0, "well_played") in friend.said, "the window's phrase")
        friend.client.send(messages.say("hurry_up"))
        session = app.session
        until(app, lambda: 1 in session.notices.chat, "the friend's phrase", friend)
        assert session.notices.chat[1].text == tr("phrases.hurry_up")
    finally:
        friend.close()
        app.room.close() if app.room else None
