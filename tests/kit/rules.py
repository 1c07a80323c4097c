"""The rules-core tests' helpers: table positions built from rank strings, and a match driven by scripted or random
legal actions."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from itertools import product

from game import combos
from game.actions import Abandon, Action, Bid, DealExpired, NextHand, Pass, Play
from game.cards import parse, render
from game.events import Event
from game.invariants import problems
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import observe
from game.rules import PASS, classify
from game.rulesets import STANDARD, Ruleset
from game.savefile import encode, read_snapshot
from game.serialize import to_dict

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
    """A random legal action in any phase (the 004 double and show phases and the 003 swap too), Play again after a
    settlement: seeded random play reaches every phase, bombs, passes and redeals. With `abandon`, New game comes
    now and then (that share of actions); with `any_reading`, a lead is played in any of its readings, not the
    default one."""
    if match.phase is Phase.HAND_OVER:
        return NextHand()
    if abandon and rng.random() < abandon:
        return Abandon()
    seats = match.waiting  # one seat, or (doubling) every seat still to decide
    action = rng.choice(match.choices(seats[0] if len(seats) == 1 else rng.choice(seats)))
    if any_reading and isinstance(action, Play) and match.hand.last is None and not match.rules.wilds:
        return replace(action, kind=rng.choice(combos.classify(parse(action.move), match.rules)).kind)
    return action


def step(match: Match, rng: random.Random) -> None:
    """Apply one `random_action`."""
    match.apply(random_action(match, rng))


def random_until(match: Match, rng: random.Random, done: set[Phase]) -> None:
    """Random legal actions until the match reaches one of the phases `done`."""
    while match.phase not in done:
        match.apply(random_action(match, rng))


def play_out(ruleset: str, seed: int, actions: int, expire_chance: float = 0.0) -> Match:
    """Random legal play for `actions` steps, checking every invariant after each; deals sometimes time out."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    for _ in range(actions):
        if match.phase is Phase.MATCH_OVER:
            break
        if match.phase is not Phase.HAND_OVER and rng.random() < expire_chance:
            match.apply(DealExpired())
        else:
            step(match, rng)
        assert problems(match) == [], match.log[-1]
        cap = match.rules.multiplier_cap
        assert all(s.multiplier <= (cap or s.multiplier) for s in match.results)
    return match


def assert_save_restores(match: Match) -> None:
    """match.json written now loads as the same match: snapshot, every seat's view, the doubling and swap choices."""
    restored, _ = read_snapshot(encode(match, {}).decode())
    assert to_dict(restored) == to_dict(match)
    assert [observe(restored, s) for s in range(match.players)] == [observe(match, s) for s in range(match.players)]
    assert restored.hand.doubles == match.hand.doubles and restored.undecided_doubles() == match.undecided_doubles()
    assert restored.hand.swaps == match.hand.swaps and restored.hand.wild == match.hand.wild


def saved_phases(ruleset: str, seed: int, hands: int = 40) -> set[Phase]:
    """Random legal play to the end of a match (or `hands` hands), saving and restoring at every change of phase
    and after every doubling or swap choice; the phases saved in."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    saved: set[Phase] = set()
    previous = None
    while len(match.results) < hands:
        if match.phase is not previous or match.phase in (Phase.DOUBLING, Phase.SWAPPING):
            assert_save_restores(match)
            saved.add(match.phase)
            previous = match.phase
        if match.phase is Phase.MATCH_OVER:
            break
        step(match, rng)
    return saved
