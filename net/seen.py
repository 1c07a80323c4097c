"""What a seat is sent: its observation and the events as it sees them (`game.observe`), less the deal number while
the hand is played.

A deal number fixes every hand's cards (`Match(ruleset, seed, first_deal=N)` deals them), so a player who had it
could deal the hand at home and see every card: the view and the `Dealt` event say it only once the hand is over.
The match's seed never leaves the server at all (no view or event holds it).
"""

from __future__ import annotations

from dataclasses import replace

from game import events as ev
from game.match import Match, Phase
from game.observe import Observation, observe, seen_by
from net.wire import encode_view

OVER = (Phase.HAND_OVER, Phase.MATCH_OVER)


def view_for(match: Match, seat: int) -> Observation:
    """`observe(match, seat)` with the deal number hidden (None) until the hand is over."""
    view = observe(match, seat)
    return view if view.phase in OVER else replace(view, deal_no=None)


def sent_view(match: Match, seat: int) -> dict[str, object]:
    """`view_for(match, seat)` as the wire carries it (net.wire), built without copying the view: a room writes one
    for every person after every action."""
    data = encode_view(observe(match, seat))
    if match.phase not in OVER:
        data["deal_no"] = None
    return data


def events_for(events: list[ev.Event], seat: int, players: int) -> list[ev.Event]:
    """The events as `seat` may see them (the swap's cards are private); a deal is announced without its number."""
    return [_hidden(seen_by(event, seat, players)) for event in events]


def _hidden(event: ev.Event) -> ev.Event:
    return replace(event, deal_no=None) if isinstance(event, ev.Dealt) else event
