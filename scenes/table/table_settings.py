"""The settings that matter to the table and travel with its save. Those that are this device's (the level, Auto's
pace, the look and the motion: `TABLE_PREFS`) are kept in prefs.json too, and the device's value wins when a save
is continued (`scenes/platform/prefs.py`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from game.bots import DEFAULT_LEVEL, LEVELS
from scenes.platform.prefs import AUTO_INTERVALS, Prefs


@dataclass
class TableSettings:
    """Settings that matter to the table and travel with the save."""

    auto: bool = False
    level: str = Prefs.level
    counter: bool = True
    auto_interval: float = Prefs.auto_interval
    auto_pass: bool = Prefs.auto_pass
    reduced_motion: bool = Prefs.reduced_motion
    four_colour: bool = Prefs.four_colour
    large_cards: bool = Prefs.large_cards
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
        if settings.level not in LEVELS:
            settings.level = DEFAULT_LEVEL
        if settings.auto_interval not in AUTO_INTERVALS:
            settings.auto_interval = cls.auto_interval
        return settings
