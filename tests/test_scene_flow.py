"""Scene flow: title, new match, continue, settlement and play again, overlays, closing the window."""

import random

import pygame
import pytest

from game import bots
from game.actions import Bid, Pass, Play
from game.match import Match, Phase
from game.observe import observe
from game.savefile import SaveStore
from scenes.flow import open_session, show
from scenes.game import Game
from scenes.title import TitleScene


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path / "saves")


@pytest.fixture
def game(store):
    made = Game((1920, 1080), fullscreen=False, store=store, seed=2)
    pygame.event.clear()
    made.switch(TitleScene(made))
    yield made
    made.close()


def steps(game: Game, n: int) -> None:
    for _ in range(n):
        game.step(1 / 60)


def press(game: Game, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    steps(game, 2)


def finished_hand(seed: int) -> Match:
    """A match whose first hand the easy bots have played to the end."""
    match = Match("standard", seed)
    rng = random.Random(seed)
    while match.phase in (Phase.BIDDING, Phase.PLAYING):
        seat = match.turn
        view = observe(match, seat)
        if match.phase is Phase.BIDDING:
            match.apply(Bid(seat, bots.decide_bid(view, "easy")))
        else:
            move = bots.decide(view, "easy", rng)
            match.apply(Pass(seat) if move == "pass" else Play(seat, move))
    return match


def test_continue_is_disabled_without_a_save(game):
    assert game.scene.row.get("continue").enabled is False


def test_new_match_from_the_title_starts_the_deal(game):
    press(game, pygame.K_RETURN)  # New match (Continue is disabled)
    press(game, pygame.K_RETURN)  # Standard
    assert (game.scene.name, game.session.deal is not None) == ("bidding", True)


def test_continue_restores_the_saved_match(store):
    match = Match("standard", 9)
    match.apply(Bid(match.turn, 1))
    store.save(match, {"auto": False, "level": "easy"})
    game = Game((1920, 1080), fullscreen=False, store=store, seed=2)
    try:
        game.switch(TitleScene(game))
        press(game, pygame.K_RETURN)
        restored = game.session.match
        assert (game.scene.name, restored.hand.bids, game.table_settings.level) == (
            "bidding",
            [(match.hand.bids[0])],
            "easy",
        )
    finally:
        game.close()


def test_save_problem_is_shown_on_the_title(store):
    store.directory.mkdir(parents=True)
    store.path.write_text("{ not json")
    game = Game((1920, 1080), fullscreen=False, store=store, seed=2)
    try:
        game.switch(TitleScene(game))
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
    assert (game.scene.name, match.hand.number, match.scores, match.log[-1].__class__.__name__) == (
        "bidding",
        1,
        [0, 0, 0],
        "Abandon",
    )


def pick(game: Game, key: str) -> None:
    """Move the keyboard focus down the menu to the button `key` and press Enter on it."""
    for _ in range(len(game.scene.row.buttons)):
        if game.scene.row.focused().key == key:
            break
        press(game, pygame.K_DOWN)
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
    game = Game((1920, 1080), fullscreen=False, store=store, seed=2)
    try:
        game.switch(TitleScene(game))
        press(game, pygame.K_RETURN)
        assert (game.scene.name, game.session.message.tone, bool(game.session.message.text)) == (
            "bidding",
            "warn",
            True,
        )
    finally:
        game.close()
