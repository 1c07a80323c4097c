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
from tests.kit.app import steps


def choose(app: App, key: str) -> None:
    """Open Settings over the table and pick one entry."""
    overlay = SettingsOverlay(app)
    app.push(overlay)
    overlay.choose(key)
    app.pop()


def test_four_colour_suits_recreate_the_card_art(app):
    before = app.art["hand"]
    choose(app, "colours")
    assert (app.table_settings.four_colour, app.art["hand"] is not before, app.art["hand"].four_colour) == (
        True,
        True,
        True,
    )


def test_large_cards_draw_every_card_size_but_the_mini_bigger(app):
    normal = {name: art.size for name, art in app.art.items()}
    choose(app, "large")
    grown = {name: art.size[1] > normal[name][1] for name, art in app.art.items()}
    assert grown == {"hand": True, "table": True, "mini": False}


def test_large_cards_move_the_sprites_at_the_table_to_the_new_size(app):
    new_match(app, "standard")
    steps(app, 200)
    choose(app, "large")
    session = app.session
    card = session.cards.board.hand[0]
    assert session.cards.hand_positions(session.cards.board.hand)[card] == session.cards.board.sprites[card].pos


@pytest.mark.parametrize(
    "key, field", [("colours", "four_colour"), ("large", "large_cards"), ("motion", "reduced_motion")]
)
def test_a_toggled_option_is_saved_with_the_match(tmp_path, key, field):
    store = SaveStore(tmp_path)
    app = App((1920, 1080), fullscreen=False, store=store, seed=1)
    try:
        new_match(app, "standard")
        choose(app, key)
        assert store.load().table[field] is True
    finally:
        app.close()


def test_continue_keeps_this_devices_card_style_over_the_saves(tmp_path):
    """The card style is the device's (prefs.json): a save made with four colours and large cards opens in the
    style this device chose."""
    store = SaveStore(tmp_path)
    store.save(Match("standard", 3), {"four_colour": True, "large_cards": True})
    app = App((1920, 1080), fullscreen=False, store=store, seed=1)
    try:
        continue_match(app)
        art = app.art["hand"]
        assert (art.four_colour, art.size == app.geo["card_hand"].size) == (False, True)
        assert (app.table_settings.four_colour, app.table_settings.large_cards) == (False, False)
    finally:
        app.close()


def test_large_cards_fit_a_1280x720_window():
    pygame.display.init()
    app = App((1280, 720), fullscreen=False, seed=1)
    try:
        app.table_settings.large_cards = True
        app.restyle_cards()
        new_match(app, "standard")
        steps(app, 200)
        session, geo = app.session, app.geo
        window = pygame.Rect((0, 0), geo.size)
        w, h = session.cards.card_size("hand")
        session.cards.selected = set(session.seat.match.hand.hands[HUMAN])  # every card raised: the highest they go
        hand = [pygame.Rect(pos, (w, h)) for pos in session.cards.hand_positions(session.cards.board.hand).values()]
        table = [pygame.Rect(p, session.cards.card_size("table")) for p in session.cards.play_positions(HUMAN, 20)]
        actions = geo["action_bar"]
        assert (
            all(window.contains(r) for r in hand + table),
            min(r.top for r in hand) >= actions.bottom,
            max(r.bottom for r in table) <= geo["message"].bottom,
        ) == (True, True, True)
    finally:
        app.close()
