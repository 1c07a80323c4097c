"""The table's notices: a seat's speech bubble, the banner across the table and the message line, each a timed
piece of text in the player's language, said again when the language changes.

`Notices` is the session's part that owns them: it turns the core's events into what the seats say and what the
banner announces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import events as ev
from game.cards import RANK_INDEX
from game.kinds import Kind
from game.rulesets import Auction
from scenes.table.stand_ins import table_order
from scenes.words.i18n import resay, tr
from scenes.words.table_words import bid_label, cards_text
from scenes.words.wording import rank_name

if TYPE_CHECKING:
    from scenes.table.parts import Table

CHAT_SECONDS = 3.5  # a quick phrase stays by its seat this long

BANNER_KINDS = {  # the catalogue key of the banner a play of this kind raises
    Kind.BOMB: "table.banner_bomb",
    Kind.ROCKET: "table.banner_rocket",
    Kind.AIRPLANE: "table.banner_airplane",
    Kind.AIRPLANE_SINGLES: "table.banner_airplane",
    Kind.AIRPLANE_PAIRS: "table.banner_airplane",
    Kind.STRAIGHT: "table.banner_straight",
    Kind.PAIR_RUN: "table.banner_pair_run",
}


@dataclass
class Notice:
    """A timed piece of text: a seat's bubble, a banner, or the message line."""

    text: str
    remaining: float
    tone: str = "info"  # info, warn, big, win
    age: float = 0.0


def double_notices(doubles: Sequence[bool | None]) -> dict[int, Notice]:
    """Each seat's double once all are revealed (004), as its bubble: "Double ×2", or a quiet "No double"."""
    notices = {}
    for seat, doubled in enumerate(doubles):
        said = tr("auction.doubled") if doubled else tr("auction.not_doubled")
        notices[seat] = Notice(said, 99.0, "info" if doubled else "quiet")
    return notices


