"""Headless games and synthetic input: a game in a window of a chosen size (or one that saves, on its title), frames
stepped, keys, pad buttons and clicks posted as SDL would. Tests take their game from the `app` fixture
(tests/conftest.py); these make one where a test starts the game itself (again, or with a save already there)."""

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from types import ModuleType
from unittest.mock import patch

import pygame

from game.savefile import SaveStore
from scenes.app import App
from scenes.screens.title import TitleScene

FULL_HD = (1920, 1080)


def headless_app(size: tuple[int, int] = FULL_HD) -> App:
    """A headless game in a `size` window with no events pending."""
    made = App(size, fullscreen=False, seed=1)
    pygame.event.clear()
    return made


def title_app(store: SaveStore, size: tuple[int, int] = FULL_HD) -> App:
    """A headless game that saves to `store`, on its title screen."""
    made = App(size, fullscreen=False, store=store, seed=2)
    pygame.event.clear()
    made.switch(TitleScene(made))
    return made


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(app: App, k: int) -> None:
    """A key pressed and let go (a held arrow would repeat)."""
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    steps(app, 2)


def pad(app: App, button: int) -> None:
    """A pad button pressed and let go."""
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)
    post(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button)
    steps(app, 2)


def click(app: App, at: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=button)
    post(pygame.MOUSEBUTTONUP, pos=at, button=button)
    steps(app, 2)


@contextmanager
def opened(app: App) -> Iterator[App]:
    """`app` for the length of a `with` block, then closed (a second start of the game within one test)."""
    try:
        yield app
    finally:
        app.close()


TEXT_ARGUMENT = {"blit_text": 1, "pill": 0}  # where each drawing function takes its text


def texts_drawn(frame: App | Callable[[], object], *modules: ModuleType, via: str = "blit_text") -> list[str]:
    """Every text that `modules` draw with their `via` (`blit_text`, or `pill` for a label on a pill) in one frame
    of an app, or in one call of `frame`, in drawing order."""
    seen: list[str] = []
    at = TEXT_ARGUMENT[via]
    with ExitStack() as patches:
        for module in modules:
            original = getattr(module, via)

            def spy(*args, original=original, **kwargs):
                seen.append(args[at])
                return original(*args, **kwargs)

            patches.enter_context(patch.object(module, via, spy))
        if isinstance(frame, App):
            frame.draw(frame.screen)
        else:
            frame()
    return seen
