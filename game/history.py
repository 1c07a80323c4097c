"""Earlier states rebuilt from the action log: replays of the match's hands, and undo for practice mode.

The log plus (ruleset, seed, first deal) fixes every state, so nothing here stores states: it replays.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from game import events as ev
from game.actions import Bid, Double, Pass, Play, Show, Swap
from game.match import Match


@dataclass(frozen=True, slots=True)
class DealSpan:
    """The actions of one deal: log entries [start, end), from its first bid to the action that ended it."""

    hand_no: int
    deal_no: int
    start: int
    end: int
    settled: bool  # ended by a settlement (not by a redeal, an abandon, the deal clock, or still being played)


def rebuild(match: Match, actions: int) -> Match:
    """The match as it stood after its first `actions` logged actions."""
    fresh = Match(match.rules, match.seed, match.first_deal)
    for action in match.log[:actions]:
        fresh.apply(action)
    return fresh


def deal_spans(match: Match) -> list[DealSpan]:
    """Every deal of the match in order, the current one last."""
    fresh = Match(match.rules, match.seed, match.first_deal)
    spans: list[DealSpan] = []
    start, hand_no, deal_no = 0, fresh.hand.number, fresh.hand.deal_no
    for index, action in enumerate(match.log):
        events = fresh.apply(action)
        if any(isinstance(e, ev.HandOver | ev.AllDeclined | ev.HandAbandoned | ev.DealExpired) for e in events):
            settled = any(isinstance(e, ev.HandOver) for e in events)
            spans.append(DealSpan(hand_no, deal_no, start, index + 1, settled))
        if any(isinstance(e, ev.Dealt) for e in events):
            start, hand_no, deal_no = index + 1, fresh.hand.number, fresh.hand.deal_no
    if not spans or spans[-1].end <= start:
        spans.append(DealSpan(hand_no, deal_no, start, len(match.log), False))
    return spans


def replay(match: Match, span: DealSpan) -> list[Match]:
    """Each state of a deal, from the cards dealt to the action that ended it (independent copies)."""
    state = rebuild(match, span.start)
    states = [copy.deepcopy(state)]
    for action in match.log[span.start : span.end]:
        state.apply(action)
        states.append(copy.deepcopy(state))
    return states


def undo(match: Match, seat: int) -> Match | None:
    """The match just before `seat`'s latest swap, bid, double, show, play or pass of the current deal, so every answer
    since is undone too; None when the seat has not acted in this deal."""
    current = deal_spans(match)[-1]
    for index in range(len(match.log) - 1, current.start - 1, -1):
        action = match.log[index]
        if isinstance(action, Bid | Double | Show | Swap | Play | Pass) and action.seat == seat:
            return rebuild(match, index)
    return None
