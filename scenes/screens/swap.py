"""The swap screen (003 swap-three): before the auction every seat picks three cards for the next seat, all at the
same time and unseen; once the last seat has picked the cards change hands, and yours arrive raised and highlighted.

Picking is the play screen's selection (click, drag, keyboard, pad); Confirm passes the three raised cards on. The
bots pick through the worker like their other decisions, and the hard bot's choice is raised for you to start from.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from game import bots
from game.actions import Swap
from game.match import Phase
from game.reasons import IllegalAction
from scenes.art.widgets import Row
from scenes.screens.play import PlayScene
from scenes.screens.table import TableScene
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.table.session import Session
from scenes.words.i18n import tr
from scenes.words.wording import reason

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
            self.proposal = self.host.pool.submit(bots.decide_swap, self.session.view(HUMAN), "hard")

    def relayout(self) -> None:
        super().relayout()
        geo = self.host.geo
        self.actions = Row.centered(geo["action_bar"], [("play", tr("wild.swap_confirm"), "play")], geo.px(240), 0)

    @property
    def my_turn(self) -> bool:
        s = self.session
        return HUMAN in s.match.unswapped() and not s.bot_seat(HUMAN)

    @property
    def receiver(self) -> int:
        return (HUMAN + 1) % self.session.match.players

    def update(self, dt: float) -> None:
        TableScene.update(self, dt)
        s = self.session
        self._sync_buttons()
        self._take_proposal()
        if s.match.phase is not Phase.SWAPPING:
            if s.settled and s.banner is None:
                self.host.show(s, settle=False)  # the auction's screen, the host knows which
            return
        if not s.settled:
            return
        seat = next((seat for seat in s.match.unswapped() if s.bot_seat(seat)), None)
        if seat is None:
            return
        first = tuple(s.match.hand.hands[seat][: s.match.rules.swap_cards])  # a bot that fails passes these
        decided = s.bot_turn(bots.decide_swap, lambda: first, seat)
        if decided is not None:
            s.apply(Swap(seat, tuple(decided[1])))

    def _take_proposal(self) -> None:
        """The hard bot's three cards, raised once it has answered, unless you have started picking already."""
        future, s = self.proposal, self.session
        if future is None or not future.done() or not s.settled:  # raised once the deal has landed
            return
        self.proposal = None
        try:
            cards = future.result()
        except Exception:  # a suggestion that failed only leaves the choice to you
            return
        if self.my_turn and not s.selected:
            s.selected |= set(cards) & set(s.match.hand.hands[HUMAN])
            s.place_hand(0.15)

    def play(self, kind: object = None) -> None:
        """Pass the raised cards on (exactly the ruleset's count); a wrong count says so and keeps the cards up."""
        s = self.session
        if not self.my_turn:
            return
        cards = tuple(c for c in s.board.hand if c in s.selected)
        if len(cards) != s.match.rules.swap_cards:
            s.refuse(tr("wild.swap_count"))
            return
        try:
            s.apply(Swap(HUMAN, cards))
        except IllegalAction as refused:
            s.refuse(reason(refused.rejection))
            return
        s.selected.clear()
        s.place_hand(0.15)

    def pass_turn(self) -> None:
        """Nothing to pass in the swap: Pass lowers the raised cards instead."""
        self.set_raised(list(self.session.selected), False)

    def suggest(self) -> None:
        """Suggest asks the hard bot again which three to give."""
        if self.my_turn and self.proposal is None:
            self.session.selected.clear()
            self.proposal = self.host.pool.submit(bots.decide_swap, self.session.view(HUMAN), "hard")

    def prompt(self) -> str:
        s = self.session
        if s.match.phase is not Phase.SWAPPING or not s.settled:
            return ""
        if self.my_turn:
            picked = len(s.selected)
            return tr("wild.swap_prompt", name=SEAT_NAMES[self.receiver], picked=picked)
        return tr("wild.swap_waiting") if HUMAN not in s.match.unswapped() else ""

    def _sync_buttons(self) -> None:
        super()._sync_buttons()
        for b in self.actions.buttons:
            b.enabled = self.my_turn and len(self.session.selected) == self.session.match.rules.swap_cards

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        geo = self.host.geo
        if self.session.match.phase is Phase.SWAPPING and self.session.settled and self.my_turn:
            self.actions.draw(surface, geo.px(30))
        self.tools.draw(surface, geo.px(24))
