"""The rob (004) and handicap auctions: a rob match past chosen answers, doubles and show, and auctions opened at a
chosen seat."""

from __future__ import annotations

from dataclasses import replace

from game import events as ev
from game.actions import Bid, Double, Show
from game.match import Match
from game.rulesets import ROB
from tests.kit.rules import bid_all, set_hands

BASE_100 = replace(ROB, base=100)


def rob_match(answers: list[int], seed: int = 4, rules=ROB) -> tuple[Match, int, list[ev.Event]]:
    """A rob match after `answers` (1 = call / rob, 0 = decline) from the first player; returns it, the first
    player and the events."""
    match = Match(rules, seed=seed)
    first = match.hand.first_bidder
    return match, first, bid_all(match, answers)


def decide_doubles(match: Match, doubles: dict[int, bool]) -> list[ev.Event]:
    """Every seat's double in seat order (unlisted seats decline)."""
    events: list[ev.Event] = []
    for seat in range(match.players):
        events += match.apply(Double(seat, doubles.get(seat, False)))
    return events


def playing(hands: list[str], answers: list[int], doubles: set[int], show: bool, rules=ROB, seed: int = 4):
    """A rob match past its auction, with `hands` and `doubles` given by role: 0 the landlord, 1 and 2 the seats
    after it; the landlord shows the hand or not."""
    match, _, events = rob_match(answers, seed, rules)
    landlord = match.hand.landlord
    assert landlord is not None
    role = {seat: (seat - landlord) % 3 for seat in range(3)}
    set_hands(match, [hands[role[seat]] for seat in range(3)])
    events += decide_doubles(match, {seat: role[seat] in doubles for seat in range(3)})
    events += match.apply(Show(landlord, show))
    return match, landlord, events


def opening(ruleset: str, first: int) -> Match:
    """A fresh match of `ruleset` whose auction opens at seat `first`."""
    return next(m for m in (Match(ruleset, seed) for seed in range(200)) if m.hand.first_bidder == first)


def answered(match: Match, *values: int) -> Match:
    """`match` after these answers, each from the seat to act."""
    for value in values:
        match.apply(Bid(match.turn, value))
    return match
