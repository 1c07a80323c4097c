"""The Settings screen: the table's settings (saved with the match) and this device's preferences."""

from __future__ import annotations

from game.rulesets import Ruleset
from scenes.flow import set_practice
from scenes.platform.input import Act, Input
from scenes.platform.prefs import AUTO_INTERVALS, VOLUMES
from scenes.screens.overlay import TwoColumnOverlay
from scenes.table.table_settings import LEVELS
from scenes.words.i18n import LANGUAGES, tr
from scenes.words.wording import level_name, ruleset_title


def on_off(value: bool) -> str:
    return tr("settings.on" if value else "settings.off")


class SettingsOverlay(TwoColumnOverlay):
    """Two columns: the table's settings on the left, the screen's and the sound's on the right. The match keeps
    its counter, timers and practice in its save; this device keeps the rest in prefs.json, across new matches and
    relaunches (`scenes/platform/prefs.py`). Left/Right turn a focused volume down or up; Confirm steps it up to
    100%; a click on its left half lowers it, on its right half raises it."""

    name = "settings"
    title_key = "settings.title"
    width = 1240
    lines = 8

    def items(self) -> list[tuple[str, str, str]]:
        s, prefs = self.host.table_settings, self.host.prefs
        colours = "settings.colours_four" if s.four_colour else "settings.colours_two"
        return [
            ("level", tr("settings.level", level=level_name(s.level)), "plain"),
            ("interval", tr("settings.interval", seconds=f"{s.auto_interval:g}"), "plain"),
            ("autopass", tr("settings.auto_pass", state=on_off(s.auto_pass)), "plain"),
            ("counter", tr("settings.counter", state=on_off(s.counter)), "plain"),
            ("timers", self._timers_label(), "plain"),
            ("motion", tr("settings.motion", state=on_off(s.reduced_motion)), "plain"),
            ("colours", tr(colours), "plain"),
            ("large", tr("settings.large", state=on_off(s.large_cards)), "plain"),
            ("practice", tr("replay.practice_on" if s.practice else "replay.practice_off"), "plain"),
            ("language", tr("settings.language", name=LANGUAGES[prefs.language]), "plain"),
            ("sound", tr("settings.sound", state=on_off(not prefs.muted)), "plain"),
            ("master", tr("settings.master", percent=prefs.master), "plain"),
            ("effects", tr("settings.effects", percent=prefs.effects), "plain"),
            ("screen", tr("settings.screen", state=on_off(self.host.fullscreen)), "plain"),
            ("back", tr("common.back"), "play"),
        ]

    def _ruleset_timed(self) -> Ruleset | None:
        """The ruleset at the table when it has timers of its own (classic, no-shuffle): they cannot be turned off."""
        session = self.host.session
        rules = session.view.rules if session is not None else None
        return rules if rules is not None and rules.turn_seconds is not None else None

    def _timers_label(self) -> str:
        own = self._ruleset_timed()
        if own is not None:
            return tr("settings.timers_ruleset", ruleset=ruleset_title(own))
        return tr("settings.timers", state=on_off(self.host.table_settings.turn_timers))

    def relayout(self) -> None:
        super().relayout()
        self.row.get("timers").enabled = self._ruleset_timed() is None  # the ruleset's own timers: shown, greyed

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.row.buttons:
            if b.focus and b.key in ("master", "effects"):
                b.hint = tr("settings.volume_hint")
            if b.focus and b.key == "practice":
                b.hint = tr("replay.practice_hint")
            if b.focus and b.key == "sound":
                b.hint = self.canvas.inputs.label(Act.MUTE)

    def handle(self, event: Input) -> None:
        focused = self.row.focused()
        if event.act in (Act.LEFT, Act.RIGHT) and focused is not None and focused.key in ("master", "effects"):
            self.turn(focused.key, -1 if event.act is Act.LEFT else 1)
            return
        clicked = self.row.at(event.pos) if event.act is Act.POINTER_DOWN and event.pos else None
        if clicked is not None and clicked.key in ("master", "effects"):  # the left half lowers, the right raises
            self.turn(clicked.key, -1 if event.pos[0] < clicked.rect.centerx else 1)
            return
        super().handle(event)

    def turn(self, key: str, step: int) -> None:
        """One volume step up or down, kept between 0 and 100% (a click never jumps from 100% to silence)."""
        index = max(0, min(len(VOLUMES) - 1, VOLUMES.index(getattr(self.host.prefs, key)) + step))
        self.host.change_prefs(**{key: VOLUMES[index]})
        self.relayout()

    def choose(self, key: str) -> None:
        s, prefs = self.host.table_settings, self.host.prefs
        if key == "language":
            codes = list(LANGUAGES)
            self.host.change_prefs(language=codes[(codes.index(prefs.language) + 1) % len(codes)])
        elif key == "sound":
            self.host.change_prefs(muted=not prefs.muted)
        elif key in ("master", "effects"):
            self.turn(key, 1)  # Confirm steps up and stops at 100%; Left (or a click on the left half) lowers
            return
        elif key == "level":
            self.host.change_prefs(level=LEVELS[(LEVELS.index(s.level) + 1) % len(LEVELS)])
        elif key == "interval":
            interval = next((v for v in AUTO_INTERVALS if v > s.auto_interval), AUTO_INTERVALS[0])
            self.host.change_prefs(auto_interval=interval)
        elif key == "autopass":
            self.host.change_prefs(auto_pass=not s.auto_pass)
        elif key == "counter":
            s.counter = not s.counter
        elif key == "screen":
            self.host.toggle_fullscreen()
        elif key == "motion":
            self.host.change_prefs(reduced_motion=not s.reduced_motion)
        elif key == "colours":
            self.host.change_prefs(four_colour=not s.four_colour)
            self.host.restyle_cards()
        elif key == "large":
            self.host.change_prefs(large_cards=not s.large_cards)
            self.host.restyle_cards()
        elif key == "timers" and self._ruleset_timed() is None:
            s.turn_timers = not s.turn_timers
        elif key == "practice":
            set_practice(self.host, not s.practice)
        elif key == "back":
            self.close()
            return
        if self.host.session is not None:
            self.host.session.save()
        self.relayout()
