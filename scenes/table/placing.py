"""Where the table's cards are and go: each zone's card positions in window pixels, your hand's order, and the
events that move sprites (the deal, a play laid down, the kitty turned up and joining the landlord's hand).

`Placing` is the board's part of `Session`: it reads the session's match, settings, layout (`geo`) and board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import events as ev
from game.cards import order
from game.kinds import Kind
from game.match import Match, deal_order
from scenes.art.effects import Effects, Stage
from scenes.art.tween import out_back
from scenes.art.widgets import GOLD, pill
from scenes.table.board import RAISE, row_positions, spread
from scenes.table.clearance import clear_spot
from scenes.table.layout import SEAT_ZONES, Fitted
from scenes.table.notices import BANNER_KINDS, Notice
from scenes.table.seats import HUMAN
from scenes.table.stand_ins import is_wild
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text

if TYPE_CHECKING:
    import random

    from game.match import Match
    from scenes.table.board import Board
    from scenes.table.clock import TableClock
    from scenes.table.table_settings import TableSettings

DEAL_GAP = 0.045  # seconds between two dealt cards
DEAL_TIME = 2.7  # the most a deal takes: two decks deal faster than one
FLIGHT = 0.30
WARN_AT = 2  # a seat with this many cards or fewer is about to go out: a warning light, a sound, a note
SORTS = ("rank", "groups")  # your hand's orders: high cards first, or grouped by count
LARGE_CARDS = {"hand": 1.22, "table": 1.2, "mini": 1.0}  # how much bigger each card size is with large cards


def card_size(geo: Fitted, size: str, large: bool) -> tuple[int, int]:
    """A card size ("hand", "table" or "mini") in window pixels, bigger with the large-cards option."""
    w, h = geo[f"card_{size}"].size
    k = LARGE_CARDS[size] if large else 1.0
    return round(w * k), round(h * k)


def allowance_tag(geo: Fitted, match: Match) -> tuple[pygame.Surface, pygame.Rect] | None:
    """Two-player: the pill with the card count at which the farmer wins and where it goes (the layout's
    "allowance" point, under the opponent's seat), from the first call to the hand's end (None before, or at a
    table without an allowance)."""
    allowance = match.allowance
    if allowance is None or (match.hand.landlord is None and not any(value for _, value in match.hand.bids)):
        return None
    label = tr("auction.allowance", cards=cards_text(allowance))
    image = pill(label, geo.px(24), GOLD, (geo.px(16), geo.px(6)), (40, 24, 10), 215)
    return image, image.get_rect(midtop=geo["allowance"].topleft)


@dataclass
class Deal:
    """The deal animation's clock: which card lands when."""

    schedule: list[tuple[int, float]]  # (seat, landing time) per dealt card
    elapsed: float = 0.0
    mine: tuple[int, ...] = ()  # your cards in the order they land

    def landed(self, seat: int) -> int:
        return sum(1 for s, t in self.schedule if s == seat and t <= self.elapsed)

    @property
    def launched(self) -> int:
        return sum(1 for _, t in self.schedule if t - FLIGHT <= self.elapsed)

    @property
    def over(self) -> bool:
        return self.elapsed >= self.schedule[-1][1] + 0.35


REVEAL_GAP = 2  # empty card places between a winning play and the cards its seat still holds
LAST_WORD = 0.8  # seconds the auction's last answer stays on show before the landlord banner (0: reduced motion)


@dataclass
class Flip:
    """The kitty turning face up, then (after `hold`) joining the landlord's hand; from a negative `elapsed`, once the
    auction's last answer has been seen."""

    elapsed: float = 0.0
    duration: float = 0.45
    hold: float = 0.9
    joined: bool = False

    @property
    def progress(self) -> float:
        return max(0.0, min(1.0, self.elapsed / self.duration))


class Placing:
    """The session's board: where every card goes, and the sprite moves the core's events start."""

    match: Match
    settings: TableSettings
    geo: Fitted | None
    board: Board
    rng: random.Random
    fx_rng: random.Random
    selected: set[int]
    sort: str
    cursor: int
    deal: Deal | None
    flip: Flip | None
    round_over: bool
    dealt_sounds: int
    reveal: dict[int, list[int]]
    effects: Effects
    clock: TableClock
    bubbles: dict[int, Notice]
    banner: Notice | None
    sound: Callable[[str], None]  # the session's
    _redeal_notice: Callable[[int], None]  # the notices'
    announce_landlord: Callable[[], None]  # the notices'

    def card_size(self, size: str) -> tuple[int, int]:
        assert self.geo is not None
        return card_size(self.geo, size, self.settings.large_cards)

    def play_area(self, seat: int, count: int) -> pygame.Rect:
        """The rectangle a play of `count` cards by `seat` covers on the table."""
        w, h = self.card_size("table")
        corners = self.play_positions(seat, count)
        left, top = min(x for x, _ in corners), min(y for _, y in corners)
        right = max(x for x, _ in corners) + w
        return pygame.Rect(round(left), round(top), round(right - left), h)

    def stage(self) -> Stage:
        assert self.geo is not None
        return Stage(self.geo.size, self.geo.scale, self.play_area, self.fx_rng, self.clear_of_cards)

    def on_screen(self) -> list[pygame.Rect]:
        """What a banner must leave in sight: the top bar, the seats and their piles, the kitty, the two-player
        allowance, your hand and every play or revealed hand on the table (where the cards go, so a card
        still landing counts)."""
        assert self.geo is not None
        geo, players = self.geo, self.match.players
        shown = [geo["hud"], geo["counter"], geo["menu_button"], self.kitty_zone()]
        if tag := allowance_tag(geo, self.match):
            shown.append(tag[1])
        shown += [self.zone("seat", seat) for seat in range(players)]
        shown += [self.zone("pile", seat) for seat in range(players) if seat != HUMAN]
        shown += [self.play_area(seat, len(cards)) for seat, cards in (*self.board.plays.items(), *self.reveal.items())]
        w, h = self.card_size("hand")
        shown += [pygame.Rect(round(x), round(y), w, h) for x, y in self.hand_positions(self.board.hand).values()]
        return shown

    def clear_of_cards(
        self, size: tuple[int, int], prefer: tuple[int, int], also: Iterable[pygame.Rect] = ()
    ) -> tuple[pygame.Rect, float]:
        """Where a banner of `size` goes (and its scale) nearest `prefer` with everything `on_screen` (and `also`)
        in sight."""
        assert self.geo is not None
        taken = [*self.on_screen(), *also]
        return clear_spot(size, prefer, taken, pygame.Rect((0, 0), self.geo.size), self.geo.px(10))

    def banner_spot(self, size: tuple[int, int]) -> tuple[pygame.Rect, float]:
        """The table's banner: at the layout's banner point or the free spot nearest it, clear of any ribbon too."""
        assert self.geo is not None
        return self.clear_of_cards(size, self.geo["banner"].topleft, self.effects.banners())

    def zone_name(self, kind: str, seat: int) -> str:
        """The layout's name of a seat's zone ("seat", "pile", "play") at this table: `play_north`..."""
        return f"{kind}_{SEAT_ZONES[self.match.players][seat]}"

    def zone(self, kind: str, seat: int) -> pygame.Rect:
        assert self.geo is not None
        return self.geo[self.zone_name(kind, seat)]

    def play_props(self, seat: int) -> Mapping[str, object]:
        """The properties of a seat's play zone in the map (its "align")."""
        return self.geo.props[self.zone_name("play", seat)] if self.geo else {}

    def kitty_zone(self) -> pygame.Rect:
        return self.geo["kitty"] if self.geo else pygame.Rect(0, 0, 1, 1)

    def pile_point(self, seat: int) -> tuple[float, float]:
        w, h = self.card_size("mini")
        r = self.zone("pile", seat)
        return (r.centerx - w / 2, r.centery - h / 2)

    def deck_point(self, size: str = "mini") -> tuple[float, float]:
        assert self.geo is not None
        w, h = self.card_size(size)
        p = self.geo["deck"]
        return (p.x - w / 2, p.y - h / 2)

    def hand_positions(self, order: list[int]) -> dict[int, tuple[float, float]]:
        zone = self.zone("hand", HUMAN)
        w, h = self.card_size("hand")
        step = spread(len(order), w, zone.width, w * 0.56)
        total = w + step * max(0, len(order) - 1)
        x0 = zone.centerx - total / 2
        y = zone.bottom - h
        lift = h * RAISE
        return {c: (x0 + i * step, y - (lift if c in self.selected else 0)) for i, c in enumerate(order)}

    def play_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        align = str(self.play_props(seat).get("align", "center"))
        w, h = self.card_size("table")
        return row_positions(count, self.zone("play", seat), (w, h), align, w * 0.42)

    def reveal_hands(self, winner: int | None, duration: float = 0.25) -> None:
        """At the hand's end each opponent's remaining cards lie face up where it played; a winner still holding
        cards (003 two-player: the farmer within its allowance) keeps its winning play there, its cards beside it."""
        for seat in range(self.match.players):
            cards = self.match.hand.hands[seat]
            if seat == HUMAN or not cards:
                continue
            played = self.board.plays.get(seat, []) if seat == winner else []
            if not played:
                self.board.drop_play(seat)
            row = self.play_positions(seat, len(played) + REVEAL_GAP + len(cards)) if played else []
            for card, pos in zip(played, row, strict=False):  # the play's places, first in the row
                sprite = self.board.sprites[card]
                sprite.dim = False
                if duration:
                    sprite.move_to(pos, duration)
                else:
                    sprite.pos, sprite.tween = pos, None
            self.reveal[seat] = list(cards)

    def reveal_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Where a seat's revealed cards lie: in its play zone, or after the winning play it keeps there."""
        played = len(self.board.plays.get(seat, []))
        if not played:
            return self.play_positions(seat, count)
        return self.play_positions(seat, played + REVEAL_GAP + count)[played + REVEAL_GAP :]

    def table_order(self, cards: Iterable[int]) -> list[int]:
        """A play as it lies on the table: high cards first."""
        return sorted(cards, key=self.card_place)

    def card_place(self, card: int) -> tuple[bool, int, int]:
        """Where a card sorts, high first: wild cards lead (as the commercial tables show them), then by rank."""
        c = self.match.deck[card]
        return (not is_wild(self.match, c), -order(c.rank), c.suit or 0)

    def display_order(self, cards: list[int]) -> list[int]:
        """The human's hand left to right: high cards first, or grouped by how many of a rank you hold."""
        deck = self.match.deck
        if self.sort == "rank":
            return sorted(cards, key=self.card_place)
        count = {r: sum(1 for c in cards if deck[c].rank == r) for r in {deck[c].rank for c in cards}}
        return sorted(cards, key=lambda c: (-count[deck[c].rank], self.card_place(c)))

    def relayout(self, geo: Fitted) -> None:
        """The window changed size: put every sprite where it now belongs, at once."""
        self.geo = geo.for_players(self.match.players)
        self.effects.clear()  # drawn for the old size; they are brief enough to drop
        board = self.board
        for key in list(board.flying):
            board.sprites.pop(key, None)
        board.flying.clear()
        board.landing.clear()
        for seat, cards in board.plays.items():
            for card, pos in zip(cards, self.play_positions(seat, len(cards)), strict=True):
                board.sprites[card].pos, board.sprites[card].tween = pos, None
        self.place_hand(0.0)

    def place_hand(self, duration: float = 0.22) -> None:
        """Move the human's hand sprites to their slots (after a sort, a play, a raise...)."""
        board = self.board
        joining = set(self.match.hand.kitty) if self.flip is not None and not self.flip.joined else set()
        hand = [c for c in self.match.hand.hands[HUMAN] if c not in joining]
        board.hand = self.display_order(hand)
        for card, pos in self.hand_positions(board.hand).items():
            s = board.sprite(card, card, "hand", True, pos)
            if duration:
                s.move_to(pos, duration)
            else:
                s.pos, s.tween = pos, None
        self.cursor = min(self.cursor, max(0, len(board.hand) - 1))

    def _dealt(self, event: ev.Dealt) -> None:
        self.board.clear()
        self.effects.clear()
        self.bubbles.clear()
        self.reveal.clear()
        self.selected.clear()
        self.flip, self.round_over = None, False
        self.clock.new_deal()
        self.board.still = self.settings.reduced_motion  # no card flies with reduced motion, the deal's included
        if event.redeal:
            self._redeal_notice(event.first_bidder)
        rules = self.match.rules
        order = deal_order(rules, event.first_bidder, rules.packet if self.match.hand.collected else 1)
        gap = min(DEAL_GAP, DEAL_TIME / len(order))
        schedule = [(seat, k * gap + FLIGHT) for k, seat in enumerate(order)]
        mine = list(self.match.hand.hands[HUMAN])
        self.rng.shuffle(mine)  # arrival order only; the ids say nothing another seat could not know
        self.deal = Deal(schedule, mine=tuple(mine))
        self.dealt_sounds = 0
        final = self.hand_positions(mine)
        start = self.deck_point("hand")
        arrivals = iter(mine)
        for k, (seat, land) in enumerate(schedule):
            if seat == HUMAN:
                card = next(arrivals)
                s = self.board.sprite(card, card, "hand", True, start)
                s.move_to(final[card], FLIGHT, land - FLIGHT)
                self.board.hand.append(card)
            else:
                self.board.launch_back(("deal", k), self.deck_point(), self.pile_point(seat), FLIGHT, land - FLIGHT)

    def _played(self, event: ev.Played) -> None:
        board = self.board
        if self.round_over:
            for seat in list(board.plays):
                board.drop_play(seat)
            self.bubbles.clear()
            self.round_over = False
        self.bubbles.pop(event.seat, None)
        if len(self.match.hand.history) == 1:  # the opening play: what was said before play starts is done with
            self.bubbles.clear()
        cards = self.table_order(event.cards)
        targets = self.play_positions(event.seat, len(cards))
        self.selected -= set(cards)
        origin = self.pile_point(event.seat) if event.seat != HUMAN else targets[0]  # your cards leave the hand
        board.set_play(event.seat, cards, targets, origin)
        if event.seat == HUMAN:
            self.place_hand()
        kind = event.reading.kind
        self.sound("bomb" if kind is Kind.BOMB else "rocket" if kind is Kind.ROCKET else "card")
        if 0 < len(self.match.hand.hands[event.seat]) <= WARN_AT:  # a seat about to go out: heard at every seat
            self.sound("alert")
        banner = BANNER_KINDS.get(kind)
        if banner:
            big = kind.is_bomb_like
            suffix = tr("table.multiplier", value=self.match.multiplier) if big else ""
            self.banner = Notice(tr(banner) + suffix, 1.6 if big else 1.0, "big" if big else "info")

    def skip_last_word(self) -> None:
        """A click or key while the auction's last answer is on show: on to the landlord at once."""
        if self.flip is not None and self.flip.elapsed < 0:
            self.flip.elapsed = 0.0
            self.announce_landlord()

    def _update_flip(self, dt: float) -> None:
        flip = self.flip
        assert flip is not None
        if flip.elapsed < 0 <= flip.elapsed + dt:
            self.announce_landlord()
        flip.elapsed += dt
        if flip.joined or flip.elapsed < flip.duration + flip.hold:
            return
        flip.joined = True
        hand = self.match.hand
        landlord = hand.landlord
        kitty_zone = self.kitty_zone()
        start = (kitty_zone.centerx, kitty_zone.y)
        if landlord == HUMAN:
            self.place_hand(0.0)
            for card in hand.kitty:
                s = self.board.sprites[card]
                target = s.pos
                s.pos = start
                s.move_to(target, 0.5, 0.0, out_back)
        elif landlord is not None:
            for k in range(len(hand.kitty)):
                self.board.launch_back(("kitty", k), start, self.pile_point(landlord), 0.45, k * 0.06)

    @property
    def settled(self) -> bool:
        """No card moving and no deal or kitty animation still running: the next step may start."""
        flip_done = self.flip is None or self.flip.joined
        return self.deal is None and flip_done and not self.board.busy

    def shown_count(self, seat: int) -> int:
        """Cards shown for a seat: the dealt ones that have landed while dealing, then the real count."""
        if self.deal is not None:
            return self.deal.landed(seat)
        count = len(self.match.hand.hands[seat])
        if self.flip is not None and not self.flip.joined and seat == self.match.hand.landlord:
            count -= len(self.match.hand.kitty)
        return count
