"""Test set-up: headless SDL before anything imports pygame, and the fixtures every module shares: `app` (the
headless game a scene test drives, shaped by its `app` marker), `store`, `english_after` and `pills`."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DOUDIZHU_LAN", "127.0.0.1")  # a room a test hosts is told to this machine only

import pathlib
from collections.abc import Iterator

import pygame
import pytest

from game.savefile import SaveStore
from scenes.app import App
from scenes.screens.title import TitleScene
from scenes.table import marks, placing
from scenes.table.table_settings import TableSettings
from scenes.words.i18n import set_language
from tests.kit.app import FULL_HD, headless_app, title_app

Windows = dict[tuple[tuple[int, int], bool], App]


@pytest.fixture
def store(tmp_path: pathlib.Path) -> SaveStore:
    """A save directory of the test's own."""
    return SaveStore(tmp_path / "saves")


@pytest.fixture(scope="module")
def windows() -> Iterator[Windows]:
    """The games that a module's tests marked `app(shared=True)` share, by size and saving; closed after the module."""
    made: Windows = {}
    yield made
    for window in made.values():
        window.close()


def reused(windows: Windows, size: tuple[int, int], store: SaveStore | None) -> App:
    """The module's window of this kind (opened on first use), with new table settings and no events pending; a
    saving one also gets the test's `store` and no match, on its title screen."""
    key = (size, store is not None)
    if key not in windows:
        windows[key] = headless_app(size) if store is None else title_app(store, size)
    window = windows[key]
    window.table_settings = TableSettings()
    pygame.event.clear()
    if store is not None:
        window.store, window.session = store, None
        window.switch(TitleScene(window))
    return window


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """The headless game a scene test drives: a 1920x1080 window, no events pending, closed after the test. The
    test's (or its module's) `app` marker changes that: `size=(w, h)` another window (or parametrise `app`
    indirectly with sizes); `title=True` on its title screen; `saving=True` saving to the test's `store`, on its
    title screen; `shared=True` one window for the whole module (opening one costs about a second), fresh table
    settings for each test."""
    marker = request.node.get_closest_marker("app")
    options = marker.kwargs if marker else {}
    if unknown := set(options) - {"size", "title", "saving", "shared"}:
        raise TypeError(f"the app marker has no option {', '.join(sorted(unknown))}")
    size = getattr(request, "param", options.get("size", FULL_HD))
    store = request.getfixturevalue("store") if options.get("saving") else None
    if options.get("shared"):
        yield reused(request.getfixturevalue("windows"), size, store)
        return
    made = headless_app(size) if store is None else title_app(store, size)
    if options.get("title"):
        made.show_title()
    yield made
    made.close()


@pytest.fixture
def english_after() -> Iterator[None]:
    """A test that switches the language leaves English behind (use with `pytest.mark.usefixtures`)."""
    yield
    set_language("en")


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
