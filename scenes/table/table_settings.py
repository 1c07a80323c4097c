"""The settings that matter to the table and travel with its save (the computer's own preferences, language and
sound, are in `scenes/platform/prefs.py`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game import bots

AUTO_INTERVALS = (0.5, 1.0, 2.0, 3.0)  # the seconds Auto may wait, as Settings cycles them


@dataclass
class TableSettings:
    """Settings that matter to the table and travel with the save."""

    auto: bool = False
    level: str = bots.DEFAULT_LEVEL
    counter: bool = True
    auto_interval: float = 1.0  # seconds Auto waits before acting for you
    auto_pass: bool = False  # pass for you, after a moment, when nothing in your hand beats the play (要不起)
    reduced_motion: bool = False  # effects become brief still highlights: nothing shakes, flies or falls
    four_colour: bool = False  # spades black, hearts red, clubs green, diamonds blue
    large_cards: bool = False
    turn_timers: bool = False  # the 003 timers for a ruleset without its own (standard)
    practice: bool = False  # undo your decisions; the match stays out of your statistics

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from a save's table. The save layer checks only that it is an object, so a value is kept only
        when it has its default's exact type and, for the level and the interval, is one the game offers: a
        hand-edited `"auto_interval": "x"` or `"level": null` falls back to the default, never breaks the table."""
        settings = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if type(value) is type(getattr(settings, f.name)):
                setattr(settings, f.name, value)
        if settings.level not in bots.LEVELS:
            settings.level = bots.DEFAULT_LEVEL
        if settings.auto_interval not in AUTO_INTERVALS:
            settings.auto_interval = cls.auto_interval
        return settings
