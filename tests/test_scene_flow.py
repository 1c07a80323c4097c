"""Scene flow: title, new match, continue, settlement and play again, overlays, closing the window."""

import pygame
import pytest

from game.actions import Bid
from game.match import Match
from scenes.app import App
from scenes.flow import open_session, play_again, show
from tests.kit.app import press, steps, title_app
from tests.kit.play import over, play_until, settled

pytestmark = pytest.mark.app(saving=True)


def finished_hand(seed: int) -> Match:
    """A match whose first hand the easy bots have played to the end."""
    return play_until(Match("standard", seed), settled)


def test_continue_is_disabled_without_a_save(app):
    assert app.scene.row.get("continue").enabled is False


def test_new_match_from_the_title_starts_the_deal(app):
    press(app, pygame.K_RETURN)  # New match (Continue is disabled)
    press(app, pygame.K_RETURN)  # Standard
    assert (app.scene.name, app.session.cards.deal is not None) == ("bidding", True)


def test_continue_restores_the_saved_match(store):
    match = Match("standard", 9)
    match.apply(Bid(match.turn, 1))
    store.save(match, {"auto": False, "counter": False, "level": "easy"})
    app = title_app(store)
    try:
        press(app, pygame.K_RETURN)
        restored = app.session.seat.match
        settings = app.table_settings
        assert (app.scene.name, restored.hand.bids, settings.counter, settings.level) == (
            "bidding",
            [(match.hand.bids[0])],
            False,  # the match's own setting comes back with it
            "normal",  # the bots' level is this device's (prefs.json), not the save's
        )
    finally:
        app.close()


def test_save_problem_is_shown_on_the_title(store):
    store.directory.mkdir(parents=True)
    store.path.write_text("{ not json")
    app = title_app(store)
    try:
        press(app, pygame.K_RETURN)
        assert (app.scene.name, bool(app.problem)) == ("title", True)
    finally:
        app.close()


def test_finished_hand_opens_the_settlement_over_the_table(app):
    show(app, open_session(app, finished_hand(4)))
    assert [s.name for s in app.stack] == ["play", "settlement"]


def test_s21_play_again_keeps_scores_and_deals_hand_two(app):
    match = finished_hand(4)
    scores = list(match.scores)
    show(app, open_session(app, match))
    press(app, pygame.K_RETURN)
    assert (app.scene.name, match.hand.number, match.scores) == ("bidding", 2, scores)


def test_s21_new_game_mid_hand_deals_again_without_score(app):
    match = Match("standard", 5)
    show(app, open_session(app, match))
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.scene.name == "confirm"  # asked first: this hand will not count
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # Deal again
    assert (app.scene.name, match.hand.number, match.scores, match.log[-1].__class__.__name__) == (
        "bidding",
        1,
        [0, 0, 0],
        "Abandon",
    )


def pick(app: App, key: str, step: int = pygame.K_DOWN) -> None:
    """Move the keyboard focus along the menu (Down, or `step`) to the button `key` and press Enter on it."""
    for _ in range(len(app.scene.row.buttons)):
        if app.scene.row.focused().key == key:
            break
        press(app, step)
    press(app, pygame.K_RETURN)


def test_rules_help_turns_pages(app):
    pick(app, "rules")
    press(app, pygame.K_RIGHT)
    assert (app.scene.name, app.scene.page) == ("rules", 1)


def test_closing_the_window_saves_the_match(app, store):
    match = Match("standard", 6)
    show(app, open_session(app, match))
    match.apply(Bid(match.turn, 2))  # a change the session has not saved yet
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    steps(app, 1)
    assert (app.running, store.load().match.hand.bids) == (False, match.hand.bids)


def test_f11_toggles_full_screen_and_refits(app):
    press(app, pygame.K_F11)
    assert (app.fullscreen, app.geo.size) == (True, app.screen.get_size())


def test_settings_cycle_the_bot_level(app):
    pick(app, "settings")
    before = app.table_settings.level
    press(app, pygame.K_RETURN)
    assert app.table_settings.level != before


def test_backup_restored_with_its_problem_shown_at_the_table(store):
    match = Match("standard", 9)
    store.save(match, {})
    match.apply(Bid(match.turn, 1))
    store.save(match, {})  # the first save is now the backup
    store.path.write_text("{ torn")
    app = title_app(store)
    try:
        press(app, pygame.K_RETURN)
        assert (app.scene.name, app.session.notices.message.tone, bool(app.session.notices.message.text)) == (
            "bidding",
            "warn",
            True,
        )
    finally:
        app.close()


def mid_match(app: App) -> Match:
    """A session at the table in hand 2 of a match whose scores are no longer zero."""
    match = finished_hand(4)
    show(app, open_session(app, match))
    play_again(app, app.session)
    return match


def test_s23_start_new_match_in_the_pause_menu_asks_first(app):
    mid_match(app)
    press(app, pygame.K_ESCAPE)
    pick(app, "match")
    assert (app.scene.name, app.scene.row.focused().key) == ("confirm", "keep")


def test_s23_keeping_the_match_leaves_its_scores(app):
    match = mid_match(app)
    scores = list(match.scores)
    press(app, pygame.K_ESCAPE)
    pick(app, "match")
    press(app, pygame.K_RETURN)  # Keep this match (focused)
    assert (app.scene.name, app.session.seat.match is match, match.scores) == ("menu", True, scores)


def test_s23_start_new_match_resets_all_three_to_zero(app, store):
    match = mid_match(app)
    press(app, pygame.K_ESCAPE)
    pick(app, "match")
    pick(app, "start")
    fresh = app.session.seat.match
    assert (fresh is match, fresh.scores, fresh.hand.number, store.load().match.scores) == (
        False,
        [0, 0, 0],
        1,
        [0, 0, 0],
    )


def test_s23_settlement_mid_match_asks_before_a_new_match(app):
    show(app, open_session(app, finished_hand(4)))
    pick(app, "match", pygame.K_RIGHT)
    assert app.scene.name == "confirm"


def test_s23_finished_match_shows_the_winners_and_starts_a_new_match_at_once(app):
    match = play_until(Match("standard", 1), over)
    show(app, open_session(app, match))
    settlement = app.scene
    press(app, pygame.K_RETURN)  # New match, focused: nothing unfinished to lose, so no question
    assert ([b.key for b in settlement.row.buttons], app.scene.name, app.session.seat.match.scores) == (
        ["match", "replay", "deal", "title"],  # the finished match's last hand can still be watched or dealt again
        "bidding",
        [0, 0, 0],
    )


def test_s23_continue_after_a_finished_match_opens_its_final_result(store):
    match = play_until(Match("standard", 1), over)
    store.save(match, {})
    app = title_app(store)
    try:
        press(app, pygame.K_RETURN)  # Continue
        assert ([s.name for s in app.stack], app.scene.row.focused().key, app.session.seat.match.winners) == (
            ["play", "settlement"],
            "match",
            match.winners,
        )
    finally:
        app.close()


def test_s23_new_match_from_the_title_asks_when_a_match_is_saved(store):
    match = play_until(Match("standard", 4), settled)
    store.save(match, {})
    app = title_app(store)
    try:
        pick(app, "new")
        press(app, pygame.K_RETURN)  # Standard
        assert app.scene.name == "confirm"
    finally:
        app.close()
