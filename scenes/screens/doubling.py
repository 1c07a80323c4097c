"""The doubling screen, the double phase and showing the hand (004): once the landlord has the kitty every seat
decides at the same time whether to double, and nobody sees a choice before all have decided; then the landlord may
show the hand for ×2."""

from __future__ import annotations

from game.actions import Action, Double, Show
from game.view import Phase
from scenes.screens.choice import ChoiceScene, Spec
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
        me = self.session.me
        if self.session.view.phase is Phase.DOUBLING:
            return Double(me, key == "1")
        return Show(me, key == "1")

    def prompt(self) -> str:
        """What you are asked, or whom the table waits for: the bots decide one after another, each after its own
        pause, and you may answer at any moment meanwhile."""
        view, me = self.session.view, self.session.me
        if self.row.buttons:
            if view.phase is Phase.SHOWING:
                return tr("auction.prompt_show")
            return tr("auction.prompt_double_landlord" if view.landlord == me else "auction.prompt_double_farmer")
        if view.phase is Phase.DOUBLING and me not in view.waiting:
            return tr("auction.waiting_doubles")
        if view.phase is Phase.SHOWING and view.turn != me and view.turn is not None:
            return tr("auction.waiting_show", name=self.session.names[view.turn])
        return ""
