"""Shared set-up for the scene tests (no tests here): a headless 1920x1080 game (or one that saves, on its title),
synthetic input helpers, and easy bots that play a match forward to a chosen phase."""

import random
from collections.abc import Callable, Iterator

import pygame

from game import bots
from game.actions import Action, Bid, NextHand, Pass, Play
from game.match import Match, Phase
from game.observe import observe
from game.savefile import SaveStore
from scenes.app import App
from scenes.screens.title import TitleScene


def headless_game(size: tuple[int, int] = (1920, 1080)) -> Iterator[App]:
    """The body of each scene test module's `game` fixture (a 1920x1080 window unless `size` says otherwise)."""
    made = App(size, fullscreen=False, seed=1)
    pygame.event.clear()
    yield made
    made.close()


def title_game(store: SaveStore) -> App:
    """A headless 1920x1080 game that saves to `store`, on its title screen."""
    made = App((1920, 1080), fullscreen=False, store=store, seed=2)
    pygame.event.clear()
    made.switch(TitleScene(made))
    return made


def saving_game(store: SaveStore) -> Iterator[App]:
    """The body of a `game` fixture for a game on its title screen that saves to `store`."""
    made = title_game(store)
    yield made
    made.close()


def steps(game: App, n: int) -> None:
    for _ in range(n):
        game.step(1 / 60)


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(game: App, k: int) -> None:
    """A key pressed and let go (a held arrow would repeat)."""
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    steps(game, 2)


def pad(game: App, button: int) -> None:
    """A pad button pressed and let go."""
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
    post(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button)
    steps(game, 2)


def bot_action(match: Match, rng: random.Random) -> Action:
    """What the easy bot in the seat to act would do."""
    seat = match.turn
    view = observe(match, seat)
    if match.phase is Phase.BIDDING:
        return Bid(seat, bots.decide_bid(view, "easy"))
    move = bots.decide(view, "easy", rng)
    return Pass(seat) if move == "pass" else Play(seat, move)


def play_until(match: Match, done: Callable[[Match], bool], apply: Callable[[Action], object] | None = None) -> Match:
    """Easy bots play every seat, with Play again between hands, until `done(match)`; each action goes through
    `apply` (a Session's, to save and count) or straight to the match."""
    rng = random.Random(match.seed)
    act = apply or match.apply
    while not done(match):
        if match.phase is Phase.MATCH_OVER:
            raise AssertionError("the match ended before the position asked for")
        act(NextHand() if match.phase is Phase.HAND_OVER else bot_action(match, rng))
    return match


def settled(match: Match) -> bool:
    return match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def over(match: Match) -> bool:
    return match.phase is Phase.MATCH_OVER
