"""Preferences of this device rather than of a match: the language, the sound levels, how the table looks and
moves (reduced motion, four-colour suits, large cards), how long Auto waits, how well the bots play, and the name and
portrait you take to a room with friends.

They live in ``prefs.json`` beside the saves (with the same crash-safe writing and backup), not in a save's table:
a Chinese-speaking player keeps Chinese when starting a new match, a muted laptop stays muted, and a player who
needs still cards keeps them after a relaunch. A save's table still carries its own copy of the table ones (older
saves have them), but the device's choice wins when it is continued (`TABLE_PREFS`). A bad or hand-edited file
never stops the game: each unusable value falls back to its default, an unreadable file is moved aside and named on
the title screen.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import asdict, dataclass, fields
from typing import Any

from game import bots
from game.atomic import GuardedFile, Problem, Unusable, describe, parse_json, value_code
from net.protocol import NAME_CHARS
from scenes.words.i18n import DEFAULT, LANGUAGES

PORTRAITS = 4  # the characters a player may choose for a room (scenes/art/avatars.py draws four)
VOLUMES = tuple(range(0, 101, 10))  # percent, the steps Settings offers
AUTO_INTERVALS = (0.5, 1.0, 2.0, 3.0)  # the seconds Auto may wait, as Settings cycles them
# TableSettings' fields that are this device's
TABLE_PREFS = ("level", "auto_interval", "auto_pass", "reduced_motion", "four_colour", "large_cards")


@dataclass
class Prefs:
    language: str = DEFAULT
    master: int = 100  # percent: every sound
    effects: int = 100  # percent: the table's sound effects, on top of the master
    muted: bool = False
    # the table's look and pace (TABLE_PREFS): TableSettings takes its defaults from here
    level: str = bots.DEFAULT_LEVEL
    auto_interval: float = 1.0  # seconds Auto waits before acting for you
    auto_pass: bool = False  # pass for you, after a moment, when nothing in your hand beats the play (要不起)
    reduced_motion: bool = False  # effects become brief still highlights: nothing shakes, flies or falls
    four_colour: bool = False  # spades black, hearts red, clubs green, diamonds blue
    large_cards: bool = False
    # who you are in a room with friends (docs/network.md): a name of up to NAME_CHARS, and a portrait
    name: str = ""  # empty: the table's word for "Player"
    avatar: int = 0
    # the room you are in, kept so that a game closed (or crashed) mid-match takes your seat back (its token)
    room_url: str = ""  # "" when you are in no room; a room this game hosts: "" too, its port in room_port
    room_code: str = ""
    room_token: str = ""
    room_port: int = 0  # the port of the server this game hosted for the room (started again on it)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Prefs:
        """Each value is kept only when it has its default's exact type and is one the game offers."""
        prefs = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if type(value) is type(getattr(prefs, f.name)):
                setattr(prefs, f.name, value)
        if prefs.language not in LANGUAGES:
            prefs.language = DEFAULT
        if len(prefs.name) > NAME_CHARS or not prefs.name.isprintable():
            prefs.name = ""
        if not 0 <= prefs.avatar < PORTRAITS:
            prefs.avatar = 0
        offered = {"master": VOLUMES, "effects": VOLUMES, "level": bots.LEVELS, "auto_interval": AUTO_INTERVALS}
        for name, values in offered.items():
            if getattr(prefs, name) not in values:
                setattr(prefs, name, getattr(cls, name))
        return prefs


def read_prefs(text: str) -> Prefs:
    data = parse_json(text)
    if not isinstance(data, dict):
        text = f"It holds {describe(data)} where a table of preferences belongs."
        raise Unusable(text, "not_prefs", held=value_code(data))
    return Prefs.from_dict(data)


class PrefsStore:
    """prefs.json in the save directory; `problem` holds the player-facing message of the last load, if any."""

    def __init__(self, directory: pathlib.Path) -> None:
        self._file = GuardedFile(pathlib.Path(directory), "prefs", "preferences file", read_prefs)
        self.problem: Problem | None = None

    def load(self) -> Prefs:
        """The saved preferences, or the defaults. Never raises."""
        outcome = self._file.read()
        self.problem = outcome.problem
        return outcome.value or Prefs()

    def peek(self) -> Prefs:
        """The saved preferences read without writing anything (a folder another game holds), or the defaults."""
        return self._file.peek() or Prefs()

    def save(self, prefs: Prefs) -> Problem | None:
        """Returns what had to be moved out of the way (atomic.GuardedFile.write), or None. Raises
        atomic.WriteFailed with a player-facing message."""
        return self._file.write((json.dumps(prefs.to_dict(), ensure_ascii=False) + "\n").encode("utf-8"))
