"""The bidding screen: the animated deal, then the auction one seat at a time: bids of 1-3 (000 §3, 003), or call and
rob (004, the two-player handicap of 003), the kitty turned up and taken."""

from __future__ import annotations

from game.actions import Action, Bid
from game.view import Phase, answer_word, ends_auction
from scenes.screens.choice import ChoiceScene, Spec
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text


class BiddingScene(ChoiceScene):
    name = "bidding"
    phases = (Phase.BIDDING,)
    decline_focused = True  # No bid (No call, No rob) first: a stray Space from the last screen never bids 3

    def button(self, action: Action) -> Spec:
        assert isinstance(action, Bid)
        value, word = action.value, self.session.view.auction_word
        if word != "bid":
            label = tr(f"auction.{answer_word(word, value)}")  # call, no call, rob, no rob
        else:
            label = tr("auction.bid", value=value) if value else tr("auction.no_bid")
        return str(value), label, "play" if value else "pass"

    def answer(self, key: str) -> Action:
        return Bid(self.session.me, int(key))

    def prompt(self) -> str:
        if not self.row.buttons:
            return ""
        view, names = self.session.view, self.session.names
        word = view.auction_word
        if word == "call":
            return tr("auction.prompt_call")
        if word == "rob":
            holder = next(seat for seat, value in reversed(view.bids) if value)
            key = (
                "auction.prompt_rob_last" if ends_auction(view, self.session.me) else "auction.prompt_rob"
            )  # 004's rob-back
            if view.allowance is not None:
                cards = cards_text(view.allowance + 1)
                return tr(f"{key}_allowance", name=names[holder], cards=cards)
            return tr(key, name=names[holder])
        bid = view.bid
        return tr("auction.prompt_bid_high", bid=bid) if bid else tr("auction.prompt_bid_none")
