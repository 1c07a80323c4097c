"""The table screen, drawn from a Session: felt, HUD, card counter, kitty, seats with badges and counts, cards, notices.

`TableScene` is the base of the bidding and play scenes: it draws everything they share and handles the
inputs that mean the same in both (menu, card counter, auto).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.view import Phase
from scenes.art.avatars import Expression, ahead, avatar, paint_ahead, shadow, shadow_margin, thought
from scenes.art.cache import cache
from scenes.art.emblems import draw_crown, draw_straw_hat
from scenes.art.felt import felt
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, MUTED, SHADOW, Button, panel
from scenes.flow import undo_turn
from scenes.platform.input import Act, Input
from scenes.scene import Scene
from scenes.screens.menus import PauseMenu, RoomEnded
from scenes.screens.phrases import PhraseMenu
from scenes.table.cues import WARN_AT
from scenes.table.hud import (
    draw_banner,
    draw_bubbles,
    draw_chat,
    draw_counter,
    draw_deck,
    draw_hud,
    draw_kitty,
    draw_message,
)
from scenes.table.marks import (
    draw_allowance,
    draw_practice_tag,
    draw_presence,
    draw_seat_tags,
    draw_shown_hand,
    draw_your_shown,
)
from scenes.table.restore import restore_table
from scenes.table.session import Session
from scenes.table.stand_ins import received, stood_for
from scenes.table.wild_marks import draw_swap_tag, draw_wild_hud, mark_card
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

FARMER_GREEN = (150, 220, 170)


def role_name(role: str) -> str:
    """A seat's role line ("Landlord" or "Farmer") in the player's language."""
    return tr("table.landlord") if role == "Landlord" else tr("table.farmer")


class SeatPanel(NamedTuple):
    """What a seat's panel shows besides its avatar: its rect, the avatar's, the role, thinking, the score line."""

    seat: int
    rect: pygame.Rect
    face: pygame.Rect
    role: str  # "Landlord", "Farmer" or "" during the auction
    thinking: bool
    score: str


class TableScene(Scene):
    """Shared drawing and inputs of the scenes played at the table."""

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host)
        self.session = session
        self.menu = Button("menu", tr("table.menu"), host.canvas.geo["menu_button"], "dark")
        self.time = 0.0

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
        s, geo = self.session, self.canvas.geo
        surface.blit(felt(surface.get_size()), (0, 0))
        draw_hud(surface, geo, s)
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

    def _seat(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's panel: avatar, name, role with its hat, score, the turn glow and timer. Upright panels (the side
        seats and yours) stack these; the wide north panel sets them side by side to leave the table its height."""
        s, geo = self.session, self.canvas.geo
        view, cards = s.view, s.cards
        r = cards.zone("seat", seat)
        wide = r.width > r.height * 1.5
        to_act = seat in view.waiting and cards.deal is None and (cards.flip is None or cards.flip.joined)
        surface.blit(panel(r.size, 185, geo.px(18)), r.topleft)
        if to_act:
            glow = 0.5 + 0.5 * math.sin(self.time * 6)
            pygame.draw.rect(surface, (255, 214, 90), r.inflate(geo.px(6), geo.px(6)), geo.px(4 + 2 * glow), geo.px(20))
        face = pygame.Rect(0, 0, geo.px(72 if wide else 86), geo.px(72 if wide else 86))
        if wide:
            face.midleft = (r.x + geo.px(14), r.centery)
        else:
            face.midtop = (r.centerx, r.y + geo.px(26))
        landlord = view.landlord if cards.flip is None or cards.flip.progress >= 1 else None
        role = "Landlord" if landlord == seat else "Farmer" if landlord is not None else ""
        thinking = to_act and s.seat.thinking(seat)
        self._face(surface, seat, face, role, s.moods.face(view, seat, thinking), wide)
        score = tr("table.points", score=f"{view.scores[seat]:+d}")
        shown = SeatPanel(seat, r, face, role, thinking, score)
        (self._seat_wide if wide else self._seat_upright)(surface, shown)
        if to_act:
            self._timer_bar(surface, self._timer_rect(r, face, wide), beside=wide)
        draw_seat_tags(surface, geo, view, seat, r)
        draw_presence(surface, geo, s.seat.presence(seat), r)
        draw_swap_tag(surface, geo, view, seat, r)
        if seat != s.me:
            self._pile(surface, seat)
            if seat not in cards.reveal:
                draw_shown_hand(surface, geo, view, seat, r, self.canvas.art["mini"])

    def _face(
        self, surface: pygame.Surface, seat: int, face: pygame.Rect, role: str, mood: Expression, wide: bool
    ) -> None:
        """The seat's character in its role's hat, wearing its mood: a happy face bobs and a thinking one has a
        thought bubble whose dots count up, both still with reduced motion. The bubble rises beside the head, or
        (the wide north panel, whose name is beside the face) over the head's top right."""
        still = self.session.settings.reduced_motion
        lift = 0 if still or mood is not Expression.HAPPY else round(abs(math.sin(self.time * 5)) * face.height * 0.06)
        margin, drop = shadow_margin(face.width), max(2, face.height // 24)
        surface.blit(shadow(face.width), (face.x - margin + drop // 2, face.y - margin + drop))
        look = self.session.seat.avatars.get(seat, seat)  # a room's player chose a portrait
        portrait = avatar(look, mood, role.lower(), face.width)
        ahead(look, role.lower(), face.width)
        surface.blit(portrait, portrait.get_rect(bottomleft=(face.x, face.bottom - lift)))
        if mood is Expression.THINKING:
            bubble = thought(face.width, 3 if still else 1 + int(self.time * 3) % 3)
            at = (
                (face.right - face.width // 2, face.y + face.height // 2)
                if wide
                else (face.right - face.width // 5, face.y + face.height // 4)
            )
            surface.blit(bubble, bubble.get_rect(bottomleft=at))

    def _seat_upright(self, surface: pygame.Surface, shown: SeatPanel) -> None:
        geo = self.canvas.geo
        seat, r, face, role, thinking, score = shown
        name = self.session.names[seat]
        blit_text(surface, name, geo.px(26), CREAM, (r.centerx, face.bottom + geo.px(8)), "midtop", True)
        if role:
            colour = GOLD if role == "Landlord" else FARMER_GREEN
            at = (r.centerx, face.bottom + geo.px(40))
            blit_text(surface, role_name(role), geo.px(18), colour, at, "midtop", True)
        blit_text(surface, score, geo.px(22), GOLD, (r.centerx, r.bottom - geo.px(10)), "midbottom", True)
        if thinking:
            blit_text(surface, self.thinking(), geo.px(18), MUTED, (r.centerx, r.bottom + geo.px(6)), "midtop")

    def _seat_wide(self, surface: pygame.Surface, shown: SeatPanel) -> None:
        """The north seat: the hat sits on the role line, not above the avatar, where the card counter is."""
        geo = self.canvas.geo
        seat, r, face, role, thinking, score = shown
        x = face.right + geo.px(14)
        blit_text(surface, self.session.names[seat], geo.px(26), CREAM, (x, r.y + geo.px(10)), "topleft", True)
        blit_text(surface, score, geo.px(22), GOLD, (r.right - geo.px(14), r.y + geo.px(12)), "topright", True)
        line = r.y + geo.px(52)
        if role:
            hat = pygame.Rect(x, line - geo.px(12), geo.px(34), geo.px(24))
            if role == "Landlord":
                draw_crown(surface, hat.center, geo.px(30))
            else:
                draw_straw_hat(surface, hat.center, geo.px(38))
            colour = GOLD if role == "Landlord" else FARMER_GREEN
            blit_text(surface, role_name(role), geo.px(18), colour, (hat.right + geo.px(8), line), "midleft", True)
        if thinking:
            blit_text(surface, self.thinking(), geo.px(18), MUTED, (r.right - geo.px(14), line), "midright")

    def thinking(self) -> str:
        """'thinking...' with one to three dots, cycling three times a second."""
        return tr("table.thinking", dots="." * (1 + int(self.time * 3) % 3))

    def _timer_rect(self, r: pygame.Rect, face: pygame.Rect, wide: bool) -> pygame.Rect:
        """Where a seat's turn bar runs: just above an upright panel, along the bottom inside the wide one."""
        geo = self.canvas.geo
        if wide:
            x = face.right + geo.px(14)
            return pygame.Rect(x, r.bottom - geo.px(18), r.right - geo.px(64) - x, geo.px(8))
        return pygame.Rect(r.x + geo.px(6), r.y - geo.px(20), r.width - geo.px(12), geo.px(10))

    def _timer_bar(self, surface: pygame.Surface, bar: pygame.Rect, beside: bool = False) -> None:
        """The turn limit running down on the seat to act: green, then amber, red at the end; the seconds over its
        right end, or (`beside`) after it."""
        geo, s = self.canvas.geo, self.session
        clock = s.seat.clock
        if clock.turn_limit is None:
            return
        left = clock.turn_left() if clock.turn == s.turn_key() else 1.0  # a turn not yet counting shows full
        assert left is not None
        pygame.draw.rect(surface, (25, 35, 30), bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = round(bar.width * left)
        color = (110, 210, 120) if left > 0.5 else (240, 190, 70) if left > 0.2 else (230, 80, 70)
        if filled.width:
            pygame.draw.rect(surface, color, filled, border_radius=bar.height // 2)
        seconds = f"{math.ceil(left * clock.turn_limit)} s"
        if beside:
            blit_text(surface, seconds, geo.px(18), color, (bar.right + geo.px(8), bar.centery), "midleft", True)
        else:
            blit_text(surface, seconds, geo.px(18), color, (bar.right, bar.top - geo.px(2)), "bottomright", True)

    def _pile(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent's face-down cards and their count: a column beside a side seat, a row beside the north one,
        the count badge at the end of either."""
        s, geo = self.session, self.canvas.geo
        art = self.canvas.art["mini"]
        zone = s.cards.zone("pile", seat)
        count = s.cards.shown_count(seat)
        if seat in s.cards.reveal or not count:
            return
        across = zone.width > zone.height
        pile = _pile_image(art.back(), min(count, 20), zone.size, across)
        badge = pygame.Rect(0, 0, geo.px(54), geo.px(54))
        if across:
            surface.blit(pile, (zone.x, zone.centery - pile.get_height() // 2))
            badge.center = (zone.right + geo.px(4), zone.centery)
        else:
            surface.blit(pile, (zone.centerx - pile.get_width() // 2, zone.y))
            badge.center = (zone.centerx, zone.bottom + geo.px(4))
        warn = count <= WARN_AT and s.cards.deal is None and s.view.phase is Phase.PLAYING
        pulse = 0.5 + 0.5 * math.sin(self.time * 8) if warn else 0
        fill = (200 + int(50 * pulse), 40, 40) if warn else (25, 45, 35)
        if warn:  # a light round the badge, pulsing outwards: unmissable from across the table
            glow = badge.width // 2 + geo.px(6) + round(geo.px(10) * pulse)
            pygame.draw.circle(surface, (255, 90 + int(80 * pulse), 60), badge.center, glow, geo.px(4))
        pygame.draw.circle(surface, fill, badge.center, badge.width // 2)
        pygame.draw.circle(surface, GOLD, badge.center, badge.width // 2, geo.px(3))
        blit_text(surface, str(count), geo.px(28), CREAM, badge.center, "center", bold=True)
        if warn:
            note = tr("table.cards_left_one") if count == 1 else tr("table.cards_left", count=count)
            blit_text(
                surface,
                note,
                geo.px(26),
                (255, 120, 100),
                (badge.right + geo.px(4), badge.centery) if across else (zone.centerx, badge.bottom + geo.px(4)),
                "midleft" if across else "midtop",
                True,
                SHADOW,
            )

    def _cards(self, surface: pygame.Surface) -> None:
        s, arts = self.session, self.canvas.art
        deck = s.view.deck
        dx, dy = s.effects.offset()
        tags, arrived = stood_for(s.view), received(s.view)
        for sprite in s.cards.board.draw_order():
            art = arts[sprite.size]
            image = art.face(deck[sprite.card]) if sprite.face_up and sprite.card is not None else art.back()
            x, y = round(sprite.pos[0]) + dx, round(sprite.pos[1]) + dy
            if sprite.size == "hand":
                ox, oy = art.shadow_offset
                surface.blit(art.shadow(), (x + ox, y + oy))
            surface.blit(image, (x, y))
            if sprite.face_up and sprite.card is not None:
                mark_card(surface, s.view, sprite.card, (x, y), art.size, tags)
                if sprite.card in arrived:
                    surface.blit(art.highlight(), (x, y))
            if sprite.dim:
                surface.blit(veil(art.size), (x, y))
            self.decorate(surface, sprite.card, (x, y))
        for seat, cards in s.cards.reveal.items():
            positions = s.cards.reveal_positions(seat, len(cards))
            for card, (x, y) in zip(s.cards.table_order(cards), positions, strict=True):
                surface.blit(arts["table"].face(deck[card]), (round(x), round(y)))
                mark_card(surface, s.view, card, (round(x), round(y)), arts["table"].size, {})

    def decorate(self, surface: pygame.Surface, card: int | None, at: tuple[int, int]) -> None:
        """Hook for the play scene's cursor and drag highlights over a hand card."""

    def prompt(self) -> str:
        """What the message line says when there is no message: what you are asked to do now."""
        return ""


COMPOSED = cache("piles", mib=6)  # piles (one per count and seat zone) and veils


def _pile_image(back: pygame.Surface, count: int, zone: tuple[int, int], across: bool) -> pygame.Surface:
    """An opponent's face-down cards stacked in a column filling the zone's height, or (`across`) in a row filling
    its width, composed once per count."""

    def make() -> pygame.Surface:
        w, h = back.get_size()
        length = zone[0] if across else zone[1]
        step = (length - (w if across else h)) / 19
        made = pygame.Surface((length, h) if across else (w, length), pygame.SRCALPHA)
        for k in range(count):
            made.blit(back, (round(k * step), 0) if across else (0, round(k * step)))
        return made

    return COMPOSED.get(("pile", id(back), back.get_size(), count, zone, across), make)


def veil(size: tuple[int, int], rgba: tuple[int, int, int, int] = (0, 0, 0, 90), rim: int = 0) -> pygame.Surface:
    """A card-shaped layer: a shade over the cards of a finished round, or (with `rim`) an outline of that width
    around the card under the pointer."""

    def make() -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, rgba, layer.get_rect(), width=rim, border_radius=max(2, size[0] // 12))
        return layer.convert_alpha()

    return COMPOSED.get(("veil", size, rgba, rim), make)
