"""The title screen: Continue (when a saved match exists), New match, Play with friends, Puzzles, Statistics, Rules,
Settings, Quit.

It is the first frame of a launch, so it imports the table and the other screens only when one is asked for (the
app loads them in the background meanwhile, `App._import_table`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from scenes.art.felt import felt
from scenes.art.text import blit_text, wrap
from scenes.art.widgets import CREAM, DOWN_THE_LIST, GOLD, MUTED, WARN, Row, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words import problems
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

DEMO_START = 0.6  # seconds the demo shows the title before it starts a match (at least: the art is made first)
FAN = (Card(53, 14, None), Card(52, 13, None), Card(48, 12, 1), Card(44, 11, 0), Card(40, 10, 3))


class TitleScene(Scene):
    name = "title"

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.row = Row()
        self.shown = 0.0
        self.fan: list[tuple[pygame.Surface, pygame.Rect]] = []

    def enter(self) -> None:
        self.relayout()

    def resume(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        geo = self.canvas.geo
        can_continue = self.host.store is not None and self.host.store.exists()
        busy = self.host.busy is not None  # another game's saves folder: where Continue was, the way to another
        specs = [
            ("folder", tr("folders.entry"), "plain") if busy else ("continue", tr("title.continue"), "play"),
            ("new", tr("title.new_match"), "play" if not can_continue else "plain"),
            self._friends(),
            ("puzzles", tr("puzzles.entry"), "plain"),
            ("stats", tr("title.statistics"), "plain"),
            ("rules", tr("title.rules"), "plain"),
            ("settings", tr("title.settings"), "plain"),
            ("quit", tr("title.quit"), "dark"),
        ]
        self.row = Row.stacked(geo["title_menu"], specs, geo.px(56), geo.px(10))  # eight entries in the room of six
        if not busy:
            self.row.get("continue").enabled = can_continue
        self.row.move_focus(1)  # the first usable entry
        if busy:
            self.row.move_focus(1)  # New match: playing unsaved was chosen (Saves folder... is above it)
        self.fan = self._fan()
        self.draw(pygame.Surface(self.canvas.screen.get_size()))  # off screen: the first frame finds every text cached

    def _friends(self) -> tuple[str, str, str]:
        """Play with friends; or, while this device keeps your seat in a room (closed mid-match), back to it."""
        code = self.host.prefs.room_code
        return ("rejoin", tr("rooms.rejoin", code=code), "play") if code else ("friends", tr("rooms.title"), "plain")

    def _fan(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The rocket and a run of high cards fanned beside the logo: rotated once per window size."""
        geo, art = self.canvas.geo, self.canvas.art["table"]
        logo = geo["title_logo"]
        out = []
        for k, card in enumerate(FAN):
            angle = 24 - k * 12
            image = pygame.transform.rotozoom(art.face(card), angle, 1.0)
            at = (logo.centerx + (k - 2) * geo.px(46), logo.y + geo.px(76) + abs(k - 2) * geo.px(8))
            out.append((image, image.get_rect(center=at)))
        return out

    def update(self, dt: float) -> None:
        self.shown += dt
        for b in self.row.buttons:
            b.hint = self.canvas.inputs.label(Act.CONFIRM) if b.focus else ""
        if self.host.demo and self.shown >= DEMO_START and not self.host.making:  # as a player looks at it
            from scenes.flow import new_match

            new_match(self.host, self.host.ruleset, self.host.first_deal)

    def choose(self, key: str) -> None:
        if key == "continue":
            from scenes.flow import continue_match

            continue_match(self.host)
            if self.host.session is None:
                self.relayout()
        elif key == "folder":
            from scenes.screens.folders import FolderInUse

            self.host.push(FolderInUse(self.host))
        elif key == "new":
            from scenes.screens.new_match import RulesetChooser

            self.host.push(RulesetChooser(self.host))
        elif key == "friends":
            from scenes.screens.friends import FriendsMenu

            self.host.push(FriendsMenu(self.host))
        elif key == "rejoin":
            from scenes.screens.lobby import Lobby, Plan

            prefs = self.host.prefs
            self.host.push(Lobby(self.host, Plan.returning(prefs.room_url, prefs.room_code, prefs.room_token,
                                                           prefs.room_port)))  # fmt: skip
        elif key == "puzzles":
            from scenes.screens.puzzles import PuzzleList

            self.host.push(PuzzleList(self.host))
        elif key == "stats":
            from scenes.screens.stats import StatsScreen

            self.host.push(StatsScreen(self.host))
        elif key == "rules":
            from scenes.screens.rules import RulesHelp

            self.host.push(RulesHelp(self.host))
        elif key == "settings":
            from scenes.screens.settings import SettingsOverlay

            self.host.push(SettingsOverlay(self.host))
        elif key == "quit":
            self.host.quit()

    def handle(self, event: Input) -> None:
        picked = self.row.react(event, DOWN_THE_LIST)
        if picked:
            self.choose(picked)

    def _panel(self, surface: pygame.Surface, menu: pygame.Rect, heading: str, said: str, details: list[str]) -> None:
        """A panel beside the menu: a heading, a sentence in the player's language and below it, smaller, the
        system's own words (a save problem's detail, never translated)."""
        geo = self.canvas.geo
        size, small, pad = geo.px(22), geo.px(18), geo.px(24)
        box = pygame.Rect(menu.right + geo.px(40), menu.y, geo.px(560), 0)
        width = box.width - 2 * pad
        lines = [(line, size, CREAM) for line in wrap(said, size, width)]
        lines += [(line, small, MUTED) for text in details for line in wrap(text, small, width)]
        box.height = pad * 2 + geo.px(44) + sum(px + geo.px(8) for _, px, _ in lines)
        surface.blit(panel(box.size, 200, geo.px(20), (60, 24, 16)), box.topleft)
        title_at = (box.x + pad, box.y + pad)
        blit_text(surface, heading, geo.px(26), WARN, title_at, bold=True)
        y = box.y + pad + geo.px(44)
        for line, px, color in lines:
            blit_text(surface, line, px, color, (box.x + pad, y))
            y += px + geo.px(8)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        surface.blit(felt(surface.get_size()), (0, 0))
        logo = geo["title_logo"]
        for image, rect in self.fan:
            surface.blit(image, rect)
        title_at = (logo.centerx, logo.bottom - geo.px(50))
        blit_text(surface, tr("title.logo"), geo.px(120), GOLD, title_at, "midbottom", True, (60, 20, 0))
        blit_text(
            surface,
            tr("title.tagline"),
            geo.px(40),
            CREAM,
            (logo.centerx, logo.bottom - geo.px(40)),
            "midtop",
            True,
            (0, 0, 0),
        )
        menu = geo["title_menu"].inflate(geo.px(60), geo.px(60))
        menu.height = self.row.buttons[-1].rect.bottom - menu.y + geo.px(36)
        surface.blit(panel(menu.size, 150, geo.px(24)), menu.topleft)
        self.row.draw(surface, geo.px(32))
        problem = self.host.problem
        if problem:  # a save problem: what was wrong, and where the bad file went
            self._panel(surface, menu, problems.heading(problem), problems.sentence(problem), problems.details(problem))
        elif self.host.busy is not None:
            said = tr("folders.busy_panel", directory=str(self.host.busy))
            self._panel(surface, menu, tr("folders.busy_heading"), said, [])
        footer = tr("title.footer")
        blit_text(
            surface,
            footer,
            geo.px(20),
            MUTED,
            (surface.get_width() // 2, surface.get_height() - geo.px(14)),
            "midbottom",
        )