class Notices:
    """The session's notices, and the words for the moments the table announces."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.bubbles: dict[int, Notice] = {}  # seat -> what it said last
        self.banner: Notice | None = None
        self.message: Notice | None = None
        self.chat: dict[int, Notice] = {}  # seat -> the quick phrase it said at a room's table, for a moment

    def say(self, text: str, seconds: float = 3.5, tone: str = "info") -> None:
        self.message = Notice(text, seconds, tone)

    def refuse(self, text: str) -> None:
        """The core refused what you tried: its reason on the message line, and a low buzz."""
        self.say(text, tone="warn")
        self.table.sound("refused")

    def chat_said(self, seat: int, phrase: str) -> None:
        self.chat[seat] = Notice(tr(f"phrases.{phrase}"), CHAT_SECONDS)

    def clear(self) -> None:
        """Everything said goes (the table is laid out again from a whole view)."""
        self.bubbles.clear()
        self.banner = None

    def name(self, seat: int) -> str:
        return self.table.names[seat]

    # ----- the events ----------------------------------------------------------------------------------

    def hear(self, event: ev.Event) -> None:
        view, me = self.table.view, self.table.me
        match event:
            case ev.Dealt():
                self.bubbles.clear()
                if event.redeal:
                    self._redeal_notice(event.first_bidder)
            case ev.BidMade(seat, value, word):
                self.bubbles[seat] = Notice(bid_label(value, word), 99.0, "info" if value else "quiet")
            case ev.DoublesRevealed(doubles):
                self.bubbles.update(double_notices(doubles))
            case ev.HandShown(seat):
                shown = tr("auction.you_show") if seat == me else tr("auction.shows", name=self.name(seat))
                self.banner = Notice(shown, 1.6)
            case ev.Played():
                self._played(event)
            case ev.Passed(seat):
                self.bubbles[seat] = Notice(tr("table.pass"), 99.0)
            case ev.HandOver(winner, settlement):
                self._hand_over(winner, settlement.landlord_won, view.hand_sizes[winner])
            case ev.DealExpired():
                self.bubbles.clear()
                self.banner = Notice(tr("table.time_ran_out"), 2.0, "win")
            case ev.SwappingStarted():
                self.banner = Notice(tr("wild.swap_banner"), 1.4, "big")
            case ev.Swapped(given):
                self.bubbles.clear()
                self._swapped(given)
            case ev.WildChosen(rank):
                self.banner = Notice(tr("wild.announce", rank=rank_name(RANK_INDEX[rank])), 1.8, "big")

    def _played(self, event: ev.Played) -> None:
        self.bubbles.pop(event.seat, None)
        view = self.table.view
        if len(view.history) == 1:  # the opening play: what was said before play starts is done with
            self.bubbles.clear()
        kind = event.reading.kind
        banner = BANNER_KINDS.get(kind)
        if banner:
            big = kind.is_bomb_like
            suffix = tr("table.multiplier", value=view.multiplier) if big else ""
            self.banner = Notice(tr(banner) + suffix, 1.6 if big else 1.0, "big" if big else "info")

    def _hand_over(self, winner: int, landlord_won: bool, left: int) -> None:
        """Who won; 003 two-player: a farmer who won within the allowance, with the cards it still held."""
        self.bubbles.clear()
        self.banner = Notice(tr("table.landlord_wins") if landlord_won else tr("table.farmers_win"), 2.2, "win")
        if not landlord_won and left and self.table.view.allowance is not None:
            key = "auction.allowance_won_you" if winner == self.table.me else "auction.allowance_won"
            self.banner = Notice(tr(key, name=self.name(winner), cards=cards_text(left)), 2.2)

    def _swapped(self, given: tuple[tuple[int, ...], ...]) -> None:
        """003 swap-three: the message line names the three cards the seat before passed you."""
        view, me = self.table.view, self.table.me
        before = (me - 1) % view.players
        names = ", ".join(rank_name(view.deck[c].rank) for c in table_order(view, given[before]))
        self.say(tr("wild.swap_arrived", name=self.name(before), cards=names), 6.0)

    def _landlord_banner(self, seat: int) -> Notice:
        """Who is the landlord; when nobody bid or called, why (003 all-pass, 004 nobody called twice)."""
        view, me = self.table.view, self.table.me
        name = self.name(seat)
        if any(value for _, value in view.bids):
            return Notice(tr("table.you_are_landlord" if seat == me else "table.is_landlord", name=name), 1.4)
        twice = view.rules.redeal_limit is not None  # 004; else 003's all-pass
        if seat == me:
            said = tr("auction.nobody_called_twice_you") if twice else tr("auction.nobody_bid_you")
        else:
            said = tr("auction.nobody_called_twice", name=name) if twice else tr("auction.nobody_bid", name=name)
        return Notice(said, 2.4)

    def announce_landlord(self) -> None:
        """The auction's answers have been seen: their bubbles go and the banner names the landlord."""
        landlord = self.table.view.landlord
        assert landlord is not None
        self.banner = self._landlord_banner(landlord)
        self.bubbles.clear()

    def _redeal_notice(self, first: int) -> None:
        """Everyone declined: the banner, and before the last deal a limit allows, what happens if all decline again."""
        view = self.table.view
        rules = view.rules
        if rules.auction is Auction.POINTS:
            self.banner = Notice(tr("table.redeal"), 1.6, "big")
            return
        self.banner = Notice(tr("auction.redeal"), 1.6, "big")
        if rules.redeal_limit is not None and view.redeals + 1 >= rules.redeal_limit:
            name = tr("auction.you") if first == self.table.me else self.name(first)
            self.say(tr("auction.redeal_last", name=name), 8.0)

    def update(self, dt: float) -> None:
        """The banner and the message line run out; bubbles stay until the table moves on, but grow old."""
        for notice in (self.banner, self.message):
            if notice is not None:
                notice.remaining -= dt
                notice.age += dt
        for bubble in self.bubbles.values():
            bubble.age += dt
        for said in self.chat.values():
            said.remaining -= dt
            said.age += dt
        self.chat = {seat: said for seat, said in self.chat.items() if said.remaining > 0}
        if self.banner is not None and self.banner.remaining <= 0:
            self.banner = None
        if self.message is not None and self.message.remaining <= 0:
            self.message = None

    def retell(self) -> None:
        """The notes on the table (bubbles, the banner, the message line) said again in the new language."""
        for notice in (*self.bubbles.values(), *self.chat.values(), self.banner, self.message):
            if notice is not None:
                notice.text = resay(notice.text)
