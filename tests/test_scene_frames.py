"""Frames: the deal animation is a pure function of the seed and dt (its frame time is measured by
`python -m benchmarks.frames`, not here: a test asserts no wall-clock figure)."""

import hashlib

import pygame

from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show

DEAL_FRAMES = 120  # the deal takes about 170 frames: bots have not started thinking yet


def dealing(app: App, seed: int) -> None:
    match = Match("standard", seed)
    session = open_session(app, match)
    session.hear(match.opening)
    show(app, session)


def screen_after_deal_frames(seed: int) -> str:
    app = App((1280, 720), fullscreen=False, seed=1)
    try:
        dealing(app, seed)
        for _ in range(DEAL_FRAMES):
            app.step(1 / 60)
        return hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest()
    finally:
        app.close()


def test_same_seed_and_dt_draw_the_same_frame():
    assert screen_after_deal_frames(8) == screen_after_deal_frames(8)


def test_different_deals_draw_different_frames():
    assert screen_after_deal_frames(8) != screen_after_deal_frames(9)
