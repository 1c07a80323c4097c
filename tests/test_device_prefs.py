"""Device preferences (scenes/platform/prefs.py): reduced motion, four-colour suits, large cards, the Auto interval,
the sound levels and the bots' level are this device's, in prefs.json: a new match or a relaunch keeps them; and
reduced motion really keeps the cards still, the deal's included."""

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game.savefile import SaveStore
from scenes.flow import new_match
from scenes.platform.prefs import Prefs, PrefsStore
from scenes.screens.settings import SettingsOverlay
from tests.kit.app import steps, title_app

CHOSEN = {
    "level": "hard",
    "auto_interval": 2.0,
    "reduced_motion": True,
    "four_colour": True,
    "large_cards": True,
    "master": 60,
    "effects": 30,
}


def choose_all(app) -> None:
    """Every device setting changed through Settings, as a player would."""
    settings = SettingsOverlay(app)
    app.push(settings)
    while app.table_settings.level != "hard":
        settings.choose("level")
    while app.table_settings.auto_interval != 2.0:
        settings.choose("interval")
    for key in ("motion", "colours", "large"):
        settings.choose(key)
    for key, percent in (("master", 60), ("effects", 30)):
        while getattr(app.prefs, key) != percent:
            settings.turn(key, -1)
    app.pop()


def device(app) -> dict:
    s, p = app.table_settings, app.prefs
    return {name: getattr(s if hasattr(s, name) else p, name) for name in CHOSEN}


@contextmanager
def chosen_then_a_new_match(store: SaveStore) -> Iterator:
    """A game on its title: every device setting chosen in Settings, then a new standard match."""
    app = title_app(store)
    try:
        choose_all(app)
        new_match(app, "standard")
        yield app
    finally:
        app.close()


def test_device_settings_survive_a_new_match_and_a_relaunch(tmp_path):
    store = SaveStore(tmp_path)
    with chosen_then_a_new_match(store) as app:
        steps(app, 2)
        assert device(app) == CHOSEN
        assert app.art["hand"].four_colour and app.sounds.volume() == pytest.approx(0.6 * 0.3)
    on_disk = json.loads((tmp_path / "prefs.json").read_text())
    assert {k: on_disk[k] for k in CHOSEN} == CHOSEN
    again = title_app(store)  # a relaunch
    try:
        assert device(again) == CHOSEN
        assert again.art["hand"].four_colour
        new_match(again, "classic")
        assert (device(again), again.session.settings.reduced_motion) == (CHOSEN, True)
    finally:
        again.close()


def test_a_continued_save_does_not_override_the_device(tmp_path):
    store = SaveStore(tmp_path)
    with chosen_then_a_new_match(store) as app:
        app.session.settings.reduced_motion = False  # as an older save would carry it
        app.session.settings.level = "easy"
        app.session.save()
    again = title_app(store)
    try:
        from scenes.flow import continue_match

        continue_match(again)
        assert (again.session.settings.reduced_motion, again.session.settings.level) == (True, "hard")
    finally:
        again.close()


def test_unusable_device_values_fall_back_to_their_defaults():
    prefs = Prefs.from_dict({"level": "godlike", "auto_interval": 7.0, "reduced_motion": "yes", "large_cards": True})
    assert (prefs.level, prefs.auto_interval, prefs.reduced_motion, prefs.large_cards) == ("normal", 1.0, False, True)


def test_prefs_store_round_trips_the_table_prefs(tmp_path):
    store = PrefsStore(tmp_path)
    store.save(Prefs(**{k: v for k, v in CHOSEN.items()}))
    assert {k: getattr(PrefsStore(tmp_path).load(), k) for k in CHOSEN} == CHOSEN


def test_reduced_motion_deals_without_a_card_in_flight(app):
    app.change_prefs(reduced_motion=True)
    new_match(app, "standard")
    session = app.session
    seen = 0
    for _ in range(200):
        steps(app, 1)
        assert session.cards.board.flying == []  # no back flies to a bot's pile
        for sprite in session.cards.board.draw_order():
            if sprite.tween is not None:  # shown only at its place: it appears, it never travels
                assert sprite.tween.start == sprite.tween.end == sprite.pos
        seen = max(seen, len(session.cards.board.draw_order()))
    assert seen == 17  # your hand did arrive, card by card


def test_without_reduced_motion_the_deal_flies(app):
    new_match(app, "standard")
    steps(app, 10)
    assert app.session.cards.board.flying
