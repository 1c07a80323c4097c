"""Ranks, physical cards and decks; the rank-string vocabulary shared by rules, bots, saves and tests.

A move or a hand in text is its rank characters sorted ascending, e.g. ``"33344"``; ``T`` is the ten,
``B`` the small (black) joker and ``R`` the big (red) joker. Internally a hand is a tuple of 15 counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import add as plus
from operator import sub

RANKS = "3456789TJQKA2BR"
NUM_RANKS = len(RANKS)
RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)}
TWO = RANK_INDEX["2"]
ACE = RANK_INDEX["A"]
SMALL_JOKER = RANK_INDEX["B"]
BIG_JOKER = RANK_INDEX["R"]
JOKERS = (SMALL_JOKER, BIG_JOKER)
WILD = NUM_RANKS  # the extra wild card of a 55-card pack (RULES.md `swap-three`): outside the 15 playing ranks
CARD_CHARS = RANKS + "W"
WILD_CHAR = CARD_CHARS[WILD]
CARD_ORDER = "3456789TJQKA2WBR"  # how a hand sorts: the extra wild card between the 2 and the small joker
SUITS = "♠♥♣♦"
RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "small joker", "big joker", "wild card")

Counts = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. The suit is for display only and never affects play (000 §4)."""

    id: int
    rank: int
    suit: int | None  # None for jokers

    @property
    def char(self) -> str:
        return CARD_CHARS[self.rank]

    @property
    def label(self) -> str:
        return RANK_NAMES[self.rank] if self.suit is None else RANK_NAMES[self.rank] + SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What goes into the pack: how many standard decks, which ranks are removed, how many extra wild cards."""

    decks: int = 1
    removed_ranks: str = ""
    extra_wild: int = 0

    def build(self) -> tuple[Card, ...]:
        """All cards of the pack in a fixed order; ids are positions in this tuple."""
        removed = {RANK_INDEX[ch] for ch in self.removed_ranks}
        faces = [(r, s) for _ in range(self.decks) for r in range(TWO + 1) if r not in removed for s in range(4)]
        faces += [(j, None) for _ in range(self.decks) for j in JOKERS]
        faces += [(WILD, None)] * self.extra_wild
        return tuple(Card(i, r, s) for i, (r, s) in enumerate(faces))


def parse(text: str) -> Counts:
    """Rank string -> counts. Raises ValueError on an unknown rank character."""
    counts = [0] * NUM_RANKS
    for ch in text:
        try:
            counts[RANK_INDEX[ch]] += 1
        except KeyError:
            raise ValueError(f"unknown rank {ch!r} in {text!r}; ranks are {RANKS}") from None
    return tuple(counts)


def first_unknown(text: str) -> str | None:
    """The first character of `text` that is not a rank, if any."""
    return next((ch for ch in text if ch not in RANK_INDEX), None)


def render(counts: Sequence[int]) -> str:
    """Counts -> the canonical sorted rank string."""
    return "".join(ch * n for ch, n in zip(RANKS, counts, strict=True) if n)


def normalize(text: str) -> str:
    """Sort a rank string into canonical order (accepts ranks in any order); an extra wild card `W` sorts between
    the 2 and the jokers."""
    if WILD_CHAR not in text:
        return render(parse(text))
    ranks = render(parse(text.replace(WILD_CHAR, "")))
    cut = len(ranks.rstrip(RANKS[SMALL_JOKER] + RANKS[BIG_JOKER]))
    return ranks[:cut] + WILD_CHAR * text.count(WILD_CHAR) + ranks[cut:]


def order(rank: int) -> int:
    """A card rank's place in a sorted hand (`CARD_ORDER`)."""
    return CARD_ORDER.index(CARD_CHARS[rank])


def contains(hand: Sequence[int], part: Sequence[int]) -> bool:
    return all(h >= p for h, p in zip(hand, part, strict=True))


def _same_length(hand: Sequence[int], part: Sequence[int]) -> None:
    """`map` stops at the shorter of two counts without a word: refuse counts of different lengths instead."""
    if len(hand) != len(part):
        raise ValueError(f"counts of {len(hand)} and {len(part)} ranks")


def subtract(hand: Sequence[int], part: Sequence[int]) -> Counts:
    _same_length(hand, part)
    return tuple(map(sub, hand, part))


def add(hand: Sequence[int], part: Sequence[int]) -> Counts:
    _same_length(hand, part)
    return tuple(map(plus, hand, part))
