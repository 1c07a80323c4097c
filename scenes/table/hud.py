"""The table's furniture drawn from a session: the stake plate at the top centre (the base, the kitty and the
multiplier, large, as the commercial tables show 底分 and 倍数), the deal's quiet chip, the card counter's strip, the
undealt deck, the seats' speech bubbles, the banner and the message line."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.cards import BIG_JOKER, RANKS, SMALL_JOKER
from game.rulesets import Auction
from game.view import Observation, Phase, stake
from scenes.art.cache import cache
from scenes.art.text import blit_text, text
from scenes.art.widgets import CREAM, GOLD, INK, MUTED, RED, SHADOW, blit_faded, panel, pill, zoomed
from scenes.table.layout import Fitted
from scenes.table.wild_marks import mark_card
from scenes.words.i18n import language, tr
from scenes.words.wording import deal_label, ruleset_title

if TYPE_CHECKING:
    from scenes.art.cards import CardArt
    from scenes.table.session import Session

COMPOSED = cache("hud panels", mib=12)  # the counter makes a new strip per play

BOMB_DOUBLINGS = ("bomb", "soft_bomb", "wild_bomb", "rocket")  # the doublings the plate counts as bombs
QUIET = (150, 166, 156)  # the chip's words: there to be found, not to be read every turn
NUMBER = 54  # the plate's base and multiplier, reference pixels


def draw_hud(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The stake plate and the deal's chip."""
    draw_stake(surface, geo, session)
    draw_chip(surface, geo, session)


