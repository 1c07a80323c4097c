"""When another game holds the saves folder (`game.folder_lock`): the offer to play without saving or to choose
another folder, and the folder picker, a list a mouse, the keys and a pad all walk (no typing: a pad cannot type).

The picker starts beside the busy folder. Its list: use the folder shown, make a new folder in it (and save there),
go up one folder, then each folder inside; a long list scrolls with the focus, or a page at a time by its arrows.
"""

from __future__ import annotations

import pathlib
import re
from typing import TYPE_CHECKING

import pygame

from game.folder_lock import Lock
from scenes.art.felt import felt
from scenes.art.text import blit_text, text
from scenes.art.widgets import CREAM, GOLD, INK, MUTED, WARN, Button
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.screens.overlay import MenuOverlay
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

ROWS = 8  # folder rows shown at once
MOST = 500  # folders listed at the most (a huge folder is still a list one can walk)
NEW_NAME = "doudizhu-saves"  # a folder made here: doudizhu-saves, doudizhu-saves-2, ...


class FolderInUse(MenuOverlay):
    """Another game uses this saves folder: play without saving (this game writes nothing there), or choose
    another folder. Play without saving is focused, and Esc means it."""

    name = "folder in use"
    title_key = "folders.busy_title"
    closer = "unsaved"
    width = 900

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.note = tr("folders.busy_note", directory=str(host.busy))

    def items(self) -> list[tuple[str, str, str]]:
        return [
            ("unsaved", tr("folders.unsaved"), "play"),
            ("choose", tr("folders.choose"), "plain"),
            ("quit", tr("title.quit"), "dark"),
        ]

    def choose(self, key: str) -> None:
        if key == "unsaved":
            self.close()
        elif key == "choose":
            self.close()
            start = self.host.busy.parent if self.host.busy is not None else pathlib.Path.home()
            self.host.push(FolderPicker(self.host, start))
        elif key == "quit":
            self.host.quit()


def subfolders(directory: pathlib.Path) -> list[pathlib.Path]:
    """The folders in `directory` a player would pick from: not hidden, by name, at most MOST. Raises OSError."""
    found = sorted((p for p in directory.iterdir() if p.is_dir() and not p.name.startswith(".")), key=_by_name)
    return found[:MOST]


def _by_name(path: pathlib.Path) -> tuple[list[tuple[int, str]], str]:
    """Names as a person sorts them: "folder 2" before "folder 10", capitals or not."""
    parts = re.split(r"(\d+)", path.name.casefold())
    return [(int(part), "") if part.isdigit() else (-1, part) for part in parts], path.name


def fresh_folder(directory: pathlib.Path) -> pathlib.Path:
    """A name in `directory` that nothing has yet: NEW_NAME, then NEW_NAME-2, -3, ..."""
    n, made = 1, directory / NEW_NAME
    while made.exists() or made.is_symlink():
        n += 1
        made = directory / f"{NEW_NAME}-{n}"
    return made


