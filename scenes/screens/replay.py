"""The replay screen: any deal of the current match rebuilt from the action log and played back with every hand face
up. Step, seek, play at 0.5x to 4x, pick another deal; "Play this deal" deals its cards again as a practice match.

The table is drawn by `TableScene` from a `Session` in replay mode (no bots, no clock, nothing saved or counted): a
step forward applies the logged action to it, so the move animates as it did live; a step back or a seek lays out
the rebuilt state at once, as a restored save is laid out. The recording itself is `table/recording.py`; this one
screen (transport, deal picker, seek bar, open hands) stays over 350 lines as one cohesive thing.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.match import Match
from scenes.art.fonts import font_for
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, MUTED, Button, Row, panel, pill
from scenes.platform.input import Act, Device, Input
from scenes.screens.menus import replay_deal
from scenes.screens.puzzles import PuzzleMaker
from scenes.screens.table import TableScene
from scenes.table.local_seat import LocalSeat
from scenes.table.open_hands import card_positions, spot_for
from scenes.table.recording import playable_deals, record
from scenes.table.restore import restore_table
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.table.session import Session
from scenes.table.wild_marks import mark_card
from scenes.words.i18n import tr
from scenes.words.table_words import bid_labels

if TYPE_CHECKING:
    from scenes.scene import Host

SPEEDS = (0.5, 1.0, 2.0, 4.0)
PAUSE = 0.9  # table seconds between two moves (at 1x) once the last one has landed
TRANSPORT = ("first", "back", "play", "forward", "last")
# A gamepad has no Home/End/+/-: its shoulder buttons jump to either end and Y cycles the speed.
PAD_ALIASES = {Act.COUNTER: Act.FIRST, Act.CLEAR: Act.LAST, Act.SORT: Act.FASTER}
# Each button's key, for its hint: the keyboard's, and what a pad presses instead (PAD_ALIASES turned round, and B
# for the menu); the labels are the device's own, a PlayStation pad's ✕○□△ included.
KEYS = {
    "first": Act.FIRST,
    "back": Act.LEFT,
    "play": Act.CONFIRM,
    "forward": Act.RIGHT,
    "last": Act.LAST,
    "speed": Act.FASTER,
    "earlier": Act.UP,
    "later": Act.DOWN,
    "deal": Act.SUGGEST,
    "make": Act.AUTO,
    "menu": Act.MENU,
}
PAD_KEYS = KEYS | {"first": Act.COUNTER, "last": Act.CLEAR, "speed": Act.SORT, "menu": Act.PASS}


class ReplayScene(TableScene):
    name = "replay"

    def __init__(self, host: Host, match: Match, deal: int | None = None, maker: PuzzleMaker | None = None) -> None:
        self.source = match
        self.deals = playable_deals(match)
        self.deal = len(self.deals) - 1 if deal is None else deal
        self.recording = record(match, self.deals[self.deal])
        self.position = 0
        self.host, self.canvas = host, host.canvas
        super().__init__(host, self._table(0))
        self.playing = True
        self.speed = 1.0
        self.wait = 0.0
        self.transport = Row()
        self.speed_button = Button("speed", "", pygame.Rect(0, 0, 1, 1), "dark")
        self.tools = Row()
        # per deal: a forced win you missed there, made a puzzle (the settlement's search is the last deal's)
        self.makers: dict[int, PuzzleMaker] = {} if maker is None else {len(self.deals) - 1: maker}
        self.shared = maker  # the settlement's: never withdrawn from here

    # ----- the table at a position -----------------------------------------------------------------------

    @property
    def state(self) -> Match:
        """The match at the position shown: the replay sees every hand."""
        match = self.session.seat.match
        assert match is not None
        return match

    def _table(self, position: int) -> Session:
        """A replay session laid out at `position` at once, as a restored save is."""
        settings = replace(self.host.table_settings, auto=False, counter=False)  # every card is seen: no counter
        state = copy.deepcopy(self.recording.states[position])
        session = Session(LocalSeat(state, settings, replay=True), settings, self.canvas.sounds)
        session.relayout(self.canvas.geo)
        restore_table(session)
        session.cards.reveal.clear()  # every hand is face up already
        return session

    @property
    def last(self) -> int:
        return self.recording.moves

    def seek(self, position: int) -> None:
        self.position = max(0, min(self.last, position))
        self.session = self._table(self.position)
        self.wait = 0.0

    def forward(self) -> None:
        """The next move, animated as it was played."""
        if self.position >= self.last:
            self.playing = False
            return
        self.session.act(self.source.log[self.recording.span.start + self.position])
        self.session.cards.reveal.clear()
        self.position += 1
        self.wait = 0.0
        if self.position >= self.last:
            self.playing = False

    def step(self, by: int) -> None:
        """Step by hand: playback pauses."""
        self.playing = False
        if by > 0:
            self.forward()
        else:
            self.seek(self.position + by)

    def toggle(self) -> None:
        if not self.playing and self.position >= self.last:
            self.seek(0)  # play again from the start
        self.playing = not self.playing
        self.wait = 0.0

    def change_speed(self, step: int, wrap: bool = False) -> None:
        index = SPEEDS.index(self.speed) + step
        self.speed = SPEEDS[index % len(SPEEDS)] if wrap else SPEEDS[max(0, min(len(SPEEDS) - 1, index))]

    def choose_deal(self, index: int) -> None:
        """Another deal of the match, from its start, playing (nothing before the first or after the last)."""
        if not 0 <= index < len(self.deals):
            return
        self._withdraw(self.deal)
        self.deal = index
        self.recording = record(self.source, self.deals[self.deal])
        self.seek(0)
        self.playing = True
        self.relayout()  # the deal's own Make a puzzle, once its search has found one

    def play_deal(self) -> None:
        """Deal these cards again in a new practice match (asks first when a match is unfinished)."""
        if self.replayable:
            replay_deal(self.host, self.source.rules.name, self.recording.states[0].hand.deal_no)

    @property
    def replayable(self) -> bool:
        """A collected deal (no-shuffle) is cut from the last hand's cards: its number alone cannot deal it."""
        return not self.recording.states[0].hand.collected

    def close(self) -> None:
        for deal in list(self.makers):
            self._withdraw(deal)
        self.host.pop()

    def _withdraw(self, deal: int) -> None:
        """Withdraw the search of a deal left behind if the pool has not started it (it searches again if the deal
        is shown again)."""
        maker = self.makers.get(deal)
        if maker is not None and maker is not self.shared and maker.cancel():
            del self.makers[deal]

    @property
    def maker(self) -> PuzzleMaker:
        """The search of the deal shown for a forced win you missed, started the first time the deal is shown."""
        if self.deal not in self.makers:
            self.makers[self.deal] = PuzzleMaker(self.host, self.source, HUMAN, self.deals[self.deal])
        return self.makers[self.deal]

    def make_puzzle(self) -> None:
        """Make a puzzle of the moment the deal shown turned, when the solver found one you missed."""
        if self.maker.found is None or self.maker.made:
            return
        self.maker.make()
        self.session.notices.say(self.maker.note, 3.0)

    # ----- frames ------------------------------------------------------------------------------------------

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        super().relayout()
        geo = self.canvas.geo
        self.session.relayout(geo)
        self.menu.label = tr("common.close")
        bar = geo["action_bar"]
        width, gap = geo.px(96), geo.px(14)
        self.transport = Row.centered(bar, [(key, "", "dark") for key in TRANSPORT], width, gap)
        self.transport.get("play").style = "play"
        right = self.transport.buttons[-1].rect.right
        self.speed_button.rect = pygame.Rect(right + geo.px(34), bar.y, geo.px(130), bar.height)
        specs = [
            ("earlier", tr("replay.earlier"), "plain"),
            ("later", tr("replay.later"), "plain"),
            ("deal", tr("replay.play_deal"), "play"),
        ]
        self.tools = Row.stacked(geo["tools"], specs, geo.px(64), geo.px(14))
        if self.maker.found is not None:  # above the tools: room is left there
            self.tools.buttons.insert(0, self.maker.button(self.tools.buttons[0].rect.move(0, -geo.px(78))))

    def update(self, dt: float) -> None:
        super().update(dt * self.speed)
        if self.maker.update():
            self.relayout()
        self._sync_buttons()
        if self.playing and self.session.cards.settled:
            self.wait += dt * self.speed
            if self.wait >= PAUSE:
                self.forward()

    def _sync_buttons(self) -> None:
        for b in self.transport.buttons:
            b.hint = self.hint(b.key)
        self.transport.get("back").enabled = self.transport.get("first").enabled = self.position > 0
        self.transport.get("forward").enabled = self.transport.get("last").enabled = self.position < self.last
        self.speed_button.label = tr("replay.speed", speed=f"{self.speed:g}")
        self.speed_button.hint = self.hint("speed")
        for b in self.tools.buttons:
            b.hint = self.hint(b.key)
        self.tools.get("earlier").enabled = self.deal > 0
        self.tools.get("later").enabled = self.deal < len(self.deals) - 1
        self.tools.get("deal").enabled = self.replayable
        if any(b.key == "make" for b in self.tools.buttons):
            self.tools.get("make").enabled = not self.maker.made
        self.menu.hint = self.hint("menu")

    def hint(self, key: str) -> str:
        """The key (or pad button) of the button `key` on the device last used: the keyboard's + and - together."""
        inputs = self.canvas.inputs
        if inputs.device is Device.GAMEPAD:
            return inputs.label(PAD_KEYS[key])
        said = inputs.label(KEYS[key])
        return f"{said} / {inputs.label(Act.SLOWER)}" if key == "speed" else said

    def handle(self, event: Input) -> None:
        act = PAD_ALIASES.get(event.act, event.act) if event.device is Device.GAMEPAD else event.act
        commands = {
            Act.LEFT: lambda: self.step(-1),
            Act.RIGHT: lambda: self.step(1),
            Act.CONFIRM: self.toggle,
            Act.FIRST: lambda: self._jump(0),
            Act.LAST: lambda: self._jump(self.last),
            Act.FASTER: lambda: self.change_speed(1, wrap=event.device is Device.GAMEPAD),
            Act.SLOWER: lambda: self.change_speed(-1),
            Act.UP: lambda: self.choose_deal(self.deal - 1),
            Act.DOWN: lambda: self.choose_deal(self.deal + 1),
            Act.SUGGEST: self.play_deal,
            Act.AUTO: self.make_puzzle,
            Act.MENU: self.close,
            Act.PASS: self.close,
        }
        if act in commands:
            commands[act]()
        elif act is Act.POINTER_DOWN:
            self._click(event.pos)
        elif act is Act.POINTER_MOVE:
            for row in (self.transport, self.tools):
                row.hover(event.pos)
            self.speed_button.hover = self.speed_button.hit(event.pos)
            self.menu.hover = self.menu.rect.collidepoint(event.pos)

    def _jump(self, position: int) -> None:
        self.playing = False
        self.seek(position)

    def _click(self, pos: tuple[int, int]) -> None:
        buttons = {
            "first": lambda: self._jump(0),
            "back": lambda: self.step(-1),
            "play": self.toggle,
            "forward": lambda: self.step(1),
            "last": lambda: self._jump(self.last),
            "earlier": lambda: self.choose_deal(self.deal - 1),
            "later": lambda: self.choose_deal(self.deal + 1),
            "deal": self.play_deal,
            "make": self.make_puzzle,
        }
        hit = self.transport.at(pos) or self.tools.at(pos)
        if hit is not None:
            buttons[hit.key]()
        elif self.speed_button.hit(pos):
            self.change_speed(1, wrap=True)
        elif self.menu.hit(pos):
            self.close()
        elif self.scrubber().inflate(0, self.canvas.geo.px(24)).collidepoint(pos):
            bar = self.scrubber()
            self._jump(round((pos[0] - bar.x) / max(1, bar.width) * self.last))

    # ----- drawing -------------------------------------------------------------------------------------------

    def prompt(self) -> str:
        """The position readout on the message line: the move and what it did."""
        if self.position == 0:
            return tr("replay.at_start", total=self.last)
        note = self.recording.notes[self.position - 1]
        return tr("replay.position", move=self.position, total=self.last, note=note)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        geo = self.canvas.geo
        self.transport.draw(surface, geo.px(24))
        for b in self.transport.buttons:
            self._icon(surface, b)
        self.speed_button.draw(surface, geo.px(26))
        self.tools.draw(surface, geo.px(22))
        self._scrubber(surface)
        self._info(surface)

    def _icon(self, surface: pygame.Surface, button: Button) -> None:
        """The transport symbols, drawn (no font has all of them)."""
        geo = self.canvas.geo
        color = CREAM if button.enabled else (200, 200, 196)
        cx, cy = button.rect.centerx, button.rect.centery - (geo.px(8) if button.hint else 0)
        r = geo.px(12)
        shape = "pause" if button.key == "play" and self.playing else button.key
        right = [(cx - r * 0.7, cy - r), (cx - r * 0.7, cy + r), (cx + r, cy)]

        def mirrored(points):
            return [(2 * cx - x, y) for x, y in points]

        def bar(x: float) -> None:
            pygame.draw.rect(surface, color, pygame.Rect(round(x), cy - r, max(2, r // 3), 2 * r))

        if shape == "pause":
            bar(cx - r * 0.6)
            bar(cx + r * 0.6 - max(2, r // 3))
        elif shape in ("play", "forward"):
            pygame.draw.polygon(surface, color, right)
        elif shape == "back":
            pygame.draw.polygon(surface, color, mirrored(right))
        elif shape == "last":
            pygame.draw.polygon(surface, color, [(x - r * 0.3, y) for x, y in right])
            bar(cx + r * 0.7)
        elif shape == "first":
            pygame.draw.polygon(surface, color, [(x + r * 0.3, y) for x, y in mirrored(right)])
            bar(cx - r * 0.7 - max(2, r // 3))

    def scrubber(self) -> pygame.Rect:
        geo = self.canvas.geo
        bar = geo["action_bar"]
        return pygame.Rect(bar.x, bar.bottom + geo.px(14), bar.width, geo.px(10))

    def _scrubber(self, surface: pygame.Surface) -> None:
        """The deal as a track: a tick per move, the part played in gold, a knob where the replay is."""
        geo, bar = self.canvas.geo, self.scrubber()
        radius = bar.height // 2
        pygame.draw.rect(surface, (20, 34, 28), bar.inflate(geo.px(4), geo.px(4)), border_radius=radius + 2)
        share = self.position / max(1, self.last)
        done = pygame.Rect(bar.x, bar.y, round(bar.width * share), bar.height)
        if done.width:
            pygame.draw.rect(surface, GOLD, done, border_radius=radius)
        if self.last <= 200:
            for k in range(1, self.last):
                x = bar.x + round(bar.width * k / self.last)
                tick = (60, 80, 70) if k > self.position else (150, 110, 30)
                pygame.draw.line(surface, tick, (x, bar.y), (x, bar.bottom - 1))
        knob = (bar.x + round(bar.width * share), bar.centery)
        pygame.draw.circle(surface, (40, 30, 10), (knob[0] + 1, knob[1] + 2), geo.px(11))
        pygame.draw.circle(surface, (255, 236, 170), knob, geo.px(11))
        pygame.draw.circle(surface, GOLD, knob, geo.px(11), geo.px(3))

    def _info(self, surface: pygame.Surface) -> None:
        """The replay's card: which deal of how many, the auction as it went, and the playback state."""
        geo, s = self.canvas.geo, self.session
        hand = self.state.hand
        box = self.info_box()
        surface.blit(panel(box.size, 190, geo.px(16)), box.topleft)
        x, y = box.x + geo.px(18), box.y + geo.px(8)
        title = blit_text(surface, tr("replay.title"), geo.px(28), GOLD, (x, y), bold=True, shadow=(0, 0, 0))
        span = self.recording.span
        where = tr("replay.which", hand=span.hand_no, deal=self.deal + 1, deals=len(self.deals))
        blit_text(surface, where, geo.px(20), CREAM, (title.right + geo.px(14), title.centery), "midleft", True)
        y = title.bottom + geo.px(4)
        said = [f"{SEAT_NAMES[seat]} {label}" for (seat, _), label in zip(hand.bids, bid_labels(s.view), strict=True)]
        lines = [tr("replay.auction", bids=said[0] if said else tr("replay.no_bids"))]
        for words in said[1:]:  # a seat's answer is never split over two lines
            trial = f"{lines[-1]} · {words}"
            if font_for(trial, geo.px(19)).size(trial)[0] > box.width - geo.px(36):
                lines.append(words)
            else:
                lines[-1] = trial
        for line in lines[:2]:
            y = blit_text(surface, line, geo.px(19), CREAM, (x, y)).bottom + geo.px(2)
        state = tr("replay.playing") if self.playing else tr("replay.paused")
        blit_text(surface, f"{state} · {self.speed:g}×", geo.px(19), MUTED, (x, box.bottom - geo.px(8)), "bottomleft")
        if not self.replayable:
            note = tr("replay.collected")
            blit_text(surface, note, geo.px(17), MUTED, (box.right - geo.px(16), box.bottom - geo.px(8)), "bottomright")

    def info_box(self) -> pygame.Rect:
        """The replay's card: at the top left, in place of the card counter's strip (off in a replay) and the deal's
        chip (the card says which deal this is), short of the stake plate."""
        geo = self.session.cards.geo
        assert geo is not None
        box = pygame.Rect(geo["counter"].x, geo["stake"].top, 0, geo.px(132))
        box.width = min(geo.px(530), geo["stake"].left - box.x - geo.px(14))
        return box

    def draw_chip(self, surface: pygame.Surface) -> None:
        """No chip: the replay's card says which deal this is."""

    # ----- every hand face up ---------------------------------------------------------------------------------

    def fixtures(self) -> list[pygame.Rect]:
        """Everything the open hands must leave clear: the stake plate with the kitty, every seat and its plays, your
        hand, the message line and every control (the card counter is off in a replay, the chip not drawn)."""
        s, geo = self.session, self.session.cards.geo
        assert geo is not None
        fixed = [
            geo["stake"],
            geo["menu_button"],
            s.cards.kitty_zone(),
            geo["message"],
            geo["action_bar"],
        ]
        fixed += [self.scrubber(), geo["tools"], s.cards.zone("hand", HUMAN)]
        fixed += [s.cards.zone(kind, seat) for seat in range(self.state.players) for kind in ("seat", "play")]
        return fixed

    def open_areas(self) -> dict[int, pygame.Rect]:
        """Each opponent's spot for its open hand, clear of the table and of each other."""
        s = self.session
        taken = [*self.fixtures(), self.info_box()]
        screen = pygame.Rect((0, 0), self.canvas.geo.size)
        areas: dict[int, pygame.Rect] = {}
        for seat in range(1, self.state.players):
            areas[seat] = spot_for(s.cards.zone("seat", seat), screen, taken, self.canvas.geo.px)
            taken.append(areas[seat])
        return areas

    def open_cards(self, seat: int) -> list[int]:
        """The cards a seat holds, as far as they have been dealt; the kitty joins the landlord once it has flown."""
        s = self.session
        hand = self.state.hand
        joining = (
            set(hand.kitty) if s.cards.flip is not None and not s.cards.flip.joined and seat == hand.landlord else set()
        )
        cards = [c for c in hand.hands[seat] if c not in joining]
        return s.cards.table_order(cards)[: s.cards.shown_count(seat)]

    def _pile(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent's hand face up by its seat (in place of the live table's face-down pile), with its count."""
        geo, art, deck = self.canvas.geo, self.canvas.art["mini"], self.state.deck
        cards = self.open_cards(seat)
        area = self.open_areas()[seat]
        seat_box = self.session.cards.zone("seat", seat)
        toward = (seat_box.centerx > geo.size[0] // 2) - (seat_box.centerx < geo.size[0] // 2)
        corners = card_positions(area, len(cards), art.size, toward)
        if not corners:
            return
        w, h = art.size
        bounds = pygame.Rect(corners[0], (w, h)).unionall([pygame.Rect(c, (w, h)) for c in corners])
        bounds = bounds.inflate(geo.px(14), geo.px(14))
        surface.blit(panel(bounds.size, 120, geo.px(12)), bounds.topleft)
        for card, corner in zip(cards, corners, strict=True):
            surface.blit(art.face(deck[card]), corner)
            mark_card(surface, self.session.view, card, corner, art.size, {})
        centre = (geo.size[0] // 2, geo.size[1] // 2)
        corner = min(
            (bounds.topleft, bounds.topright, bounds.bottomleft, bounds.bottomright),
            key=lambda p: (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2,
        )
        badge = pill(str(len(cards)), geo.px(20), CREAM, (geo.px(9), geo.px(3)), (25, 45, 35), 235)
        surface.blit(badge, badge.get_rect(center=corner))

    def _kitty(self, surface: pygame.Surface) -> None:
        """The kitty face up from the start (the live table turns it up when the landlord takes it)."""
        s = self.session
        if self.state.hand.landlord is not None:
            super()._kitty(surface)
            return
        geo, art = self.canvas.geo, self.canvas.art["mini"]
        zone, (w, _) = s.cards.kitty_zone(), art.size
        kitty = self.state.hand.kitty
        step = min(w + geo.px(8), (zone.width - w) / max(1, len(kitty) - 1))  # as the live table lays it out
        x = zone.centerx - (w + step * (len(kitty) - 1)) / 2
        for card in kitty:
            surface.blit(art.face(self.state.deck[card]), (round(x), zone.y))
            mark_card(surface, self.session.view, card, (round(x), zone.y), art.size, {})
            x += step
