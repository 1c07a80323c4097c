"""What the wild-card tables mark on the cards (RULESETS `wildcard`, `swap-three`): which cards are wild now, what
each wild card played this hand stood for, and the cards the swap brought you.

Everything is read from the match's state (its log keeps the ranks each play's wild cards stood for), never from
remembered events, so a continued match, an undo and a replay's position mark the same cards the live table did.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.actions import Play, Swap
from game.cards import RANK_INDEX, Card
from game.combos import Reading
from game.match import Match, Phase
from game.wild import stand_ins
from scenes.table.seats import SEAT_NAMES
from scenes.words.i18n import tr
from scenes.words.wording import describe, rank_name


def is_wild(match: Match, card: Card) -> bool:
    """Is this card wild at the table now (the extra wild card, or a card of the drawn wild rank)?"""
    return bool(match.wild) and card.char == match.wild


def stood_for(match: Match) -> dict[int, str]:
    """For each wild card played this hand as another rank, that rank's label ("10", "K"): the tags on the table."""
    wild = match.wild
    made = sum(1 for _, move in match.hand.history if move != "pass")
    if not wild or not made:
        return {}
    plays = [a for a in match.log if isinstance(a, Play)][-made:]  # the hand's plays are the log's latest
    tags: dict[int, str] = {}
    for play in plays:
        if play.stands is None or play.cards is None:
            continue
        stood = stand_ins(play.move, play.stands, wild)  # those read as their own rank first: no tag
        wilds = sorted(c for c in play.cards if match.deck[c].char == wild)
        tags.update((card, rank_name(RANK_INDEX[ch])) for card, ch in zip(wilds, stood, strict=False) if ch != wild)
    return tags


def received(match: Match, seat: int) -> tuple[int, ...]:
    """The cards the swap brought `seat` (003 swap-three), shown while the auction that follows runs."""
    swaps = match.hand.swaps
    if match.phase is not Phase.BIDDING or not swaps or None in swaps:
        return ()
    given = swaps[(seat - 1) % match.players]
    return tuple(c for c in given or () if c in match.hand.hands[seat])


def wild_face(match: Match) -> Card | None:
    """A card that shows the table's wild rank (the first of the pack), or None while nothing is wild."""
    return next((card for card in match.deck if is_wild(match, card)), None)


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
