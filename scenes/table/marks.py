"""Marks on the table: what it shows of the rob and handicap auctions (004, 003 two-player) beyond the bids: each
seat's double (a tick while the choices are secret, a ×2 badge once revealed), a shown hand face up, and the
farmer's allowance; and which cards of the landlord's came from the kitty.

Everything here is drawn from the table's view, never from remembered events, so a continued match looks the same
as the live one did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.view import Observation, Phase
from scenes.art.cache import cache
from scenes.art.emblems import kitty_tag
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, SHADOW, panel, pill
from scenes.table.board import RAISE
from scenes.table.layout import Fitted
from scenes.table.placing import allowance_tag
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.table.session import Session

SHOWN_PER_ROW = 10  # a shown hand is laid out in rows of this many small cards
TAGS = cache("tags", mib=2)


def kitty_held(view: Observation) -> frozenset[int]:
    """The kitty's cards, once the landlord has them: those still in a hand carry the kitty's tag until played (the
    kitty itself stays face up at its place for the hand)."""
    if view.landlord is None or view.kitty_cards is None:
        return frozenset()
    return frozenset(view.kitty_cards)


def mark_kitty(surface: pygame.Surface, at: tuple[int, int], size: tuple[int, int]) -> None:
    """The kitty's tag on a card of `size` lying at `at`."""
    tag, (ox, oy) = kitty_tag(size)
    surface.blit(tag, (at[0] + ox, at[1] + oy))


def revealed(view: Observation) -> bool:
    """Have all seats decided whether to double (so the choices may be shown)?"""
    doubles = view.doubles
    return bool(doubles) and None not in doubles


def badge(kind: str, radius: int) -> pygame.Surface:
    """A round badge for a seat box's corner: "double" (red, ×2) or "decided" (green, a tick)."""

    def make() -> pygame.Surface:
        size = 2 * radius + 4
        made = pygame.Surface((size, size), pygame.SRCALPHA)
        c = (radius + 2, radius + 2)
        fill = (196, 36, 32) if kind == "double" else (36, 120, 70)
        pygame.draw.circle(made, (0, 0, 0, 110), (c[0] + 2, c[1] + 3), radius)
        pygame.draw.circle(made, fill, c, radius)
        pygame.draw.circle(made, GOLD, c, radius, max(2, radius // 9))
        if kind == "double":
            blit_text(made, "×2", round(radius * 0.95), CREAM, c, "center", True, SHADOW)
        else:
            r = radius
            tick = [
                (c[0] - r * 0.45, c[1] + r * 0.02),
                (c[0] - r * 0.12, c[1] + r * 0.34),
                (c[0] + r * 0.46, c[1] - r * 0.3),
            ]
            pygame.draw.lines(made, CREAM, False, tick, max(3, r // 5))
        return made.convert_alpha()

    return TAGS.get(("badge", kind, radius), make)


def draw_seat_tags(surface: pygame.Surface, geo: Fitted, view: Observation, seat: int, box: pygame.Rect) -> None:
    """The seat box's corner badge (decided, or ×2 once the doubles are revealed) and the landlord's Shown tag."""
    if not view.rules.double_phase or view.phase is Phase.BIDDING or view.doubles is None:
        return
    if revealed(view):
        kind = "double" if view.doubles[seat] else None
    else:
        kind = "decided" if view.phase is Phase.DOUBLING and seat not in view.waiting else None
    if kind is not None:
        image = badge(kind, geo.px(25))
        surface.blit(image, image.get_rect(center=(box.right - geo.px(8), box.top + geo.px(8))))
    if view.shown is not None and seat == view.landlord:
        tag = pill(tr("auction.shown_tag"), geo.px(18), (255, 236, 170), (geo.px(10), geo.px(3)), (150, 24, 28), 240)
        surface.blit(tag, tag.get_rect(center=(box.left + geo.px(8) + tag.get_width() // 2, box.top)))


def draw_presence(surface: pygame.Surface, geo: Fitted, said: str, box: pygame.Rect) -> None:
    """What a room says of a seat's player beyond the match (away, a bot plays; waiting for a friend): a pill just
    under the seat box, clear of the name plate's points."""
    if not said:
        return
    tag = pill(said, geo.px(18), (255, 236, 200), (geo.px(10), geo.px(3)), (70, 60, 60), 235)
    surface.blit(tag, tag.get_rect(midtop=(box.centerx, box.bottom + geo.px(4))))


def shown_positions(geo: Fitted, box: pygame.Rect, count: int, size: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a shown hand's small cards lie, in rows under its seat box, lined up with the box's outer edge."""
    w, h = size
    step, rise = round(w * 0.6), round(h * 0.5)
    top = box.bottom + geo.px(46)
    right = box.centerx > geo.size[0] // 2
    out = []
    for k in range(count):
        row, col = divmod(k, SHOWN_PER_ROW)
        in_row = min(SHOWN_PER_ROW, count - row * SHOWN_PER_ROW)
        width = w + step * (in_row - 1)
        x0 = box.right - width if right else box.left
        out.append((x0 + col * step, top + row * rise))
    return out


def draw_allowance(surface: pygame.Surface, geo: Fitted, view: Observation) -> None:
    if tag := allowance_tag(geo, view):
        surface.blit(*tag)


def draw_shown_hand(surface: pygame.Surface, geo: Fitted, view: Observation, seat: int, box: pygame.Rect, art) -> None:
    """An opponent landlord's shown hand, face up in small cards under its seat, as it stands now."""
    deck = view.deck
    if view.shown_cards is None or seat != view.landlord:
        return
    cards = sorted(view.shown_cards, key=lambda c: (-deck[c].rank, deck[c].suit or 0))
    places = shown_positions(geo, box, len(cards), art.size)
    if not places:
        return
    w, h = art.size
    left, top = min(x for x, _ in places), min(y for _, y in places)
    right, bottom = max(x for x, _ in places) + w, max(y for _, y in places) + h
    pad = geo.px(8)
    surface.blit(panel((right - left + 2 * pad, bottom - top + 2 * pad), 150, geo.px(12)), (left - pad, top - pad))
    kitty = kitty_held(view)
    for card, at in zip(cards, places, strict=True):
        surface.blit(art.face(deck[card]), at)
        if card in kitty:
            mark_kitty(surface, at, art.size)


def draw_your_shown(surface: pygame.Surface, geo: Fitted, session: Session, you: int) -> None:
    """Your shown hand's marker (you are seat `you`): a tag over its left end, above where a raised card reaches."""
    view, cards = session.view, session.cards
    if view.shown is None or view.landlord != you or not cards.board.hand:
        return
    first = cards.board.sprites.get(cards.board.hand[0])
    if first is None:
        return
    _, h = cards.card_size("hand")
    bottom = cards.zone("hand", you).bottom - round(h * (1 + RAISE)) - geo.px(8)
    tag = pill(tr("auction.your_hand_shown"), geo.px(22), (255, 236, 170), (geo.px(14), geo.px(5)), (150, 24, 28), 235)
    surface.blit(tag, tag.get_rect(bottomleft=(round(first.pos[0]), bottom)))


def draw_practice_tag(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """A practice match says so beside the Menu button: it will not count."""
    if not session.seat.practiced:
        return
    tag = pill(tr("replay.practice_tag"), geo.px(20), (255, 226, 150), (geo.px(14), geo.px(6)), (90, 50, 20), 225)
    menu = geo["menu_button"]
    surface.blit(tag, tag.get_rect(midright=(menu.left - geo.px(14), menu.centery)))
