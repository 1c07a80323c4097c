"""Overlays over the table or the title: the pause menu, settings, the ruleset picker and the reading chooser.

Each takes the input while the scene beneath stays drawn and still.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import bots
from game.combos import Reading
from game.kinds import Kind
from game.rulesets import RULESETS
from scenes.input import Act, Input
from scenes.rules_help import RulesHelp
from scenes.scene import Scene
from scenes.session import AUTO_INTERVALS
from scenes.text import blit_text, wrap
from scenes.widgets import GOLD, MUTED, Row, dim, panel

if TYPE_CHECKING:
    from scenes.game import Game
    from scenes.session import Session


class MenuOverlay(Scene, ABC):
    """A titled column of buttons; Up/Down or the mouse pick, Confirm or a click chooses, Esc/Pass closes."""

    overlay = True
    title = ""
    width = 560

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.row = Row()
        self.note = ""

    @abstractmethod
    def items(self) -> list[tuple[str, str, str]]:
        """(key, label, style) per button, top to bottom."""

    @abstractmethod
    def choose(self, key: str) -> None:
        """Act on the button with this key."""

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.game.geo
        focused = self.row.focused()
        items = self.items()
        height, gap = geo.px(70), geo.px(16)
        box = self.box()
        area = pygame.Rect(0, 0, geo.px(self.width - 120), len(items) * (height + gap))
        area.midtop = (box.centerx, box.y + geo.px(110))
        self.row = Row.stacked(area, items, height, gap)
        keep = next((b for b in self.row.buttons if focused and b.key == focused.key), None)
        (keep or self.row.buttons[0]).focus = True

    def box(self) -> pygame.Rect:
        geo = self.game.geo
        count = len(self.items())
        rect = pygame.Rect(0, 0, geo.px(self.width), geo.px(150 + 86 * count + (60 if self.note else 0)))
        rect.center = geo["panel"].center
        return rect

    def close(self) -> None:
        self.game.pop()

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):
            self.close()
        elif act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            self.row.move_focus(-1 if act in (Act.UP, Act.LEFT) else 1)
        elif act is Act.CONFIRM and (focused := self.row.focused()) is not None:
            self.choose(focused.key)
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN:
            hit = self.row.at(event.pos)
            if hit is not None:
                self.choose(hit.key)
            elif not self.box().collidepoint(event.pos):
                self.close()

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.game.geo
        dim(surface)
        box = self.box()
        surface.blit(panel(box.size, 250, geo.px(24)), box.topleft)
        blit_text(surface, self.title, geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        self.row.draw(surface, geo.px(28))
        if self.note:
            y = box.bottom - geo.px(56)
            for line in wrap(self.note, geo.px(20), box.width - geo.px(60))[:2]:
                y = blit_text(surface, line, geo.px(20), MUTED, (box.centerx, y), "midtop").bottom


class PauseMenu(MenuOverlay):
    name = "menu"
    title = "Paused"

    def __init__(self, game: Game, session: Session) -> None:
        super().__init__(game)
        self.session = session

    def items(self) -> list[tuple[str, str, str]]:
        return [
            ("resume", "Resume", "play"),
            ("new", "New game", "plain"),
            ("match", "Start new match", "plain"),
            ("rules", "Rules", "plain"),
            ("settings", "Settings", "plain"),
            ("title", "Save & title", "plain"),
            ("quit", "Save & quit", "dark"),
        ]

    def choose(self, key: str) -> None:
        from scenes.flow import abandon_hand, start_new_match, to_title

        if key == "resume":
            self.close()
        elif key == "new":
            abandon_hand(self.game, self.session)
        elif key == "match":
            start_new_match(self.game, self.session.match.rules.name)
        elif key == "rules":
            self.game.push(RulesHelp(self.game))
        elif key == "settings":
            self.game.push(SettingsOverlay(self.game))
        elif key == "title":
            to_title(self.game)
        elif key == "quit":
            self.game.quit()


class SettingsOverlay(MenuOverlay):
    name = "settings"
    title = "Settings"

    def items(self) -> list[tuple[str, str, str]]:
        s = self.game.table_settings
        return [
            ("level", f"Bots: {s.level}", "plain"),
            ("interval", f"Auto play every {s.auto_interval:g} s", "plain"),
            ("counter", f"Card counter: {'on' if s.counter else 'off'}", "plain"),
            ("sound", f"Sound: {'on' if s.sound else 'off'}", "plain"),
            ("screen", f"Full screen: {'on' if self.game.fullscreen else 'off'}", "plain"),
            ("back", "Back", "play"),
        ]

    def choose(self, key: str) -> None:
        s = self.game.table_settings
        if key == "level":
            s.level = bots.LEVELS[(bots.LEVELS.index(s.level) + 1) % len(bots.LEVELS)]
        elif key == "interval":
            s.auto_interval = next((v for v in AUTO_INTERVALS if v > s.auto_interval), AUTO_INTERVALS[0])
        elif key == "counter":
            s.counter = not s.counter
        elif key == "sound":
            s.sound = not s.sound
        elif key == "screen":
            self.game.toggle_fullscreen()
        elif key == "back":
            self.close()
            return
        if self.game.session is not None:
            self.game.session.save()
        self.relayout()


class RulesetChooser(MenuOverlay):
    """New match: pick one of the rulesets that exist, `standard` first."""

    name = "new_match"
    title = "New match"
    width = 760

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        names = sorted(RULESETS, key=lambda n: (n != "standard", n))
        self.rulesets = [RULESETS[n] for n in names]
        self.note = self.rulesets[0].summary

    def items(self) -> list[tuple[str, str, str]]:
        return [(r.name, r.title, "play" if r.name == "standard" else "plain") for r in self.rulesets] + [
            ("back", "Back", "dark")
        ]

    def update(self, dt: float) -> None:
        focused = self.row.focused()
        self.note = RULESETS[focused.key].summary if focused and focused.key in RULESETS else ""

    def choose(self, key: str) -> None:
        from scenes.flow import start_new_match

        if key == "back":
            self.close()
        else:
            start_new_match(self.game, key)


class ConfirmNewMatch(MenuOverlay):
    """Start new match while a match is unfinished: its scores would go back to zero (000 §23), so ask first.
    Keep this match is focused: Confirm pressed twice by habit never throws a match away."""

    name = "confirm"
    title = "Start a new match?"
    width = 760

    def __init__(self, game: Game, ruleset: str, scores: str) -> None:
        super().__init__(game)
        self.ruleset = ruleset
        self.note = f"The unfinished match ({scores}) ends here: all three players start again from zero."

    def items(self) -> list[tuple[str, str, str]]:
        return [("keep", "Keep this match", "play"), ("start", "Start new match", "plain")]

    def choose(self, key: str) -> None:
        from scenes.flow import new_match

        if key == "keep":
            self.close()
        else:
            new_match(self.game, self.ruleset)


class KindChooser(MenuOverlay):
    """A selection with several readings on a free lead: which one is meant (RULES.md, Combinations)."""

    name = "chooser"
    title = "Play these cards as"
    width = 760

    def __init__(self, game: Game, options: list[Reading], play: Callable[[Kind], None]) -> None:
        super().__init__(game)
        self.options = options
        self.play = play
        self.note = "Each reading asks a different answer of the next player."

    def items(self) -> list[tuple[str, str, str]]:
        readings = [(r.kind.value, r.describe().capitalize(), "play") for r in self.options]
        return [*readings, ("back", "Cancel", "dark")]

    def choose(self, key: str) -> None:
        self.close()
        if key != "back":
            self.play(Kind(key))
