"""Issue 33: a game whose saves folder another game holds says so on its title and offers to play without saving
or to choose another folder (scenes/screens/folders.py), with the keys, a pad and the mouse; it never writes in the
held folder."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterator

import pygame
import pytest

from game.folder_lock import FolderLock, Lock
from main import open_first_scene
from scenes.app import App
from scenes.flow import new_match
from scenes.screens import folders
from scenes.words.i18n import tr
from tests.kit.app import click, pad, press, steps
from tests.kit.processes import contents

pytestmark = pytest.mark.usefixtures("english_after")


@pytest.fixture
def held(tmp_path) -> Iterator[pathlib.Path]:
    """The saves folder `tmp/games/saves`, held by another game (another lock on it) with a match saved there."""
    saves = tmp_path / "games" / "saves"
    lock = FolderLock(saves)
    assert lock.take() is Lock.HELD
    (saves / "match.json").write_text("{}")  # whatever the other game keeps there: never read or moved here
    yield saves
    lock.release()


@pytest.fixture
def busy(held) -> Iterator[App]:
    """The second game, as main.py opens it on a held folder: nothing to save to, the offer over the title."""
    made = App((1920, 1080), fullscreen=False, store=None, seed=2, busy=held)
    pygame.event.clear()
    open_first_scene(made, None, new=False)
    steps(made, 2)
    yield made
    made.close()


def keys_of(busy: App) -> list[str]:
    return (
        [b.key for b in busy.scene.buttons] if busy.scene.name == "folders" else [b.key for b in busy.scene.row.buttons]
    )


def test_the_offer_opens_over_the_title_and_playing_unsaved_writes_nothing_there(busy, held):
    before = contents(held)
    assert busy.scene.name == "folder in use" and busy.scene.row.focused().key == "unsaved"
    assert str(held) in busy.scene.note and "does not save there" in busy.scene.note
    press(busy, pygame.K_ESCAPE)  # Esc: play without saving
    assert busy.scene.name == "title" and busy.store is None
    assert keys_of(busy)[:2] == ["folder", "new"] and busy.scene.row.focused().key == "new"  # no Continue
    new_match(busy, "standard")
    steps(busy, 240)  # the bots bid and play a while
    assert busy.session is not None and contents(held) == before


def test_the_title_says_why_nothing_is_saved_and_its_entry_offers_again(busy, held):
    press(busy, pygame.K_ESCAPE)
    said = tr("folders.busy_panel", directory=str(held))
    assert "Another game is using the saves folder" in said and "Choose Saves folder" in said
    busy.draw(busy.screen)  # the panel beside the menu (seen under Xvfb: docs/saves.md)
    press(busy, pygame.K_UP)
    press(busy, pygame.K_RETURN)  # Saves folder...
    assert busy.scene.name == "folder in use"


def test_choose_another_folder_with_the_keys_a_held_one_is_refused_a_new_one_is_used(busy, held):
    press(busy, pygame.K_DOWN)
    press(busy, pygame.K_RETURN)  # Choose another folder
    picker = busy.scene
    assert (picker.name, picker.here) == ("folders", held.parent)
    assert keys_of(busy) == ["use", "new", "up", "dir:saves"]
    for _ in range(3):
        press(busy, pygame.K_DOWN)
    press(busy, pygame.K_RETURN)  # into saves/
    assert picker.here == held
    press(busy, pygame.K_RETURN)  # Save in this folder: the other game's
    assert picker.note == tr("folders.in_use") and busy.scene is picker and busy.busy == held
    press(busy, pygame.K_LEFT)  # up one folder
    assert picker.here == held.parent and picker.note == ""
    press(busy, pygame.K_DOWN)
    press(busy, pygame.K_RETURN)  # New folder here
    made = held.parent / "doudizhu-saves"
    assert busy.scene.name == "title" and busy.busy is None and busy.store.directory == made
    assert (made / "game.lock").exists() and json.loads((made / "prefs.json").read_text())["language"] == "en"
    assert keys_of(busy)[0] == "continue" and FolderLock(made).take() is Lock.BUSY  # this game holds it now


def test_the_pad_and_the_mouse_walk_the_folders_too(busy, held):
    pad(busy, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(busy, pygame.CONTROLLER_BUTTON_A)
    picker = busy.scene
    assert picker.name == "folders"
    pad(busy, pygame.CONTROLLER_BUTTON_B)  # back to the title, nothing changed
    assert busy.scene.name == "title" and busy.busy == held
    press(busy, pygame.K_UP)
    press(busy, pygame.K_RETURN)
    press(busy, pygame.K_DOWN)
    press(busy, pygame.K_RETURN)
    picker = busy.scene
    (held.parent / "elsewhere").mkdir()
    picker.open(held.parent)
    row = next(b for b in picker.buttons if b.key == "dir:elsewhere")
    click(busy, row.rect.center)
    assert picker.here == held.parent / "elsewhere"
    use = next(b for b in picker.buttons if b.key == "use")
    click(busy, use.rect.center)
    assert busy.scene.name == "title" and busy.store.directory == held.parent / "elsewhere"


def test_a_long_list_scrolls_with_the_focus_and_by_its_arrows(busy, held, tmp_path):
    for k in range(1, 21):
        (tmp_path / "many" / f"folder {k}").mkdir(parents=True)
    picker = folders.FolderPicker(busy, tmp_path / "many")
    busy.push(picker)
    assert [b.label for b in picker.buttons][3:6] == ["folder 1", "folder 2", "folder 3"]  # as a person sorts
    assert list(picker.arrows) == ["down"]
    for _ in range(12):
        press(busy, pygame.K_DOWN)
    focused = next(b for b in picker.buttons if b.focus)
    assert focused.label == "folder 10" and picker.top > 0 and set(picker.arrows) == {"up", "down"}
    top = picker.top
    click(busy, picker.arrows["down"].center)  # a page on, the focus kept in view
    assert picker.top == top + folders.ROWS and next(b for b in picker.buttons if b.focus)
    click(busy, picker.arrows["down"].center)  # to the end
    assert picker.top == len(picker.entries) - folders.ROWS and "down" not in picker.arrows


def test_a_folder_that_cannot_be_made_is_said_and_the_picker_stays(busy, held, monkeypatch):
    picker = folders.FolderPicker(busy, held.parent)
    busy.push(picker)

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(pathlib.Path, "mkdir", refuse)
    picker.choose("new")
    assert picker.note == tr("folders.unusable", reason="Permission denied") and busy.busy == held


def test_the_held_folder_s_language_is_read_never_written(held):
    (held / "prefs.json").write_text('{"language": "zh"}')
    before = contents(held)
    made = App((1920, 1080), fullscreen=False, store=None, seed=2, busy=held)
    try:
        open_first_scene(made, None, new=False)
        steps(made, 2)
        assert made.prefs.language == "zh" and made.scene.note.startswith("另一个斗地主游戏正在使用存档文件夹")
    finally:
        made.close()
    assert contents(held) == before
