"""The auctions as pure functions of the answers given so far (RULES.md "Auctions").

`standing(rules, first, bids)` says who answers next, what a 1 means for that seat, and who would be landlord if the
auction ended now. The match keeps only the answers (`Hand.bids`), so a save or a replay rebuilds the auction
exactly, and bots can work out the same standing from the public bids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets import Auction, Ruleset

Answers = Sequence[tuple[int, int]]  # (seat, value) in the order given; value 0 declines

# What an answer of 0 or 1 is called, by what a 1 means at that point of the auction.
ANSWER_WORDS = {"call": ("no_call", "call"), "rob": ("no_rob", "rob")}


@dataclass(frozen=True, slots=True)
class Standing:
    """The auction after some answers."""

    turn: int | None  # the seat to answer next; None once the auction is over
    word: str  # what a 1 means for `turn`: "bid" (points), "call" or "rob"; "" once over
    holder: int | None  # the highest bidder, or the last to call or rob: the landlord if the auction ends now
    bid: int  # the holder's bid (points auction); 1 once someone called in a call/rob auction
    caller: int | None = None  # who called first (call/rob auctions)
    robs: int = 0

    @property
    def over(self) -> bool:
        return self.turn is None


def standing(rules: Ruleset, first: int, bids: Answers) -> Standing:
    """The auction of `rules` opened by seat `first` after the answers `bids` ((seat, value) in the order given)."""
    match rules.auction:
        case Auction.POINTS:
            return _points(rules, first, bids)
        case Auction.ROB:
            return _rob(rules.players, first, bids)
        case Auction.HANDICAP:
            return _handicap(rules, first, bids)
    raise ValueError(f"unknown auction {rules.auction!r}")


def answer_word(word: str, value: int) -> str:
    """The name of an answer for events and the log of the table: "" for a points bid, else e.g. "no_rob"."""
    return ANSWER_WORDS[word][bool(value)] if word in ANSWER_WORDS else ""


def _points(rules: Ruleset, first: int, bids: Answers) -> Standing:
    """000 §3 / 003: one answer each in seat order, each bid above the last; the top bid ends it at once."""
    holder, bid = None, 0
    for seat, value in bids:
        if value:
            holder, bid = seat, value
    if bid == rules.max_bid or len(bids) == rules.players:
        return Standing(None, "", holder, bid)
    return Standing((first + len(bids)) % rules.players, "bid", holder, bid)


def _called(bids: Answers) -> tuple[int | None, int | None, int]:
    """(caller, holder, robs): the first 1 is the call, every later 1 a rob, and the last 1 holds the hand."""
    caller = holder = None
    robs = 0
    for seat, value in bids:
        if value:
            if caller is None:
                caller = seat
            else:
                robs += 1
            holder = seat
    return caller, holder, robs


def _rob(players: int, first: int, bids: Answers) -> Standing:
    """004: every seat answers once in seat order ("call" until someone calls, then "rob"), so a seat that declined
    to call is never asked again; if anyone robbed, the caller then has one last rob-back."""
    caller, holder, robs = _called(bids)
    bid = 0 if caller is None else 1
    answered = len(bids)
    if answered < players:
        return Standing((first + answered) % players, "call" if caller is None else "rob", holder, bid, caller, robs)
    if answered == players and robs:
        return Standing(caller, "rob", holder, bid, caller, robs)
    return Standing(None, "", holder, bid, caller, robs)


def _handicap(rules: Ruleset, first: int, bids: Answers) -> Standing:
    """003 two-player: "call" in seat order until someone calls; then the seats that did not decline to call answer
    "rob" in turn, until one declines or `max_robs` robs were made."""
    players = rules.players
    caller, holder, robs = _called(bids)
    if caller is None:
        if len(bids) == players:
            return Standing(None, "", None, 0)
        return Standing((first + len(bids)) % players, "call", None, 0)
    out = {seat for seat, value in bids if not value and seat != caller}
    ended = bids[-1][1] == 0 or robs == rules.max_robs
    last = bids[-1][0]
    eligible = [
        seat for seat in ((last + k) % players for k in range(1, players)) if seat not in out and seat != holder
    ]
    if ended or not eligible:
        return Standing(None, "", holder, 1, caller, robs)
    return Standing(eligible[0], "rob", holder, 1, caller, robs)
