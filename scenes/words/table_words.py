"""The table's words for the auction and the settlement: what a seat's bubble says of its bid, card counts, the
doublings and each farmer's share spelled out."""

from __future__ import annotations

from itertools import groupby

from game.scoring import Share
from game.view import Observation, Settlement, bid_words
from scenes.words.i18n import tr
from scenes.words.wording import doubling_step, score_steps


def cards_text(n: int) -> str:
    """ "1 card", "3 cards"."""
    return tr("auction.cards_one") if n == 1 else tr("auction.cards", n=n)


ANSWER_KEYS = {  # what a seat's bubble says for each answer of a call/rob auction
    "call": "auction.said_call",
    "no_call": "auction.said_no_call",
    "rob": "auction.said_rob",
    "no_rob": "auction.said_no_rob",
}


def bid_label(value: int, word: str) -> str:
    """A bid as its seat's bubble says it: "Bid 2" / "No bid", or "Call!", "No rob"... (`word` from BidMade)."""
    if word:
        return tr(ANSWER_KEYS[word])
    return tr("auction.bid", value=value) if value else tr("auction.no_bid")


def bid_labels(view: Observation) -> list[str]:
    """The bubble of each answer of the auction so far, in order: a continued auction shows what was said."""
    return [bid_label(value, word) for value, word in bid_words(view)]


RUN_KEYS = {  # a run of the same doubling as one item: "2 robs ×4" (only these can come more than once a hand)
    "rob": "settlement.run_rob",
    "bomb": "settlement.run_bomb",
    "soft_bomb": "settlement.run_soft_bomb",
    "wild_bomb": "settlement.run_wild_bomb",
    "rocket": "settlement.run_rocket",
}


def doubling_items(settlement: Settlement) -> list[str]:
    """The doublings in order, a run of the same one as a single item: "2 robs ×4", "Show ×2", "6 bombs ×64"."""
    items = []
    for (doubling, factor), run in groupby(settlement.steps()):
        times = len(list(run))
        if times == 1:
            items.append(doubling_step(doubling, factor))
        else:
            items.append(tr(RUN_KEYS[doubling], times=times, factor=factor**times))
    return items


def score_items(settlement: Settlement) -> list[str]:
    """`score_steps` with each run of the same doubling as one item: "Bid 2", "6 bombs ×64", "capped at ×1024"."""
    steps = score_steps(settlement)
    return [steps[0], *doubling_items(settlement), *steps[1 + len(settlement.doublings) :]]


FACTOR_KEYS = {  # the factors of a farmer's share after the multiplier (game.scoring.share)
    "bid": "auction.factor_bid",
    "landlord double": "auction.factor_landlord_double",
    "own double": "auction.factor_own_double",
}


def share_terms(share: Share, base: int) -> str:
    """One farmer's share computed as 004's worked examples spell it: "2 × own double 2 = 4 × base 100 = 400"; a
    plain share too ("2 × base 1 = 2"), so every share reads as a formula."""
    (_, multiplier), *rest = share.factors
    text = " × ".join([str(multiplier), *(f"{tr(FACTOR_KEYS[label])} {value}" for label, value in rest)])
    if rest:
        text += f" = {share.uncapped:,}"
    if share.capped:
        return tr("auction.share_capped", terms=text, cap=share.amount // base, amount=f"{share.amount:,}")
    return tr("auction.share_base", terms=text, base=f"{base:,}", amount=f"{share.amount:,}")
