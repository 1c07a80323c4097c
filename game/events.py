"""Events the state machine returns from each action; scenes turn them into animation and sound."""

from __future__ import annotations

from dataclasses import dataclass

from game.combos import Reading
from game.scoring import Settlement


@dataclass(frozen=True, slots=True)
class Dealt:
    hand_no: int
    deal_no: int | None  # None where a room hides it: the number tells every hand's cards
    first_bidder: int
    redeal: bool  # True when every seat declined and the cards were dealt again
    collected: bool = False  # no-shuffle: the last hand's cards, cut and dealt without shuffling


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    value: int  # 0 = no bid (or no call, no rob)
    word: str = ""  # "" in points auctions; "call", "no_call", "rob" or "no_rob" in call/rob auctions


@dataclass(frozen=True, slots=True)
class SwappingStarted:
    """003 swap-three: every seat now picks, at the same time, the cards it passes to the next seat."""

    count: int


@dataclass(frozen=True, slots=True)
class SwapChosen:
    """`seat` has picked its cards; which ones stays secret until every seat has picked."""

    seat: int


@dataclass(frozen=True, slots=True)
class Swapped:
    """The last seat picked and the cards changed hands: `given[s]` went from seat s to the next seat. Private: a
    table shows a seat only what it gave and what it received (`given[seat - 1]`)."""

    given: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class WildChosen:
    """003 wildcard: after the auction `rank` (a rank character, 3..2) became wild for the rest of the hand."""

    rank: str


@dataclass(frozen=True, slots=True)
class AllDeclined:
    """Every seat declined to bid and the cards are dealt again (000 §3, 004); a `Dealt(redeal=True)` follows."""


@dataclass(frozen=True, slots=True)
class LandlordChosen:
    seat: int
    bid: int
    kitty: str
    kitty_cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DoublingStarted:
    """004: every seat now decides, at the same time, whether to double."""


@dataclass(frozen=True, slots=True)
class DoubleChosen:
    """`seat` has decided whether to double; what it chose stays secret until every seat has decided."""

    seat: int


@dataclass(frozen=True, slots=True)
class DoublesRevealed:
    """The last seat decided: each seat's choice, in seat order (True = doubled)."""

    doubles: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class ShowingStarted:
    """004: the landlord may now show the hand before the first play."""

    landlord: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """The landlord showed the hand (x2): it stays face up for everyone until the hand ends."""

    seat: int
    ranks: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    move: str
    reading: Reading
    cards: tuple[int, ...]
    cards_left: int
    stands: str | None = None  # wild-card tables: the ranks the played cards were read as, in `move`'s order


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class Doubled:
    """The hand's multiplier grew: reason is 'rob', 'show', 'bomb', 'rocket', 'spring' or 'reverse_spring', at
    wild-card tables also 'soft_bomb' or 'wild_bomb'; `factor` is what it multiplied by (x4 bombs: 003 wildcard)."""

    reason: str
    multiplier: int
    factor: int = 2


@dataclass(frozen=True, slots=True)
class RoundWon:
    """Everybody else passed: `seat` takes the round and leads freely (000 §15)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandOver:
    winner: int
    settlement: Settlement


@dataclass(frozen=True, slots=True)
class MatchOver:
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandAbandoned:
    """New game mid-hand: the hand is dropped without score (000 §21)."""

    hand_no: int


@dataclass(frozen=True, slots=True)
class DealExpired:
    """The deal's time limit ran out: the hand ends with no winner and no score (003 timers)."""

    hand_no: int


Event = (
    Dealt
    | BidMade
    | SwappingStarted
    | SwapChosen
    | Swapped
    | WildChosen
    | AllDeclined
    | LandlordChosen
    | DoublingStarted
    | DoubleChosen
    | DoublesRevealed
    | ShowingStarted
    | HandShown
    | Played
    | Passed
    | Doubled
    | RoundWon
    | HandOver
    | MatchOver
    | HandAbandoned
    | DealExpired
)
