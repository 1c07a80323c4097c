"""Scene flow: title, new match, continue, settlement and play again, overlays, closing the window."""

import pygame
import pytest

from game.actions import Bid
from game.match import Match
from game.savefile import SaveStore
from scenes.app import App
from scenes.flow import open_session, play_again, show
from tests.kit.app import press, saving_app, steps, title_app
from tests.kit.play import over, play_until, settled


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


@pytest.fixture
def game(store):
    yield from saving_app(store)


def finished_hand(seed: int) -> Match:
    """A match whose first hand the easy bots have played to the end."""
    return play_until(Match("standard", seed), settled)


def test_continue_is_disabled_without_a_save(game):
    assert game.scene.row.get("continue").enabled is False


def test_new_match_from_the_title_starts_the_deal(game):
    press(game, pygame.K_RETURN)  # New match (Continue is disabled)
    press(game, pygame.K_RETURN)  # Standard
    assert (game.scene.name, game.session.deal is not None) == ("bidding", True)


def test_continue_restores_the_saved_match(store):
    match = Match("standard", 9)
    match.apply(Bid(match.turn, 1))
    store.save(match, {"auto": False, "counter": False, "level": "easy"})
    game = title_app(store)
    try:
        press(game, pygame.K_RETURN)
        restored = game.session.match
        settings = game.table_settings
        assert (game.scene.name, restored.hand.bids, settings.counter, settings.level) == (
            "bidding",
            [(match.hand.bids[0])],
            False,  # the match's own setting comes back with it
            "normal",  # the bots' level is this device's (prefs.json), not the save's
        )
    finally:
        game.close()


def test_save_problem_is_shown_on_the_title(store):
    store.directory.mkdir(parents=True)
    store.path.write_text("{ not json")
    game = title_app(store)
    try:
        press(game, pygame.K_RETURN)
        assert (game.scene.name, bool(game.problem)) == ("title", True)
    finally:
        game.close()


def test_finished_hand_opens_the_settlement_over_the_table(game):
    show(game, open_session(game, finished_hand(4)))
    assert [s.name for s in game.stack] == ["play", "settlement"]


def test_s21_play_again_keeps_scores_and_deals_hand_two(game):
    match = finished_hand(4)
    scores = list(match.scores)
    show(game, open_session(game, match))
    press(game, pygame.K_RETURN)
    assert (game.scene.name, match.hand.number, match.scores) == ("bidding", 2, scores)


def test_s21_new_game_mid_hand_deals_again_without_score(game):
    match = Match("standard", 5)
    show(game, open_session(game, match))
    press(game, pygame.K_ESCAPE)
    press(game, pygame.K_DOWN)
    press(game, pygame.K_RETURN)
    assert game.scene.name == "confirm"  # asked first: this hand will not count
    press(game, pygame.K_DOWN)
    press(game, pygame.K_RETURN)  # Deal again
    assert (game.scene.name, match.hand.number, match.scores, match.log[-1].__class__.__name__) == (
        "bidding",
        1,
        [0, 0, 0],
        "Abandon",
    )


def pick(game: App, key: str, step: int = pygame.K_DOWN) -> None:
    """Move the keyboard focus along the menu (Down, or `step`) to the button `key` and press Enter on it."""
    for _ in range(len(game.scene.row.buttons)):
        if game.scene.row.focused().key == key:
            break
        press(game, step)
    press(game, pygame.K_RETURN)


def test_rules_help_turns_pages(game):
    pick(game, "rules")
    press(game, pygame.K_RIGHT)
    assert (game.scene.name, game.scene.page) == ("rules", 1)


def test_closing_the_window_saves_the_match(game, store):
    match = Match("standard", 6)
    show(game, open_session(game, match))
    match.apply(Bid(match.turn, 2))  # a change the session has not saved yet
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    steps(game, 1)
    assert (game.running, store.load().match.hand.bids) == (False, match.hand.bids)


def test_f11_toggles_full_screen_and_refits(game):
    press(game, pygame.K_F11)
    assert (game.fullscreen, game.geo.size) == (True, game.screen.get_size())


def test_settings_cycle_the_bot_level(game):
    pick(game, "settings")
    before = game.table_settings.level
    press(game, pygame.K_RETURN)
    assert game.table_settings.level != before


def test_backup_restored_with_its_problem_shown_at_the_table(store):
    match = Match("standard", 9)
    store.save(match, {})
    match.apply(Bid(match.turn, 1))
    store.save(match, {})  # the first save is now the backup
    store.path.write_text("{ torn")
    game = title_app(store)
    try:
        press(game, pygame.K_RETURN)
        assert (game.scene.name, game.session.message.tone, bool(game.session.message.text)) == (
            "bidding",
            "warn",
            True,
        )
    finally:
        game.close()


def mid_match(game: App) -> Match:
    """A session at the table in hand 2 of a match whose scores are no longer zero."""
    match = finished_hand(4)
    show(game, open_session(game, match))
    play_again(game, game.session)
    return match


def test_s23_start_new_match_in_the_pause_menu_asks_first(game):
    mid_match(game)
    press(game, pygame.K_ESCAPE)
    pick(game, "match")
    assert (game.scene.name, game.scene.row.focused().key) == ("confirm", "keep")


def test_s23_keeping_the_match_leaves_its_scores(game):
    match = mid_match(game)
    scores = list(match.scores)
    press(game, pygame.K_ESCAPE)
    pick(game, "match")
    press(game, pygame.K_RETURN)  # Keep this match (focused)
    assert (game.scene.name, game.session.match is match, match.scores) == ("menu", True, scores)


def test_s23_start_new_match_resets_all_three_to_zero(game, store):
    match = mid_match(game)
    press(game, pygame.K_ESCAPE)
    pick(game, "match")
    pick(game, "start")
    fresh = game.session.match
    assert (fresh is match, fresh.scores, fresh.hand.number, store.load().match.scores) == (
        False,
        [0, 0, 0],
        1,
        [0, 0, 0],
    )


def test_s23_settlement_mid_match_asks_before_a_new_match(game):
    show(game, open_session(game, finished_hand(4)))
    pick(game, "match", pygame.K_RIGHT)
    assert game.scene.name == "confirm"


def test_s23_finished_match_shows_the_winners_and_starts_a_new_match_at_once(game):
    match = play_until(Match("standard", 1), over)
    show(game, open_session(game, match))
    settlement = game.scene
    press(game, pygame.K_RETURN)  # New match, focused: nothing unfinished to lose, so no question
    assert ([b.key for b in settlement.row.buttons], game.scene.name, game.session.match.scores) == (
        ["match", "replay", "deal", "title"],  # the finished match's last hand can still be watched or dealt again
        "bidding",
        [0, 0, 0],
    )


def test_s23_continue_after_a_finished_match_opens_its_final_result(store):
    match = play_until(Match("standard", 1), over)
    store.save(match, {})
    game = title_app(store)
    try:
        press(game, pygame.K_RETURN)  # Continue
        assert ([s.name for s in game.stack], game.scene.row.focused().key, game.session.match.winners) == (
            ["play", "settlement"],
            "match",
            match.winners,
        )
    finally:
        game.close()


def test_s23_new_match_from_the_title_asks_when_a_match_is_saved(store):
    match = play_until(Match("standard", 4), settled)
    store.save(match, {})
    game = title_app(store)
    try:
        pick(game, "new")
        press(game, pygame.K_RETURN)  # Standard
        assert game.scene.name == "confirm"
    finally:
        game.close()
