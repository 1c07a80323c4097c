"""The bidding screen: the animated deal, then the auction one seat at a time: bids of 1-3 (000 §3, 003), or call and
rob (004, the two-player handicap of 003), the kitty turned up and taken."""

from __future__ import annotations

from game import bots
from game.actions import Action, Bid
from game.match import Phase
from scenes.screens.choice import ChoiceScene, Spec
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text


class BiddingScene(ChoiceScene):
    name = "bidding"
    phases = (Phase.BIDDING,)
    decline_focused = True  # No bid (No call, No rob) first: a stray Space from the last screen never bids 3

    def _human_bids(self) -> bool:
        s = self.session
        return s.match.phase is Phase.BIDDING and s.match.turn == HUMAN and not s.bot_seat(HUMAN)

    def options(self) -> list[Spec]:
        if not self._human_bids():
            return []
        word = self.session.match.auction_word()
        if word == "call":
            return [("0", tr("auction.no_call"), "pass"), ("1", tr("auction.call"), "play")]
        if word == "rob":
            return [("0", tr("auction.no_rob"), "pass"), ("1", tr("auction.rob"), "play")]
        return [
            (str(v), tr("auction.no_bid") if v == 0 else tr("auction.bid", value=v), "pass" if v == 0 else "play")
            for v in self.session.match.bid_choices()
        ]

    def answer(self, key: str) -> Action:
        return Bid(HUMAN, int(key))

    def bots_act(self) -> None:
        s = self.session
        decided = s.bot_turn(bots.decide_bid, lambda: 0)
        if decided is not None:
            seat, value = decided
            s.apply(Bid(seat, value))

    def prompt(self) -> str:
        if not self.row.buttons:
            return ""
        match = self.session.match
        word = match.auction_word()
        if word == "call":
            return tr("auction.prompt_call")
        if word == "rob":
            holder = next(seat for seat, value in reversed(match.hand.bids) if value)
            if match.allowance is not None:
                cards = cards_text(match.allowance + 1)
                return tr("auction.prompt_rob_allowance", name=SEAT_NAMES[holder], cards=cards)
            return tr("auction.prompt_rob", name=SEAT_NAMES[holder])
        bid = match.hand.bid
        return tr("auction.prompt_bid_high", bid=bid) if bid else tr("auction.prompt_bid_none")
