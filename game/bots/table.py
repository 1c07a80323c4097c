"""A bot's working view of its seat: counts, roles, the play to beat, built from an Observation or the public dict."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.bots.evaluate import keep_back
from game.cards import NUM_RANKS, RANK_INDEX, TWO, WILD_CHAR, Counts, normalize, parse, subtract
from game.combos import Reading, answer, classify
from game.match import LastPlay, Phase
from game.memo import memo
from game.observe import Observation
from game.rulesets import Ruleset, get
from game.wild import as_played


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the policies need, derived only from one seat's Observation."""

    rules: Ruleset
    seat: int
    landlord: int
    hand: Counts  # the cards to play: all of them, or a two-player farmer's less those it may keep (`keep_back`)
    sizes: tuple[int, ...]
    last: Reading | None  # the play to beat; None on a free lead
    last_seat: int | None
    unseen: Counts  # cards in the other hands: the pack minus my hand minus everything played
    landlord_holds: Counts  # cards a farmer knows the landlord holds: its unplayed kitty, or all while shown (004)
    history: tuple[tuple[int, str], ...]
    allowance: int | None = None  # two-player: a farmer wins once it holds this many cards or fewer
    kept: Counts = (0,) * NUM_RANKS  # the cards `keep_back` set aside from `hand` (a two-player farmer's)
    auction: tuple[tuple[int, int], ...] = ()  # this hand's auction, (seat, answer), in order
    scores: tuple[int, ...] = ()  # the match scores while it was bid
    match_bids: tuple[tuple[int, int], ...] = ()  # every bid of the match, this auction's included
    kitty: Counts = (0,) * NUM_RANKS  # the kitty the landlord took, once shown

    @property
    def players(self) -> int:
        return len(self.sizes)

    @property
    def is_landlord(self) -> bool:
        return self.seat == self.landlord

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def allied(self, a: int, b: int) -> bool:
        """Same side: both farmers, or the same seat."""
        return a == b or (a != self.landlord and b != self.landlord)

    @property
    def partners(self) -> tuple[int, ...]:
        """The other farmers when I am a farmer: one at three seats, two at four, none at two."""
        if self.is_landlord:
            return ()
        return tuple(s for s in range(self.players) if s not in (self.seat, self.landlord))

    @property
    def enemies(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if not self.allied(self.seat, s))

    @property
    def dealable(self) -> bool:
        """Do the unseen cards fill the other hands? Not at swap-three while another seat holds the extra wild
        card, which the plain rules the bots read (`wild.virtual_view`) leave out: no deal can be sampled then."""
        return sum(self.unseen) >= sum(self.sizes) - self.sizes[self.seat]

    def left(self, seat: int) -> int:
        """Cards `seat` must still shed to win: all of them, or down to the allowance for a two-player farmer."""
        spare = self.allowance if self.allowance is not None and seat != self.landlord else 0
        return max(0, self.sizes[seat] - spare)

    @property
    def min_enemy_left(self) -> int:
        return min(self.left(s) for s in self.enemies)

    def holdable(self, seats: tuple[int, ...]) -> Counts:
        """The cards `seats` may hold between them. The landlord's known cards are its own; once they are all of its
        hand (it showed it, or holds only kitty cards) the landlord holds nothing else."""
        others = subtract(self.unseen, self.landlord_holds)
        if self.landlord not in seats:
            return others
        if sum(self.landlord_holds) < self.sizes[self.landlord]:
            return self.unseen
        return self.unseen if any(s != self.landlord for s in seats) else self.landlord_holds

    def between(self, start: int, stop: int) -> tuple[int, ...]:
        """The seats after `start` in turn order, up to but not including `stop`."""
        out = []
        seat = self.next_seat(start)
        while seat != stop:
            out.append(seat)
            seat = self.next_seat(seat)
        return tuple(out)


@memo(16)
def pack_counts(rules: Ruleset) -> Counts:
    """How many cards of each rank the pack holds (asked at every decision: built once per pack)."""
    counts = [0] * NUM_RANKS
    for card in rules.deck.build():
        counts[card.rank] += 1
    return tuple(counts)


def read_play(seat: int, move: str, last: Reading | None, rules: Ruleset, wild: str = "") -> LastPlay | None:
    """A history play as it was read on `last` (the highest reading that answers it, the default on a free lead);
    at a wild-card table as "PHYSICAL=READING" says (`game.wild.as_played`). None when it answers nothing."""
    if not rules.wilds:
        reading = answer(classify(parse(move), rules), last)
        return None if reading is None else LastPlay(seat, move, reading)
    stand = as_played(move, last, wild, rules)
    return None if stand is None else LastPlay(seat, stand.physical, stand.reading, stand.ranks)


