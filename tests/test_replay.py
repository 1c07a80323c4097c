"""Replay (issue 7): every intermediate future of a recorded hand rebuilt from the action log, for every preset; the
replay scene steps, seeks, plays at speed and draws headless; its keys and pad buttons reach its controls."""

import random
from functools import cache

import pygame
import pytest

from game.match import Match, Phase
from game.rulesets import RULESETS
from game.serialize import to_dict
from scenes.scene import Scene
from scenes.screens.replay import ReplayScene
from scenes.screens.settlement import SettlementScene
from scenes.table.open_hands import card_positions
from scenes.table.recording import playable_deals, record
from tests.kit.app import pad, press, steps
from tests.kit.play import future
from tests.kit.rules import random_action

pytestmark = pytest.mark.app(shared=True)


def recorded(ruleset: str, seed: int, hands: int) -> tuple[Match, list[tuple]]:
    """A match played by random legal actions until `hands` hands are settled, with the future captured after every
    action while it was played (index = actions applied)."""
    rng = random.Random(seed)
    match = Match(ruleset, seed)
    captured = [future(match)]
    while len(match.results) < hands and match.phase is not Phase.MATCH_OVER:
        match.apply(random_action(match, rng))
        captured.append(future(match))
    return match, captured


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_issue7_replay_reconstructs_every_intermediate_state_of_a_recorded_hand(ruleset):
    """Issue 7: "replay reconstructs every intermediate future of a recorded hand", for every preset."""
    match, captured = recorded(ruleset, seed=8, hands=2)
    deals = playable_deals(match)
    assert any(span.settled for span in deals)
    for span in deals:
        replayed = record(match, span)
        assert [future(s) for s in replayed.states] == captured[span.start : span.end + 1]
        assert len(replayed.notes) == replayed.moves and all(replayed.notes)


def test_the_deals_to_replay_are_every_deal_with_a_move_the_last_one_last():
    match, _ = recorded("standard", seed=3, hands=3)
    deals = playable_deals(match)
    assert [d.hand_no for d in deals if d.settled] == [1, 2, 3]
    assert all(d.end > d.start for d in deals) and deals[-1].end == len(match.log)


# ----- the scene ---------------------------------------------------------------------------------------------------


@cache
def played(ruleset: str = "standard", seed: int = 8, hands: int = 1) -> Match:
    """A match played by random legal actions until `hands` hands are settled (shared: the tests only read it)."""
    rng = random.Random(seed)
    match = Match(ruleset, seed)
    while len(match.results) < hands and match.phase is not Phase.MATCH_OVER:
        match.apply(random_action(match, rng))
    return match


def opened(app, match: Match) -> ReplayScene:
    """The replay of `match`'s last deal, opened over a bare scene (as it opens over the settlement)."""
    scene = ReplayScene(app, match)
    app.switch(Scene(app))
    app.push(scene)
    steps(app, 1)
    return scene


def shown(scene: ReplayScene) -> dict:
    return to_dict(scene.session.seat.match)


def test_stepping_forward_and_back_shows_the_recorded_states(app):
    scene = opened(app, played())
    states = scene.recording.states
    assert scene.position == 0 and shown(scene) == to_dict(states[0])
    for k in range(1, 6):
        press(app, pygame.K_RIGHT)  # the move is applied to the table, animated
        assert scene.position == k and shown(scene) == to_dict(states[k])
    assert not scene.playing  # stepping by hand pauses the playback
    press(app, pygame.K_LEFT)
    assert scene.position == 4 and shown(scene) == to_dict(states[4])
    press(app, pygame.K_END)
    assert scene.position == scene.last == len(states) - 1 and shown(scene) == to_dict(states[-1])
    press(app, pygame.K_RIGHT)  # nothing after the last move
    assert scene.position == scene.last
    press(app, pygame.K_HOME)
    assert scene.position == 0 and shown(scene) == to_dict(states[0])


def test_the_scrubber_seeks_where_it_is_clicked(app):
    scene = opened(app, played())
    bar = scene.scrubber()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.center, button=1))
    steps(app, 1)
    assert scene.position == round(scene.last / 2) and shown(scene) == to_dict(scene.recording.states[scene.position])


def test_playback_runs_to_the_end_faster_at_a_higher_speed(app):
    scene = opened(app, played())
    assert scene.playing and scene.speed == 1.0
    for _ in range(60):
        scene.update(0.1)  # time only: drawing is covered elsewhere
    at_normal = scene.position
    scene.seek(0)
    press(app, pygame.K_EQUALS)
    press(app, pygame.K_KP_PLUS)
    assert scene.speed == 4.0
    for _ in range(60):
        scene.update(0.1)  # time only: drawing is covered elsewhere
    assert scene.position > 2 * at_normal > 0
    while scene.playing:
        scene.update(0.1)  # time only: drawing is covered elsewhere
    assert scene.position == scene.last and shown(scene) == to_dict(scene.recording.states[-1])
    press(app, pygame.K_SPACE)  # Play at the end starts over
    assert scene.playing and scene.position == 0


