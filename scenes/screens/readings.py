"""The reading chooser of the wild-card tables (RULESETS `wildcard`, `swap-three`): when your wild cards let a
selection be read several ways that demand different answers (a soft bomb of 7s or of 8s, a straight ending at 9 or
at 10), which one you mean. The strongest reading comes first and is focused, as the core's default."""

from __future__ import annotations

from game import wild
from game.combos import beats
from game.match import Match
from game.wild import Stand
from scenes.screens.menus import Chooser
from scenes.table.stand_ins import played_as


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


def strongest(match: Match, move: str) -> str:
    """A selection holding a wild card that no reading lets answer, as the move it is tried as: its strongest
    reading, so the refusal says why that cannot answer (the cards as they are when they read no way at all)."""
    found = wild.stands(move, match.wild, match.rules)
    return found[0].text if found else move


class ReadingChooser(Chooser[Stand]):
    name = "reading chooser"
    title_key, note_key = "wild.chooser_title", "wild.chooser_note"
    width = 860

    def label(self, option: Stand) -> str:
        return played_as(option.reading, option.physical, option.ranks)
