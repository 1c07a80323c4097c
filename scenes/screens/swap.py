"""The swap screen (003 swap-three): before the auction every seat picks three cards for the next seat, all at the
same time and unseen; once the last seat has picked the cards change hands, and yours arrive raised and highlighted.

Picking is the play screen's selection (click, drag, keyboard, pad); Confirm passes the three raised cards on. The
bots pick through the worker like their other decisions, and the hard bot's choice is raised for you to start from.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game.actions import Swap
from game.view import Phase
from scenes.art.widgets import Row
from scenes.screens.play import PlayScene
from scenes.screens.table import TableScene
from scenes.table.session import Session
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host


class SwapScene(PlayScene):
    name = "swap"

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host, session)
        self.proposal: Future | None = None  # the hard bot's pick, raised for you to start from

    def enter(self) -> None:
        super().enter()
        if self.my_turn:
            self.proposal = self.session.advice.swap(self.session.view)

    def relayout(self) -> None:
        super().relayout()
        geo = self.canvas.geo
        self.actions = Row.centered(geo["action_bar"], [("play", tr("wild.swap_confirm"), "play")], geo.px(240), 0)

    @property
    def my_turn(self) -> bool:
        s = self.session
        return s.view.phase is Phase.SWAPPING and s.me in s.view.waiting and not s.seat.bot_seat(s.me)

    @property
    def receiver(self) -> int:
        return (self.session.me + 1) % self.session.view.players

    def update(self, dt: float) -> None:
        TableScene.update(self, dt)
        s = self.session
        self._sync_buttons()
        self._take_proposal()
        if s.view.phase is not Phase.SWAPPING:
            if s.cards.settled and s.notices.banner is None:
                self.host.show(s, settle=False)  # the auction's screen, the host knows which
            return
        if s.cards.settled:
            s.drive()

    def _take_proposal(self) -> None:
        """The hard bot's three cards, raised once it has answered, unless you have started picking already."""
        future, s = self.proposal, self.session
        if future is None or not future.done() or not s.cards.settled:  # raised once the deal has landed
            return
        self.proposal = None
        try:
            cards = future.result()
        except Exception:  # a suggestion that failed only leaves the choice to you
            return
        if self.my_turn and not s.cards.selected:
            s.cards.selected |= set(cards) & set(s.view.cards)
            s.cards.place_hand(0.15)

    def play(self, kind: object = None) -> None:
        """Pass the raised cards on (exactly the ruleset's count); a wrong count says so and keeps the cards up."""
        s = self.session
        if not self.my_turn:
            return
        cards = tuple(c for c in s.cards.board.hand if c in s.cards.selected)
        if len(cards) != s.view.rules.swap_cards:
            s.notices.refuse(tr("wild.swap_count"))
            return
        if s.act(Swap(s.me, cards)):
            s.cards.selected.clear()
            s.cards.place_hand(0.15)

    def pass_turn(self) -> None:
        """Nothing to pass in the swap: Pass lowers the raised cards instead."""
        self.set_raised(list(self.session.cards.selected), False)

    def suggest(self) -> None:
        """Suggest asks the hard bot again which three to give."""
        if self.my_turn and self.proposal is None:
            self.session.cards.selected.clear()
            self.proposal = self.session.advice.swap(self.session.view)

    def prompt(self) -> str:
        s = self.session
        if s.view.phase is not Phase.SWAPPING or not s.cards.settled:
            return ""
        if self.my_turn:
            picked = len(s.cards.selected)
            return tr("wild.swap_prompt", name=s.names[self.receiver], picked=picked)
        return tr("wild.swap_waiting") if s.me not in s.view.waiting else ""

    def _sync_buttons(self) -> None:
        super()._sync_buttons()
        for b in self.actions.buttons:
            b.enabled = self.my_turn and len(self.session.cards.selected) == self.session.view.rules.swap_cards

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        geo = self.canvas.geo
        if self.session.view.phase is Phase.SWAPPING and self.session.cards.settled and self.my_turn:
            self.actions.draw(surface, geo.px(30))
        self.tools.draw(surface, geo.px(24))
