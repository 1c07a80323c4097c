"""Frames: the deal animation is a pure function of the seed and dt (its frame time is measured by
`python -m benchmarks.frames`, not here: a test asserts no wall-clock figure)."""

import hashlib

import pygame

from game import events as ev
from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show

DEAL_FRAMES = 120  # the deal takes about 170 frames: bots have not started thinking yet


def dealing(game: App, seed: int) -> None:
    match = Match("standard", seed)
    session = open_session(game, match)
    session.absorb([ev.Dealt(match.hand.number, match.hand.deal_no, match.hand.first_bidder, redeal=False)])
    show(game, session)


def screen_after_deal_frames(seed: int) -> str:
    game = App((1280, 720), fullscreen=False, seed=1)
    try:
        dealing(game, seed)
        for _ in range(DEAL_FRAMES):
            game.step(1 / 60)
        return hashlib.sha1(pygame.image.tobytes(game.screen, "RGB")).hexdigest()
    finally:
        game.close()


def test_same_seed_and_dt_draw_the_same_frame():
    assert screen_after_deal_frames(8) == screen_after_deal_frames(8)


def test_different_deals_draw_different_frames():
    assert screen_after_deal_frames(8) != screen_after_deal_frames(9)
