"""Four-colour suits and large cards: Settings toggles them live (new card art), the save carries them but a
continued match opens in this device's style, and the table still fits a 1280x720 window with large cards."""

import pygame
import pytest

from game.match import Match
from game.savefile import SaveStore
from scenes.app import App
from scenes.flow import continue_match, new_match
from scenes.screens.settings import SettingsOverlay
from scenes.table.seats import HUMAN
from tests.kit.app import headless_app, steps


@pytest.fixture
def game():
    yield from headless_app()


def choose(game: App, key: str) -> None:
    """Open Settings over the table and pick one entry."""
    overlay = SettingsOverlay(game)
    game.push(overlay)
    overlay.choose(key)
    game.pop()


def test_four_colour_suits_recreate_the_card_art(game):
    before = game.art["hand"]
    choose(game, "colours")
    assert (game.table_settings.four_colour, game.art["hand"] is not before, game.art["hand"].four_colour) == (
        True,
        True,
        True,
    )


def test_large_cards_draw_every_card_size_but_the_mini_bigger(game):
    normal = {name: art.size for name, art in game.art.items()}
    choose(game, "large")
    grown = {name: art.size[1] > normal[name][1] for name, art in game.art.items()}
    assert grown == {"hand": True, "table": True, "mini": False}


def test_large_cards_move_the_sprites_at_the_table_to_the_new_size(game):
    new_match(game, "standard")
    steps(game, 200)
    choose(game, "large")
    session = game.session
    card = session.board.hand[0]
    assert session.hand_positions(session.board.hand)[card] == session.board.sprites[card].pos


@pytest.mark.parametrize(
    "key, field", [("colours", "four_colour"), ("large", "large_cards"), ("motion", "reduced_motion")]
)
def test_a_toggled_option_is_saved_with_the_match(tmp_path, key, field):
    store = SaveStore(tmp_path)
    game = App((1920, 1080), fullscreen=False, store=store, seed=1)
    try:
        new_match(game, "standard")
        choose(game, key)
        assert store.load().table[field] is True
    finally:
        game.close()


def test_continue_keeps_this_devices_card_style_over_the_saves(tmp_path):
    """The card style is the device's (prefs.json): a save made with four colours and large cards opens in the
    style this device chose."""
    store = SaveStore(tmp_path)
    store.save(Match("standard", 3), {"four_colour": True, "large_cards": True})
    game = App((1920, 1080), fullscreen=False, store=store, seed=1)
    try:
        continue_match(game)
        art = game.art["hand"]
        assert (art.four_colour, art.size == game.geo["card_hand"].size) == (False, True)
        assert (game.table_settings.four_colour, game.table_settings.large_cards) == (False, False)
    finally:
        game.close()


def test_large_cards_fit_a_1280x720_window():
    pygame.display.init()
    game = App((1280, 720), fullscreen=False, seed=1)
    try:
        game.table_settings.large_cards = True
        game.restyle_cards()
        new_match(game, "standard")
        steps(game, 200)
        session, geo = game.session, game.geo
        window = pygame.Rect((0, 0), geo.size)
        w, h = session.card_size("hand")
        session.selected = set(session.match.hand.hands[HUMAN])  # every card raised: the highest they go
        hand = [pygame.Rect(pos, (w, h)) for pos in session.hand_positions(session.board.hand).values()]
        table = [pygame.Rect(p, session.card_size("table")) for p in session.play_positions(HUMAN, 20)]
        actions = geo["action_bar"]
        assert (
            all(window.contains(r) for r in hand + table),
            min(r.top for r in hand) >= actions.bottom,
            max(r.bottom for r in table) <= geo["message"].bottom,
        ) == (True, True, True)
    finally:
        game.close()
