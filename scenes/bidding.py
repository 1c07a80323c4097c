"""The bidding scene: the animated deal, one bid per seat in turn (000 §3), the kitty turned up and taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import bots
from game.actions import Bid
from game.match import Phase
from game.reasons import IllegalAction
from scenes.input import Act, Input
from scenes.play import PlayScene
from scenes.session import HUMAN, Session
from scenes.table_view import TableScene
from scenes.widgets import Row

if TYPE_CHECKING:
    from scenes.game import Game


class BiddingScene(TableScene):
    name = "bidding"

    def __init__(self, game: Game, session: Session) -> None:
        super().__init__(game, session)
        self.row = Row()
        self.choices: list[int] = []

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        super().relayout()
        self.choices = []  # rebuilt on the next update

    def _human_bids(self) -> bool:
        s = self.session
        return s.match.phase is Phase.BIDDING and s.match.turn == HUMAN and not s.bot_seat(HUMAN) and s.settled

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        self._sync_buttons()  # the bid buttons show exactly while you are the one to bid
        if s.match.phase is not Phase.BIDDING:
            if s.settled and s.banner is None:
                self.game.switch(PlayScene(self.game, s))
            return
        if not s.settled:
            return
        decided = s.bot_turn(bots.decide_bid, lambda: 0)
        if decided is not None:
            seat, value = decided
            s.apply(Bid(seat, value))

    def _sync_buttons(self) -> None:
        labels = self.game.inputs
        for b in self.row.buttons:
            b.hint = labels.label(Act.PASS) if b.key == "0" else labels.label(Act.CONFIRM) if b.focus else ""
        choices = self.session.match.bid_choices() if self._human_bids() else []
        if choices == self.choices:
            return
        self.choices = choices
        specs = [(str(v), "No bid" if v == 0 else f"Bid {v}", "pass" if v == 0 else "play") for v in choices]
        geo = self.game.geo
        self.row = Row.centered(geo["action_bar"], specs, geo.px(200), geo.px(26))
        if self.row.buttons:
            self.row.buttons[-1].focus = True

    def bid(self, value: int) -> None:
        try:
            self.session.apply(Bid(HUMAN, value))
        except IllegalAction as refused:
            self.session.refuse(refused.rejection.text)
            return
        self.choices = []
        self.row = Row()

    def handle(self, event: Input) -> None:
        act = event.act
        if act is Act.AUTO:
            self.toggle_auto()
            self.choices = []
            self.row = Row()
            return
        if not self.row.buttons:
            super().handle(event)
            return
        if act is Act.POINTER_DOWN and (hit := self.row.at(event.pos)) is not None:
            self.bid(int(hit.key))
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
            super().handle(event)
        elif act in (Act.LEFT, Act.RIGHT):
            self.row.move_focus(-1 if act is Act.LEFT else 1)
        elif act is Act.CONFIRM and (focused := self.row.focused()) is not None:
            self.bid(int(focused.key))
        elif act is Act.PASS:
            self.bid(0)
        else:
            super().handle(event)

    def prompt(self) -> str:
        if not self.row.buttons:
            return ""
        bid = self.session.match.hand.bid
        return f"Your bid: the highest so far is {bid}" if bid else "Your bid: nobody has bid yet"

    def draw(self, surface) -> None:
        self.draw_table(surface)
        self.row.draw(surface, self.game.geo.px(30))