def test_keys_map_to_the_replay_controls(app):
    scene = opened(app, played())
    for key, check in [
        (pygame.K_SPACE, lambda: not scene.playing),
        (pygame.K_RIGHT, lambda: scene.position == 1),
        (pygame.K_END, lambda: scene.position == scene.last),
        (pygame.K_HOME, lambda: scene.position == 0),
        (pygame.K_PLUS, lambda: scene.speed == 2.0),
        (pygame.K_KP_MINUS, lambda: scene.speed == 1.0),
        (pygame.K_MINUS, lambda: scene.speed == 0.5),
        (pygame.K_MINUS, lambda: scene.speed == 0.5),  # the slowest stays the slowest
        (pygame.K_ESCAPE, lambda: scene not in app.stack),
    ]:
        press(app, key)
        assert check(), pygame.key.name(key)


def test_pad_buttons_map_to_the_replay_controls(app):
    """A pad has no Home/End/+/-: the shoulders jump to either end and Y cycles the speed round."""
    scene = opened(app, played())
    for button, check in [
        (pygame.CONTROLLER_BUTTON_A, lambda: not scene.playing),
        (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, lambda: scene.position == 1),
        (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, lambda: scene.position == scene.last),
        (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, lambda: scene.position == 0),
        (pygame.CONTROLLER_BUTTON_Y, lambda: scene.speed == 2.0),
        (pygame.CONTROLLER_BUTTON_Y, lambda: scene.speed == 4.0),
        (pygame.CONTROLLER_BUTTON_Y, lambda: scene.speed == 0.5),
        (pygame.CONTROLLER_BUTTON_B, lambda: scene not in app.stack),
    ]:
        pad(app, button)
        assert check(), button


def test_close_returns_to_the_scene_beneath(app):
    match = played()
    app.switch(SettlementScene(app, _session(app, match)))
    app.push(ReplayScene(app, match))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SettlementScene)


def test_every_preset_replays_with_every_hand_face_up(app):
    for ruleset in sorted(RULESETS):
        match = played(ruleset, seed=4)
        scene = opened(app, match)
        for position in [*range(0, scene.last, 4), scene.last]:
            scene.seek(position)
            hand = scene.session.seat.match.hand
            opponents = range(1, match.players)
            assert [sorted(scene.open_cards(s)) for s in opponents] == [sorted(hand.hands[s]) for s in opponents]
            if position % 9 == 0:
                app.draw(app.screen)
        press(app, pygame.K_HOME)
        for _ in range(12):  # a few moves played and drawn, animations and all
            scene.update(0.25)
        app.draw(app.screen)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_open_hands_lie_clear_of_the_table_at_every_seat_count(app, size):
    """Every opponent's open hand has a spot of its own on screen that covers no seat, play, control or the kitty,
    and each of its cards lies in that spot."""
    screen = pygame.Rect((0, 0), size)
    app.screen = pygame.display.set_mode(size)
    app.refit()
    try:
        for ruleset in ("two-player", "standard", "four-player"):
            scene = opened(app, played(ruleset, seed=4))
            areas = scene.open_areas()
            taken = [*scene.fixtures(), scene.info_box()]
            assert sorted(areas) == list(range(1, scene.session.seat.match.players))
            for seat, area in areas.items():
                assert screen.contains(area), (ruleset, seat)
                assert area.collidelist(taken) == -1, (ruleset, seat, taken[area.collidelist(taken)])
                assert all(area.collidelist([a]) == -1 for other, a in areas.items() if other != seat)
                art = scene.host.art["mini"].size
                for corner in card_positions(area, 33, art, -1):
                    assert area.contains(pygame.Rect(corner, art))
    finally:
        app.screen = pygame.display.set_mode((1920, 1080))
        app.refit()


def test_another_hand_is_chosen_with_up_and_down(app):
    match = played("standard", seed=3, hands=2)
    scene = opened(app, match)
    deals = playable_deals(match)
    assert scene.recording.span == deals[-1]  # the last hand first
    press(app, pygame.K_UP)
    assert scene.recording.span == deals[-2] and scene.position == 0 and scene.playing
    press(app, pygame.K_DOWN)
    assert scene.recording.span == deals[-1]
    press(app, pygame.K_DOWN)  # nothing after the last hand
    assert scene.recording.span == deals[-1] and not scene.tools.get("later").enabled


def _session(app, match: Match):
    from scenes.flow import open_session

    return open_session(app, match)


def test_the_settlement_opens_the_replay_of_the_hand_just_played(app):
    match = played()
    session = _session(app, match)
    app.switch(SettlementScene(app, session))
    press(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene) and app.scene.recording.span == playable_deals(match)[-1]
    assert app.scene.source is match and to_dict(match) == to_dict(session.seat.match)  # the match itself is untouched


def test_a_collected_deal_cannot_be_dealt_again_from_its_number(app):
    match = played("no-shuffle", seed=5, hands=2)
    scene = opened(app, match)
    assert scene.recording.states[0].hand.collected
    assert not scene.replayable and not scene.tools.get("deal").enabled
    scene.play_deal()
    assert app.scene is scene  # nothing happened
    press(app, pygame.K_UP)  # the first deal was shuffled: its number deals it again
    assert scene.replayable and scene.tools.get("deal").enabled
