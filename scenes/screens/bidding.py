"""The bidding screen: the animated deal, then the auction one seat at a time: bids of 1-3 (000 §3, 003), or call and
rob (004, the two-player handicap of 003), the kitty turned up and taken."""

from __future__ import annotations

from game import bots
from game.actions import Action, Bid
from game.auctions import answer_word, standing
from game.match import Phase
from scenes.screens.choice import ChoiceScene, Spec
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text


class BiddingScene(ChoiceScene):
    name = "bidding"
    phases = (Phase.BIDDING,)
    decline_focused = True  # No bid (No call, No rob) first: a stray Space from the last screen never bids 3

    def button(self, action: Action) -> Spec:
        assert isinstance(action, Bid)
        value, word = action.value, self.session.match.auction_word()
        if word != "bid":
            label = tr(f"auction.{answer_word(word, value)}")  # call, no call, rob, no rob
        else:
            label = tr("auction.bid", value=value) if value else tr("auction.no_bid")
        return str(value), label, "play" if value else "pass"

    def answer(self, key: str) -> Action:
        return Bid(HUMAN, int(key))

    def bots_act(self) -> None:
        s = self.session
        decided = s.bot_turn(bots.decide_bid, lambda: 0)
        if decided is not None:
            seat, value = decided
            s.apply(Bid(seat, value))

    def last_chance(self) -> bool:
        """Does your answer end the auction whatever it is (004's rob-back, the two-player table's last rob)?"""
        match = self.session.match
        hand = match.hand
        return all(standing(match.rules, hand.first_bidder, [*hand.bids, (HUMAN, v)]).over for v in (0, 1))

    def prompt(self) -> str:
        if not self.row.buttons:
            return ""
        match = self.session.match
        word = match.auction_word()
        if word == "call":
            return tr("auction.prompt_call")
        if word == "rob":
            holder = next(seat for seat, value in reversed(match.hand.bids) if value)
            key = "auction.prompt_rob_last" if self.last_chance() else "auction.prompt_rob"  # 004's rob-back
            if match.allowance is not None:
                cards = cards_text(match.allowance + 1)
                return tr(f"{key}_allowance", name=SEAT_NAMES[holder], cards=cards)
            return tr(key, name=SEAT_NAMES[holder])
        bid = match.hand.bid
        return tr("auction.prompt_bid_high", bid=bid) if bid else tr("auction.prompt_bid_none")
