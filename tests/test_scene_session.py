"""The session's bot driver: a decision waits for the thinking pause, and a failing bot never ends the game."""

from concurrent.futures import ThreadPoolExecutor, wait

import pytest

from game.match import Match
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings


@pytest.fixture
def pool():
    with ThreadPoolExecutor(max_workers=1) as made:
        yield made


def bot_session(app, pool) -> Session:
    """A match whose first bidder is a bot seat."""
    seed = next(s for s in range(200) if Match("standard", s).hand.first_bidder == 1)
    session = Session(Match("standard", seed), pool=pool)
    session.relayout(app.geo)
    return session


def drive(session: Session, decide, fallback, seconds: float):
    """Step the driver for `seconds` of table time; the first decision handed over, or None."""
    for _ in range(round(seconds * 60)):
        session.update(1 / 60)
        decided = session.bot_turn(decide, fallback)
        if decided is not None:
            return decided
        if session.thinker.future is not None:
            wait([session.thinker.future], timeout=5)  # the worker answers in table time, not wall time
    return None


def test_bot_decision_waits_for_the_thinking_pause(app, pool):
    """Nothing before the pause (at least 0.5 s), then the answer: a bot that never answers fails here too."""
    session = bot_session(app, pool)
    assert drive(session, lambda view, level: 2, lambda: 0, seconds=0.4) is None
    assert drive(session, lambda view, level: 2, lambda: 0, seconds=1.1) == (1, 2)


def test_bot_decision_arrives_after_the_pause(app, pool):
    session = bot_session(app, pool)
    assert drive(session, lambda view, level: 2, lambda: 0, seconds=1.5) == (1, 2)


def test_failing_bot_takes_the_fallback_and_says_so(app, pool):
    def broken(view, level):
        raise RuntimeError("boom")

    session = bot_session(app, pool)
    decided = drive(session, broken, lambda: 0, seconds=1.5)
    assert (decided, "boom" in session.message.text) == ((1, 0), True)


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
