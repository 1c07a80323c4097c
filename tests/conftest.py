"""Test set-up: headless SDL before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pathlib
from collections.abc import Iterator

import pytest

from game.savefile import SaveStore
from scenes.app import App
from scenes.table import marks, placing
from scenes.words.i18n import set_language
from tests.kit.app import saving_app


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that switches the language leaves English behind (use with `pytest.mark.usefixtures`)."""
    yield
    set_language("en")


@pytest.fixture
def titled(tmp_path: pathlib.Path) -> Iterator[App]:
    """A headless game on its title screen, saving to a fresh directory."""
    yield from saving_app(SaveStore(tmp_path / "saves"))


@pytest.fixture
def pills(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every label the table's marks put on a pill (the seats' tags; the allowance, made where it is placed) from
    now on."""
    seen: list[str] = []
    original = marks.pill

    def spy(label, *args, **kwargs):
        seen.append(label)
        return original(label, *args, **kwargs)

    monkeypatch.setattr(marks, "pill", spy)
    monkeypatch.setattr(placing, "pill", spy)
    return seen
