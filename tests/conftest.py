"""Test set-up: headless SDL before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pathlib
from collections.abc import Iterator

import pytest

from game.savefile import SaveStore
from scenes.app import App
from scenes.words.i18n import set_language
from tests.test_scene_kit import saving_game


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that switches the language leaves English behind (use with `pytest.mark.usefixtures`)."""
    yield
    set_language("en")


@pytest.fixture
def titled(tmp_path: pathlib.Path) -> Iterator[App]:
    """A headless game on its title screen, saving to a fresh directory."""
    yield from saving_game(SaveStore(tmp_path / "saves"))
