"""The table's furniture drawn from a session: the score bar, the card counter, the kitty and the undealt deck,
the seats' speech bubbles, the banner and the message line."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.cards import BIG_JOKER, RANKS, SMALL_JOKER
from game.rulesets import Auction
from game.view import Phase, stake
from scenes.art.cache import cache
from scenes.art.text import blit_text
from scenes.art.widgets import CREAM, GOLD, INK, MUTED, RED, SHADOW, panel, pill, zoomed
from scenes.table.layout import Fitted
from scenes.table.wild_marks import mark_card
from scenes.words.i18n import language, tr
from scenes.words.wording import deal_label, ruleset_title

if TYPE_CHECKING:
    from scenes.art.cards import CardArt
    from scenes.table.session import Session

COMPOSED = cache("hud panels", mib=12)  # the counter makes a new panel per play

BOMB_DOUBLINGS = ("bomb", "soft_bomb", "wild_bomb", "rocket")  # the doublings the score bar counts as bombs


def draw_hud(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The score bar: the bid or the base, the multiplier, the bombs, the hand's number; below it the deal and its
    clock (then your own stake where the doubles make it differ), and under them the ruleset's name."""
    r = geo["hud"]
    surface.blit(panel(r.size, 170, geo.px(14)), r.topleft)
    view = session.view
    bombs = sum(1 for d in view.doublings if d in BOMB_DOUBLINGS)
    bidding = view.landlord is None or view.phase is Phase.BIDDING
    if view.phase is Phase.SWAPPING:  # 003 swap-three: before the auction
        bid = tr("wild.hud_swapping")
    elif view.rules.auction is Auction.POINTS:
        bid = tr("table.bidding") if bidding else tr("table.hud_bid", value=view.bid)
    else:  # call/rob: no points are bid, the stake is the table's base
        bid = tr("auction.hud_calling") if bidding else tr("auction.hud_base", base=view.rules.base)
    x = r.x + geo.px(18)
    x = blit_text(surface, bid, geo.px(28), CREAM, (x, r.centery), "midleft", bold=True).right + geo.px(20)
    x = _multiplier(surface, geo, session, (x, r.centery)) + geo.px(20)
    blit_text(surface, tr("table.bombs", count=bombs), geo.px(28), CREAM, (x, r.centery), "midleft", bold=True)
    number = tr("table.hand", number=view.hand_no)
    blit_text(surface, number, geo.px(20), MUTED, (r.right - geo.px(16), r.centery), "midright")
    below = r.bottom + geo.px(4)
    line = blit_text(surface, deal_label(view), geo.px(20), MUTED, (r.x + geo.px(18), below), "topleft", True)
    ruleset = ruleset_title(view.rules)  # which table this is, at a glance
    blit_text(surface, ruleset, geo.px(20), MUTED, (r.x + geo.px(18), line.bottom + geo.px(2)), "topleft", True)
    clock = session.seat.clock.deal_clock()
    if clock is not None:
        time_left = tr("table.deal_time", clock=clock)
        below = blit_text(surface, time_left, geo.px(20), CREAM, (r.right - geo.px(16), below), "topright", True).bottom
    yours = stake(view, session.me, session.ticker.shown)
    if yours is not None:  # 004: the doubles make your stake differ from the common multiplier
        key = "table.hud_your_shares" if view.landlord == session.me else "table.hud_your_share"
        blit_text(surface, tr(key, value=yours), geo.px(20), GOLD, (r.right - geo.px(16), below), "topright", True)


def _multiplier(surface: pygame.Surface, geo: Fitted, session: Session, at: tuple[int, int]) -> int:
    """The multiplier; as it ticks up a doubling it lights up on a red pill that pops (just lights up with
    reduced motion). Returns its right edge."""
    label, pop = f"×{session.ticker.shown}", session.ticker.pop
    center = (at[0] + geo.px(36), at[1])
    if not pop:
        blit_text(surface, label, geo.px(28), GOLD, center, "center", bold=True)
        return at[0] + geo.px(72)
    image = pill(label, geo.px(28), (255, 250, 210), (geo.px(10), geo.px(3)), (200, 60, 20), 235)
    if not session.settings.reduced_motion:
        image = zoomed(image, 1 + 0.6 * pop * pop)
    surface.blit(image, image.get_rect(center=center))
    return at[0] + geo.px(72)


def draw_counter(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """The card counter: how many of each rank are left (not in your hand, played, face up in the kitty or shown)."""
    r = geo["counter"]
    cells = session.unseen()
    if session.cards.deal is not None:  # your cards still flying in are not in your hand yet: the counter follows
        deal = session.cards.deal
        coming = Counter(session.view.deck[card].char for card in deal.mine[deal.landed(session.me) :])
        cells = [(rank, left + coming[rank]) for rank, left in cells]
    surface.blit(_counter_panel(tuple(cells), r.size, geo.px), r.topleft)
    blit_text(surface, tr("table.counter_left"), geo.px(14), MUTED, (r.x + geo.px(14), r.bottom + geo.px(2)), "topleft")


def draw_kitty(surface: pygame.Surface, geo: Fitted, session: Session, art: CardArt) -> None:
    """The kitty face down, turning face up once the landlord is known."""
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
    """What each seat said last, by its play zone."""
    for seat, notice in session.notices.bubbles.items():
        zone = session.cards.zone("play", seat)
        color = CREAM if notice.text == tr("table.pass") or notice.tone == "quiet" else (255, 210, 120)
        image = zoomed(
            pill(notice.text, geo.px(34), color, (geo.px(20), geo.px(9)), (40, 40, 48), 215),
            _pop(session, 0.7, notice.age, 0.15),
        )
        align = str(session.cards.play_props(seat).get("align", "center"))
        anchor = {"left": "midleft", "right": "midright"}.get(align, "center")
        surface.blit(image, image.get_rect(**{anchor: getattr(zone, anchor)}))


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


def _counter_panel(cells: tuple[tuple[str, int], ...], size: tuple[int, int], px) -> pygame.Surface:
    """The card counter's panel, a cell per rank of the pack, composed once per set of counts."""

    def make() -> pygame.Surface:
        made = panel(size, 170, px(14)).copy()
        w = size[0] / len(cells)
        names = {"T": "10", "B": tr("table.counter_small_joker"), "R": tr("table.counter_big_joker"), "W": "★"}
        for i, (rank, left) in enumerate(cells):
            cx = round(w * (i + 0.5))
            label = names.get(rank, rank)
            color = RED if rank == RANKS[BIG_JOKER] else (200, 210, 230) if rank == RANKS[SMALL_JOKER] else CREAM
            blit_text(made, label, px(20), color, (cx, px(8)), "midtop", bold=True)
            tone = GOLD if left >= 4 else CREAM if left else (110, 130, 118)
            blit_text(made, str(left), px(24), tone, (cx, size[1] - px(6)), "midbottom", bold=True)
        return made

    return COMPOSED.get(("counter", cells, size, language()), make)


def _squeezed(image: pygame.Surface, k: float) -> pygame.Surface:
    """A card narrowed to `k` of its width (the kitty flipping over); quantised, so a few images are cached."""
    w, h = image.get_size()
    return COMPOSED.get(
        ("squeeze", id(image), (w, h), k), lambda: pygame.transform.smoothscale(image, (max(1, round(w * k)), h))
    )
