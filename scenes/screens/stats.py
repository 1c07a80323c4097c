"""The Statistics screen, opened from the title: your hands, wins as landlord and as farmer, springs, best hand and
matches, read from stats.json beside the save (docs/saves.md). A bad statistics file is reported here, never a crash."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.stats import Stats, StatsStore
from scenes.art.text import blit_text, wrap
from scenes.art.widgets import CREAM, GOLD, MUTED, WARN, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.words import problems
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

TRACK = (30, 50, 40)


def rate(part: int, whole: int) -> str:
    """A win rate as the player reads it: '60%', or '-' before anything was played."""
    return tr("stats.percent", value=round(100 * part / whole)) if whole else tr("common.none")


class StatsScreen(Scene):
    name = "stats"
    overlay = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.row = Row()
        self.stats = Stats()
        self.problem: str | None = None

    def enter(self) -> None:
        if self.host.store is None:
            self.problem = tr("stats.no_store")
        else:
            store = StatsStore(self.host.store.directory)
            self.stats = store.load()  # never raises: a bad file is moved aside and named in `problem`
            self.problem = store.problem
        self.relayout()

    def tiles(self) -> list[tuple[str, str]]:
        """The four headline figures: (value, caption)."""
        s = self.stats
        best = f"{s.best_score:+d}" if s.best_score else tr("common.none")
        return [
            (str(s.hands), tr("stats.hands_played")),
            (rate(s.wins, s.hands), tr("stats.hands_won")),
            (str(s.springs), tr("stats.springs")),
            (best, tr("stats.best_hand")),
        ]

    def bars(self) -> list[tuple[str, str, int, int]]:
        """One line per role and one for matches: (label, figures, won, played)."""
        s = self.stats
        counts = (  # hands count in 局, matches in 场
            (tr("stats.as_landlord"), "stats.won_of", s.landlord_wins, s.landlord_hands),
            (tr("stats.as_farmer"), "stats.won_of", s.farmer_wins, s.hands - s.landlord_hands),
            (tr("stats.matches"), "stats.matches_won_of", s.matches_won, s.matches),
        )
        return [
            (
                label,
                tr(key, won=won, played=played, rate=rate(won, played)) if played else tr("stats.none_yet"),
                won,
                played,
            )
            for label, key, won, played in counts
        ]

    def relayout(self) -> None:
        geo = self.canvas.geo
        box = geo["panel"]
        bar = pygame.Rect(box.x, box.bottom - geo.px(100), box.width, geo.px(70))
        self.row = Row.centered(bar, [("back", tr("common.back"), "play")], geo.px(260), 0)
        self.row.buttons[0].focus = True

    def update(self, dt: float) -> None:
        self.row.buttons[0].hint = self.canvas.inputs.label(Act.MENU)

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS, Act.CONFIRM):
            self.host.pop()
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN and self.row.at(event.pos) is not None:
            self.host.pop()

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.canvas.geo
        dim(surface)
        box = geo["panel"]
        surface.blit(panel(box.size, 255, geo.px(28)), box.topleft)
        blit_text(surface, tr("stats.title"), geo.px(46), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        top = self._tiles(surface, box, box.y + geo.px(120))
        self._bars(surface, box, top + geo.px(40))
        self._footnote(surface, box)
        self.row.draw(surface, geo.px(28))

    def _footnote(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Above the Back button: what went wrong with the statistics file (in the player's language), or else
        what is counted."""
        geo = self.canvas.geo
        size, color = (geo.px(22), WARN) if self.problem else (geo.px(20), MUTED)
        text = problems.note(self.problem) if self.problem else tr("stats.note")
        lines = wrap(text, size, box.width - geo.px(160))[:4]
        y = self.row.buttons[0].rect.y - geo.px(24) - len(lines) * (size + geo.px(6))
        for line in lines:
            y = blit_text(surface, line, size, color, (box.centerx, y), "midtop").bottom + geo.px(2)

    def _tiles(self, surface: pygame.Surface, box: pygame.Rect, top: int) -> int:
        geo = self.canvas.geo
        tiles = self.tiles()
        gap = geo.px(24)
        width = (box.width - geo.px(100) - gap * (len(tiles) - 1)) // len(tiles)
        height = geo.px(150)
        for k, (value, caption) in enumerate(tiles):
            tile = pygame.Rect(box.x + geo.px(50) + k * (width + gap), top, width, height)
            surface.blit(panel(tile.size, 150, geo.px(18), (20, 60, 44)), tile.topleft)
            blit_text(surface, value, geo.px(64), GOLD, (tile.centerx, tile.y + geo.px(18)), "midtop", True, (0, 0, 0))
            blit_text(surface, caption, geo.px(22), MUTED, (tile.centerx, tile.bottom - geo.px(16)), "midbottom")
        return top + height

    def _bars(self, surface: pygame.Surface, box: pygame.Rect, top: int) -> None:
        geo = self.canvas.geo
        x, right = box.x + geo.px(70), box.right - geo.px(70)
        y = top
        for label, figures, won, played in self.bars():
            blit_text(surface, label, geo.px(28), CREAM, (x, y), bold=True)
            blit_text(surface, figures, geo.px(28), GOLD, (right, y), "topright", True)
            track = pygame.Rect(x, y + geo.px(44), right - x, geo.px(12))
            pygame.draw.rect(surface, TRACK, track, border_radius=track.height // 2)
            if won:
                filled = track.copy()
                filled.width = max(track.height, round(track.width * won / played))
                pygame.draw.rect(surface, GOLD, filled, border_radius=track.height // 2)
            y += geo.px(96)
