"""The effect system: which events start which effects, reduced motion, and that every effect ends."""

import random

import pygame
import pytest

from game import events as ev
from game.combos import reading_from_text
from game.rulesets import STANDARD
from scenes.art.effects import (
    Confetti,
    Effects,
    Glow,
    Plane,
    Ribbon,
    Rocket,
    Shake,
    Shockwave,
    Sparks,
    Stage,
    Sweep,
    Ticker,
    effects_for,
)

SIZE = (1920, 1080)
MOVING = (Shockwave, Sparks, Shake, Rocket, Plane, Sweep, Confetti)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    yield
    pygame.display.quit()


def centred(size: tuple[int, int], prefer: tuple[int, int]) -> tuple[pygame.Rect, float]:
    """A stage's spot for a banner on a bare table: right where it would rather be, at full size."""
    return pygame.Rect(0, 0, *size).move(prefer[0] - size[0] // 2, prefer[1] - size[1] // 2), 1.0


def stage() -> Stage:
    return Stage(SIZE, 1.0, lambda seat, n: pygame.Rect(700, 480, 100 + 40 * n, 140), random.Random(3), centred)


def played(move: str, seat: int = 1) -> ev.Played:
    reading = reading_from_text(move, STANDARD)
    assert reading is not None
    return ev.Played(seat, move, reading, tuple(range(len(move))), 10)


def kinds(event: ev.Event, reduced: bool = False) -> set[type]:
    return {type(e) for e in effects_for(event, stage(), reduced)}


def run(effect, seconds: float) -> bool:
    """Advance `effect` by `seconds` in 60 fps steps; is it still alive?"""
    alive = True
    for _ in range(round(seconds * 60)):
        alive = effect.update(1 / 60)
    return alive


def test_bomb_play_triggers_the_shockwave_and_the_shake():
    assert {Shockwave, Shake} <= kinds(played("7777"))


def test_rocket_play_launches_the_rocket():
    assert Rocket in kinds(played("BR"))


@pytest.mark.parametrize("move", ["333444", "33344456", "3334445566"])
def test_airplane_play_flies_the_plane(move):
    assert kinds(played(move)) == {Plane}


@pytest.mark.parametrize("move", ["34567", "334455"])
def test_straight_and_pair_run_sweep_light_across(move):
    assert kinds(played(move)) == {Sweep}


@pytest.mark.parametrize("move", ["3", "33", "333", "3334"])
def test_plain_plays_have_no_effect(move):
    assert kinds(played(move)) == set()


@pytest.mark.parametrize("reason", ["spring", "reverse_spring"])
def test_spring_and_reverse_spring_show_the_banner(reason):
    assert kinds(ev.Doubled(reason, 8)) == {Ribbon}


def test_bomb_doubling_itself_adds_no_banner():
    assert kinds(ev.Doubled("bomb", 2)) == set()


@pytest.mark.parametrize("move", ["7777", "BR", "333444", "34567"])
def test_reduced_motion_turns_a_big_play_into_a_still_glow(move):
    assert kinds(played(move), reduced=True) == {Glow}


def test_reduced_motion_spring_banner_does_not_pop():
    (ribbon,) = effects_for(ev.Doubled("spring", 4), stage(), True)
    assert ribbon.still is True


@pytest.mark.parametrize("move", ["7777", "BR", "333444", "34567"])
def test_every_effect_of_a_play_ends_within_four_seconds(move):
    effects = effects_for(played(move), stage(), False)
    assert [run(e, 4.0) for e in effects] == [False] * len(effects)


def test_the_rocket_flies_off_the_top_of_the_window():
    rocket = Rocket((960, 540), 1.0, random.Random(1))
    lowest = rocket.y
    run(rocket, 1.2)
    assert (lowest > 0, rocket.y + rocket.image.get_height() / 2 < 0) == (True, True)


def test_the_plane_crosses_the_whole_table():
    plane = Plane(SIZE, 400, False, 1.0)
    start = plane.position()[0]
    run(plane, Plane.DURATION)
    assert (start < 0, plane.position()[0] > SIZE[0]) == (True, True)


def test_the_shake_moves_the_table_then_lets_it_rest():
    effects = Effects()
    effects.add([Shake(0.5, 20)])
    effects.update(0.05)
    moved = effects.offset()
    effects.update(0.5)
    assert (moved != (0, 0), effects.offset(), effects.live) == (True, (0, 0), [])


def test_confetti_ends_once_every_piece_has_fallen():
    confetti = Confetti(SIZE, 1.0, random.Random(2))
    assert (run(confetti, 1.0), run(confetti, 7.0)) == (True, False)


def test_drawing_an_effect_changes_the_picture():
    surface = pygame.Surface(SIZE)
    surface.fill((20, 100, 60))
    before = surface.copy()
    wave = Shockwave((960, 540), 500)
    wave.update(0.2)
    wave.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(before, "RGB")


def test_the_multiplier_ticks_up_one_doubling_at_a_time():
    ticker = Ticker(1)
    shown = []
    for _ in range(60):
        ticker.follow(8, 1 / 60)
        shown.append(ticker.shown)
    assert sorted(set(shown)) == [2, 4, 8] and shown == sorted(shown)


def test_the_multiplier_pops_as_it_steps():
    ticker = Ticker(1)
    ticker.follow(2, 1 / 60)
    assert (ticker.shown, ticker.pop > 0.9) == (2, True)


def test_a_new_hand_shows_the_lower_multiplier_at_once():
    ticker = Ticker(16)
    ticker.follow(1, 1 / 60)
    assert (ticker.shown, ticker.pop) == (1, 0.0)