class FolderPicker(Scene):
    """Walk the folders and choose where this game saves. Confirm opens a folder or does what a row says, Left goes
    up one folder, Pass or Esc goes back to the title without a change."""

    name = "folders"

    def __init__(self, host: Host, start: pathlib.Path) -> None:
        super().__init__(host)
        self.here = start
        self.entries: list[tuple[str, str, str]] = []  # (key, label, style): actions, then "dir:<name>"
        self.focus = 0
        self.top = 0  # the first entry shown
        self.note = ""  # why the last choice did not work, or why this folder cannot be listed
        self.folders = 0  # how many folders the list shows below its actions
        self.buttons: list[Button] = []
        self.back = Button("back", "", pygame.Rect(0, 0, 0, 0), "dark")
        self.arrows: dict[str, pygame.Rect] = {}  # "up"/"down" -> the page arrow's rect, when there is more
        self.open(start)

    def open(self, directory: pathlib.Path) -> None:
        """Show `directory` (its nearest folder that exists): its actions and the folders in it."""
        while not directory.is_dir() and directory.parent != directory:
            directory = directory.parent
        self.here, self.note = directory, ""
        self.entries = [("use", tr("folders.use_here"), "play"), ("new", tr("folders.new_here"), "plain")]
        if directory.parent != directory:
            self.entries.append(("up", tr("folders.up", name=directory.parent.name or str(directory.parent)), "plain"))
        self.folders = 0
        try:
            found = subfolders(directory)
        except OSError as err:
            self.note = tr("folders.unreadable", reason=err.strerror or str(err))
        else:
            self.entries += [(f"dir:{p.name}", p.name, "plain") for p in found]
            self.folders = len(found)
        self.focus = self.top = 0
        self.relayout()

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.canvas.geo
        w, h = self.canvas.screen.get_size()
        last = max(0, len(self.entries) - ROWS)
        self.top = max(0, min(max(self.top, self.focus - ROWS + 1), self.focus, last))  # the focus in view
        row_w, row_h, gap = geo.px(900), geo.px(66), geo.px(12)
        x, y = (w - row_w) // 2, geo.px(230)
        self.buttons = []
        for k, (key, label, style) in enumerate(self.entries[self.top : self.top + ROWS]):
            button = Button(key, label, pygame.Rect(x, y + k * (row_h + gap), row_w, row_h), style)
            button.focus = self.top + k == self.focus
            self.buttons.append(button)
        self.arrows = {}
        size = geo.px(44)
        if self.top > 0:
            self.arrows["up"] = pygame.Rect(x + row_w + geo.px(24), y, size, size)
        if self.top + ROWS < len(self.entries):
            bottom = y + ROWS * (row_h + gap) - gap
            self.arrows["down"] = pygame.Rect(x + row_w + geo.px(24), bottom - size, size, size)
        back = pygame.Rect(geo.px(40), h - geo.px(100), geo.px(240), geo.px(64))
        self.back = Button("back", tr("folders.back"), back, "dark")

    def update(self, dt: float) -> None:
        inputs = self.canvas.inputs
        for button in self.buttons:
            button.hint = inputs.label(Act.CONFIRM) if button.focus else ""
        self.back.hint = inputs.label(Act.MENU)

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.host.pop()
        elif act in (Act.UP, Act.DOWN):
            self.move(-1 if act is Act.UP else 1)
        elif act is Act.LEFT:
            self.open(self.here.parent)
        elif act is Act.CONFIRM and self.entries:
            self.choose(self.entries[self.focus][0])
        elif act is Act.POINTER_MOVE and event.pos is not None:
            for button in [*self.buttons, self.back]:
                button.hover = button.hit(event.pos)
        elif act is Act.POINTER_DOWN and event.pos is not None:
            self.click(event.pos)

    def click(self, pos: tuple[int, int]) -> None:
        for way, rect in self.arrows.items():
            if rect.collidepoint(pos):
                self.top = max(0, min(self.top + (ROWS if way == "down" else -ROWS), len(self.entries) - ROWS))
                self.focus = min(max(self.focus, self.top), self.top + ROWS - 1)
                self.relayout()
                return
        if self.back.hit(pos):
            self.host.pop()
            return
        for k, button in enumerate(self.buttons):
            if button.hit(pos):
                self.focus = self.top + k
                self.choose(button.key)
                return

    def move(self, step: int) -> None:
        self.focus = max(0, min(len(self.entries) - 1, self.focus + step))
        self.relayout()

    def choose(self, key: str) -> None:
        self.note = ""
        if key == "up":
            self.open(self.here.parent)
        elif key.startswith("dir:"):
            self.open(self.here / key.removeprefix("dir:"))
        elif key == "use":
            self.use(self.here)
        elif key == "new":
            made = fresh_folder(self.here)
            try:
                made.mkdir()
            except OSError as err:
                self.note = tr("folders.unusable", reason=err.strerror or str(err))
                return
            self.use(made)

    def use(self, directory: pathlib.Path) -> None:
        """Save in `directory` from now on, if this game can hold it; back to the title."""
        taken, reason = self.host.use_folder(directory)
        if taken is Lock.HELD:
            self.host.show_title()
        elif taken is Lock.BUSY:
            self.note = tr("folders.in_use")
        else:
            self.note = tr("folders.unusable", reason=reason or "")

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        w, _ = surface.get_size()
        surface.blit(felt(surface.get_size()), (0, 0))
        blit_text(surface, tr("folders.picker_title"), geo.px(56), GOLD, (w // 2, geo.px(40)), "midtop", True)
        path = shortened(str(self.here), geo.px(26), geo.px(1400))
        blit_text(surface, path, geo.px(26), CREAM, (w // 2, geo.px(140)), "midtop")
        for button in self.buttons:
            button.draw(surface, geo.px(28))
            if button.key.startswith("dir:"):
                folder_icon(surface, button.rect, geo.px(30))
        for way, rect in self.arrows.items():
            tip, base = (rect.midtop, rect.bottom) if way == "up" else (rect.midbottom, rect.top)
            pygame.draw.polygon(surface, GOLD, [tip, (rect.left, base), (rect.right, base)])
        if not self.folders and not self.note:
            blit_text(surface, tr("folders.empty"), geo.px(22), MUTED, (w // 2, geo.px(900)), "midtop")
        if self.note:
            blit_text(surface, self.note, geo.px(24), WARN, (w // 2, geo.px(900)), "midtop")
        self.back.draw(surface, geo.px(26))


def folder_icon(surface: pygame.Surface, row: pygame.Rect, size: int) -> None:
    """A small folder drawn at the row's left: a folder's row is told from the actions above it at a glance."""
    body = pygame.Rect(0, 0, size, size * 3 // 4)
    body.midleft = (row.x + row.height // 2, row.centery + size // 16)
    tab = pygame.Rect(body.x, body.y - size // 6, size * 2 // 5, size // 4)
    for rect in (tab, body):
        pygame.draw.rect(surface, GOLD, rect, border_radius=max(1, size // 10))
        pygame.draw.rect(surface, INK, rect, width=max(1, size // 14), border_radius=max(1, size // 10))


def shortened(value: str, size: int, width: int) -> str:
    """A path cut from the left ("…/games/doudizhu/saves") so that it fits `width` pixels at `size`."""
    if text(value, size, CREAM).get_width() <= width:
        return value
    cut = value
    while len(cut) > 1 and text("…" + cut, size, CREAM).get_width() > width:
        cut = cut[max(1, len(cut) // 8) :]
    return "…" + cut
