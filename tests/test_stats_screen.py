"""Statistics at the table and on the Statistics screen: counted after every settled hand and finished match, shown
from the title, a bad statistics file reported and never a crash."""

import pygame
import pytest

from game import events as ev
from game.actions import Abandon
from game.match import Match
from game.stats import StatsStore
from scenes.app import App
from scenes.flow import open_session, show, to_title
from scenes.screens import stats as stats_screen
from scenes.screens.stats import StatsScreen, rate
from scenes.words.i18n import tr
from tests.kit.app import press, texts_drawn
from tests.kit.play import over, play_until, settled

pytestmark = pytest.mark.app(saving=True)


def played(app: App, seed: int, done=settled) -> Match:
    """A match the easy bots play at the table (through the session, which saves and counts) until `done`."""
    session = open_session(app, Match("standard", seed))
    show(app, session)
    return play_until(session.seat.match, done, session.act)


def open_stats(app: App) -> StatsScreen:
    to_title(app)
    app.push(StatsScreen(app))
    return app.scene


def test_a_played_hand_is_counted_and_shown_on_the_statistics_screen(app):
    match = played(app, 5)
    settlement = match.hand.settlement
    won = (settlement.landlord == 0) == settlement.landlord_won
    screen = open_stats(app)
    assert screen.tiles()[:2] == [("1", "hands played"), ("100%" if won else "0%", "hands won")]


def test_the_role_you_played_is_counted_in_its_line(app):
    match = played(app, 5)
    settlement = match.hand.settlement
    won = int((settlement.landlord == 0) == settlement.landlord_won)
    role = "As landlord" if settlement.landlord == 0 else "As farmer"
    lines = {label: figures for label, figures, _, _ in open_stats(app).bars()}
    assert lines[role] == f"{won} won of 1 · {rate(won, 1)}"


@pytest.mark.slow
def test_a_finished_match_is_counted(app):
    match = played(app, 1, over)
    stats = StatsStore(app.store.directory).load()
    assert (stats.matches, stats.matches_won, stats.hands) == (1, int(0 in match.winners), len(match.results))


def test_an_abandoned_hand_counts_nothing(app):
    session = open_session(app, Match("standard", 5))
    show(app, session)
    play_until(session.seat.match, lambda m: len(m.hand.history) >= 3, session.act)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # New game asks first (issue 14)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # Deal again: the hand is abandoned (000 §21)
    assert (
        isinstance(session.seat.match.log[-1], Abandon) and session.seat.match.hand.history == []
    )  # new cards, no plays
    assert StatsStore(app.store.directory).load().hands == 0


def test_the_demo_counts_nothing_for_you(app):
    app.demo = True
    assert open_session(app, Match("standard", 5)).seat.stats is None


def test_a_bad_statistics_file_is_named_on_the_screen(app):
    app.store.directory.mkdir(parents=True)
    (app.store.directory / "stats.json").write_text('{"version": 1, "hands": -4')
    screen = open_stats(app)
    assert (screen.tiles()[0], "cut short" in screen.problem) == (("0", "hands played"), True)
    drawn = " ".join(texts_drawn(app, stats_screen))
    assert "stats.json" in drawn and "cut short" in drawn, drawn  # the problem is on the screen, not only known
    assert tr("stats.note") not in drawn  # in place of what is counted


def test_a_good_statistics_file_shows_what_is_counted_and_no_problem(app):
    played(app, 5)
    assert open_stats(app).problem is None
    drawn = texts_drawn(app, stats_screen)
    assert tr("stats.note") in " ".join(drawn) and tr("stats.hands_played") in drawn, drawn


def test_a_bad_statistics_file_found_at_the_table_is_said_once(app):
    app.store.directory.mkdir(parents=True)
    (app.store.directory / "stats.json").write_text("[]")
    session = open_session(app, Match("standard", 5))
    said = next(text for text, _, _ in session.seat.count([ev.MatchOver((1,), (31, -20, -11))]))
    session.notices.message = None
    for again in session.seat.count([ev.MatchOver((1,), (31, -20, -11))]):
        session.notices.say(*again)
    assert ("statistics file" in said, session.notices.message, StatsStore(app.store.directory).load().matches) == (
        True,
        None,
        2,
    )


def test_statistics_screen_opens_from_the_title_and_closes_with_esc(app):
    opened = []
    for _ in range(len(app.scene.row.buttons)):
        if app.scene.row.focused().key == "stats":
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    opened.append(app.scene.name)
    press(app, pygame.K_ESCAPE)
    assert (opened, app.scene.name) == (["stats"], "title")
