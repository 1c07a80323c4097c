"""Quick phrases and emotes (常用语): a short list of things said at the table, each a bubble at your seat in every
player's own language (the phrase travels as its id)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from net.protocol import PHRASES
from scenes.screens.overlay import TwoColumnOverlay
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host
    from scenes.table.remote_seat import RemoteSeat


class PhraseMenu(TwoColumnOverlay):
    name = "phrases"
    title_key = "rooms.say_title"
    width = 1000
    lines = 6  # phrases per column: words on the left, the emotes on the right
    margin, between = 50, 30
    back_width, back_lift, foot = 360, 36, 50

    def __init__(self, host: Host, room: RemoteSeat, said: Callable[[], None] | None = None) -> None:
        super().__init__(host)
        self.room = room
        self.said = said  # after a phrase is said (opened from the table's menu: that closes too, back to the table)

    def items(self) -> list[tuple[str, str, str]]:
        said = [(phrase, tr(f"phrases.{phrase}"), "plain") for phrase in PHRASES]
        return [*said, ("back", tr("common.back"), "dark")]

    def choose(self, key: str) -> None:
        self.close()
        if key != "back":
            self.room.say(key)
            if self.said is not None:
                self.said()
