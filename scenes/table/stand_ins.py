"""What the wild-card tables mark on the cards (RULESETS `wildcard`, `swap-three`): which cards are wild now, what
each wild card played this hand stood for, and the cards the swap brought you.

Everything is read from the table's view (its history keeps the ranks each play's wild cards stood for), never from
remembered events, so a continued match, an undo and a replay's position mark the same cards the live table did.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.actions import Swap
from game.cards import RANK_INDEX, Card, order
from game.view import Observation, Phase, Reading, split_move, stand_ins
from scenes.table.seats import SEAT_NAMES
from scenes.words.i18n import tr
from scenes.words.wording import describe, rank_name


def is_wild(view: Observation, card: Card) -> bool:
    """Is this card wild at the table now (the extra wild card, or a card of the drawn wild rank)?"""
    return bool(view.wild) and card.char == view.wild


def table_order(view: Observation, cards: Iterable[int]) -> list[int]:
    """Cards as they lie on the table, high first: wild cards lead (as the commercial tables show them), then by
    rank."""
    deck = view.deck
    return sorted(cards, key=lambda c: (not is_wild(view, deck[c]), -order(deck[c].rank), deck[c].suit or 0))


def stood_for(view: Observation) -> dict[int, str]:
    """For each wild card played this hand as another rank, that rank's label ("10", "K"): the tags on the table."""
    wild = view.wild
    if not wild:
        return {}
    tags: dict[int, str] = {}
    offset = 0
    for _, move in view.history:
        if move == "pass":
            continue
        physical, ranks = split_move(move)
        cards = view.played_cards[offset : offset + len(physical)]
        offset += len(physical)
        if ranks is None:
            continue
        stood = stand_ins(physical, ranks, wild)  # those read as their own rank first: no tag
        wilds = sorted(c for c in cards if view.deck[c].char == wild)
        tags.update((card, rank_name(RANK_INDEX[ch])) for card, ch in zip(wilds, stood, strict=False) if ch != wild)
    return tags


def received(view: Observation) -> tuple[int, ...]:
    """The cards the swap brought the seat (003 swap-three), shown while the auction that follows runs."""
    if view.phase is not Phase.BIDDING or not view.received:
        return ()
    return tuple(c for c in view.received if c in view.cards)


def wild_face(view: Observation) -> Card | None:
    """A card that shows the table's wild rank (the first of the pack), or None while nothing is wild."""
    return next((card for card in view.deck if is_wild(view, card)), None)


def stood_ranks(physical: str, ranks: str) -> str:
    """What a play's wild cards stood for, as the player reads it ("6", "4, 9"); "" when none stood for another
    rank (a wild 7 read as a 7 cancels out)."""
    stood = (Counter(ranks) - Counter(physical)).elements()
    return ", ".join(rank_name(RANK_INDEX[ch]) for ch in sorted(stood, key=RANK_INDEX.__getitem__))


def played_as(reading: Reading, physical: str, ranks: str | None) -> str:
    """A play as the replay's readout says it: "straight 4-8", with "· wild as 4" when wild cards stood in."""
    named = describe(reading)
    stood = stood_ranks(physical, ranks) if ranks else ""
    return tr("wild.stood", reading=named, ranks=stood) if stood else named


def swap_note(action: Swap, deck: Sequence[Card], players: int) -> str:
    """The replay's line for one seat's pick (the replay hides nothing): "Bao passed Q, 4, 3 to Lin"."""
    cards = sorted((deck[c] for c in action.cards), key=lambda card: -card.rank)
    names = ", ".join(rank_name(card.rank) for card in cards)
    to = SEAT_NAMES[(action.seat + 1) % players]
    return tr("wild.replay_swap", name=SEAT_NAMES[action.seat], cards=names, to=to)
