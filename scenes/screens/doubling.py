"""The doubling screen, the double phase and showing the hand (004): once the landlord has the kitty every seat
decides at the same time whether to double, and nobody sees a choice before all have decided; then the landlord may
show the hand for ×2."""

from __future__ import annotations

from game import bots
from game.actions import Action, Double, Show
from game.match import Phase
from scenes.screens.choice import ChoiceScene, Spec
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words.i18n import tr


class DoublingScene(ChoiceScene):
    name = "doubling"
    phases = (Phase.DOUBLING, Phase.SHOWING)

    def button(self, action: Action) -> Spec:
        if isinstance(action, Double):
            return ("1", tr("auction.double"), "play") if action.double else ("0", tr("auction.no_double"), "pass")
        assert isinstance(action, Show)
        return ("1", tr("auction.show"), "play") if action.show else ("0", tr("auction.no_show"), "pass")

    def answer(self, key: str) -> Action:
        if self.session.match.phase is Phase.DOUBLING:
            return Double(HUMAN, key == "1")
        return Show(HUMAN, key == "1")

    def bots_act(self) -> None:
        """The bots decide one after another, each after its own pause; you may answer at any moment meanwhile."""
        s = self.session
        match = s.match
        if match.phase is Phase.DOUBLING:
            seat = next((seat for seat in match.waiting if s.bot_seat(seat)), None)
            if seat is None:
                return
            decided = s.bot_turn(bots.decide_double, lambda: False, seat)
            if decided is not None:
                s.apply(Double(seat, bool(decided[1])))
            return
        decided = s.bot_turn(bots.decide_show, lambda: False)
        if decided is not None:
            s.apply(Show(decided[0], bool(decided[1])))

    def prompt(self) -> str:
        match = self.session.match
        if self.row.buttons:
            if match.phase is Phase.SHOWING:
                return tr("auction.prompt_show")
            return tr(
                "auction.prompt_double_landlord" if match.hand.landlord == HUMAN else "auction.prompt_double_farmer"
            )
        if match.phase is Phase.DOUBLING and HUMAN not in match.undecided_doubles():
            return tr("auction.waiting_doubles")
        if match.phase is Phase.SHOWING and match.turn != HUMAN and match.turn is not None:
            return tr("auction.waiting_show", name=SEAT_NAMES[match.turn])
        return ""
