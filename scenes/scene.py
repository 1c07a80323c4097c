"""The screen interface, and what a screen has of the app: `Canvas`, what it draws with, and `Host`, what it (and a
match verb) may ask for.

A `Scene` is a stack entry with enter/exit/pause/resume, `update(dt)`, `draw(surface)`, `handle(input)`. `draw`
never changes state; time moves only in `update`. An `overlay` scene is drawn over the scene below it, which stays
visible and still (it is paused and gets no input); of overlays stacked up, only the top one is drawn.

Screens type against `Host` (structural typing) and never import the app: moving sideways (to the screen of the
match's phase, to the title) is asked of the host, which alone knows every screen.
"""

from __future__ import annotations

import pathlib
import random
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from scenes.platform.input import Input

if TYPE_CHECKING:
    from game.folder_lock import Lock
    from scenes.art.cards import CardArt
    from scenes.art.sound import Sounds
    from scenes.platform.input import Inputs
    from scenes.platform.prefs import Prefs
    from scenes.table.layout import Fitted
    from scenes.table.remote_seat import RemoteSeat
    from scenes.table.session import Session
    from scenes.table.table_settings import TableSettings


class Canvas(Protocol):
    """What a screen draws with: the window, the layout fitted to it, the card art, this device's input and sound."""

    screen: pygame.Surface
    geo: Fitted  # the layout fitted to the window
    art: Mapping[str, CardArt]  # card art per size: "hand", "table", "mini"
    inputs: Inputs
    sounds: Sounds


class Host(Protocol):
    """What a screen asks of the app: the match at the table and where it is saved, this device's settings, and the
    moves from screen to screen."""

    pool: Executor  # the process pool the bots think in
    store: Any  # a game.savefile.SaveStore, or None when nothing is saved
    seeds: random.Random  # new matches draw their seeds here
    session: Session | None  # the match at the table, if any
    room: RemoteSeat | None  # the room with friends you are in, if any
    table_settings: TableSettings
    prefs: Prefs
    problem: str | None  # a save (or preferences) problem for the title screen
    busy: pathlib.Path | None  # a saves folder another game holds: nothing is saved (the title offers another)
    demo: bool  # bots in every seat, screens move on by themselves
    making: bool  # art and modules still made between the frames (the demo's title waits for them)
    steady: bool  # the headless demo: a late bot is waited for, so frames repeat
    ruleset: str  # `--ruleset NAME`
    first_deal: int | None  # `--deal N`
    fullscreen: bool

    @property
    def canvas(self) -> Canvas:
        """What the screens draw with."""

    def push(self, scene: Scene) -> None:
        """Open `scene` over the one on top."""

    def pop(self) -> None:
        """Close the scene on top."""

    def show(self, session: Session, settle: bool = True) -> None:
        """The screen for the match's phase in place of the whole stack; with `settle`, a finished hand's
        settlement opens over it at once (else the play screen brings it once the last cards have landed)."""

    def show_title(self) -> None:
        """The title screen in place of the whole stack."""

    def change_prefs(self, **changes: Any) -> None:
        """Apply and keep changed device preferences (language, sound levels)."""

    def restyle_cards(self) -> None:
        """Draw the card art again in the table settings' style."""

    def toggle_fullscreen(self) -> None:
        """Full screen, or back to the window."""

    def use_folder(self, directory: pathlib.Path) -> tuple[Lock, str | None]:
        """Save in `directory` from now on, if this game can hold it: how its lock went, and why not."""

    def quit(self) -> None:
        """Leave the game, saving the match first."""


class Scene:
    name = "scene"
    overlay = False
    typing = False  # takes typed text (Act.TEXT, Act.ERASE): the app turns text input on while it is on top

    def __init__(self, host: Host) -> None:
        self.host = host
        self.canvas = host.canvas

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was removed."""

    def relayout(self) -> None:
        """The window changed size: rebuild rects from `canvas.geo`."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds of table time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current state; must not change it."""

    def handle(self, event: Input) -> None:
        """React to one semantic input."""
