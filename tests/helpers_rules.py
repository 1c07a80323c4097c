"""Shared helpers for the rules-core tests: build table positions from rank strings and drive a match."""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import product

from game import combos
from game.actions import Abandon, Action, Bid, Double, NextHand, Pass, Play, Show
from game.cards import parse, render
from game.events import Event
from game.kinds import Kind
from game.match import Match, Phase
from game.rules import PASS, classify
from game.rulesets import STANDARD, Ruleset

LANDLORD = 0


def card_ids(match: Match, ranks: str, taken: set[int]) -> list[int]:
    """Free card ids of `match.deck` spelling `ranks`; marks them taken."""
    ids = []
    for ch in ranks:
        card = next(c.id for c in match.deck if c.char == ch and c.id not in taken)
        taken.add(card)
        ids.append(card)
    return ids


def set_hands(match: Match, hands: Iterable[str]) -> None:
    """Give each seat exactly these cards (rank strings); cards nobody holds are set aside as `unused`.

    The kitty is emptied: in the playing phase it is already part of the landlord's hand.
    """
    taken: set[int] = set()
    hand = match.hand
    hand.hands = [match._sorted(card_ids(match, ranks, taken)) for ranks in hands]
    hand.unused = [c.id for c in match.deck if c.id not in taken]
    hand.kitty = []


def position(
    hands: Iterable[str],
    landlord: int = LANDLORD,
    bid: int = 1,
    scores: Iterable[int] | None = None,
    ruleset: str = "standard",
) -> Match:
    """A match in the playing phase with exactly these hands, the landlord to lead."""
    match = Match(ruleset, seed=0)
    set_hands(match, hands)
    hand = match.hand
    hand.landlord, hand.bid, hand.turn = landlord, bid, landlord
    hand.plays_made = [0] * match.players
    match.phase = Phase.PLAYING
    if scores is not None:
        match.scores = list(scores)
    return match


def act(match: Match, seat: int, move: str) -> list[Event]:
    """Play `move` (a rank string) or "pass" for `seat`."""
    action: Action = Pass(seat) if move == PASS else Play(seat, move)
    return match.apply(action)


def script(match: Match, moves: Iterable[str]) -> list[Event]:
    """Apply moves in turn order, each by the seat whose turn it is; returns all events."""
    events: list[Event] = []
    for move in moves:
        seat = match.turn
        assert seat is not None, f"no seat to play {move!r}"
        events += act(match, seat, move)
    return events


def bid_all(match: Match, values: Iterable[int]) -> list[Event]:
    """Bid `values` in turn order from the seat to act."""
    events: list[Event] = []
    for value in values:
        seat = match.turn
        assert seat is not None
        events += match.apply(Bid(seat, value))
    return events


def of_type(events: Iterable[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def kinds(move: str) -> set[Kind]:
    """Every kind `move` can be read as (empty when it is not a combination)."""
    return {r.kind for r in classify(move)}


def brute_force_moves(hand: str, last: str | None = None, rules: Ruleset = STANDARD) -> set[str]:
    """Every sub-multiset of `hand` whose readings answer `last` (any reading when leading), found by
    enumeration with `classify` and `answer` only: the reference the move generator must equal."""
    counts = parse(hand)
    last_reading = combos.reading_from_text(last, rules) if last else None
    found = set()
    for part in product(*(range(n + 1) for n in counts)):
        if any(part) and combos.answer(combos.classify(part, rules), last_reading) is not None:
            found.add(render(part))
    return found


def random_action(match: Match, rng: random.Random, abandon: float = 0.0, any_reading: bool = False) -> Action:
    """A random legal action in any phase (the 004 double and show phases too), Play again after a settlement:
    seeded random play reaches every phase, bombs, passes and redeals. With `abandon`, New game comes now and then
    (that share of actions); with `any_reading`, a lead is played in any of its readings, not the default one."""
    phase = match.phase
    if phase is Phase.HAND_OVER:
        return NextHand()
    if abandon and rng.random() < abandon:
        return Abandon()
    if phase is Phase.BIDDING:
        return Bid(match.turn, rng.choice(match.bid_choices()))
    if phase is Phase.DOUBLING:
        return Double(rng.choice(match.undecided_doubles()), rng.random() < 0.5)
    if phase is Phase.SHOWING:
        return Show(match.turn, rng.random() < 0.2)
    move = rng.choice(match.legal_moves())
    if move == "pass":
        return Pass(match.turn)
    leading = any_reading and match.hand.last is None
    kind = rng.choice(combos.classify(parse(move), match.rules)).kind if leading else None
    return Play(match.turn, move, kind=kind)


def step(match: Match, rng: random.Random) -> None:
    """Apply one `random_action`."""
    match.apply(random_action(match, rng))
