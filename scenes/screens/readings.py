"""The reading chooser of the wild-card tables (RULESETS `wildcard`, `swap-three`): when your wild cards let a
selection be read several ways that demand different answers (a soft bomb of 7s or of 8s, a straight ending at 9 or
at 10), which one you mean. The strongest reading comes first and is focused, as the core's default."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import wild
from game.combos import beats
from game.match import Match
from game.wild import Stand
from scenes.screens.menus import capitalised
from scenes.screens.overlay import MenuOverlay
from scenes.table.stand_ins import played_as
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host


def offered(match: Match, move: str) -> list[Stand]:
    """The readings of the sorted selection `move` worth asking about now: every one that answers the play on the
    table (or any, leading), the strongest first. Empty when nothing on the table is wild or the move holds no wild
    card (the kind chooser asks then)."""
    table = match.wild
    if not table or table not in move:
        return []
    last = match.hand.last
    found = wild.stands(move, table, match.rules)
    return [s for s in found if last is None or beats(s.reading, last.reading)]


class ReadingChooser(MenuOverlay):
    name = "reading chooser"
    title_key = "wild.chooser_title"
    width = 860

    def __init__(self, game: Host, options: list[Stand], play: Callable[[Stand], None]) -> None:
        super().__init__(game)
        self.options = options
        self.play = play
        self.note = tr("wild.chooser_note")

    def label(self, stand: Stand) -> str:
        return capitalised(played_as(stand.reading, stand.physical, stand.ranks))

    def items(self) -> list[tuple[str, str, str]]:
        readings = [(str(k), self.label(s), "play") for k, s in enumerate(self.options)]
        return [*readings, ("back", tr("common.cancel"), "dark")]

    def choose(self, key: str) -> None:
        self.close()
        if key != "back":
            self.play(self.options[int(key)])
