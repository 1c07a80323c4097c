"""The table's notices: a seat's speech bubble, the banner across the table and the message line, each a timed
piece of text in the player's language, said again when the language changes.

`Telling` is the notices' part of `Session`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.kinds import Kind
from game.rulesets import Auction
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words.i18n import resay, tr

if TYPE_CHECKING:
    from game.match import Match

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


class Telling:
    """The session's notices, and the words for the moments the table announces."""

    match: Match
    bubbles: dict[int, Notice]
    banner: Notice | None
    message: Notice | None

    sound: Callable[[str], None]  # the session's: a refused action buzzes

    def say(self, text: str, seconds: float = 3.5, tone: str = "info") -> None:
        self.message = Notice(text, seconds, tone)

    def refuse(self, text: str) -> None:
        """The core refused what you tried: its reason on the message line, and a low buzz."""
        self.say(text, tone="warn")
        self.sound("refused")

    def _landlord_banner(self, seat: int) -> Notice:
        """Who is the landlord; when nobody bid or called, why (003 all-pass, 004 nobody called twice)."""
        name = SEAT_NAMES[seat]
        if any(value for _, value in self.match.hand.bids):
            return Notice(tr("table.you_are_landlord" if seat == HUMAN else "table.is_landlord", name=name), 1.4)
        twice = self.match.rules.redeal_limit is not None  # 004; else 003's all-pass
        if seat == HUMAN:
            said = tr("auction.nobody_called_twice_you") if twice else tr("auction.nobody_bid_you")
        else:
            said = tr("auction.nobody_called_twice", name=name) if twice else tr("auction.nobody_bid", name=name)
        return Notice(said, 2.4)

    def announce_landlord(self) -> None:
        """The auction's answers have been seen: their bubbles go and the banner names the landlord."""
        landlord = self.match.hand.landlord
        assert landlord is not None
        self.banner = self._landlord_banner(landlord)
        self.bubbles.clear()

    def _redeal_notice(self, first: int) -> None:
        """Everyone declined: the banner, and before the last deal a limit allows, what happens if all decline again."""
        rules, hand = self.match.rules, self.match.hand
        if rules.auction is Auction.POINTS:
            self.banner = Notice(tr("table.redeal"), 1.6, "big")
            return
        self.banner = Notice(tr("auction.redeal"), 1.6, "big")
        if rules.redeal_limit is not None and hand.redeals + 1 >= rules.redeal_limit:
            name = tr("auction.you") if first == HUMAN else SEAT_NAMES[first]
            self.say(tr("auction.redeal_last", name=name), 8.0)

    def _age_notices(self, dt: float) -> None:
        """The banner and the message line run out; bubbles stay until the table moves on, but grow old."""
        for notice in (self.banner, self.message):
            if notice is not None:
                notice.remaining -= dt
                notice.age += dt
        for bubble in self.bubbles.values():
            bubble.age += dt
        if self.banner is not None and self.banner.remaining <= 0:
            self.banner = None
        if self.message is not None and self.message.remaining <= 0:
            self.message = None

    def retell(self) -> None:
        """The notes on the table (bubbles, the banner, the message line) said again in the new language."""
        for notice in (*self.bubbles.values(), self.banner, self.message):
            if notice is not None:
                notice.text = resay(notice.text)
