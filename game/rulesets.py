"""Named rulesets as data: each preset is a bundle of options the core reads (see ../shared/RULES.md).

Adding a variant adds a preset here (and, where it needs one, a mechanism the options switch on),
never a fork of the rules code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from game.cards import JOKERS, RANK_INDEX, DeckSpec
from game.kinds import ALL_KINDS, Kind


class AllDecline(Enum):
    """What happens when every seat declines to bid."""

    REDEAL = "redeal"  # 000 §3: shuffle and deal again
    FIRST_BIDDER = "first_bidder"  # 003: the first bidder becomes landlord at 1


class Auction(Enum):
    """How the landlord is chosen (RULES.md "Auctions"); `game.auctions` runs each kind."""

    POINTS = "points"  # 000 / 003: bids from bid_values, each above the current bid
    ROB = "rob"  # 004: call / no call until someone calls, then rob / no rob; rob-back for the caller
    HANDICAP = "handicap"  # 003 two-player: call, then the players may rob alternately, at most max_robs robs


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    summary: str
    source: str
    players: int = 3
    deck: DeckSpec = field(default_factory=DeckSpec)
    hand_size: int = 17
    kitty_size: int = 3
    kinds: frozenset[Kind] = ALL_KINDS
    joker_pairs: bool = False  # two equal jokers form a pair (two-deck tables)
    bomb_sizes: tuple[int, int] = (4, 4)  # smallest and largest bomb; bigger bombs beat smaller ones
    bid_values: tuple[int, ...] = (1, 2, 3)
    all_decline: AllDecline = AllDecline.REDEAL
    multiplier_cap: int | None = None
    match_target: int = 30  # a match lasts about 16 hands at every preset (docs/rules-decisions.md)
    collect_pack: bool = False  # "play again" deals the collected cards, cut but not shuffled (003 no-shuffle)
    packet: int = 1  # cards a collected pack gives each player at a time (docs/rules-decisions.md, no-shuffle)
    turn_seconds: float | None = None  # the scene's turn limit; None = no timer (the core keeps no clock)
    deal_seconds: float | None = None  # the scene's deal limit; at it the scene applies DealExpired
    auction: Auction = Auction.POINTS
    max_robs: int | None = None  # handicap: at most this many robs
    redeal_limit: int | None = None  # with REDEAL: after this many all-declined deals in a row the first bidder leads
    double_phase: bool = False  # 004: after the auction every seat decides at the same time whether to double
    show_hand: bool = False  # 004: the landlord may show the hand (x2) before the first play
    share_cap: int | None = None  # 004: each farmer's share is capped at share_cap x base
    base: int = 1  # 004: the table's base stake; scores and the match target count in it
    allowance: bool = False  # 003 two-player: the farmer wins at or below 1 + robs cards
    wild_rank: bool = False  # 003 wildcard: after the auction a random rank 3..2 becomes wild (`game.wild`)
    swap_cards: int = 0  # 003 swap-three: before the auction each seat passes this many cards to the next seat
    factors: tuple[tuple[str, int], ...] = ()  # doublings worth more than x2, e.g. ("bomb", 4) (003 wildcard)

    def __hash__(self) -> int:
        """By name: a ruleset keys many memo tables, and hashing every field each time cost the search a tenth of
        its time (rulesets of one name that differ, such as a timed copy, only share a hash)."""
        return hash(self.name)

    @property
    def rocket(self) -> tuple[int, ...]:
        """Counts of (small, big) jokers that make the rocket: every joker of the pack."""
        return (self.deck.decks, self.deck.decks)

    @property
    def max_bid(self) -> int:
        return max(self.bid_values)

    @property
    def deck_size(self) -> int:
        return len(self.deck.build())

    @property
    def unused_cards(self) -> int:
        return self.deck_size - self.players * self.hand_size - self.kitty_size

    @property
    def wilds(self) -> bool:
        """Does the table play with wild cards (a wild rank, or the pack's extra wild card)?"""
        return self.wild_rank or self.deck.extra_wild > 0

    def factor(self, doubling: str) -> int:
        """What one doubling of this reason multiplies the hand's multiplier by: 2 unless `factors` says more."""
        return dict(self.factors).get(doubling, 2)

    def allows(self, kind: Kind) -> bool:
        return kind in self.kinds

    def timed(self, on: bool) -> Ruleset:
        """This ruleset with the 003 timers switched on (`on`) or left as the preset has them."""
        if not on or self.turn_seconds is not None:
            return self
        return replace(self, turn_seconds=TURN_SECONDS, deal_seconds=DEAL_SECONDS)


STANDARD = Ruleset(
    name="standard",
    title="Standard",
    summary="One deck, three players, bids 1-3, every bomb and spring doubles; first to 30 points.",
    source="000",
)

TURN_SECONDS, DEAL_SECONDS = 40.0, 300.0  # 003: a five-minute deal limit and 40 seconds per turn

CLASSIC = Ruleset(
    name="classic",
    title="Classic",
    summary="Bids 0-3; if all pass, the first bidder is landlord at 1; multiplier capped at 1024; 40 s turns.",
    source="003",
    all_decline=AllDecline.FIRST_BIDDER,
    multiplier_cap=1024,
    turn_seconds=TURN_SECONDS,
    deal_seconds=DEAL_SECONDS,
)

NO_SHUFFLE = replace(
    CLASSIC,
    name="no-shuffle",
    title="No Shuffle",
    summary="Classic, but each new deal collects the played cards and only cuts them: big hands return.",
    collect_pack=True,
    packet=3,
    match_target=45,  # big hands return: more points a hand (docs/rules-decisions.md, match length)
)

ROB = replace(
    STANDARD,
    name="rob",
    title="Rob the Landlord",
    summary="Call, then rob (each rob x2); all may double, the landlord may show the hand; shares capped at 32 × base.",
    source="004",
    bid_values=(1,),
    auction=Auction.ROB,
    redeal_limit=2,
    double_phase=True,
    show_hand=True,
    share_cap=32,
    match_target=40,
)

TWO_PLAYER = replace(
    CLASSIC,
    name="two-player",
    title="Two Players",
    summary="No 3s or 4s, 17 cards each; call, then up to four robs: each lets the farmer stop one card earlier.",
    players=2,
    deck=DeckSpec(removed_ranks="34"),
    bid_values=(1,),
    auction=Auction.HANDICAP,
    max_robs=4,
    allowance=True,
    match_target=20,
)

FOUR_PLAYER = replace(
    CLASSIC,
    name="four-player",
    title="Four Players",
    summary="Two decks, four seats, 25 cards each and 8 for the landlord; big bombs; the rocket is all four jokers.",
    players=4,
    deck=DeckSpec(decks=2),
    hand_size=25,
    kitty_size=8,
    kinds=frozenset(
        {
            Kind.SINGLE,
            Kind.PAIR,
            Kind.TRIPLE,
            Kind.TRIPLE_PAIR,
            Kind.STRAIGHT,
            Kind.PAIR_RUN,
            Kind.AIRPLANE,
            Kind.AIRPLANE_PAIRS,
            Kind.BOMB,
            Kind.ROCKET,
        }
    ),
    joker_pairs=True,
    bomb_sizes=(4, 8),
    match_target=270,  # ±3 shares a hand and two decks' bombs
)

WILDCARD = replace(
    CLASSIC,
    name="wildcard",
    match_target=50,  # x4 bombs and rockets, wild bombs in most hands (docs/rules-decisions.md, match length)
    title="Wild Card",
    summary="Classic, but after the auction one random rank turns wild: soft bombs x2; real bombs and rockets x4.",
    wild_rank=True,
    factors=(("bomb", 4), ("wild_bomb", 4), ("rocket", 4)),
)

SWAP_THREE = replace(
    CLASSIC,
    name="swap-three",
    match_target=40,  # the extra wild card makes bombs likelier (docs/rules-decisions.md, match length)
    title="Swap Three",
    summary="55 cards with an extra wild card; everyone passes three cards on before bidding; 4 for the landlord.",
    deck=DeckSpec(extra_wild=1),
    kitty_size=4,
    swap_cards=3,
)

# The presets the table offers (New match, --ruleset, the rules pages) in its order: standard, the 003 family of one
# table of three, rob (004), the seat counts. Every preset the rules core knows.
RULESETS: dict[str, Ruleset] = {
    r.name: r for r in (STANDARD, CLASSIC, NO_SHUFFLE, WILDCARD, SWAP_THREE, ROB, TWO_PLAYER, FOUR_PLAYER)
}
PRESETS: dict[str, Ruleset] = RULESETS

assert all(RANK_INDEX[ch] not in JOKERS for r in PRESETS.values() for ch in r.deck.removed_ranks)


def get(name: str | Ruleset) -> Ruleset:
    """Look a preset up by name; a Ruleset passes through."""
    if isinstance(name, Ruleset):
        return name
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(PRESETS)}") from None
