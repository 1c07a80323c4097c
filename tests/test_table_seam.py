"""The table fed by a seat whose match is held elsewhere (issue 31's seam; a room's remote seat, issue 32): the same
screens play a whole hand of every table size from that seat's view alone, you at the bottom whatever your seat's
number, and an action the holder refuses comes back as a refusal with nothing changed."""

from __future__ import annotations

import random

import pytest

from game.actions import Pass
from game.bots.seat import bot_action
from game.match import Match, Phase
from game.view import observe
from scenes.table.session import Session
from tests.kit.app import steps
from tests.kit.seats import ViewSeat


def sit(app, match: Match, me: int) -> tuple[Session, ViewSeat]:
    """The table for seat `me` of `match`, dealt and shown as a room's client shows it."""
    seat = ViewSeat(match, me)
    session = Session(seat, app.table_settings, None)
    session.relayout(app.geo)
    app.session = session
    seat.deal()
    session.take()
    app.show(session)
    return session, seat


def settle(app, session: Session) -> None:
    for _ in range(600):
        if session.cards.settled and session.notices.banner is None:
            return
        steps(app, 1)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "me"), [("standard", 1), ("standard", 2), ("rob", 2), ("four-player", 3)])
def test_a_whole_hand_plays_at_the_table_from_a_seat_that_only_sees(app, ruleset, me):
    match = Match(ruleset, seed=5)
    session, seat = sit(app, match, me)
    rng = random.Random(5)
    for _ in range(500):
        if match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            break
        settle(app, session)
        acting = match.waiting[0]
        action = bot_action(observe(match, acting), "easy", rng)
        if acting == me:
            assert session.act(action)  # your own action, through the table
        else:
            seat.serve(action)  # the others', as the server sends them
            session.take()
        steps(app, 2)
    assert match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    steps(app, 200)
    assert app.scene.name == "settlement"
    view = session.view
    assert view.settlement == match.hand.settlement and view.remaining is not None
    assert session.cards.zone_name("hand", me).endswith("south") and session.place(me) == 0


def test_an_action_the_holder_refuses_is_said_and_changes_nothing(app):
    """Out of turn: the seat reports the refusal as an update, the table says the reason, the view stays."""
    match = Match("standard", seed=5)
    me = next(s for s in range(3) if s not in match.waiting)
    session, _ = sit(app, match, me)
    before = session.view
    assert session.act(Pass(me))  # sent: a remote seat cannot know at once
    assert session.view == before and match.log == []
    assert session.notices.message is not None and session.notices.message.tone == "warn"
