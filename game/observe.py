"""Per-seat observations: everything one seat may know, and nothing it may not (hidden hands, the
kitty before it is turned up), and the core's events as that seat sees them. Bots, the table on the screen and the
rooms' wire read the match only through these."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from game import events as ev
from game.cards import Card, DeckSpec, normalize
from game.match import LastPlay, Match, Phase
from game.rulesets import PRESETS, Ruleset, get
from game.scoring import Settlement
from game.wild import split_move


@dataclass(frozen=True, slots=True)
class Observation:
    ruleset: str
    seat: int
    players: int
    phase: Phase
    hand_no: int
    deal_no: int | None  # None where a room hides it while the hand is played: the number tells every hand
    hand: str
    cards: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    first_bidder: int
    bids: tuple[tuple[int, int], ...]
    bid: int
    landlord: int | None
    kitty: str | None  # visible to all once the landlord is known (000 §2)
    turn: int | None
    history: tuple[tuple[int, str], ...]  # from the landlord's opening play, passes included; "P=R" for stand-ins
    last: LastPlay | None
    multiplier: int
    doublings: tuple[str, ...]
    scores: tuple[int, ...]
    auction_word: str = ""  # what a 1 means for the seat to answer: "bid", "call" or "rob"
    robs: int = 0
    allowance: int | None = None  # two-player: the farmer wins at or below this many cards
    shown: str | None = None  # the landlord's hand while it is shown (004), as ranks
    doubles: tuple[bool | None, ...] | None = None  # everyone's once revealed; during doubling only this seat's own
    wild: str = ""  # the wild card's character: "W" (swap-three), the wild rank once drawn (wildcard), else ""
    swapped: tuple[bool, ...] = ()  # swap-three, while seats pick: who has picked (never what)
    gave: tuple[int, ...] | None = None  # swap-three: the cards this seat picked to pass on, once it picked
    received: tuple[int, ...] | None = None  # swap-three: the cards the seat before passed to this one, once swapped
    match_bids: tuple[tuple[int, int], ...] = ()  # every bid of the match so far, (seat, bid), this hand's included
    # What the table on the screen shows besides (the bots read none of it):
    waiting: tuple[int, ...] = ()  # the seats the match waits for (`Match.waiting`): who has not yet decided
    played_cards: tuple[int, ...] = ()  # the card ids played this hand, in the order of `history`'s plays
    kitty_cards: tuple[int, ...] | None = None  # the kitty's card ids, once `kitty` is shown
    shown_cards: tuple[int, ...] | None = None  # the landlord's card ids while the hand is shown (004)
    remaining: tuple[tuple[int, ...], ...] | None = None  # every seat's cards once the hand is over (all shown)
    winner: int | None = None  # who went out (or won within the allowance), once the hand is over
    settlement: Settlement | None = None  # how the finished hand scored (None when the deal limit ended it)
    collected: bool = False  # no-shuffle: the deal was the last hand's cards, cut but not shuffled
    redeals: int = 0  # all-declined deals in a row before this one
    hands_played: int = 0  # hands settled so far this match
    winners: tuple[int, ...] = ()  # the match's winners, once it is over (000 §23)
    custom: Ruleset | None = None  # the ruleset itself where it is no preset (a test's): its name alone would not say

    @property
    def rules(self) -> Ruleset:
        return self.custom or get(self.ruleset)

    @property
    def deck(self) -> tuple[Card, ...]:
        """Card id -> card: the ruleset's pack in its fixed order, the same at every seat (ids hide nothing)."""
        return pack(self.rules.deck)

    @property
    def played(self) -> str:
        """Every card played so far this hand, as a rank string (the cards, not the ranks wild cards stood for)."""
        return normalize("".join(split_move(move)[0] for _, move in self.history if move != "pass"))

    def to_bot_dict(self, level: str | None = None) -> dict[str, object]:
        """The public bot API's observation (README, 'Bot API')."""
        obs: dict[str, object] = {
            "ruleset": self.ruleset,
            "seat": self.seat,
            "landlord": self.landlord,
            "hand": self.hand,
            "history": [[seat, move] for seat, move in self.history],
            "kitty": self.kitty or "",
            "hand_sizes": list(self.hand_sizes),
            "phase": self.phase.value,
            "bids": [[seat, value] for seat, value in self.bids],
            "auction_word": self.auction_word,
            "robs": self.robs,
            "allowance": self.allowance,
            "shown": self.shown,
            "doubles": list(self.doubles) if self.doubles is not None and self.phase is not Phase.DOUBLING else None,
        }
        if self.wild:
            obs["wild"] = self.wild
        if level is not None:
            obs["level"] = level
        return obs


