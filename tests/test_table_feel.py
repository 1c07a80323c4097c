"""The table as players feel it: 要不起 (Can't beat) offered exactly when nothing in your hand beats the play, with
an optional auto-pass; Menu -> New game asks first; Auto (托管) turns off at a new match."""

import pygame
import pytest

from game.actions import NextHand
from game.match import Match, Phase
from scenes.app import App
from scenes.flow import new_match, open_session, show
from scenes.platform.input import Act, Input
from scenes.screens.play import AUTO_PASS_AFTER
from scenes.table import hud
from scenes.table.hud import chips
from scenes.table.seats import HUMAN
from tests.kit.app import press, steps, texts_drawn, title_app
from tests.kit.play import play_until, settled


def answering(match: Match) -> bool:
    """Your turn, a bot's play to answer."""
    hand = match.hand
    return match.phase is Phase.PLAYING and match.turn == HUMAN and hand.last is not None and hand.last.seat != HUMAN


def positions(count: int) -> list[Match]:
    """Positions where you answer a play: some you can beat, some you cannot."""
    found = []
    for seed in range(40):
        try:
            found.append(play_until(Match("standard", seed), answering))
        except AssertionError:
            continue
        if len(found) == count:
            break
    return found


def at_table(app, match: Match):
    show(app, open_session(app, match))
    steps(app, 40)
    return app.scene


def test_cant_beat_shows_exactly_when_nothing_beats(app):
    seen = set()
    for match in positions(16):
        scene = at_table(app, match)
        stuck = match.legal_moves() == ["pass"]
        buttons = {b.key: b for b in scene.actions.buttons}
        assert buttons["pass"].label == ("Can't beat" if stuck else "Pass")
        assert buttons["play"].enabled is not stuck and buttons["pass"].enabled
        assert scene.prompt().startswith("Nothing in your hand beats") is stuck
        seen.add(stuck)
    assert seen == {True, False}  # both cases were met


def test_confirm_passes_when_nothing_beats_and_auto_pass_waits_a_moment(app):
    match = next(m for m in positions(16) if m.legal_moves() == ["pass"])
    scene = at_table(app, match)
    scene.handle(Input(Act.CONFIRM))
    assert match.turn != HUMAN  # passed

    again = next(m for m in positions(16) if m.legal_moves() == ["pass"])
    app.change_prefs(auto_pass=True)
    scene = at_table(app, again)
    frames = round(AUTO_PASS_AFTER * 60)
    assert again.turn == HUMAN  # "Can't beat" stays a moment first
    steps(app, frames)
    assert again.turn != HUMAN


def test_auto_pass_is_off_by_default_and_never_passes_a_hand_that_can_beat(app):
    assert app.table_settings.auto_pass is False
    app.change_prefs(auto_pass=True)
    match = next(m for m in positions(16) if m.legal_moves() != ["pass"])
    at_table(app, match)
    steps(app, 180)
    assert match.turn == HUMAN


def test_menu_new_game_asks_first_and_keep_playing_keeps_the_hand(app):
    new_match(app, "standard")
    steps(app, 5)
    deal = app.session.seat.match.hand.deal_no
    press(app, pygame.K_ESCAPE)
    app.scene.choose("new")
    assert app.scene.name == "confirm" and app.scene.row.focused().key == "keep"
    press(app, pygame.K_RETURN)  # Keep playing
    assert app.scene.name == "menu" and app.session.seat.match.hand.deal_no == deal
    app.scene.choose("new")
    app.scene.choose("start")
    assert app.session.seat.match.hand.deal_no != deal


def test_auto_turns_off_at_a_new_match(app):
    new_match(app, "standard")
    app.table_settings.auto = True
    new_match(app, "classic")
    assert app.session.settings.auto is False


@pytest.mark.parametrize(
    ("ruleset", "label", "enabled"),
    [("classic", "Turn timers: on (Classic)", False), ("standard", "Turn timers: off", True)],
)
def test_settings_show_a_rulesets_own_timers_on_and_greyed(app, ruleset, label, enabled):
    from scenes.screens.settings import SettingsOverlay

    new_match(app, ruleset)
    app.push(SettingsOverlay(app))
    timers = app.scene.row.get("timers")
    assert (timers.label, timers.enabled) == (label, enabled)
    app.scene.choose("timers")
    assert app.scene.row.get("timers").label == ("Turn timers: on" if enabled else label)


def test_the_table_names_its_ruleset_beside_the_deal_on_a_quiet_chip(app):
    new_match(app, "no-shuffle")
    steps(app, 1)
    said = texts_drawn(app, hud, via="pill")
    deal = f"Deal #{app.session.view.deal_no}"
    assert f"Hand 1 · {deal} · No Shuffle" in said or f"Hand 1 · {deal} (collected) · No Shuffle" in said, said


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_collected_deal_and_its_clock_lie_apart_on_the_chips(size):
    """no-shuffle: "Deal #… (collected)" ran into the deal clock with no gap at 1280x720 (issue 35)."""
    app = App(size, fullscreen=False, seed=1)
    try:
        match = play_until(Match("no-shuffle", 3), settled)
        match.apply(NextHand())  # the next hand is the last one's cards, collected
        show(app, open_session(app, match))
        steps(app, 2)
        assert app.session.view.collected and app.session.seat.clock.deal_clock() is not None
        (chip, at), (_, there) = chips(app.session.cards.geo, app.session)
        assert there.top - at.bottom >= app.geo.px(4) and at.left == there.left
        assert chip.get_width() <= app.geo["chip"].width + app.geo.px(1)
        assert not at.colliderect(app.geo["stake"]) and not there.colliderect(app.geo["stake"])
    finally:
        app.close()


def test_continue_restores_the_hands_sort_order(tmp_path):
    from game.savefile import SaveStore
    from scenes.flow import continue_match

    store = SaveStore(tmp_path)
    match = play_until(Match("standard", 3), answering)
    app = title_app(store)
    try:
        show(app, open_session(app, match))
        steps(app, 5)
        app.scene.sort()
        assert app.session.cards.sort == "groups"
    finally:
        app.close()
    again = title_app(store)
    try:
        continue_match(again)
        assert again.session.cards.sort == "groups"
        assert again.session.cards.board.hand == again.session.cards.display_order(
            again.session.seat.match.hand.hands[HUMAN]
        )
    finally:
        again.close()
