"""The reading chooser of the wild-card tables (RULESETS `wildcard`, `swap-three`): when your wild cards let a
selection be read several ways that demand different answers (a soft bomb of 7s or of 8s, a straight ending at 9 or
at 10), which one you mean. The strongest reading comes first and is focused, as the core's default; what is offered
comes from the core (`game.choices.readings`)."""

from __future__ import annotations

from game.view import Offer, split_move
from scenes.screens.menus import Chooser
from scenes.table.stand_ins import played_as


class ReadingChooser(Chooser[Offer]):
    name = "reading chooser"
    title_key, note_key = "wild.chooser_title", "wild.chooser_note"
    width = 860

    def label(self, option: Offer) -> str:
        physical, ranks = split_move(option.play.move)
        assert option.reading is not None
        return played_as(option.reading, physical, ranks)
