"""The table screen, drawn from a Session: felt, HUD, card counter, kitty, seats with badges and counts, cards, notices.

`TableScene` is the base of the bidding and play scenes: it draws everything they share and handles the
inputs that mean the same in both (menu, card counter, auto).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.art.avatars import paint_ahead
from scenes.art.cache import cache
from scenes.art.felt import draw_table_felt
from scenes.art.widgets import Button, blit_faded
from scenes.flow import undo_turn
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.screens.menus import PauseMenu, RoomEnded
from scenes.screens.phrases import PhraseMenu
from scenes.table.hud import (
    draw_banner,
    draw_bubbles,
    draw_chat,
    draw_chip,
    draw_counter,
    draw_deck,
    draw_kitty,
    draw_message,
    draw_stake,
)
from scenes.table.layout import Fitted
from scenes.table.marks import (
    draw_allowance,
    draw_practice_tag,
    draw_shown_hand,
    draw_your_shown,
    kitty_held,
    mark_kitty,
)
from scenes.table.restore import restore_table
from scenes.table.seat_look import draw_pile, draw_seat, settle_ahead
from scenes.table.session import Session
from scenes.table.stand_ins import received, stood_for
from scenes.table.wild_marks import draw_wild_hud, mark_card
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host


class TableScene(Scene):
    """Shared drawing and inputs of the scenes played at the table."""

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host)
        self.session = session
        self.menu = Button("menu", tr("table.menu"), host.canvas.geo["menu_button"], "dark")
        self.time = 0.0

    @property
    def geo(self) -> Fitted:
        """The layout of this table (its number of seats: `name@N` objects) fitted to the window."""
        return self.session.cards.geo or self.canvas.geo

    def relayout(self) -> None:
        self.menu.rect = self.canvas.geo["menu_button"]
        self.menu.label = tr("table.menu")  # a language switch lays the scene out again

    def update(self, dt: float) -> None:
        self.time += dt
        self.menu.hint = self.canvas.inputs.label(Act.MENU)
        self.session.update(dt)
        room = self.host.room
        if room is not None and room.ended is not None and self.host.scene is self:  # the room is over for you
            self.host.push(RoomEnded(self.host, tr(room.ended)))
            return
        if self.session.relaid:  # back in a room after a gap: the table as the whole view says, as Continue lays it
            self.session.relaid = False
            self.session.cards.place_hand(0.0)
            restore_table(self.session)
        settle_ahead(self.session, self.canvas.geo)
        paint_ahead()

    def handle(self, event: Input) -> None:
        if event.act is Act.MENU or (event.act is Act.POINTER_DOWN and self.menu.hit(event.pos)):
            self.host.push(PauseMenu(self.host, self.session))
        elif event.act is Act.COUNTER:
            self.toggle_counter()
        elif event.act is Act.UNDO:
            undo_turn(self.host, self.session)
        elif event.act is Act.PHRASE and self.host.room is not None:
            self.host.push(PhraseMenu(self.host, self.host.room))
        elif event.act is Act.POINTER_MOVE:
            self.menu.hover = self.menu.rect.collidepoint(event.pos)
        elif event.act in (Act.CONFIRM, Act.POINTER_DOWN):
            self.session.cards.skip_last_word()

    def toggle_auto(self) -> None:
        s = self.session
        s.settings.auto = not s.settings.auto
        if not s.settings.auto and s.view.turn == s.me:
            s.seat.stop_thinking()  # the bot thinking for you stops: the turn is yours again
        s.notices.say(tr("table.auto_on") if s.settings.auto else tr("table.auto_off"), 2.5)

    def toggle_counter(self) -> None:
        self.session.settings.counter = not self.session.settings.counter

    # ----- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        s, geo = self.session, self.geo
        draw_table_felt(surface)
        draw_stake(surface, geo, s)
        self.draw_chip(surface)
        if s.settings.counter:
            draw_counter(surface, geo, s)
        self.menu.draw(surface, geo.px(24))
        draw_kitty(surface, geo, s, self.canvas.art["mini"])
        draw_allowance(surface, geo, s.view)
        draw_wild_hud(surface, geo, s.view, self.canvas.art["mini"], 0.0 if s.settings.reduced_motion else s.wild.pop)
        if s.cards.deal is not None:
            draw_deck(surface, s, self.canvas.art["mini"])
        for seat in range(s.view.players):
            self._seat(surface, seat)
        self._cards(surface)
        draw_your_shown(surface, geo, s, s.me)
        draw_bubbles(surface, geo, s)
        draw_chat(surface, geo, s)
        draw_message(surface, geo, s, self.prompt())  # under the banner, should the banner need its room
        draw_banner(surface, geo, s)
        s.effects.draw(surface)
        draw_practice_tag(surface, geo, s)

    def draw_chip(self, surface: pygame.Surface) -> None:
        """The deal's chip (the replay has its own card instead)."""
        draw_chip(surface, self.geo, self.session)

    def _seat(self, surface: pygame.Surface, seat: int) -> None:
        """A seat (`table/seat_look.py`) and, for another seat, its cards: the fan of backs, or a shown hand."""
        s, geo = self.session, self.geo
        draw_seat(surface, geo, s, seat, self.time)
        if seat != s.me:
            self._pile(surface, seat)
            if seat not in s.cards.reveal:
                draw_shown_hand(surface, geo, s.view, seat, s.cards.zone("seat", seat), self.canvas.art["mini"])

    def _pile(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent's cards as the table shows them: backs in a fan with the count (the replay shows them open)."""
        s = self.session
        fits = s.cards.zone("pile", seat).height >= s.cards.card_size("table")[1]  # else the small backs
        draw_pile(surface, self.geo, s, seat, self.canvas.art["table" if fits else "mini"], self.time)

    def _cards(self, surface: pygame.Surface) -> None:
        """Every card sprite (a won round's fading out), then the hands lying face up at the hand's end; a face-up
        card carries its wild marks, and a kitty card still in the landlord's hand its tag."""
        s, arts = self.session, self.canvas.art
        deck = s.view.deck
        dx, dy = s.effects.offset()
        tags, arrived, kitty = stood_for(s.view), received(s.view), kitty_held(s.view)
        fading = round(255 * s.cards.round_alpha())
        for sprite in s.cards.board.draw_order():
            art = arts[sprite.size]
            image = art.face(deck[sprite.card]) if sprite.face_up and sprite.card is not None else art.back()
            x, y = round(sprite.pos[0]) + dx, round(sprite.pos[1]) + dy
            if sprite.dim and fading < 255:  # the won round fading out, shade and all
                for layer in (image, veil(art.size)):
                    blit_faded(surface, layer, (x, y), fading)
                continue
            if sprite.size == "hand":
                ox, oy = art.shadow_offset
                surface.blit(art.shadow(), (x + ox, y + oy))
            surface.blit(image, (x, y))
            if sprite.face_up and sprite.card is not None:
                held = kitty if sprite.size == "hand" else frozenset()  # a played kitty card has left the hand
                self._marks(surface, sprite.card, (x, y), art.size, tags, held)
                if sprite.card in arrived:
                    surface.blit(art.highlight(), (x, y))
            if sprite.dim:  # the won round, shaded while it holds
                surface.blit(veil(art.size), (x, y))
            self.decorate(surface, sprite.card, (x, y))
        for seat, cards in s.cards.reveal.items():
            positions = s.cards.reveal_positions(seat, len(cards))
            for card, (x, y) in zip(s.cards.table_order(cards), positions, strict=True):
                surface.blit(arts["table"].face(deck[card]), (round(x), round(y)))
                self._marks(surface, card, (round(x), round(y)), arts["table"].size, {}, kitty)

    def _marks(
        self,
        surface: pygame.Surface,
        card: int,
        at: tuple[int, int],
        size: tuple[int, int],
        tags: dict[int, str],
        kitty: frozenset[int],
    ) -> None:
        mark_card(surface, self.session.view, card, at, size, tags)
        if card in kitty:
            mark_kitty(surface, at, size)

    def decorate(self, surface: pygame.Surface, card: int | None, at: tuple[int, int]) -> None:
        """Hook for the play scene's cursor and drag highlights over a hand card."""

    def prompt(self) -> str:
        """What the message line says when there is no message: what you are asked to do now."""
        return ""


COMPOSED = cache("veils", mib=2)  # the shade over a finished round's cards, the outline under the pointer


def veil(size: tuple[int, int], rgba: tuple[int, int, int, int] = (0, 0, 0, 90), rim: int = 0) -> pygame.Surface:
    """A card-shaped layer: a shade over the cards of a finished round, or (with `rim`) an outline of that width
    around the card under the pointer."""

    def make() -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, rgba, layer.get_rect(), width=rim, border_radius=max(2, size[0] // 12))
        return layer.convert_alpha()

    return COMPOSED.get(("veil", size, rgba, rim), make)
