"""The settlement screen: who won, the score computation spelled out (000 §17-§19), each change and total, the match."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import pygame

from game.actions import NextHand
from game.view import Phase, Settlement
from scenes.art.avatars import avatar
from scenes.art.effects import Confetti, Effect, Glow
from scenes.art.fonts import font_for
from scenes.art.text import blit_text, wrap
from scenes.art.widgets import CREAM, GOLD, MODAL, MUTED, RED, Row, dim, panel
from scenes.flow import leave_room, play_again, to_title, undo_turn
from scenes.platform.input import Act, Device, Input
from scenes.scene import Scene
from scenes.screens.menus import PauseMenu, replay_deal, start_new_match
from scenes.screens.puzzles import PuzzleMaker
from scenes.screens.replay import ReplayScene
from scenes.table.layout import Fitted
from scenes.table.seat_look import SETTLEMENT_PORTRAIT
from scenes.table.session import Session
from scenes.words.i18n import tr
from scenes.words.table_words import doubling_items, score_items, share_terms
from scenes.words.wording import deal_label, listed

if TYPE_CHECKING:
    from scenes.scene import Host

GREEN = (120, 230, 150)
DEMO_PAUSE = 2.5  # seconds the demo shows a settlement before it plays on
# Each button's own key, for its hint and its action: the keyboard's, and what a pad presses instead (it has no N: its
# Back, which plays no other part here, starts the new match). Play again, first, and Make a puzzle take Confirm
# while they have the focus.
KEYS = {"replay": Act.SORT, "deal": Act.SUGGEST, "match": Act.NEW, "title": Act.MENU, "leave": Act.CLEAR}
PAD_KEYS = KEYS | {"match": Act.AUTO}
PAD_ALIASES = {Act.AUTO: Act.NEW}
TERMS = re.compile(r"(?= = )|(?<=, )|(?<=，)")  # where a share's computation may break onto a new line


def settlement_box(geo: Fitted, double_phase: bool) -> pygame.Rect:
    """Where the settlement's panel stands: taller with a doubling phase, for the shares (004)."""
    box = geo["panel"]
    box.height = geo.px(760 if double_phase else 700)
    box.center = geo["panel"].center
    return box


def settlement_panel(geo: Fitted, box: pygame.Rect) -> pygame.Surface:
    """The settlement's opaque panel (made ahead among the title's chores: a fresh 1,100 by 700 panel took 5 ms of a
    frame on a quiet machine and 20-25 ms under load)."""
    return panel(box.size, MODAL, geo.px(28))


