"""The play screen: your hand, selection by click, drag, keyboard or pad, and Play / Pass / Suggest / Sort / Auto.

An invalid selection shows the core's reason and keeps the cards raised (000 §21); when a lead has readings
that demand different answers, a small chooser asks which one is meant.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from game.actions import Pass, Play
from game.cards import normalize
from game.kinds import Kind
from game.view import Offer, Phase, legal_moves, readings, split_move
from scenes.art.text import blit_text
from scenes.art.widgets import Row
from scenes.flow import undo_turn
from scenes.platform.input import Act, Device, Input
from scenes.screens.menus import KindChooser
from scenes.screens.readings import ReadingChooser
from scenes.screens.settlement import SettlementScene
from scenes.screens.table import TableScene, veil
from scenes.table.placing import SORTS
from scenes.table.session import Session
from scenes.table.slide import slide_pick
from scenes.words.i18n import tr
from scenes.words.wording import describe, hint

if TYPE_CHECKING:
    from scenes.scene import Host

PLAYED = (Phase.PLAYING, Phase.HAND_OVER, Phase.MATCH_OVER)  # the phases this screen shows
SETTLE_AFTER = 2.3  # seconds the last play and the result banner stay before the settlement opens
AUTO_PASS_AFTER = 1.0  # seconds "Can't beat" shows before the auto-pass setting passes for you


class PlayScene(TableScene):
    name = "play"

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host, session)
        self.actions = Row()
        self.tools = Row()
        self.drag: tuple[int, int] | None = None  # hand indexes: where the drag started, where it is now
        self.hover: int | None = None  # hand index under the mouse pointer
        self.suggestions: list[Any] = []
        self.suggest_key: object = None
        self.suggest_index = 0
        self.pending: Future | None = None
        self.over_for = 0.0
        self.settling = False
        self.settlement: SettlementScene | None = None  # the hand's settlement, once the hand is over
        self.warming: Iterator[None] = iter(())
        self.beaten: tuple[object, bool] | None = None  # (turn key, nothing in hand beats the play) for this turn
        self.stuck_for = 0.0  # seconds of this turn that nothing beats

    def enter(self) -> None:
        self.relayout()

    def resume(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        super().relayout()
        geo = self.canvas.geo
        specs = [
            ("pass", tr("play.pass"), "pass"),
            ("suggest", tr("play.suggest"), "hint"),
            ("play", tr("play.play"), "play"),
        ]
        self.actions = Row.centered(geo["action_bar"], specs, geo.px(200), geo.px(30))
        tools = [
            ("sort", self.sort_label(), "plain"),
            ("auto", tr("play.auto"), "dark"),
            ("counter", tr("play.counter"), "dark"),
        ]
        if self.session.settings.practice:
            tools.append(("undo", tr("replay.undo"), "pass"))
        area, gap = geo["tools"], geo.px(10 if len(tools) > 3 else 14)
        height = min(geo.px(64), (area.height - gap * (len(tools) - 1)) // len(tools))  # four close up to fit
        self.tools = Row.stacked(area, tools, height, gap)

    # ----- whose turn ---------------------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        s = self.session
        return s.view.phase is Phase.PLAYING and s.view.turn == s.me and not s.seat.bot_seat(s.me)

    @property
    def cannot_beat(self) -> bool:
        """Is it your turn to answer a play nothing in your hand beats (要不起)? Worked out once per turn."""
        if not self.my_turn or self.session.view.last is None:
            return False
        key = self.session.turn_key()
        if self.beaten is None or self.beaten[0] != key:
            self.beaten = (key, legal_moves(self.session.view) == ["pass"])
            self.stuck_for = 0.0
        return self.beaten[1]

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        self._sync_buttons()
        if self.my_turn and s.cards.settled:  # Suggest's answer is asked as your turn starts: the key answers at once
            s.advice.suggestions(s.view, s.turn_key())
        self._collect_suggestions()
        if s.view.phase not in PLAYED and s.cards.settled:  # a new deal from a room's server: its auction's screen
            self.host.show(s, settle=False)
            return
        if s.view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self.over_for += dt
            if self.settlement is None:  # made while the hand's end is shown, its first frame a part a frame
                self.settlement = SettlementScene(self.host, s)
                self.warming = self.settlement.warm()
            next(self.warming, None)
            if self.over_for >= SETTLE_AFTER and not self.settling and not s.cards.board.busy:
                self.settling = True
                self.host.push(self.settlement)
            return
        if self.cannot_beat and s.settings.auto_pass and s.cards.settled:
            self.stuck_for += dt
            if self.stuck_for >= AUTO_PASS_AFTER:
                self.pass_turn()
                return
        if s.cards.settled:
            s.drive()

    def _sync_buttons(self) -> None:
        s, labels = self.session, self.canvas.inputs
        mine, stuck = self.my_turn, self.cannot_beat
        for b in self.actions.buttons:
            b.enabled = mine and (b.key != "pass" or s.view.last is not None) and not (stuck and b.key != "pass")
            if b.key == "pass":  # a screen built on this one (the swap) may have no Pass
                b.label = tr("play.cannot_beat" if stuck else "play.pass")
            elif b.key == "play":  # Suggest said pass and nothing is raised: the one key passes (what it shows)
                b.label = tr("play.pass" if self.passing_suggested else "play.play")
        hints = {"play": Act.CONFIRM, "pass": Act.PASS, "suggest": Act.SUGGEST, "sort": Act.SORT, "auto": Act.AUTO}
        hints["counter"], hints["undo"] = Act.COUNTER, Act.UNDO
        for b in self.actions.buttons + self.tools.buttons:
            b.hint = labels.label(hints[b.key])
        self.tools.get("sort").label = self.sort_label()
        auto = self.tools.get("auto")
        auto.label, auto.style = (tr("play.auto_on"), "play") if s.settings.auto else (tr("play.auto"), "dark")
        counter = self.tools.get("counter")
        counter.style = "hint" if s.settings.counter else "dark"

    # ----- selection ----------------------------------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Index in the hand of the topmost card under `pos`."""
        board, size = self.session.cards.board, self.session.cards.card_size("hand")
        for index in range(len(board.hand) - 1, -1, -1):
            sprite = board.sprites.get(board.hand[index])
            if sprite is not None and pygame.Rect(sprite.pos, size).collidepoint(pos):
                return index
        return None

    def set_raised(self, cards: list[int], raised: bool) -> None:
        places = self.session.cards
        if raised:
            places.selected |= set(cards)
        else:
            places.selected -= set(cards)
        places.place_hand(0.12)

    def _release_drag(self) -> None:
        assert self.drag is not None
        start, end = self.drag
        self.drag = None
        hand = self.session.cards.board.hand
        if max(start, end) >= len(hand):  # the hand shrank under the drag (a play was made): nothing to raise
            return
        if start == end:
            card = hand[start]
            self.set_raised([card], card not in self.session.cards.selected)
            return
        low, high = sorted((start, end))
        dragged = hand[low : high + 1]
        if hand[start] in self.session.cards.selected:  # a drag from a raised card lowers the range
            self.set_raised(dragged, False)
            return
        view = self.session.view
        picked = slide_pick([view.deck[c] for c in dragged], view.rules)
        self.set_raised([card.id for card in picked], True)

    def in_drag(self, card: int | None) -> bool:
        if self.drag is None or card is None:
            return False
        low, high = sorted(self.drag)
        hand = self.session.cards.board.hand
        return card in hand[low : high + 1]

    # ----- actions ------------------------------------------------------------------------------------

    def play(self, kind: Kind | None = None) -> None:
        """Play the raised cards; out of turn the core's refusal ("It is not your turn.") is shown. A selection the
        core offers several readings of asks which one is meant (`game.choices.readings`)."""
        s = self.session
        places = s.cards
        cards = tuple(c for c in places.board.hand if c in places.selected)
        if kind is None and self.my_turn:
            offers = readings(s.view, cards)
            if len(offers) > 1:
                wild = s.view.wild and s.view.wild in offers[0].play.move
                chooser = ReadingChooser if wild else KindChooser
                self.host.push(chooser(self.host, offers, self._submit_offer))
                return
            self._submit(offers[0].play)
            return
        move = normalize("".join(s.view.deck[c].char for c in cards)) if cards else ""
        self._submit(Play(s.me, move, kind, cards))

    @property
    def passing_suggested(self) -> bool:
        """Suggest showed a pass for this turn and you have raised nothing since: Play reads Pass and passes."""
        s = self.session
        shown = self.suggestions[self.suggest_index] if self.suggestions else None
        return (
            self.my_turn
            and shown is not None
            and shown.move == "pass"
            and self.suggest_key == s.turn_key()
            and not s.cards.selected
        )

    def _submit_offer(self, offer: Offer) -> None:
        self._submit(offer.play)

    def _submit(self, play: Play) -> None:
        self.session.act(play)

    def pass_turn(self) -> None:
        if self.session.act(Pass(self.session.me)):
            self.set_raised(list(self.session.cards.selected), False)

    def suggest(self) -> None:
        s = self.session
        if not self.my_turn:
            return
        key = s.turn_key()
        if self.suggest_key == key and self.suggestions:
            self.suggest_index = (self.suggest_index + 1) % len(self.suggestions)
            self._show_suggestion()
        elif self.pending is None:
            self.suggest_key, self.suggestions = key, []
            self.pending = s.advice.suggestions(s.view, key)

    def _collect_suggestions(self) -> None:
        if self.pending is None or not self.pending.done():
            return
        pending, self.pending = self.pending, None
        s = self.session
        waited_for = self.suggest_key == s.turn_key()  # Suggest was pressed this turn and shows nothing yet
        if pending.cancelled() or pending.exception() is not None:  # withdrawn (the turn was played), or lost
            again = s.advice.suggestions(s.view, s.turn_key()) if waited_for else None
            if again is not None and again is not pending:  # lost with its worker: asked once more of a new one
                self.pending = again
            elif waited_for:
                s.notices.say(tr("play.no_suggestion"), 4.0)
            return
        found = pending.result()
        if not waited_for or not found:
            return
        self.suggestions, self.suggest_index = list(found), 0
        self._show_suggestion()

    def _show_suggestion(self) -> None:
        s = self.session
        places = s.cards
        tip = self.suggestions[self.suggest_index]
        places.selected.clear()
        if tip.move != "pass":
            wanted = list(split_move(tip.move)[0])  # the cards; a wild-card table names their reading after "="
            for card in reversed(places.board.hand):
                char = s.view.deck[card].char
                if char in wanted:
                    wanted.remove(char)
                    places.selected.add(card)
        places.place_hand(0.15)
        count = len(self.suggestions)
        more = tr("play.more", index=self.suggest_index + 1, count=count) if count > 1 else ""
        s.notices.say(hint(tip, s.view.rules, s.view.landlord) + more, 6.0)

    def sort_label(self) -> str:
        """Sort says the order your hand is in: by rank (high cards first) or by count (grouped by how many)."""
        return tr("play.sort_rank") if self.session.cards.sort == "rank" else tr("play.sort_groups")

    def sort(self) -> None:
        s = self.session
        s.cards.set_sort(SORTS[(SORTS.index(s.cards.sort) + 1) % len(SORTS)])
        s.cards.place_hand(0.3)
        s.save()  # Continue brings the hand back in this order

    # ----- input --------------------------------------------------------------------------------------

    def handle(self, event: Input) -> None:
        act = event.act
        commands = {
            Act.CONFIRM: self.pass_turn if self.cannot_beat or self.passing_suggested else self.play,  # what it shows
            Act.PASS: self.pass_turn,
            Act.SUGGEST: self.suggest,
            Act.SORT: self.sort,
            Act.AUTO: self.toggle_auto,
        }
        if act in commands:
            commands[act]()
        elif act is Act.POINTER_DOWN:
            self._pointer_down(event)
        elif act is Act.POINTER_MOVE:
            self.actions.hover(event.pos)
            self.tools.hover(event.pos)
            index = self.hover = self.card_at(event.pos)
            if self.drag is not None and index is not None:
                self.drag = (self.drag[0], index)
            super().handle(event)
        elif act is Act.POINTER_UP and self.drag is not None:
            self._release_drag()
        elif act is Act.CLEAR:
            self.set_raised(list(self.session.cards.selected), False)
        elif act in (Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN, Act.FIRST, Act.LAST):
            self._cursor(event)
        else:
            super().handle(event)

    def _pointer_down(self, event: Input) -> None:
        button = self.actions.at(event.pos) or self.tools.at(event.pos)
        if button is not None:
            buttons = {
                "play": self.play,
                "pass": self.pass_turn,
                "suggest": self.suggest,
                "sort": self.sort,
                "auto": self.toggle_auto,
                "counter": self.toggle_counter,
                "undo": lambda: undo_turn(self.host, self.session),
            }
            buttons[button.key]()
            return
        index = self.card_at(event.pos)
        if index is not None:
            self.drag = (index, index)
            self.session.cards.cursor = index
            return
        super().handle(event)

    def _cursor(self, event: Input) -> None:
        act, places = event.act, self.session.cards
        if not places.board.hand:
            return
        last = len(places.board.hand) - 1
        if act in (Act.FIRST, Act.LAST):
            places.cursor = 0 if act is Act.FIRST else last
        elif act in (Act.LEFT, Act.RIGHT):
            step = -1 if act is Act.LEFT else 1
            # a single press wraps round the hand; a held one stops at its end
            at = places.cursor + step
            places.cursor = max(0, min(last, at)) if event.repeat else at % (last + 1)
        else:
            self.set_raised([places.board.hand[places.cursor]], act is Act.UP)

    # ----- drawing ------------------------------------------------------------------------------------

    def decorate(self, surface: pygame.Surface, card: int | None, at: tuple[int, int]) -> None:
        places = self.session.cards
        board = places.board
        if card is None or card not in board.hand:
            return
        index = board.hand.index(card)
        on_mouse = self.canvas.inputs.device is Device.MOUSE
        if (not on_mouse and index == places.cursor) or self.in_drag(card):
            surface.blit(self.canvas.art["hand"].highlight(), at)
        elif on_mouse and index == self.hover and self.drag is None:
            size = self.canvas.art["hand"].size
            surface.blit(veil(size, (255, 206, 80, 235), max(3, size[0] // 25)), at)

    def prompt(self) -> str:
        s = self.session
        if not self.my_turn or not s.cards.settled:
            return ""
        last = s.view.last
        if last is None:
            return tr("play.your_lead")
        key = "play.nothing_beats" if self.cannot_beat else "play.beat"
        return tr(key, name=s.names[last.seat], play=describe(last.reading))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        geo = self.canvas.geo
        s = self.session
        if s.view.phase is Phase.PLAYING and s.cards.settled:
            if self.my_turn:
                self.actions.draw(surface, geo.px(30))
            elif s.view.turn == s.me and s.settings.auto:
                zone = geo["action_bar"]
                playing = tr("play.auto_playing")
                blit_text(surface, playing, geo.px(28), (255, 230, 160), zone.center, "center", True)
        self.tools.draw(surface, geo.px(24))
