"""The match as a state machine: `apply(action) -> events`, from the deal to the match winner.

Chance enters only through the match's seeded `random.Random`, which draws one deal number per deal;
the deal number alone fixes the cards and the first bidder, so any deal can be reproduced. A collected deal
(no-shuffle "play again") also needs the hand before it: its number fixes only the cut and the first bidder.
The action log plus (ruleset, seed, first deal) rebuilds every state exactly (see `serialize`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations

from game import events as ev
from game import wild
from game.actions import Abandon, Action, Bid, DealExpired, Double, NextHand, Pass, Play, Show, Swap
from game.auctions import ANSWER_WORDS, Standing, answer_word, standing
from game.cards import RANK_INDEX, WILD_CHAR, Card, Counts, first_unknown, normalize, order, parse
from game.combos import Reading, judge
from game.kinds import Kind
from game.moves import legal
from game.reasons import IllegalAction, Rejection
from game.rulesets import AllDecline, Ruleset, get
from game.scoring import Settlement, multiply, settle
from game.validate import check_action, out_of_range, shown

DEAL_NUMBERS = 100_000_000  # deal numbers are 0..99,999,999: short enough to type in


class Phase(Enum):
    SWAPPING = "swapping"  # 003 swap-three: every seat picks at once the cards it passes on (`swap_cards`)
    BIDDING = "bidding"
    DOUBLING = "doubling"  # 004: every seat decides at once whether to double (`double_phase`)
    SHOWING = "showing"  # 004: the landlord may show the hand (`show_hand`)
    PLAYING = "playing"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


@dataclass(frozen=True, slots=True)
class LastPlay:
    """The successful play the next player must beat, and the reading it was played as."""

    seat: int
    move: str
    reading: Reading
    stands: str | None = None  # wild-card tables: the ranks `move` was read as


@dataclass
class Hand:
    """One deal, from the cards dealt to its settlement."""

    number: int
    deal_no: int
    first_bidder: int
    hands: list[list[int]]  # card ids per seat, kept sorted by rank then suit
    kitty: list[int]
    unused: list[int]
    turn: int
    bids: list[tuple[int, int]] = field(default_factory=list)
    landlord: int | None = None
    bid: int = 0
    robs: int = 0
    redeals: int = 0  # all-declined deals in a row before this one, in the same hand
    doubles: list[bool | None] = field(default_factory=list)  # per seat: None until it decides (004)
    shown: bool = False  # the landlord showed the hand (004)
    # Plays and passes from the opening play; a play whose wild cards stood for other ranks is "PHYSICAL=READING".
    history: list[tuple[int, str]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # card ids in the order they were played
    last: LastPlay | None = None
    passes: int = 0
    doublings: list[str] = field(default_factory=list)
    plays_made: list[int] = field(default_factory=list)
    winner: int | None = None
    settlement: Settlement | None = None
    collected: bool = False  # dealt from the last hand's cards, cut but not shuffled
    kitty_taken: bool = False
    expired: bool = False  # the deal limit ended the hand: no winner, no score
    swaps: list[tuple[int, ...] | None] = field(default_factory=list)  # per seat: the cards it passes on (003)
    wild: str = ""  # 003 wildcard: the wild rank's character once the auction is over

    @property
    def label(self) -> str:
        """The deal as the table names it; a collected deal cannot be replayed from its number alone."""
        return f"Deal #{self.deal_no}" + (" (collected)" if self.collected else "")

    def collect(self) -> list[int]:
        """The pack for a no-shuffle "play again": cards in played order, then the hands in seat order,
        then the kitty if nobody took it, then any unused cards."""
        kitty = [] if self.kitty_taken else self.kitty
        return [*self.played, *(c for cards in self.hands for c in cards), *kitty, *self.unused]


Dealing = tuple[list[list[int]], list[int], list[int], int]


def deal_cards(rules: Ruleset, deal_no: int) -> Dealing:
    """(hands, kitty, unused, first bidder) for a deal number: one card at a time from the first bidder."""
    rng = random.Random(deal_no)
    pack = list(range(rules.deck_size))
    rng.shuffle(pack)
    return deal_pack(rules, pack, rng.randrange(rules.players))


def deal_collected(rules: Ruleset, deal_no: int, pack: list[int]) -> Dealing:
    """A collected pack cut at a point the deal number picks (never the very top), dealt without shuffling, in
    packets of `rules.packet` cards: the runs and bombs played together mostly stay together."""
    rng = random.Random(deal_no)
    cut = rng.randrange(1, len(pack))
    return deal_pack(rules, pack[cut:] + pack[:cut], rng.randrange(rules.players), rules.packet)


def deal_order(rules: Ruleset, first: int, packet: int = 1) -> list[int]:
    """The seat each dealt card goes to, in dealing order: from the first bidder round the table, `packet` cards to
    a player at a time (fewer when a hand has less room left)."""
    size, players = rules.hand_size, rules.players
    order: list[int] = []
    for done in range(0, size, packet):  # rounds: each hand gets up to one packet in each
        for k in range(players):
            order += [(first + k) % players] * min(packet, size - done)
    return order


def deal_pack(rules: Ruleset, pack: list[int], first: int, packet: int = 1) -> Dealing:
    """Deal an ordered pack in `deal_order`, then the kitty; the rest is unused."""
    hands: list[list[int]] = [[] for _ in range(rules.players)]
    order = deal_order(rules, first, packet)
    for seat, card in zip(order, pack, strict=False):
        hands[seat].append(card)
    at = len(order)
    return hands, pack[at : at + rules.kitty_size], pack[at + rules.kitty_size :], first


class Match:
    """A match of one ruleset from zero scores to the target (000 §23)."""

    def __init__(self, ruleset: str | Ruleset = "standard", seed: int = 0, first_deal: int | None = None) -> None:
        if (wrong := out_of_range(seed, first_deal, DEAL_NUMBERS)) is not None:
            raise ValueError(f"the {wrong[0]} {shown(wrong[1])} is out of range")
        self.rules = get(ruleset)
        self.seed = seed
        self.first_deal = first_deal
        self.rng = random.Random(seed)
        self.deck: tuple[Card, ...] = self.rules.deck.build()
        self.scores = [0] * self.rules.players
        self.results: list[Settlement] = []
        self.log: list[Action] = []
        self.match_bids: list[tuple[int, int]] = []  # (seat, bid) of every bid this match: the log's, kept as it grows
        self.winners: tuple[int, ...] = ()
        self.hand = self._new_hand(1, first_deal)
        self.phase = self._opening()
        # What happened as the match began, as `apply` returns what happens later: the first deal (and the swap).
        self.opening: list[ev.Event] = [self._dealt_event(redeal=False), *self._opened()]

    # ----- queries -----------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def turn(self) -> int | None:
        """The seat to act; None while every seat decides on doubling at once, and between hands."""
        return self.hand.turn if self.phase in (Phase.BIDDING, Phase.SHOWING, Phase.PLAYING) else None

    def ranks(self, seat: int) -> str:
        """A seat's hand as a rank string."""
        return "".join(self.deck[c].char for c in self.hand.hands[seat])

    def counts(self, seat: int) -> Counts:
        return parse(self.ranks(seat))

    @property
    def multiplier(self) -> int:
        """2^N so far: the common multiplier per bid point now (robs, the show, bombs, rockets, springs), capped; at
        a table where some doublings count x4 (003 wildcard), the product of their factors."""
        value = multiply(self.rules, tuple(self.hand.doublings))
        cap = self.rules.multiplier_cap
        return min(value, cap) if cap else value

    @property
    def wild(self) -> str:
        """The wild card's character at this table now: "W" with an extra wild card, the wild rank once drawn (003
        wildcard), else ""."""
        return WILD_CHAR if self.rules.deck.extra_wild else self.hand.wild

    def unswapped(self) -> tuple[int, ...]:
        """Seats still to pick the cards they pass on (empty outside the swap phase)."""
        return self._waiting(Phase.SWAPPING, self.hand.swaps)

    def _waiting(self, phase: Phase, choices: list) -> tuple[int, ...]:
        """In `phase`, where every seat decides at once: the seats whose choice is still None."""
        return tuple(seat for seat, choice in enumerate(choices) if choice is None) if self.phase is phase else ()

    @property
    def allowance(self) -> int | None:
        """Two-player handicap (003): the farmer wins once it holds this many cards or fewer (1 + robs)."""
        return 1 + self.hand.robs if self.rules.allowance else None

    def standing(self) -> Standing:
        """The auction so far: who answers next and who would be landlord (`game.auctions`)."""
        return standing(self.rules, self.hand.first_bidder, self.hand.bids)

    def auction_word(self) -> str:
        """What a 1 means for the seat to answer now: "bid", "call" or "rob" ("" outside the auction)."""
        return self.standing().word if self.phase is Phase.BIDDING else ""

    def bid_choices(self) -> list[int]:
        """Legal bids for the seat to act: 0 (no bid) and every value above the current bid (000 §3); in call/rob
        auctions 0 and 1."""
        if self.phase is not Phase.BIDDING:
            return []
        return [0] + [v for v in self.rules.bid_values if v > self.hand.bid or self.auction_word() != "bid"]

    def undecided_doubles(self) -> tuple[int, ...]:
        """Seats still to decide whether to double (empty outside the doubling phase)."""
        return self._waiting(Phase.DOUBLING, self.hand.doubles)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats the match waits for: the seat to act, or (doubling, the swap) every seat still to decide; none
        between hands."""
        if self.phase is Phase.DOUBLING:
            return self.undecided_doubles()
        if self.phase is Phase.SWAPPING:
            return self.unswapped()
        return () if self.turn is None else (self.turn,)

    def choices(self, seat: int) -> list[Action]:
        """What `seat` may do now, as the actions it may take, the decline first: its bids (or call and rob
        answers), its double, the landlord's show, its plays and then the pass. Empty while the match does not
        wait for this seat."""
        if seat not in self.waiting:
            return []
        match self.phase:
            case Phase.BIDDING:
                return [Bid(seat, value) for value in self.bid_choices()]
            case Phase.DOUBLING:
                return [Double(seat, False), Double(seat, True)]
            case Phase.SHOWING:
                return [Show(seat, False), Show(seat, True)]
            case Phase.SWAPPING:
                return [Swap(seat, cards) for cards in combinations(self.hand.hands[seat], self.rules.swap_cards)]
        return [Pass(seat) if move == "pass" else Play(seat, move) for move in self.legal_moves()]

    def legal_moves(self) -> list[str]:
        """Legal plays for the seat to act, with "pass" when it follows (000 §15)."""
        if self.phase is not Phase.PLAYING:
            return []
        last = self.hand.last
        reading = last.reading if last else None
        if self.rules.wilds:
            found = wild.legal(self.ranks(self.hand.turn), reading, self.wild, self.rules)
        else:
            found = legal(self.counts(self.hand.turn), reading, self.rules)
        return found if last is None else [*found, "pass"]

    def check(self, action: Action) -> Rejection | None:
        """Why `action` would be refused, or None when it is legal now. Never changes the state."""
        try:
            self._validate(action)
        except IllegalAction as refused:
            return refused.rejection
        return None

    # ----- the transition function -------------------------------------------------------------------

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply a legal action and return what happened; an illegal one raises IllegalAction and
        leaves the match untouched."""
        resolved, reading = self._validate(action)
        self.log.append(resolved)
        match resolved:
            case Bid():
                self.match_bids.append((resolved.seat, resolved.value))
                return self._bid(resolved)
            case Double():
                return self._choose_double(resolved)
            case Swap():
                return self._choose_swap(resolved)
            case Show():
                return self._show(resolved)
            case Play():
                assert reading is not None
                return self._play(resolved, reading)
            case Pass():
                return self._pass(resolved)
            case NextHand():
                return self._next_hand()
            case DealExpired():
                return self._expire()
            case Abandon():
                number = self.hand.number
                self.hand = self._new_hand(number, None)
                self.phase = self._opening()
                return [ev.HandAbandoned(number), self._dealt_event(redeal=False), *self._opened()]
        raise TypeError(f"not an action: {action!r}")

    def _validate(self, action: Action) -> tuple[Action, Reading | None]:
        """The action as it will be logged (a play with its kind and cards resolved) and, for a play, the reading
        it was judged as, so the transition need not judge it again; or raise."""
        check_action(action, self.players)
        if self.phase is Phase.MATCH_OVER:
            raise IllegalAction(Rejection("match_over"))
        if isinstance(action, Play):
            self._require(Phase.PLAYING, action.seat)
            if self.rules.wilds:
                return self._resolve_wild(action)
            return self._resolve_play(action.seat, action.move, action.kind, action.cards)
        return self._admit(action), None

    def _admit(self, action: Action) -> Action:
        """Any action but a play, if it is legal now; or raise."""
        match action:
            case Bid(seat, value):
                self._require(Phase.BIDDING, seat)
                if value not in self.bid_choices():
                    raise IllegalAction(self._bid_refused(value))
                return action
            case Double(seat, _):
                if self.phase is not Phase.DOUBLING:
                    raise IllegalAction(Rejection("wrong_phase"))
                if self.hand.doubles[seat] is not None:
                    raise IllegalAction(Rejection("already_doubled"))
                return action
            case Show(seat, _):
                self._require(Phase.SHOWING, seat)
                return action
            case Swap(seat, cards):
                self._admit_swap(seat, cards)
                return Swap(seat, tuple(sorted(cards)))
            case Pass(seat):
                self._require(Phase.PLAYING, seat)
                if self.hand.last is None:
                    raise IllegalAction(Rejection("free_lead_pass"))
                return action
            case NextHand():
                if self.phase is not Phase.HAND_OVER:
                    raise IllegalAction(Rejection("wrong_phase"))
                return action
            case Abandon() | DealExpired():
                if self.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                    raise IllegalAction(Rejection("wrong_phase"))
                return action
        raise TypeError(f"not an action: {action!r}")

    def _require(self, phase: Phase, seat: int) -> None:
        if self.phase is not phase:
            raise IllegalAction(Rejection("wrong_phase"))
        if seat != self.hand.turn:
            code = "not_landlord" if phase is Phase.SHOWING else "not_your_turn"
            raise IllegalAction(Rejection(code))

    def _bid_refused(self, value: int) -> Rejection:
        word = self.auction_word()
        if word != "bid":
            no, yes = ANSWER_WORDS[word]
            return Rejection("answer_invalid", {"yes": yes, "no": no})
        choices = tuple(self.bid_choices()[1:])
        code = "bid_not_higher" if value in self.rules.bid_values else "bid_invalid"
        return Rejection(code, {"current": self.hand.bid, "choices": choices})

    def _resolve_play(
        self, seat: int, move: str, kind: Kind | None, cards: tuple[int, ...] | None
    ) -> tuple[Play, Reading]:
        if not move or move == "pass":
            raise IllegalAction(Rejection("empty"))
        unknown = first_unknown(move)
        if unknown is not None:
            raise IllegalAction(Rejection("unknown_rank", {"rank": unknown}))
        move = normalize(move)
        held = self.hand.hands[seat]
        if cards is None:
            cards = self._pick_cards(held, move)
        elif not self._holds(held, cards, move):
            raise IllegalAction(Rejection("not_in_hand"))
        reading = self._reading(parse(move), kind)
        return Play(seat, move, reading.kind, tuple(cards)), reading

    def _holds(self, held: list[int], cards: tuple[int, ...], move: str) -> bool:
        """Are `cards` distinct cards of `held` whose ranks spell `move`?"""
        distinct = len(set(cards)) == len(cards)
        return distinct and set(cards) <= set(held) and normalize("".join(self.deck[c].char for c in cards)) == move

    def _pick_cards(self, held: list[int], move: str) -> tuple[int, ...]:
        wanted = Counter(move)
        picked = []
        for card in held:
            char = self.deck[card].char
            if wanted[char]:
                wanted[char] -= 1
                picked.append(card)
        if any(wanted.values()):
            raise IllegalAction(Rejection("not_in_hand"))
        return tuple(picked)

    def _admit_swap(self, seat: int, cards: tuple[int, ...]) -> None:
        if self.phase is not Phase.SWAPPING:
            raise IllegalAction(Rejection("wrong_phase"))
        if not 0 <= seat < self.players:
            raise IllegalAction(Rejection("no_such_seat", {"seat": seat}))
        if self.hand.swaps[seat] is not None:
            raise IllegalAction(Rejection("already_swapped"))
        count = self.rules.swap_cards
        if len(set(cards)) != count or len(cards) != count:
            raise IllegalAction(Rejection("swap_count", {"count": count}))
        if not set(cards) <= set(self.hand.hands[seat]):
            raise IllegalAction(Rejection("not_in_hand"))

    def _resolve_wild(self, action: Play) -> tuple[Play, Reading]:
        """A play at a wild-card table, played as written (`wild.judge`): "PHYSICAL=READING" as that reading, a move
        without "=" as its own ranks (every wild card its printed rank); the logged play keeps the reading."""
        physical, ranks = wild.split_move(action.move)
        ranks = ranks if ranks is not None else action.stands
        table = self.wild
        if not table or table not in physical:
            if ranks not in (None, physical):
                raise IllegalAction(Rejection("bad_reading", {"ranks": ranks}))
            return self._resolve_play(action.seat, physical, action.kind, action.cards)
        bad = next((ch for ch in physical + (ranks or "") if ch not in RANK_INDEX and ch != table), None)
        if not physical or bad is not None:
            raise IllegalAction(Rejection("unknown_rank", {"rank": repr(bad)}) if bad else Rejection("empty"))
        physical = normalize(physical)
        held = self.hand.hands[action.seat]
        cards = action.cards
        if cards is None:
            cards = self._pick_cards(held, physical)
        elif not self._holds(held, cards, physical):
            raise IllegalAction(Rejection("not_in_hand"))
        last = self.hand.last.reading if self.hand.last else None
        played = wild.judge(wild.written(physical, ranks), last, table, self.rules, action.kind)
        if isinstance(played, Rejection):
            raise IllegalAction(played)
        return Play(action.seat, physical, played.reading.kind, tuple(cards), played.ranks), played.reading

    def _reading(self, counts: Counts, kind: Kind | None) -> Reading:
        """The reading a play is made as; `kind` narrows a selection with several readings."""
        last = self.hand.last.reading if self.hand.last else None
        verdict = judge(counts, last, self.rules, kind)
        if isinstance(verdict, Rejection):
            raise IllegalAction(verdict)
        return verdict

    # ----- transitions ---------------------------------------------------------------------------------

    def _bid(self, action: Bid) -> list[ev.Event]:
        hand = self.hand
        word = self.auction_word()
        hand.bids.append((action.seat, action.value))
        out: list[ev.Event] = [ev.BidMade(action.seat, action.value, answer_word(word, action.value))]
        now = self.standing()
        hand.landlord, hand.bid = now.holder, now.bid
        if now.robs > hand.robs:
            hand.robs = now.robs
            out.append(self._double("rob"))
        if not now.over:
            assert now.turn is not None
            hand.turn = now.turn
            return out
        if hand.landlord is None:
            limit = self.rules.redeal_limit
            if self.rules.all_decline is AllDecline.REDEAL and (limit is None or hand.redeals + 1 < limit):
                self.hand = self._new_hand(hand.number, None)
                self.hand.redeals = hand.redeals + 1
                self.phase = self._opening()
                return [*out, ev.AllDeclined(), self._dealt_event(redeal=True), *self._opened()]
            hand.landlord, hand.bid = hand.first_bidder, 1
        return out + self._crown(hand.landlord)

    def _crown(self, landlord: int) -> list[ev.Event]:
        hand = self.hand
        hand.hands[landlord] = self._sorted(hand.hands[landlord] + hand.kitty)
        hand.turn = landlord
        hand.kitty_taken = True
        hand.plays_made = [0] * self.players
        kitty = normalize("".join(self.deck[c].char for c in hand.kitty))
        out: list[ev.Event] = [ev.LandlordChosen(landlord, hand.bid, kitty, tuple(hand.kitty))]
        if self.rules.wild_rank:
            hand.wild = wild.draw_rank(hand.deal_no)
            out.append(ev.WildChosen(hand.wild))
        if self.rules.double_phase:
            self.phase = Phase.DOUBLING
            return [*out, ev.DoublingStarted()]
        return [*out, *self._offer_show()]

    def _offer_show(self) -> list[ev.Event]:
        """After the auction (and the doubling): the landlord may show the hand, or play starts."""
        landlord = self.hand.landlord
        assert landlord is not None
        self.hand.turn = landlord
        if self.rules.show_hand:
            self.phase = Phase.SHOWING
            return [ev.ShowingStarted(landlord)]
        self.phase = Phase.PLAYING
        return []

    def _choose_double(self, action: Double) -> list[ev.Event]:
        hand = self.hand
        hand.doubles[action.seat] = action.double
        out: list[ev.Event] = [ev.DoubleChosen(action.seat)]
        if self.undecided_doubles():
            return out
        revealed = tuple(bool(choice) for choice in hand.doubles)
        return [*out, ev.DoublesRevealed(revealed), *self._offer_show()]

    def _choose_swap(self, action: Swap) -> list[ev.Event]:
        """003 swap-three: once every seat has picked, each seat's cards go to the next seat, all at once."""
        hand = self.hand
        hand.swaps[action.seat] = action.cards
        out: list[ev.Event] = [ev.SwapChosen(action.seat)]
        if self.unswapped():
            return out
        given = tuple(cards or () for cards in hand.swaps)
        for seat in range(self.players):
            received = given[(seat - 1) % self.players]
            kept = [c for c in hand.hands[seat] if c not in given[seat]]
            hand.hands[seat] = self._sorted(kept + list(received))
        self.phase = Phase.BIDDING
        return [*out, ev.Swapped(given)]

    def _show(self, action: Show) -> list[ev.Event]:
        hand = self.hand
        self.phase = Phase.PLAYING
        if not action.show:
            return []
        hand.shown = True
        cards = tuple(hand.hands[action.seat])
        return [ev.HandShown(action.seat, self.ranks(action.seat), cards), self._double("show")]

    def _play(self, action: Play, reading: Reading) -> list[ev.Event]:
        hand = self.hand
        seat = action.seat
        cards = action.cards or ()
        gone = set(cards)
        hand.hands[seat] = [c for c in hand.hands[seat] if c not in gone]
        hand.played += cards
        hand.history.append((seat, wild.written(action.move, action.stands)))
        hand.last = LastPlay(seat, action.move, reading, action.stands)
        hand.passes = 0
        hand.plays_made[seat] += 1
        left = len(hand.hands[seat])
        out: list[ev.Event] = [ev.Played(seat, action.move, reading, tuple(cards), left, action.stands)]
        if reading.kind in (Kind.BOMB, Kind.ROCKET):
            out.append(self._double(wild.doubling(reading)))
        if not hand.hands[seat] or self._within_allowance(seat):
            return out + self._finish(seat)
        hand.turn = (seat + 1) % self.players
        return out

    def _within_allowance(self, seat: int) -> bool:
        """003 two-player: the farmer wins as soon as its card count is at or below the allowance."""
        allowance = self.allowance
        return allowance is not None and seat != self.hand.landlord and len(self.hand.hands[seat]) <= allowance

    def _double(self, reason: str) -> ev.Doubled:
        self.hand.doublings.append(reason)
        return ev.Doubled(reason, self.multiplier, self.rules.factor(reason))

    def _pass(self, action: Pass) -> list[ev.Event]:
        hand = self.hand
        hand.history.append((action.seat, "pass"))
        hand.passes += 1
        out: list[ev.Event] = [ev.Passed(action.seat)]
        assert hand.last is not None
        if hand.passes == self.players - 1:
            leader = hand.last.seat
            hand.last, hand.passes, hand.turn = None, 0, leader
            return [*out, ev.RoundWon(leader)]
        hand.turn = (action.seat + 1) % self.players
        return out

    def _finish(self, winner: int) -> list[ev.Event]:
        """The hand ends the instant a hand is empty (000 §16); springs count successful plays (§19)."""
        hand = self.hand
        landlord = hand.landlord
        assert landlord is not None
        landlord_won = winner == landlord
        out: list[ev.Event] = []
        farmer_plays = sum(n for seat, n in enumerate(hand.plays_made) if seat != landlord)
        if landlord_won and farmer_plays == 0:
            out.append(self._double("spring"))
        elif not landlord_won and hand.plays_made[landlord] == 1:
            out.append(self._double("reverse_spring"))
        hand.winner = winner
        hand.turn = -1
        doubles = tuple(bool(choice) for choice in hand.doubles)
        hand.settlement = settle(self.rules, landlord, landlord_won, hand.bid, tuple(hand.doublings), doubles)
        self.results.append(hand.settlement)
        self.scores = [s + d for s, d in zip(self.scores, hand.settlement.deltas, strict=True)]
        out.append(ev.HandOver(winner, hand.settlement))
        target = self.rules.match_target * self.rules.base
        winners = tuple(seat for seat, score in enumerate(self.scores) if score >= target)
        if winners:
            self.winners = winners
            self.phase = Phase.MATCH_OVER
            out.append(ev.MatchOver(winners, tuple(self.scores)))
        else:
            self.phase = Phase.HAND_OVER
        return out

    def _expire(self) -> list[ev.Event]:
        """003: a deal unfinished at its time limit ends without a winner and adds no score."""
        self.hand.expired = True
        self.hand.turn = -1
        self.phase = Phase.HAND_OVER
        return [ev.DealExpired(self.hand.number)]

    def _next_hand(self) -> list[ev.Event]:
        pack = self.hand.collect() if self.rules.collect_pack else None
        self.hand = self._new_hand(self.hand.number + 1, None, pack)
        self.phase = self._opening()
        return [self._dealt_event(redeal=False), *self._opened()]

    # ----- dealing --------------------------------------------------------------------------------------

    def _new_hand(self, number: int, deal_no: int | None, pack: list[int] | None = None) -> Hand:
        """A shuffled deal, or with `pack` the collected cards cut and dealt in order."""
        if deal_no is None:
            deal_no = self.rng.randrange(DEAL_NUMBERS)
        dealing = deal_cards(self.rules, deal_no) if pack is None else deal_collected(self.rules, deal_no, pack)
        hands, kitty, unused, first = dealing
        sorted_hands = [self._sorted(h) for h in hands]
        hand = Hand(number, deal_no, first, sorted_hands, kitty, unused, turn=first, collected=pack is not None)
        hand.doubles = [None] * self.rules.players
        hand.swaps = [None] * self.rules.players if self.rules.swap_cards else []
        return hand

    def _opening(self) -> Phase:
        """The first phase of a deal: the swap (003 swap-three), else the auction."""
        return Phase.SWAPPING if self.rules.swap_cards else Phase.BIDDING

    def _opened(self) -> list[ev.Event]:
        return [ev.SwappingStarted(self.rules.swap_cards)] if self.phase is Phase.SWAPPING else []

    def _sorted(self, cards: list[int]) -> list[int]:
        return sorted(cards, key=lambda c: (order(self.deck[c].rank), self.deck[c].suit or 0, c))

    def _dealt_event(self, redeal: bool) -> ev.Dealt:
        hand = self.hand
        return ev.Dealt(hand.number, hand.deal_no, hand.first_bidder, redeal, hand.collected)
