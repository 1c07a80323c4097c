"""Play with friends: the way into a private room (seed 004: "you can open a private room for friends"). Who you are
at the table (a name and a portrait, kept on this device), then Host a room or Join one (docs/network.md)."""

from __future__ import annotations

import pygame

from scenes.art.avatars import Expression, avatar
from scenes.platform.prefs import PORTRAITS
from scenes.screens.entry import TextEntry
from scenes.screens.host_room import HostRoom
from scenes.screens.join_room import JoinRoom
from scenes.screens.overlay import MenuOverlay
from scenes.words.i18n import tr

NAME_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_."  # what the arrows turn a name through


def player_name(name: str) -> str:
    """Your name at a room's table: the one you chose, or the table's word for a player."""
    return name or tr("rooms.default_name")


class FriendsMenu(MenuOverlay):
    name = "friends"
    title_key = "rooms.title"
    width = 720
    note_room = 3

    def items(self) -> list[tuple[str, str, str]]:
        prefs = self.host.prefs
        return [
            ("name", tr("rooms.your_name", name=player_name(prefs.name)), "plain"),
            ("portrait", tr("rooms.your_portrait", number=prefs.avatar + 1, of=PORTRAITS), "plain"),
            ("host", tr("rooms.host"), "play"),
            ("join", tr("rooms.join"), "play"),
            ("back", tr("common.back"), "dark"),
        ]

    def enter(self) -> None:
        self.note = tr("rooms.note")
        super().enter()

    def choose(self, key: str) -> None:
        prefs = self.host.prefs
        if key == "name":
            title = tr("rooms.name_title")
            self.host.push(TextEntry(self.host, title, prefs.name, NAME_KEYS, 20, self.named))
        elif key == "portrait":
            self.host.change_prefs(avatar=(prefs.avatar + 1) % PORTRAITS)
            self.relayout()
        elif key == "host":
            self.host.push(HostRoom(self.host))
        elif key == "join":
            self.host.push(JoinRoom(self.host))
        elif key == "back":
            self.close()

    def named(self, name: str) -> None:
        self.host.change_prefs(name=name)
        self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        """The menu, and your portrait itself at its button's left end."""
        super().draw(surface)
        button = self.row.get("portrait").rect
        face = avatar(self.host.prefs.avatar, Expression.HAPPY, "", button.height - self.canvas.geo.px(6))
        surface.blit(face, face.get_rect(midleft=(button.x + self.canvas.geo.px(16), button.centery)))
