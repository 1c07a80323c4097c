"""The wild-card tables' events at the table (RULESETS `wildcard`, `swap-three`): the swap announced, your three
cards flying to the next seat and three arriving from the seat before, and the wild rank announced as it is drawn.

`WildEvents` is that part of `Session`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game import events as ev
from game.cards import RANK_INDEX
from game.match import Match
from scenes.art.tween import out_back
from scenes.table.board import Board
from scenes.table.notices import Notice
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words.i18n import tr
from scenes.words.wording import rank_name

Point = tuple[float, float]

WILD_POP = 0.8  # seconds the wild card beside the kitty pops as the wild rank is drawn


class WildEvents:
    """The session's part that shows the swap and the wild rank."""

    match: Match
    board: Board
    banner: Notice | None
    bubbles: dict[int, Notice]
    selected: set[int]
    wild_pop: float  # 1 as the wild rank is drawn, down to 0 over WILD_POP seconds
    say: Callable[..., None]
    sound: Callable[[str], None]
    place_hand: Callable[..., None]
    pile_point: Callable[[int], Point]
    deck_point: Callable[..., Point]
    table_order: Callable[[Iterable[int]], list[int]]

    def wild_event(self, event: ev.Event) -> None:
        match event:
            case ev.SwappingStarted():
                self.banner = Notice(tr("wild.swap_banner"), 1.4, "big")
            case ev.SwapChosen():
                self.sound("card")
            case ev.Swapped(given):
                self.bubbles.clear()
                self._swapped(given)
            case ev.WildChosen(rank):
                self.wild_pop = 1.0
                self.banner = Notice(tr("wild.announce", rank=rank_name(RANK_INDEX[rank])), 1.8, "big")
                self.sound("bomb")

    def _swapped(self, given: tuple[tuple[int, ...], ...]) -> None:
        """Your cards fly to the next seat; the three from the seat before fly into your hand (highlighted there by
        the table while the auction runs) and the message line names them."""
        players = self.match.players
        before, after = (HUMAN - 1) % players, (HUMAN + 1) % players
        for k, card in enumerate(given[HUMAN]):
            gone = self.board.sprites.pop(card, None)
            start = gone.pos if gone is not None else self.deck_point()
            self.board.launch_back(("swap out", k), start, self.pile_point(after), 0.45, k * 0.06)
        self.selected.clear()
        self.place_hand(0.0)
        for k, card in enumerate(given[before]):
            sprite = self.board.sprites[card]
            target = sprite.pos
            sprite.pos = self.pile_point(before)
            sprite.move_to(target, 0.5, 0.3 + k * 0.08, out_back)
        names = ", ".join(rank_name(self.match.deck[c].rank) for c in self.table_order(given[before]))
        self.say(tr("wild.swap_arrived", name=SEAT_NAMES[before], cards=names), 6.0)

    def age_wild(self, dt: float) -> None:
        self.wild_pop = max(0.0, self.wild_pop - dt / WILD_POP)
