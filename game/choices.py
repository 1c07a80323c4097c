"""What a seat may do, worked out from what it sees (its `Observation`): the actions it may take now, and the ways a
selection of its cards can be played. The table on the screen asks these, so no screen decides a rule, and a seat
whose match is held elsewhere (a room's server) asks them the same way. `Match.choices` is the match's own answer;
the two agree at every seat of every state (tests/test_seat_choices.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from game import wild
from game.actions import Action, Bid, Double, Pass, Play, Show, Swap
from game.cards import normalize, parse
from game.combos import Reading, beats, classify
from game.kinds import Kind
from game.match import Phase
from game.moves import legal
from game.observe import Observation


def choices(view: Observation) -> list[Action]:
    """The actions `view.seat` may take now, the decline first (as `Match.choices`); empty while the match does not
    wait for it."""
    seat, rules = view.seat, view.rules
    if seat not in view.waiting:
        return []
    match view.phase:
        case Phase.BIDDING:
            return [Bid(seat, value) for value in (0, *rules.bid_values) if value == 0 or _may_bid(view, value)]
        case Phase.DOUBLING:
            return [Double(seat, False), Double(seat, True)]
        case Phase.SHOWING:
            return [Show(seat, False), Show(seat, True)]
        case Phase.SWAPPING:
            return [Swap(seat, cards) for cards in combinations(view.cards, rules.swap_cards)]
        case Phase.PLAYING:
            return [Pass(seat) if move == "pass" else Play(seat, move) for move in legal_moves(view)]
    return []


def _may_bid(view: Observation, value: int) -> bool:
    """A points auction takes only a bid above the highest so far (000 §3); a call or a rob is always a 1."""
    return value > view.bid or view.auction_word != "bid"


def legal_moves(view: Observation) -> list[str]:
    """The seat's legal plays on the table now, with "pass" when it follows (000 §15); empty when not its turn."""
    if view.phase is not Phase.PLAYING or view.turn != view.seat:
        return []
    last = view.last.reading if view.last is not None else None
    if view.rules.wilds:
        found = wild.legal(view.hand, last, view.wild, view.rules)
    else:
        found = legal(parse(view.hand), last, view.rules)
    return found if last is None else [*found, "pass"]


class Offer(NamedTuple):
    """One way to play a selection: the play to send, and the reading it makes (None: the core reads it)."""

    play: Play
    reading: Reading | None


def readings(view: Observation, cards: Sequence[int]) -> list[Offer]:
    """The plays a selection of card ids can be offered as, the core's default first: each reading of wild cards that
    answers the table (a soft bomb of 7s or of 8s), or leading with plain cards one reading per kind (an airplane or
    two triples with their singles: RULES.md); a single play otherwise, the core then reading it (or saying why it
    cannot). More than one: the player is asked which."""
    move = normalize("".join(view.deck[c].char for c in cards))
    chosen = tuple(cards)
    if view.wild and view.wild in move:
        last = view.last.reading if view.last is not None else None
        stands = [s for s in wild.stands(move, view.wild, view.rules) if last is None or beats(s.reading, last)]
        if stands:  # one reading is played as it is written, "57=55"
            return [Offer(Play(view.seat, s.text, s.reading.kind, chosen), s.reading) for s in stands]
        every = wild.stands(move, view.wild, view.rules)
        if every:  # none answers: tried as its strongest reading, so the core's refusal says why that one cannot
            return [Offer(Play(view.seat, every[0].text, None, chosen), None)]
    elif move and view.last is None:
        kinds = distinct_kinds(classify(parse(move), view.rules))
        if len(kinds) > 1:
            return [Offer(Play(view.seat, move, reading.kind, chosen), reading) for reading in kinds]
    return [Offer(Play(view.seat, move, None, chosen), None)]


def distinct_kinds(found: tuple[Reading, ...]) -> list[Reading]:
    """One reading per kind, the default first: the choices a leader must be offered (RULES.md)."""
    seen: set[Kind] = set()
    out = []
    for reading in found:
        if reading.kind not in seen:
            seen.add(reading.kind)
            out.append(reading)
    return out