def draw_stake(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The stake plate: the base on its left, the multiplier on its right, the kitty between them (`draw_kitty`);
    the bombs on a badge at its corner, and under it your own stake where the doubles make it differ."""
    r, kitty, view = geo["stake"], geo["kitty"], session.view
    surface.blit(panel(r.size, 205, geo.px(24)), r.topleft)
    top = r.y + geo.px(10)
    base_x, times_x = (r.left + kitty.left) // 2, (kitty.right + r.right) // 2
    blit_text(surface, tr("table.base_caption"), geo.px(20), MUTED, (base_x, top), "midtop", True)
    blit_text(surface, tr("table.multiplier_caption"), geo.px(20), MUTED, (times_x, top), "midtop", True)
    middle = r.y + geo.px(72)
    base = _base(view)
    size = geo.px(NUMBER if base.isdigit() else 26)
    blit_text(surface, base, size, CREAM, (base_x, middle), "center", True, SHADOW)
    _multiplier(surface, geo, session, (times_x, middle))
    bombs = sum(1 for d in view.doublings if d in BOMB_DOUBLINGS)
    if bombs:  # a badge on the plate's corner, by the multiplier they doubled
        tag = pill(tr("table.bombs", count=bombs), geo.px(18), CREAM, (geo.px(12), geo.px(3)), (150, 30, 24), 235)
        surface.blit(tag, tag.get_rect(center=(r.right - geo.px(10), r.bottom)))
    below = r.bottom + geo.px(6)
    yours = stake(view, session.me, session.ticker.shown)
    if yours is not None:  # 004: the doubles make your stake differ from the common multiplier
        landlord = view.landlord == session.me
        said = (
            tr("table.hud_your_shares", count=view.players - 1, value=yours)
            if landlord
            else tr("table.hud_your_share", value=yours)
        )
        tag = pill(said, geo.px(20), GOLD, (geo.px(14), geo.px(4)), (40, 24, 10), 220)
        surface.blit(tag, tag.get_rect(midtop=(r.centerx, below)))


def _base(view: Observation) -> str:
    """What the plate's base says: the bid (points auctions) or the table's base (call and rob), or while the swap
    or the auction runs, which it is."""
    if view.phase is Phase.SWAPPING:  # 003 swap-three: before the auction
        return tr("wild.hud_swapping")
    bidding = view.landlord is None or view.phase is Phase.BIDDING
    if view.rules.auction is Auction.POINTS:
        return tr("table.bidding") if bidding else str(view.bid)
    return tr("auction.hud_calling") if bidding else str(view.rules.base)


def _multiplier(surface: pygame.Surface, geo: Fitted, session: Session, centre: tuple[int, int]) -> None:
    """The multiplier, large and gold; as it ticks up a doubling it lights up on a red pill that pops (just lights
    up with reduced motion)."""
    label, pop = f"×{session.ticker.shown}", session.ticker.pop
    size = geo.px(NUMBER)
    width = text(label, size, GOLD, True).get_width()
    room = geo["stake"].right - geo["kitty"].right - geo.px(24)
    while width > room and size > geo.px(24):  # ×1024 keeps inside the plate
        size -= geo.px(4)
        width = text(label, size, GOLD, True).get_width()
    if not pop:
        blit_text(surface, label, size, GOLD, centre, "center", True, SHADOW)
        return
    image = pill(label, size, (255, 250, 210), (geo.px(10), geo.px(2)), (200, 60, 20), 235)
    if not session.settings.reduced_motion:
        image = zoomed(image, 1 + 0.4 * pop * pop)
    surface.blit(image, image.get_rect(center=centre))


def draw_chip(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    for image, at in chips(geo, session):
        surface.blit(image, at)


def chips(geo: Fitted, session: Session) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The deal's quiet chip (the hand's number, the deal's, collected or not, and the ruleset's name) and, when the
    table has a deal clock, the clock's chip under it, each with where it lies."""
    view, r = session.view, geo["chip"]
    said = " · ".join((tr("table.hand", number=view.hand_no), deal_label(view), ruleset_title(view.rules)))
    size = geo.px(18)
    while text(said, size, QUIET, True).get_width() + geo.px(24) > r.width and size > geo.px(12):
        size -= 1  # a long ruleset's name keeps the chip in its place
    chip = pill(said, size, QUIET, (geo.px(12), geo.px(4)), (8, 24, 17), 150)
    placed = [(chip, chip.get_rect(midleft=(r.x, r.centery)))]
    clock = session.seat.clock.deal_clock()
    if clock is not None:
        timed = pill(tr("table.deal_time", clock=clock), geo.px(18), CREAM, (geo.px(12), geo.px(4)), (8, 24, 17), 190)
        placed.append((timed, timed.get_rect(topleft=(r.x, placed[0][1].bottom + geo.px(6)))))
    return placed


def draw_counter(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The card counter's strip: how many of each rank are left (not in your hand, played, face up in the kitty or
    shown), the wild rank's column marked."""
    cells = session.unseen()
    if session.cards.deal is not None:  # your cards still flying in are not in your hand yet: the counter follows
        deal = session.cards.deal
        coming = Counter(session.view.deck[card].char for card in deal.mine[deal.landed(session.me) :])
        cells = [(rank, left + coming[rank]) for rank, left in cells]
    r = geo["counter"]
    surface.blit(_counter_strip(tuple(cells), session.view.wild, r.size, geo.px), r.topleft)


def _counter_strip(cells: tuple[tuple[str, int], ...], wild: str, size: tuple[int, int], px) -> pygame.Surface:
    """The counter's strip: "left" at its head, then a column per rank of the pack (the rank, the count under it),
    composed once per set of counts."""

    def make() -> pygame.Surface:
        made = panel(size, 185, px(12)).copy()
        head = px(50)
        blit_text(made, tr("table.counter_left"), px(16), MUTED, (head // 2 + px(4), size[1] // 2), "center", True)
        w = (size[0] - head - px(8)) / len(cells)
        names = {"T": "10", "B": tr("table.counter_small_joker"), "R": tr("table.counter_big_joker"), "W": "★"}
        for i, (rank, left) in enumerate(cells):
            cx = round(head + w * (i + 0.5))
            if rank == wild:  # the wild rank's column: gold behind it
                column = pygame.Rect(0, 0, round(w) - px(2), size[1] - px(10))
                column.center = (cx, size[1] // 2)
                pygame.draw.rect(made, (120, 90, 20), column, border_radius=px(6))
                pygame.draw.rect(made, GOLD, column, px(2), border_radius=px(6))
            label = names.get(rank, rank)
            color = RED if rank == RANKS[BIG_JOKER] else (200, 210, 230) if rank == RANKS[SMALL_JOKER] else CREAM
            fits = px(17)
            while text(label, fits, color, True).get_width() > w - px(3) and fits > px(10):  # 小王 in a narrow column
                fits -= 1
            blit_text(made, label, fits, GOLD if rank == wild else color, (cx, px(7)), "midtop", True)
            tone = GOLD if left >= 4 else CREAM if left else (100, 120, 108)
            blit_text(made, str(left), px(24), tone, (cx, size[1] - px(5)), "midbottom", True)
        return made

    return COMPOSED.get(("counter", cells, wild, size, language()), make)


def draw_kitty(surface: pygame.Surface, geo: Fitted, session: Session, art: CardArt) -> None:
    """The kitty on the plate, face down, turning face up once the landlord is known and staying so for the hand."""
    zone = session.cards.kitty_zone()
    w, _ = art.size
    view = session.view
    kitty = view.kitty_cards  # the cards once turned up: known to every seat (000 §2)
    count = view.rules.kitty_size
    step = min(w + geo.px(8), (zone.width - w) / max(1, count - 1))  # eight cards close up to fit the zone
    total = w + step * (count - 1)
    x = zone.centerx - total / 2
    flip = session.cards.flip.progress if session.cards.flip is not None else (1.0 if kitty else 0.0)
    for card in kitty or (None,) * count:
        revealed = card is not None
        image = art.face(view.deck[card]) if revealed and flip >= 0.5 else art.back()
        squeeze = abs(math.cos(math.pi * flip)) if revealed and flip < 1 else 1.0
        if squeeze < 0.999:
            image = _squeezed(image, max(0.05, round(squeeze * 8) / 8))
        at = image.get_rect(midtop=(round(x + w / 2), zone.y))
        surface.blit(image, at)
        if card is not None and squeeze >= 0.999:
            mark_card(surface, view, card, at.topleft, art.size, {})
        x += step


def draw_deck(surface: pygame.Surface, session: Session, art: CardArt) -> None:
    """The undealt cards, a stack that shrinks as the deal goes out."""
    deal = session.cards.deal
    assert deal is not None
    left = len(deal.schedule) - deal.launched
    x, y = session.cards.deck_point()
    for k in range(min(8, (left + 5) // 6)):
        surface.blit(art.back(), (x - k * 1.5, y - k * 1.5))


def draw_bubbles(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """What each seat said last, by its play zone; a won round's bubbles fade out with its cards."""
    alpha = round(255 * session.cards.round_alpha())
    for seat, notice in session.notices.bubbles.items():
        zone = session.cards.zone("play", seat)
        color = CREAM if notice.text == tr("table.pass") or notice.tone == "quiet" else (255, 210, 120)
        image = zoomed(
            pill(notice.text, geo.px(34), color, (geo.px(20), geo.px(9)), (40, 40, 48), 215),
            _pop(session, 0.7, notice.age, 0.15),
        )
        align = str(session.cards.play_props(seat).get("align", "center"))
        anchor = {"left": "midleft", "right": "midright"}.get(align, "center")
        blit_faded(surface, image, image.get_rect(**{anchor: getattr(zone, anchor)}), alpha)


def draw_chat(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """A quick phrase said at a room's table (常用语): a speech bubble over the seat that said it, for a moment."""
    for seat, said in session.notices.chat.items():
        box = session.cards.zone("seat", seat)
        image = zoomed(pill(said.text, geo.px(28), INK, (geo.px(18), geo.px(8)), (255, 250, 232), 245),
                       _pop(session, 0.6, said.age, 0.15))  # fmt: skip
        at = image.get_rect(midbottom=(box.centerx, box.top - geo.px(10)))
        at.clamp_ip(pygame.Rect((0, 0), geo.size))
        surface.blit(image, at)


def draw_banner(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The banner across the table (the landlord, a bomb, the winners)."""
    placed = banner_at(geo, session)
    if placed is not None:
        surface.blit(*placed)


def banner_at(geo: Fitted, session: Session) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The banner's image as it pops in and where it lies: on the layout's banner point, or in the free space
    nearest it (shrunk if need be) so that no card, hand or seat on the table is hidden under it."""
    notice = session.notices.banner
    if notice is None:
        return None
    big = notice.tone in ("big", "win")
    color = (255, 214, 90) if big else CREAM
    image = pill(notice.text, geo.px(84 if big else 52), color, (geo.px(40), geo.px(15)), (0, 0, 0), 150, SHADOW)
    spot, k = session.cards.banner_spot(image.get_size())
    image = zoomed(image, k * _pop(session, 0.6, notice.age, 0.18))
    return image, image.get_rect(center=spot.center)


def _pop(session: Session, start: float, age: float, duration: float) -> float:
    """The size of a bubble or banner popping in (from `start` to full size), or full size with reduced motion."""
    if session.settings.reduced_motion:
        return 1.0
    return start + (1 - start) * min(1.0, age / duration)


def draw_message(surface: pygame.Surface, geo: Fitted, session: Session, prompt: str) -> None:
    """The message line: a notice, or else `prompt`, what you are asked to do now."""
    notice = session.notices.message
    if notice is None:
        label, color = prompt, (255, 226, 150)
    else:
        label, color = notice.text, (255, 150, 130) if notice.tone == "warn" else CREAM
    if not label:
        return
    image = pill(label, geo.px(24), color, (geo.px(18), geo.px(8)))
    surface.blit(image, image.get_rect(center=geo["message"].center))


def _squeezed(image: pygame.Surface, k: float) -> pygame.Surface:
    """A card narrowed to `k` of its width (the kitty flipping over); quantised, so a few images are cached."""
    w, h = image.get_size()
    return COMPOSED.get(
        ("squeeze", id(image), (w, h), k), lambda: pygame.transform.smoothscale(image, (max(1, round(w * k)), h))
    )