class SettlementScene(Scene):
    name = "settlement"
    overlay = True

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host)
        self.session = session
        self.row = Row()
        self.shown = 0.0
        self.celebration: list[Effect] = []
        self.waiting = False  # at a room's table: you said you are ready, the others are not yet
        self.maker = PuzzleMaker(host, session.seat.match, session.me)  # a forced win you missed: make it a puzzle

    def enter(self) -> None:
        self.relayout()
        if self.human_won:
            geo = self.canvas.geo
            if self.session.settings.reduced_motion:  # a gold frame round the panel, outside it
                self.celebration = [Glow(self.box().inflate(geo.px(28), geo.px(28)), geo.px(8), 1.2)]
            else:
                self.celebration = [Confetti(geo.size, geo.scale, self.session.fx_rng)]

    @property
    def human_won(self) -> bool:
        """The match (once it is over) or else the hand went your way."""
        view, me = self.session.view, self.session.me
        settlement = view.settlement
        if self.match_over:
            return me in view.winners
        return settlement is not None and (settlement.landlord == me) == settlement.landlord_won

    @property
    def match_over(self) -> bool:
        return self.session.view.phase is Phase.MATCH_OVER

    def box(self) -> pygame.Rect:
        return settlement_box(self.canvas.geo, self.session.view.rules.double_phase)

    def relayout(self) -> None:
        geo = self.canvas.geo
        box = self.box()
        bar = pygame.Rect(box.x, box.bottom - geo.px(110), box.width, geo.px(74))
        if self.host.room is not None:
            self._room_buttons(bar)
            return
        if self.match_over:  # the match is decided: what is left is a new one from zero (000 §23)
            specs = [("match", tr("settlement.new_match"), "play"), ("title", tr("settlement.title"), "dark")]
        else:  # Play again keeps the totals (000 §21); New match asks first, as it resets them
            specs = [
                ("again", tr("settlement.play_again"), "play"),
                ("match", tr("settlement.new_match"), "plain"),
                ("title", tr("settlement.title"), "dark"),
            ]
        replays = [("replay", tr("replay.button"), "hint"), ("deal", tr("replay.this_deal"), "plain")]
        specs[1:1] = replays  # watch the hand again, or play its cards again as practice
        self.row = Row.centered(bar, specs, geo.px(196), geo.px(16))
        self.row.buttons[0].focus = True
        held = self.session.seat.match is not None  # replays and deals again come from a match held here
        self.row.get("replay").enabled = held
        self.row.get("deal").enabled = held and not self.session.view.collected  # its number cannot deal it again
        if self.maker.found is not None:
            make = pygame.Rect(box.right - geo.px(330), bar.y - geo.px(76), geo.px(300), geo.px(60))
            self.row.buttons.append(self.maker.button(make))

    def _room_buttons(self, bar: pygame.Rect) -> None:
        """At a room's table: ready for the next hand (a new match once it is decided), or leave; the room deals
        once every player is ready."""
        geo = self.canvas.geo
        word = "settlement.new_match" if self.match_over else "settlement.play_again"
        word = "rooms.waiting_others" if self.waiting else word
        specs = [("again", tr(word), "play"), ("leave", tr("rooms.leave_room"), "dark")]
        self.row = Row.centered(bar, specs, geo.px(300), geo.px(24))
        self.row.buttons[0].focus = True
        self.row.get("again").enabled = not self.waiting

    def update(self, dt: float) -> None:
        self.shown += dt
        if self.host.room is not None and self.dealt_again():  # the table again, at the new hand's phase
            self.host.show(self.session, settle=False)
            return
        self.celebration = [e for e in self.celebration if e.update(dt)]
        if self.maker.update():
            self.relayout()
        inputs = self.canvas.inputs
        keys = PAD_KEYS if inputs.device is Device.GAMEPAD else KEYS
        for b in self.row.buttons:
            b.hint = inputs.label(keys[b.key]) if b.key in keys else inputs.label(Act.CONFIRM) if b.focus else ""
        if self.host.demo and self.shown >= DEMO_PAUSE:
            self.choose(self.row.buttons[0].key)

    def dealt_again(self) -> bool:
        """At a room's table: has the next hand been dealt? Once you are ready, or without you (you were away while
        the others were ready), or taken with your own Play again's answer: whoever took it, this screen never
        stays up over a hand that is not over."""
        if self.session.seat.pending():
            self.session.take()  # the room's news and phrases go to the table beneath meanwhile
        return self.session.view.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER)

    def choose(self, key: str) -> None:
        if key == "again" and self.host.room is not None:
            self.session.act(NextHand())  # ready: the room deals once everyone is
            self.waiting = True
            self.relayout()
        elif key == "again":
            play_again(self.host, self.session)
        elif key == "leave":
            leave_room(self.host)
        elif key == "replay" and (match := self.session.seat.match) is not None:
            self.host.push(ReplayScene(self.host, match, maker=self.maker))
        elif key == "deal" and self.session.seat.match is not None:
            replay_deal(self.host, self.session.view.ruleset, self.session.view.deal_no)
        elif key == "match":
            start_new_match(self.host, self.session.view.ruleset)
        elif key == "title":
            to_title(self.host)
        elif key == "make":
            self.maker.make()
            self.relayout()

    def handle(self, event: Input) -> None:
        act = PAD_ALIASES.get(event.act, event.act) if event.device is Device.GAMEPAD else event.act
        picked = self.row.react(event)
        keyed = next((key for key, wanted in KEYS.items() if wanted is act), None)
        if picked:
            self.choose(picked)
        elif picked == "":
            return
        elif act is Act.MENU and self.host.room is not None:
            self.host.push(PauseMenu(self.host, self.session))  # its Leave the room, never a stray Esc out of it
        elif keyed is not None and any(b.key == keyed and b.enabled for b in self.row.buttons):
            self.choose(keyed)  # Esc the title, R the replay, S this deal again, N a new match, X leaves a room
        elif act is Act.UNDO and self.session.settings.practice:  # practice: take the last decision back after all
            undo_turn(self.host, self.session)

    def warm(self) -> Iterator[None]:
        """The first frame made ahead, a part a frame (its panel, its words, its buttons drawn once on a scratch
        surface) while the hand's end is still shown, so that the frame it opens in does not make them all."""
        self.relayout()
        yield
        yield from self._drawn(pygame.Surface((1, 1)))  # what is drawn is clipped away; what is made is kept

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        for effect in self.celebration:  # behind the opaque panel: nothing falls over the figures
            effect.draw(surface)
        for _ in self._drawn(surface):
            pass

    def _drawn(self, surface: pygame.Surface) -> Iterator[None]:
        """The panel and what it says, a part at a time (`warm` makes one a frame)."""
        geo, view = self.canvas.geo, self.session.view
        settlement = view.settlement
        box = self.box()
        surface.blit(settlement_panel(geo, box), box.topleft)
        yield
        human_won = self.human_won
        if settlement is None:  # the deal limit ended the hand (003 timers)
            self._expired(surface, box)
            return
        if self.match_over:  # the final result (000 §23): the match, then the hand that decided it
            headline = tr("settlement.you_win_match") if human_won else tr("settlement.match_over")
        else:
            headline = tr("settlement.you_win") if human_won else tr("settlement.you_lose")
        blit_text(
            surface,
            headline,
            geo.px(72),
            GOLD if human_won else (230, 140, 120),
            (box.centerx, box.y + geo.px(26)),
            "midtop",
            True,
            (0, 0, 0),
        )
        side = tr("settlement.side_landlord") if settlement.landlord_won else tr("settlement.side_farmers")
        sub = tr(
            "settlement.sub_you" if settlement.landlord == self.session.me else "settlement.sub_other",
            side=side,
            number=view.hand_no,
            name=self.session.names[settlement.landlord],
            deal=deal_label(view),
        )
        blit_text(surface, sub, geo.px(26), CREAM, (box.centerx, box.y + geo.px(118)), "midtop")
        yield
        self._computation(surface, box, settlement)
        yield
        self._table(surface, box, settlement)
        yield
        self.row.draw(surface, geo.px(28))
        self.maker.draw(surface, (box.centerx, box.bottom - geo.px(120)), geo.px(22))

    def _expired(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """A deal that ran out of time: no winner, no score, the totals as they stood."""
        geo, view = self.canvas.geo, self.session.view
        top = (box.centerx, box.y + geo.px(26))
        blit_text(surface, tr("table.time_ran_out"), geo.px(72), (230, 190, 120), top, "midtop", True, (0, 0, 0))
        sub = tr("settlement.expired_sub", number=view.hand_no, deal=deal_label(view))
        blit_text(surface, sub, geo.px(26), CREAM, (box.centerx, box.y + geo.px(118)), "midtop")
        limit = view.rules.timed(True).deal_seconds or 0
        note = tr("settlement.expired_note", minutes=f"{limit / 60:g}")
        y = box.y + geo.px(180)
        for line in wrap(note, geo.px(24), geo.px(400)):
            y = blit_text(surface, line, geo.px(24), CREAM, (box.x + geo.px(60), y)).bottom + geo.px(4)
        self._table(surface, box, None)
        self.row.draw(surface, geo.px(28))

    def _computation(self, surface: pygame.Surface, box: pygame.Rect, settlement) -> None:
        geo = self.canvas.geo
        x, y = box.x + geo.px(60), box.y + geo.px(180)
        blit_text(surface, tr("settlement.score"), geo.px(28), GOLD, (x, y), bold=True)
        y += geo.px(44)
        rules = self.session.view.rules
        if rules.double_phase:  # 004: one share per farmer, each with its own doubles
            draw_shares(surface, geo, settlement, self.session.names, rules.share_cap, (x, y), geo.px(440))
            return
        formula = settlement.lines()[-1]  # the core spells the computation out; the scene only lays it out
        for step in score_items(settlement):  # two decks bring many bombs: "6 bombs ×64"
            blit_text(surface, step, geo.px(26), CREAM, (x, y))
            y += geo.px(38)
        pygame.draw.line(surface, GOLD, (x, y + geo.px(4)), (x + geo.px(390), y + geo.px(4)), geo.px(2))
        y += geo.px(14)
        blit_text(surface, formula.replace(" x ", " × "), geo.px(30), GOLD, (x, y), bold=True)
        y += geo.px(48)
        farmers = self.session.view.players - 1
        rule = tr("settlement.rule_one") if farmers == 1 else tr("settlement.rule_many", farmers=farmers)
        blit_text(surface, rule, geo.px(20), MUTED, (x, y))

    def _table(self, surface: pygame.Surface, box: pygame.Rect, settlement: Settlement | None) -> None:
        geo, view, names = self.canvas.geo, self.session.view, self.session.names
        x = box.x + geo.px(520)
        y = box.y + geo.px(180)
        cols = (x, x + geo.px(250), x + geo.px(390))
        heads = (tr("settlement.player"), tr("settlement.hand"), tr("settlement.total"))
        for col, head in zip(cols, heads, strict=True):
            blit_text(surface, head, geo.px(24), MUTED, (col, y), bold=True)
        y += geo.px(44)
        target = view.rules.match_target
        row = geo.px(82 if view.players <= 3 else 64)  # four rows fit above the buttons
        for seat in range(view.players):
            delta, total = settlement.deltas[seat] if settlement else 0, view.scores[seat]
            name = names[seat]
            blit_text(surface, name, geo.px(28), CREAM, (cols[0] + geo.px(40), y), bold=True)
            if settlement:  # the seat's face, smiling or not, in its role's hat
                role = "landlord" if seat == settlement.landlord else "farmer"
                look = self.session.seat.avatars.get(seat, seat)
                face = avatar(look, self.session.moods.face(view, seat, False), role, geo.px(SETTLEMENT_PORTRAIT))
                surface.blit(face, face.get_rect(midbottom=(cols[0] + geo.px(14), y + geo.px(38))))
            color = GREEN if delta > 0 else RED if delta < 0 else MUTED
            blit_text(surface, f"{delta:+d}", geo.px(28), color, (cols[1], y), bold=True)
            blit_text(surface, f"{total:+d}", geo.px(28), GOLD, (cols[2], y), bold=True)
            bar = pygame.Rect(cols[0] + geo.px(40), y + geo.px(40), geo.px(460), geo.px(10))
            pygame.draw.rect(surface, (30, 50, 40), bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = round(bar.width * max(0.0, min(1.0, total / target)))
            if filled.width:
                pygame.draw.rect(surface, GOLD, filled, border_radius=bar.height // 2)
            y += row
        if view.winners:
            winners = listed([names[w] for w in view.winners])
            many = len(view.winners) > 1 or self.session.me in view.winners
            text = tr("settlement.match_won_many" if many else "settlement.match_won_one", names=winners)
            size = geo.px(34 if len(view.winners) < 3 else 28)
            blit_text(surface, text, size, GOLD, (cols[0], y + geo.px(6)), bold=True, shadow=(0, 0, 0))
            hands = view.hands_played
            final = tr("settlement.final_one" if hands == 1 else "settlement.final", count=hands)
            blit_text(surface, final, geo.px(22), MUTED, (cols[0], y + geo.px(58)))
        else:
            lead = max(view.scores)
            level = lead == min(view.scores)  # "all square", never "leader on +0"
            note = tr("settlement.first_to_level" if level else "settlement.first_to", target=target, lead=f"{lead:+d}")
            blit_text(surface, note, geo.px(22), MUTED, (cols[0], y + geo.px(10)))


def draw_shares(
    surface: pygame.Surface,
    geo: Fitted,
    settlement: Settlement,
    names: Mapping[int, str],
    cap: int | None,
    at: tuple[int, int],
    width: int,
) -> int:
    """The 004 settlement: the common multiplier and its doublings, then each farmer's share line by line (`cap`: the
    share cap in base units, if any). Returns the bottom of the last line."""
    x, y = at

    def lines(value: str, size: int, color: tuple[int, int, int], bold: bool = False, gap: int = 6) -> None:
        nonlocal y
        for line in wrap(value, geo.px(size), width, bold):
            y = blit_text(surface, line, geo.px(size), color, (x, y), bold=bold).bottom + geo.px(gap)

    lines(tr("auction.multiplier", value=settlement.multiplier), 30, GOLD, True)
    for line in joined(doubling_items(settlement), geo.px(22), width) or [tr("auction.no_doublings")]:
        y = blit_text(surface, line, geo.px(22), CREAM, (x, y)).bottom + geo.px(4)
    y += geo.px(10)
    pygame.draw.line(surface, GOLD, (x, y), (x + width, y), geo.px(2))
    y += geo.px(14)
    for share in settlement.shares:
        blit_text(surface, names[share.seat], geo.px(26), CREAM, (x, y), bold=True)
        amount = f"{share.amount:,}"
        y = blit_text(surface, amount, geo.px(26), GOLD, (x + width, y), "topright", True).bottom + geo.px(2)
        for line in joined(TERMS.split(share_terms(share, settlement.base)), geo.px(20), width, ""):
            y = blit_text(surface, line, geo.px(20), CREAM, (x, y)).bottom + geo.px(4)
        y += geo.px(8)
    y += geo.px(4)
    rule = tr("auction.share_rule_capped", cap=cap) if cap is not None else tr("auction.share_rule")
    lines(rule, 20, MUTED, gap=2)
    return y


def joined(items: list[str], size: int, width: int, sep: str = " · ") -> list[str]:
    """`items` joined by `sep` into lines no wider than `width`, broken only between items: "2 robs ×4" stays whole,
    and a share breaks before an "=" or after a comma, never at a "×"."""
    out: list[str] = []
    for item in items:
        trial = f"{out[-1]}{sep}{item}" if out else item
        if out and font_for(trial, size, False).size(trial)[0] <= width:
            out[-1] = trial
        else:
            out.append(item.lstrip())
    return out
