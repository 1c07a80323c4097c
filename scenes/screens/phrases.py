"""Quick phrases and emotes (常用语): a short list of things said at the table, each a bubble at your seat in every
player's own language (the phrase travels as its id)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from net.protocol import PHRASES
from scenes.art.widgets import Button, Row
from scenes.screens.overlay import MenuOverlay
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host
    from scenes.table.remote_seat import RemoteSeat

LINES = 6  # phrases per column: words on the left, the emotes on the right


class PhraseMenu(MenuOverlay):
    name = "phrases"
    title_key = "rooms.say_title"
    width = 1000

    def __init__(self, host: Host, room: RemoteSeat) -> None:
        super().__init__(host)
        self.room = room

    def items(self) -> list[tuple[str, str, str]]:
        said = [(phrase, tr(f"phrases.{phrase}"), "plain") for phrase in PHRASES]
        return [*said, ("back", tr("common.back"), "dark")]

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        geo = self.canvas.geo
        margin, between = geo.px(50), geo.px(30)
        width = (box.width - 2 * margin - between) // 2
        buttons = []
        for k, (key, label, style) in enumerate(items[:-1]):
            column, line = divmod(k, LINES)
            at = pygame.Rect(box.x + margin + column * (width + between), box.y + geo.px(110) + line * (height + gap),
                             width, height)  # fmt: skip
            buttons.append(Button(key, label, at, style))
        key, label, style = items[-1]
        back = pygame.Rect(0, 0, geo.px(360), height)
        back.midbottom = (box.centerx, box.bottom - geo.px(36))
        return Row([*buttons, Button(key, label, back, style)])

    def box(self) -> pygame.Rect:
        geo = self.canvas.geo
        rect = pygame.Rect(0, 0, geo.px(self.width), geo.px(110 + 86 * (LINES + 1) + 50))
        rect.center = geo["panel"].center
        return rect

    def choose(self, key: str) -> None:
        if key != "back":
            self.room.say(key)
        self.close()