def current_last(history: tuple[tuple[int, str], ...], players: int, rules: Ruleset, wild: str = "") -> LastPlay | None:
    """The play still to beat after `history`: passes by every other seat end the round (000 §15)."""
    last: LastPlay | None = None
    passes = 0
    for seat, move in history:
        if move == "pass":
            passes += 1
            if passes == players - 1:
                last, passes = None, 0
            continue
        played = read_play(seat, move, last.reading if last else None, rules, wild)
        if played is None:
            raise ValueError(f"history play {move!r} by seat {seat} is not legal there")
        last, passes = played, 0
    return last


def played_by(history: Iterable[tuple[int, str]], seat: int) -> Counts:
    """The cards `seat` played in `history` (seat, move)."""
    return parse("".join(move for s, move in history if s == seat and move != "pass"))


def table_of(view: Observation) -> Table:
    rules = get(view.ruleset)
    if view.landlord is None:
        raise ValueError("the landlord is not known yet: bots play only in the playing phase")
    hand = parse(view.hand)
    unseen = subtract(subtract(pack_counts(rules), hand), parse(view.played))
    allowance = view.allowance
    to_play = hand if allowance is None or view.seat == view.landlord else keep_back(hand, allowance, rules)
    kitty = parse(view.kitty or "")
    landlord_played = played_by(view.history, view.landlord)
    if view.seat == view.landlord:
        holds = (0,) * NUM_RANKS
    elif view.shown is not None:
        holds = parse(view.shown)
    else:
        holds = tuple(max(0, k - p) for k, p in zip(kitty, landlord_played, strict=True))
    last = view.last
    return Table(
        rules=rules,
        seat=view.seat,
        landlord=view.landlord,
        hand=to_play,
        sizes=tuple(view.hand_sizes),
        last=last.reading if last else None,
        last_seat=last.seat if last else None,
        unseen=unseen,
        landlord_holds=holds,
        kept=subtract(hand, to_play),
        history=tuple(view.history),
        allowance=allowance,
        auction=view.bids,
        scores=view.scores,
        match_bids=view.match_bids,
        kitty=kitty,
    )


def _bids(obs: dict) -> tuple[tuple[int, int], ...]:
    return tuple((int(s), int(v)) for s, v in obs.get("bids", ()))


def card_ids(hand: str, rules: Ruleset) -> tuple[int, ...]:
    """Ids of the pack's cards spelling `hand` (the first free card of each rank): the dict has ranks, not cards."""
    free = list(rules.deck.build())
    ids = []
    for ch in hand:
        card = next(c for c in free if c.char == ch)
        free.remove(card)
        ids.append(card.id)
    return tuple(ids)


def wild_of(obs: dict, rules: Ruleset) -> str:
    """The dict's wild card: `W` at a table with the extra wild card; at `wildcard` its `wild` key, the wild rank
    once drawn ("" during the auction). Raises ValueError for one the table cannot have."""
    if rules.deck.extra_wild:
        wild = str(obs.get("wild", WILD_CHAR))
        if wild != WILD_CHAR:
            raise ValueError(f"the {rules.name} table's wild card is {WILD_CHAR!r}, not {wild!r}")
        return wild
    wild = str(obs.get("wild") or "")
    if wild and (not rules.wild_rank or len(wild) != 1 or RANK_INDEX.get(wild, TWO + 1) > TWO):
        raise ValueError(f"the {rules.name} table cannot have the wild card {wild!r}")
    return wild


def observation_from_dict(obs: dict, phase: Phase) -> Observation:
    """The Observation equivalent to a public-API dict (README 'Bot API'); fields the dict lacks stay neutral."""
    rules = get(str(obs.get("ruleset", "standard")))
    wild = wild_of(obs, rules)
    seat = int(obs["seat"])
    hand = normalize(str(obs["hand"]))
    players = rules.players
    history = tuple((int(s), str(m)) for s, m in obs.get("history", ()))
    sizes = tuple(int(n) for n in obs.get("hand_sizes", [len(hand)] * players))
    bids = _bids(obs)
    landlord = obs.get("landlord")
    landlord = None if landlord is None else int(landlord)
    last = current_last(history, players, rules, wild)
    turn = seat
    return Observation(
        ruleset=rules.name,
        seat=seat,
        players=players,
        phase=phase,
        hand_no=1,
        deal_no=0,
        hand=hand,
        cards=(),
        hand_sizes=sizes,
        first_bidder=bids[0][0] if bids else seat,
        bids=bids,
        bid=max((v for _, v in bids), default=0),
        landlord=landlord,
        kitty=str(obs.get("kitty", "")) if landlord is not None else None,
        turn=turn,
        history=history,
        last=last,
        multiplier=1,
        doublings=(),
        scores=(0,) * players,
        allowance=None if obs.get("allowance") is None else int(obs["allowance"]),
        shown=None if obs.get("shown") is None else normalize(str(obs["shown"])),
        wild=wild,
    )
