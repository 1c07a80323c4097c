"""The rules core as a table on the screen sees it: one seat's view (`Observation`), what that seat may do and how a
selection of its cards can be played, the core's events as it sees them, and the few rule facts a table shows
(your stake at the doubled tables, whether your answer ends the auction, the order the cards are dealt in).

The table and the screens (`scenes/table`, `scenes/screens`) read the rules through this module, the actions, the
events, the cards, the kinds and the rulesets; they never decide a rule themselves. A seat whose match is held on a
room's server has only its view, and everything here works from the view alone.
"""

from __future__ import annotations

from game.auctions import answer_word, standing
from game.choices import Offer, choices, distinct_kinds, legal_moves, readings
from game.combos import Reading, classify
from game.match import DEAL_NUMBERS, LastPlay, Phase, deal_order
from game.observe import Observation, observe, pack, seen_by
from game.reasons import IllegalAction, Rejection
from game.scoring import Settlement, share
from game.wild import split_move, stand_ins

__all__ = [
    "DEAL_NUMBERS",
    "IllegalAction",
    "LastPlay",
    "Observation",
    "Offer",
    "Phase",
    "Reading",
    "Rejection",
    "Settlement",
    "answer_word",
    "bid_words",
    "choices",
    "classify",
    "deal_order",
    "distinct_kinds",
    "ends_auction",
    "legal_moves",
    "observe",
    "pack",
    "readings",
    "seen_by",
    "split_move",
    "stake",
    "stand_ins",
]


def stake(view: Observation, you: int, multiplier: int) -> int | None:
    """What seat `you` plays for in base units once the doubles are known (004): its share as a farmer, both farmers'
    shares as the landlord, each after the share cap; None where that is just the common multiplier."""
    rules, landlord, doubles = view.rules, view.landlord, view.doubles
    if not rules.double_phase or landlord is None or not doubles or None in doubles:
        return None
    doubled = [bool(choice) for choice in doubles]
    seats = [seat for seat in range(view.players) if seat != landlord and you in (seat, landlord)]
    total = sum(share(rules, seat, multiplier, view.bid, doubled[landlord], doubled[seat]).amount for seat in seats)
    total //= rules.base
    return None if total == multiplier else total


def ends_auction(view: Observation, you: int) -> bool:
    """Does `you`'s answer end the auction whatever it is (004's rob-back, the two-player table's last rob)?"""
    return all(standing(view.rules, view.first_bidder, [*view.bids, (you, v)]).over for v in (0, 1))


def bid_words(view: Observation) -> list[tuple[int, str]]:
    """Each answer of the auction so far with what it said: (value, "" in points auctions, else "call", "no_call",
    "rob" or "no_rob")."""
    bids = list(view.bids)
    return [
        (value, answer_word(standing(view.rules, view.first_bidder, bids[:k]).word, value))
        for k, (_, value) in enumerate(bids)
    ]
