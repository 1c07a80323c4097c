"""The menu screens over the table or the title: pause menu, settings, ruleset picker, reading chooser.

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
from game.match import DEAL_NUMBERS
from game.rulesets import RULESETS
from scenes.art.text import blit_text, wrap
from scenes.art.widgets import ANY_WAY, CREAM, GOLD, INK, MUTED, Button, Row, dim, panel
from scenes.platform.input import Act, Input
from scenes.platform.prefs import VOLUMES
from scenes.scene import Scene
from scenes.screens.rules import RulesHelp
from scenes.table.table_settings import AUTO_INTERVALS
from scenes.words.i18n import LANGUAGES, tr
from scenes.words.wording import describe, level_name, ruleset_summary, ruleset_title

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.table.session import Session


class MenuOverlay(Scene, ABC):
    """A titled column of buttons; Up/Down or the mouse pick, Confirm or a click chooses, Esc/Pass closes."""

    overlay = True
    title_key = ""
    width = 560

    def __init__(self, game: App) -> None:
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
        self.row = self.arrange(items, self.box(), height, gap)
        keep = next((b for b in self.row.buttons if focused and b.key == focused.key), None)
        (keep or self.row.buttons[0]).focus = True

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        """The buttons placed in the box: one centred column."""
        area = pygame.Rect(0, 0, self.game.geo.px(self.width - 120), len(items) * (height + gap))
        area.midtop = (box.centerx, box.y + self.game.geo.px(110))
        return Row.stacked(area, items, height, gap)

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
            return
        picked = self.row.react(event, ANY_WAY)
        if picked:
            self.choose(picked)
        elif picked is None and act is Act.POINTER_DOWN and not self.box().collidepoint(event.pos):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.game.geo
        dim(surface)
        box = self.box()
        surface.blit(panel(box.size, 250, geo.px(24)), box.topleft)
        blit_text(surface, tr(self.title_key), geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True)
        self.row.draw(surface, geo.px(28))
        if self.note:
            y = box.bottom - geo.px(56)
            for line in wrap(self.note, geo.px(20), box.width - geo.px(60))[:2]:
                y = blit_text(surface, line, geo.px(20), MUTED, (box.centerx, y), "midtop").bottom


class PauseMenu(MenuOverlay):
    name = "menu"
    title_key = "overlays.paused"

    def __init__(self, game: App, session: Session) -> None:
        super().__init__(game)
        self.session = session

    def items(self) -> list[tuple[str, str, str]]:
        return [
            ("resume", tr("overlays.resume"), "play"),
            ("new", tr("overlays.new_game"), "plain"),
            ("match", tr("overlays.start_new_match"), "plain"),
            ("rules", tr("overlays.rules"), "plain"),
            ("settings", tr("overlays.settings"), "plain"),
            ("title", tr("overlays.save_title"), "plain"),
            ("quit", tr("overlays.save_quit"), "dark"),
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
            s = self.session
            self.game.push(RulesHelp(self.game, s.match.rules.timed(s.settings.turn_timers)))
        elif key == "settings":
            self.game.push(SettingsOverlay(self.game))
        elif key == "title":
            to_title(self.game)
        elif key == "quit":
            self.game.quit()


def on_off(value: bool) -> str:
    return tr("settings.on" if value else "settings.off")


class SettingsOverlay(MenuOverlay):
    """Two columns: the table's settings (saved with the match) on the left, this device's preferences (language,
    sound, screen; prefs.json) on the right. Left/Right turn a focused volume down or up; Confirm or a click steps it
    up, round from 100% to 0."""

    name = "settings"
    title_key = "settings.title"
    width = 1240
    lines = 8  # buttons per column; Back sits centred below both

    def items(self) -> list[tuple[str, str, str]]:
        s, prefs = self.game.table_settings, self.game.prefs
        colours = "settings.colours_four" if s.four_colour else "settings.colours_two"
        return [
            ("level", tr("settings.level", level=level_name(s.level)), "plain"),
            ("interval", tr("settings.interval", seconds=f"{s.auto_interval:g}"), "plain"),
            ("counter", tr("settings.counter", state=on_off(s.counter)), "plain"),
            ("timers", tr("settings.timers", state=on_off(s.turn_timers)), "plain"),
            ("motion", tr("settings.motion", state=on_off(s.reduced_motion)), "plain"),
            ("colours", tr(colours), "plain"),
            ("large", tr("settings.large", state=on_off(s.large_cards)), "plain"),
            ("practice", tr("replay.practice_on" if s.practice else "replay.practice_off"), "plain"),
            ("language", tr("settings.language", name=LANGUAGES[prefs.language]), "plain"),
            ("sound", tr("settings.sound", state=on_off(not prefs.muted)), "plain"),
            ("master", tr("settings.master", percent=prefs.master), "plain"),
            ("effects", tr("settings.effects", percent=prefs.effects), "plain"),
            ("screen", tr("settings.screen", state=on_off(self.game.fullscreen)), "plain"),
            ("back", tr("common.back"), "play"),
        ]

    def arrange(self, items: list[tuple[str, str, str]], box: pygame.Rect, height: int, gap: int) -> Row:
        geo = self.game.geo
        margin, between = geo.px(60), geo.px(40)
        width = (box.width - 2 * margin - between) // 2
        buttons = []
        for k, (key, label, style) in enumerate(items[:-1]):
            column, line = divmod(k, self.lines)
            x = box.x + margin + column * (width + between)
            buttons.append(
                Button(key, label, pygame.Rect(x, box.y + geo.px(110) + line * (height + gap), width, height), style)
            )
        key, label, style = items[-1]
        back = pygame.Rect(0, 0, geo.px(400), height)
        back.midbottom = (box.centerx, box.bottom - geo.px(40))
        return Row([*buttons, Button(key, label, back, style)])

    def box(self) -> pygame.Rect:
        geo = self.game.geo
        rect = pygame.Rect(0, 0, geo.px(self.width), geo.px(110 + 86 * (self.lines + 1) + 60))
        rect.center = geo["panel"].center
        return rect

    def update(self, dt: float) -> None:
        for b in self.row.buttons:
            b.hint = tr("settings.volume_hint") if b.focus and b.key in ("master", "effects") else ""
            if b.focus and b.key == "practice":
                b.hint = tr("replay.practice_hint")
            if b.focus and b.key == "sound":
                b.hint = self.game.inputs.label(Act.MUTE)

    def handle(self, event: Input) -> None:
        focused = self.row.focused()
        if event.act in (Act.LEFT, Act.RIGHT) and focused is not None and focused.key in ("master", "effects"):
            self.turn(focused.key, -1 if event.act is Act.LEFT else 1, wrap=False)
            return
        super().handle(event)

    def turn(self, key: str, step: int, wrap: bool) -> None:
        """One volume step up or down: kept between 0 and 100%, or round from 100% to 0 with `wrap`."""
        index = VOLUMES.index(getattr(self.game.prefs, key)) + step
        index = index % len(VOLUMES) if wrap else max(0, min(len(VOLUMES) - 1, index))
        self.game.change_prefs(**{key: VOLUMES[index]})
        self.relayout()

    def choose(self, key: str) -> None:
        s, prefs = self.game.table_settings, self.game.prefs
        if key == "language":
            codes = list(LANGUAGES)
            self.game.change_prefs(language=codes[(codes.index(prefs.language) + 1) % len(codes)])
        elif key == "sound":
            self.game.change_prefs(muted=not prefs.muted)
        elif key in ("master", "effects"):
            self.turn(key, 1, wrap=True)
            return
        elif key == "level":
            s.level = bots.LEVELS[(bots.LEVELS.index(s.level) + 1) % len(bots.LEVELS)]
        elif key == "interval":
            s.auto_interval = next((v for v in AUTO_INTERVALS if v > s.auto_interval), AUTO_INTERVALS[0])
        elif key == "counter":
            s.counter = not s.counter
        elif key == "screen":
            self.game.toggle_fullscreen()
        elif key == "motion":
            s.reduced_motion = not s.reduced_motion
        elif key == "colours":
            s.four_colour = not s.four_colour
            self.game.restyle_cards()
        elif key == "large":
            s.large_cards = not s.large_cards
            self.game.restyle_cards()
        elif key == "timers":
            s.turn_timers = not s.turn_timers
        elif key == "practice":
            from scenes.screens.practice import set_practice  # practice builds on this module's confirmation overlay

            set_practice(self.game, not s.practice)
        elif key == "back":
            self.close()
            return
        if self.game.session is not None:
            self.game.session.save()
        self.relayout()


class RulesetChooser(MenuOverlay):
    """New match: pick one of the rulesets that exist, `standard` first, each with its one-line summary beside it,
    or play a deal number of the ruleset last focused."""

    name = "new_match"
    title_key = "overlays.new_match"
    width = 1240
    button_width = 400  # the buttons; the rulesets' summaries fill the rest of the row

    def __init__(self, game: App) -> None:
        super().__init__(game)
        names = sorted(RULESETS, key=lambda n: n != "standard")  # then as listed: the 003 family, rob, the seat counts
        self.rulesets = [RULESETS[n] for n in names]
        self.ruleset = self.rulesets[0]
        self.note = ruleset_summary(self.ruleset)

    def items(self) -> list[tuple[str, str, str]]:
        rulesets = [(r.name, ruleset_title(r), "play" if r.name == "standard" else "plain") for r in self.rulesets]
        return [*rulesets, ("deal", tr("overlays.play_deal_number"), "plain"), ("back", tr("common.back"), "dark")]

    def update(self, dt: float) -> None:
        focused = self.row.focused()
        if focused is None:
            return
        if focused.key in RULESETS:
            self.ruleset = RULESETS[focused.key]
        self.note = tr("overlays.deal_note", ruleset=ruleset_title(self.ruleset)) if focused.key == "deal" else ""

    def relayout(self) -> None:
        super().relayout()
        for b in self.row.buttons:
            b.rect.width = self.game.geo.px(self.button_width)

    def box(self) -> pygame.Rect:
        box = super().box()
        if not self.note:  # the same height whether the deal note shows or not
            box.height += self.game.geo.px(60)
            box.center = self.game.geo["panel"].center
        return box

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        geo = self.game.geo
        right = self.box().right - geo.px(50)
        for b in self.row.buttons:
            if b.key not in RULESETS:
                continue
            x = b.rect.right + geo.px(26)
            lines = wrap(ruleset_summary(RULESETS[b.key]), geo.px(22), right - x)[:2]
            y = b.rect.centery - len(lines) * geo.px(13)
            color = CREAM if b.focus or b.hover else MUTED
            for line in lines:
                y = blit_text(surface, line, geo.px(22), color, (x, y)).bottom

    def choose(self, key: str) -> None:
        from scenes.flow import start_new_match

        if key == "back":
            self.close()
        elif key == "deal":
            self.game.push(DealEntry(self.game, self.ruleset.name))
        else:
            start_new_match(self.game, key)


class ConfirmNewMatch(MenuOverlay):
    """Start new match while a match is unfinished: its scores would go back to zero (000 §23), so ask first.
    Keep this match is focused: Confirm pressed twice by habit never throws a match away."""

    name = "confirm"
    title_key = "overlays.confirm_title"
    width = 760

    def __init__(self, game: App, ruleset: str, scores: str, deal: int | None = None) -> None:
        super().__init__(game)
        self.ruleset, self.deal = ruleset, deal
        self.note = tr("overlays.confirm_note", scores=scores)

    def items(self) -> list[tuple[str, str, str]]:
        return [("keep", tr("overlays.keep_match"), "play"), ("start", tr("overlays.start_new_match"), "plain")]

    def choose(self, key: str) -> None:
        from scenes.flow import new_match

        if key == "keep":
            self.close()
        else:
            new_match(self.game, self.ruleset, self.deal)


class KindChooser(MenuOverlay):
    """A selection with several readings on a free lead: which one is meant (RULES.md, Combinations)."""

    name = "chooser"
    title_key = "overlays.chooser_title"
    width = 760

    def __init__(self, game: App, options: list[Reading], play: Callable[[Kind], None]) -> None:
        super().__init__(game)
        self.options = options
        self.play = play
        self.note = tr("overlays.chooser_note")

    def items(self) -> list[tuple[str, str, str]]:
        readings = [(r.kind.value, capitalised(describe(r)), "play") for r in self.options]
        return [*readings, ("back", tr("common.cancel"), "dark")]

    def choose(self, key: str) -> None:
        self.close()
        if key != "back":
            self.play(Kind(key))


def capitalised(label: str) -> str:
    """The first letter in capitals ('Pair of 9s'); Chinese has none and stays as it is."""
    return label[:1].upper() + label[1:]


DIGITS = len(str(DEAL_NUMBERS - 1))  # 8: deal numbers run 0..99,999,999


class DealEntry(Scene):
    """New match from a deal number. Keys type digits in from the right as on a calculator (Backspace takes the last
    one back); the D-pad, arrows or the small arrows by the mouse turn the digit under the cursor up or down and
    Left/Right move the cursor. Confirm plays the deal, Esc (B) goes back."""

    name = "deal_entry"
    overlay = True
    typing = True

    def __init__(self, game: App, ruleset: str) -> None:
        super().__init__(game)
        self.ruleset = ruleset
        self.value = 0
        self.cursor = DIGITS - 1  # the slot the D-pad changes: the last digit first
        self.row = Row()

    def enter(self) -> None:
        self.relayout()

    def box(self) -> pygame.Rect:
        geo = self.game.geo
        rect = pygame.Rect(0, 0, geo.px(940), geo.px(600))
        rect.center = geo["panel"].center
        return rect

    def relayout(self) -> None:
        geo, box = self.game.geo, self.box()
        bar = pygame.Rect(box.x, box.bottom - geo.px(110), box.width, geo.px(74))
        self.row = Row.centered(
            bar,
            [("play", tr("overlays.play_deal"), "play"), ("back", tr("common.back"), "dark")],
            geo.px(300),
            geo.px(28),
        )
        self.row.buttons[0].focus = True
        first, *_, last = self.slots()
        pygame.key.set_text_input_rect(first.union(last))  # an input method's window opens by the digits

    @property
    def digits(self) -> str:
        return str(self.value).zfill(DIGITS)

    def typed(self, char: str) -> None:
        """A digit typed in from the right, or Backspace ("\b") taking the last one away."""
        if char == "\b":
            self.value //= 10
        elif char.isdecimal() and self.value * 10 + int(char) < DEAL_NUMBERS:  # also full-width ３ from an IME
            self.value = self.value * 10 + int(char)

    def turn(self, slot: int, step: int) -> None:
        """Turn the digit in `slot` (0 = leftmost) up or down by one, wrapping 9 -> 0."""
        place = 10 ** (DIGITS - 1 - slot)
        digit = self.value // place % 10
        self.value += ((digit + step) % 10 - digit) * place

    def slots(self) -> list[pygame.Rect]:
        geo, box = self.game.geo, self.box()
        w, gap = geo.px(78), geo.px(12)
        x = box.centerx - (DIGITS * w + (DIGITS - 1) * gap) // 2
        return [pygame.Rect(x + k * (w + gap), box.y + geo.px(200), w, geo.px(110)) for k in range(DIGITS)]

    def arrows(self, slot: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The clickable up and down arrows above and below a digit."""
        h = self.game.geo.px(40)
        return pygame.Rect(slot.x, slot.y - h, slot.width, h), pygame.Rect(slot.x, slot.bottom, slot.width, h)

    def play(self) -> None:
        from scenes.flow import start_new_match

        start_new_match(self.game, self.ruleset, self.value)

    def handle(self, event: Input) -> None:
        act = event.act
        if act in (Act.MENU, Act.PASS):  # the keyboard's P and Backspace type and erase here: the pad's B
            self.game.pop()
        elif act is Act.TEXT:
            for char in event.text:
                self.typed(char)
        elif act is Act.ERASE:
            self.typed("\b")
        elif act in (Act.UP, Act.DOWN):
            self.turn(self.cursor, 1 if act is Act.UP else -1)
        elif act in (Act.LEFT, Act.RIGHT):
            self.cursor = (self.cursor + (-1 if act is Act.LEFT else 1)) % DIGITS
        elif act is Act.CONFIRM:
            self.play()
        elif act is Act.POINTER_MOVE:
            self.row.hover(event.pos)
        elif act is Act.POINTER_DOWN:
            self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        hit = self.row.at(pos)
        if hit is not None:
            self.play() if hit.key == "play" else self.game.pop()
            return
        for k, slot in enumerate(self.slots()):
            up, down = self.arrows(slot)
            if up.collidepoint(pos) or down.collidepoint(pos):
                self.turn(k, 1 if up.collidepoint(pos) else -1)
            if up.collidepoint(pos) or down.collidepoint(pos) or slot.collidepoint(pos):
                self.cursor = k

    def update(self, dt: float) -> None:
        self.row.get("play").hint = self.game.inputs.label(Act.CONFIRM)
        self.row.get("back").hint = self.game.inputs.label(Act.MENU)

    def draw(self, surface: pygame.Surface) -> None:
        geo, box = self.game.geo, self.box()
        dim(surface)
        surface.blit(panel(box.size, 250, geo.px(24)), box.topleft)
        blit_text(
            surface, tr("overlays.deal_title"), geo.px(44), GOLD, (box.centerx, box.y + geo.px(30)), "midtop", True
        )
        lead = len(self.digits) - len(str(self.value)) if self.value else DIGITS - 1
        for k, (slot, digit) in enumerate(zip(self.slots(), self.digits, strict=True)):
            at_cursor = k == self.cursor
            fill = (255, 244, 214) if at_cursor else (236, 228, 206)
            pygame.draw.rect(surface, fill, slot, border_radius=geo.px(12))
            pygame.draw.rect(
                surface, GOLD if at_cursor else (120, 110, 90), slot, geo.px(4 if at_cursor else 2), geo.px(12)
            )
            color = INK if k >= lead else (170, 160, 140)
            blit_text(surface, digit, geo.px(72), color, slot.center, "center", True)
            up, down = self.arrows(slot)
            tint = GOLD if at_cursor else MUTED
            for rect, sign in ((up, -1), (down, 1)):
                cx, cy, r = rect.centerx, rect.centery, geo.px(12)
                pygame.draw.polygon(
                    surface, tint, [(cx - r, cy - sign * r // 2), (cx + r, cy - sign * r // 2), (cx, cy + sign * r)]
                )
        blit_text(surface, tr("overlays.deal_help"), geo.px(22), CREAM, (box.centerx, box.y + geo.px(384)), "midtop")
        blit_text(
            surface,
            tr("overlays.deal_same"),
            geo.px(20),
            MUTED,
            (box.centerx, box.y + geo.px(420)),
            "midtop",
        )
        self.row.draw(surface, geo.px(28))
