"""The session's bot driver: a decision waits for the thinking pause, and a failing bot never ends the game."""

from concurrent.futures import ThreadPoolExecutor, wait

import pytest

from game.actions import Action, Bid
from game.match import Match
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings
from tests.kit.table import local_session


@pytest.fixture
def pool():
    with ThreadPoolExecutor(max_workers=1) as made:
        yield made


def bot_session(app, pool, decide) -> Session:
    """A match whose first bidder is a bot seat, its bots deciding by `decide`."""
    seed = next(s for s in range(200) if Match("standard", s).hand.first_bidder == 1)
    session = local_session(Match("standard", seed), pool=pool, decide=decide)
    session.relayout(app.geo)
    return session


def drive(session: Session, seconds: float) -> Action | None:
    """Step the table's bot driver for `seconds` of table time; the first action a bot took, or None."""
    match = session.seat.match
    for _ in range(round(seconds * 60)):
        session.update(1 / 60)
        session.drive()
        if match.log:
            return match.log[-1]
        if session.seat.thinker.future is not None:
            wait([session.seat.thinker.future], timeout=5)  # the worker answers in table time, not wall time
    return None


def bids_two(view, level):
    return Bid(view.seat, 2)


def test_bot_decision_waits_for_the_thinking_pause(app, pool):
    """Nothing before the pause (at least 0.5 s), then the answer: a bot that never answers fails here too."""
    session = bot_session(app, pool, bids_two)
    assert drive(session, seconds=0.4) is None
    assert drive(session, seconds=1.1) == Bid(1, 2)


def test_bot_decision_arrives_after_the_pause(app, pool):
    session = bot_session(app, pool, bids_two)
    assert drive(session, seconds=1.5) == Bid(1, 2)


def test_failing_bot_takes_the_fallback_and_says_so(app, pool):
    def broken(view, level):
        raise RuntimeError("boom")

    session = bot_session(app, pool, broken)
    decided = drive(session, seconds=1.5)
    assert (decided, "boom" in session.notices.message.text) == (Bid(1, 0), True)


# ----- table settings from a save -------------------------------------------------------------------------------


def test_table_settings_of_the_right_types_are_kept():
    saved = {"auto": True, "level": "hard", "counter": False, "auto_interval": 3.0, "auto_pass": True}
    saved |= {"reduced_motion": True, "four_colour": True, "large_cards": True, "turn_timers": True, "practice": True}
    assert TableSettings.from_dict(saved).to_dict() == saved


@pytest.mark.parametrize(
    "edited",
    [
        {"auto_interval": "x"},
        {"auto_interval": None},
        {"auto_interval": 2},  # a whole number where the game writes a float
        {"auto_interval": 0.01},  # not an interval the game offers
        {"auto": 1},
        {"counter": "yes"},
        {"level": None},
        {"level": "godlike"},
    ],
    ids=lambda edited: repr(edited),
)
def test_a_hand_edited_table_setting_falls_back_to_its_default(edited):
    assert TableSettings.from_dict(edited) == TableSettings()


def test_unknown_table_settings_are_ignored():
    assert TableSettings.from_dict({"pace": None, "auto": True}) == TableSettings(auto=True)