@cache
def pack(spec: DeckSpec) -> tuple[Card, ...]:
    """A pack in its fixed order (`DeckSpec.build`), built once."""
    return spec.build()


def observe(match: Match, seat: int) -> Observation:
    """What `seat` sees now. The only function that turns the full state into a seat's view."""
    hand = match.hand
    revealed = hand.landlord is not None and match.phase is not Phase.BIDDING
    return Observation(
        ruleset=match.rules.name,
        seat=seat,
        players=match.players,
        phase=match.phase,
        hand_no=hand.number,
        deal_no=hand.deal_no,
        hand=match.ranks(seat),
        cards=tuple(hand.hands[seat]),
        hand_sizes=tuple(len(h) for h in hand.hands),
        first_bidder=hand.first_bidder,
        bids=tuple(hand.bids),
        bid=hand.bid,
        landlord=hand.landlord if revealed else None,
        kitty=normalize("".join(match.deck[c].char for c in hand.kitty)) if revealed else None,
        turn=match.turn,
        history=tuple(hand.history),
        last=hand.last,
        multiplier=match.multiplier,
        doublings=tuple(hand.doublings),
        scores=tuple(match.scores),
        auction_word=match.auction_word(),
        robs=hand.robs,
        allowance=match.allowance,
        shown=match.ranks(hand.landlord) if hand.shown and hand.landlord is not None else None,
        doubles=_doubles(match, seat),
        wild=match.wild,
        match_bids=tuple(match.match_bids),
        **_swap(match, seat),
        **_table(match, revealed),
    )


def _table(match: Match, revealed: bool) -> dict[str, object]:
    """What every seat sees of the table that the bots do not read: card ids on the table, the hand's outcome."""
    hand = match.hand
    over = match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    shown = hand.shown and hand.landlord is not None
    return {
        "waiting": match.waiting,
        "played_cards": tuple(hand.played),
        "kitty_cards": tuple(hand.kitty) if revealed else None,
        "shown_cards": tuple(hand.hands[hand.landlord]) if shown else None,
        "remaining": tuple(tuple(cards) for cards in hand.hands) if over else None,
        "winner": hand.winner if over else None,
        "settlement": hand.settlement if over else None,
        "collected": hand.collected,
        "redeals": hand.redeals,
        "hands_played": len(match.results),
        "winners": match.winners,
        "custom": None if PRESETS.get(match.rules.name) == match.rules else match.rules,
    }


def seen_by(event: ev.Event, seat: int, players: int) -> ev.Event:
    """`event` as `seat` may see it: the swap shows a seat only the cards it gave and the ones it received (003); every
    other event is public as it is."""
    if isinstance(event, ev.Swapped):
        before = (seat - 1) % players
        return replace(event, given=tuple(cards if s in (seat, before) else () for s, cards in enumerate(event.given)))
    return event


def _swap(match: Match, seat: int) -> dict[str, object]:
    """What `seat` may know of the swap (003): who has picked while seats pick; its own cards either way."""
    swaps = match.hand.swaps
    if not swaps:
        return {}
    done = match.phase is not Phase.SWAPPING
    before = swaps[(seat - 1) % match.players]
    return {
        "swapped": () if done else tuple(cards is not None for cards in swaps),
        "gave": swaps[seat],
        "received": before if done else None,
    }


def _doubles(match: Match, seat: int) -> tuple[bool | None, ...] | None:
    """The doubling choices `seat` may know: all of them once revealed, only its own while others decide."""
    if not match.rules.double_phase or match.phase is Phase.BIDDING:
        return None
    choices = match.hand.doubles
    if match.phase is Phase.DOUBLING:
        return tuple(choice if s == seat else None for s, choice in enumerate(choices))
    return tuple(choices)
