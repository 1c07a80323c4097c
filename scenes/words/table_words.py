"""The table's words for the auction and the settlement: what a seat's bubble says of its bid, card counts, the
doublings and each farmer's share spelled out."""

from __future__ import annotations

from game.auctions import answer_word, standing
from game.match import Match
from game.scoring import Share
from scenes.words.i18n import tr


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


def bid_labels(match: Match) -> list[str]:
    """The bubble of each answer of the auction so far, in order: a continued auction shows what was said."""
    hand = match.hand
    return [
        bid_label(value, answer_word(standing(match.rules, hand.first_bidder, hand.bids[:k]).word, value))
        for k, (_, value) in enumerate(hand.bids)
    ]


STEP_KEYS = {  # a doubling of the common multiplier as the settlement lists it
    "rob": "auction.step_rob",
    "show": "auction.step_show",
    "bomb": "auction.step_bomb",
    "soft_bomb": "auction.step_soft_bomb",  # x2 wherever a soft bomb is made (003 wildcard, swap-three)
    "wild_bomb": "auction.step_wild_bomb",  # x4: only the wildcard table makes one
    "rocket": "auction.step_rocket",
    "spring": "auction.step_spring",
    "reverse_spring": "auction.step_reverse_spring",
}
FACTOR_KEYS = {  # the factors of a farmer's share after the multiplier (game.scoring.share)
    "bid": "auction.factor_bid",
    "landlord double": "auction.factor_landlord_double",
    "own double": "auction.factor_own_double",
}


def share_terms(share: Share, base: int) -> str:
    """One farmer's share computed as 004's worked examples spell it: "2 × own double 2 = 4 × base 100 = 400"."""
    (_, multiplier), *rest = share.factors
    text = " × ".join([str(multiplier), *(f"{tr(FACTOR_KEYS[label])} {value}" for label, value in rest)])
    if rest:
        text += f" = {share.uncapped:,}"
    if share.capped:
        return tr("auction.share_capped", terms=text, cap=share.amount // base, amount=f"{share.amount:,}")
    if base != 1:
        return tr("auction.share_base", terms=text, base=f"{base:,}", amount=f"{share.amount:,}")
    return text
