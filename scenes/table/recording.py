"""One deal of a match as a recording for the replay: every state from the cards dealt to the deal's end, rebuilt
from the action log, and each move said in one line (every decision shows: the replay hides nothing)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from game import events as ev
from game.actions import Action, Double, Show
from game.history import DealSpan, deal_spans
from game.history import replay as replay_states
from game.match import Match
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.words import wording
from scenes.words.i18n import tr
from scenes.words.table_words import bid_label


@dataclass(frozen=True)
class Recording:
    """One deal of a match: every state from the cards dealt to its end, and what each move did."""

    span: DealSpan
    states: list[Match]  # states[k]: after k moves of the deal
    notes: list[str]  # notes[k]: what move k + 1 did, as the readout says it

    @property
    def moves(self) -> int:
        return len(self.states) - 1


def playable_deals(match: Match) -> list[DealSpan]:
    """The deals of the match with at least one move to replay, in order."""
    return [span for span in deal_spans(match) if span.end > span.start]


def record(match: Match, span: DealSpan) -> Recording:
    states = replay_states(match, span)
    actions = match.log[span.start : span.end]
    notes = [describe(copy.deepcopy(states[k]).apply(action), action) for k, action in enumerate(actions)]
    return Recording(span, states, notes)


def describe(events: list[ev.Event], action: Action) -> str:
    """One line for a move: who did what (every decision shows: the replay hides nothing), and how the deal ended
    when it did."""
    parts = [text for text in map(_event_text, events) if text]
    if isinstance(action, Double):  # kept secret at the table until every seat has decided
        said = tr("auction.doubled") if action.double else tr("auction.not_doubled")
        parts.insert(0, tr("replay.said", name=SEAT_NAMES[action.seat], what=said))
    elif isinstance(action, Show) and not action.show:
        parts.insert(0, tr("replay.no_show", name=SEAT_NAMES[action.seat]))
    return " · ".join(parts)


def _event_text(event: ev.Event) -> str:
    match event:
        case ev.BidMade(seat, value, word):
            return tr("replay.said", name=SEAT_NAMES[seat], what=bid_label(value, word))
        case ev.Played(seat=seat, reading=reading):
            return tr("replay.said", name=SEAT_NAMES[seat], what=wording.describe(reading))
        case ev.Passed(seat):
            return tr("replay.passed", name=SEAT_NAMES[seat])
        case ev.HandShown(seat):
            return tr("auction.you_show") if seat == HUMAN else tr("auction.shows", name=SEAT_NAMES[seat])
        case ev.LandlordChosen(seat):
            return tr("replay.landlord", name=SEAT_NAMES[seat])
        case ev.AllDeclined():
            return tr("replay.all_declined")
        case ev.HandOver(settlement=settlement):
            key = "replay.landlord_won" if settlement.landlord_won else "replay.farmers_won"
            return tr(key, points=settlement.points)
        case ev.HandAbandoned():
            return tr("replay.abandoned")
        case ev.DealExpired():
            return tr("replay.expired")
    return ""
