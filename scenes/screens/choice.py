"""The table screens that ask you one question with a row of buttons while the bots answer theirs: the auction
(bid, call, rob), the double phase and showing the hand. Each subclass says which phases it covers, what you may
answer now, what an answer does and how the bots answer; the buttons, their hints and the inputs are shared here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.actions import Action
from game.view import Phase, choices
from scenes.art.text import text
from scenes.art.widgets import CREAM, Row
from scenes.platform.input import NUMBERED, Act, Input
from scenes.screens.table import TableScene
from scenes.table.session import Session

if TYPE_CHECKING:
    from scenes.scene import Host

Spec = tuple[str, str, str]  # a button: (key, label, style); the key "0" is always the decline


class ChoiceScene(TableScene):
    phases: tuple[Phase, ...] = ()  # the match phases this scene plays out
    decline_focused = False  # the first button (the decline) has the focus when asked, else the last

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host, session)
        self.row = Row()
        self.asked: list[Spec] = []

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        super().relayout()
        self.asked = []  # the buttons are rebuilt for the new size on the next update

    # ----- what the subclass says -----------------------------------------------------------------------

    def options(self) -> list[Spec]:
        """The buttons you are offered now, one for each action the match offers your seat (`Match.choices`), the
        decline first; none while it is not yours to answer (or the bot answers for you, under Auto or after the
        timer ran out)."""
        s = self.session
        if s.view.phase not in self.phases or s.seat.bot_seat(s.me):
            return []
        return [self.button(action) for action in choices(s.view)]

    def button(self, action: Action) -> Spec:
        """The button for one of the actions offered."""
        raise NotImplementedError

    def answer(self, key: str) -> Action:
        """The action a button stands for."""
        raise NotImplementedError

    # ----- the shared part --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        self._sync_buttons()
        if s.view.phase not in self.phases:
            if s.cards.settled and s.notices.banner is None:
                self.host.show(self.session, settle=False)  # the host knows the next phase's screen
            return
        if s.cards.settled:
            s.drive()  # the bots (and Auto, or the timer, for you) answer what they are asked

    def _sync_buttons(self) -> None:
        labels = self.canvas.inputs
        for b in self.row.buttons:  # the decline's key, or the answer's number (a pad's focused answer: its A)
            numbered = labels.label(NUMBERED[int(b.key) - 1]) if b.key != "0" else ""
            focused = labels.label(Act.CONFIRM) if b.focus else ""
            b.hint = labels.label(Act.PASS) if b.key == "0" else numbered or focused
        s = self.session
        options = self.options() if s.view.phase in self.phases and s.cards.settled else []
        if options == self.asked:
            return
        self.asked = options
        geo = self.canvas.geo
        widths = [text(label, geo.px(30), CREAM, True).get_width() + geo.px(64) for _, label, _ in options]
        self.row = Row.centered(geo["action_bar"], options, max([geo.px(200), *widths]), geo.px(26))
        if self.row.buttons:
            self.row.buttons[0 if self.decline_focused else -1].focus = True

    def choose(self, key: str) -> None:
        if self.session.act(self.answer(key)):
            self.asked = []
            self.row = Row()

    def handle(self, event: Input) -> None:
        act = event.act
        if act is Act.AUTO:
            self.toggle_auto()
            self.asked = []
            self.row = Row()
            return
        if not self.row.buttons:
            super().handle(event)
            return
        picked = self.row.react(event)
        numbered = str(NUMBERED.index(act) + 1) if act in NUMBERED else ""
        if picked:
            self.choose(picked)
        elif act is Act.PASS:
            self.choose("0")
        elif any(b.key == numbered for b in self.row.buttons):  # 1, 2 or 3: the answer of that number
            self.choose(numbered)
        elif picked is None or act is Act.POINTER_MOVE:  # the table still hovers its cards
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.row.draw(surface, self.canvas.geo.px(30))
