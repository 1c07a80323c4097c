"""Where the table's cards are and go: each zone's card positions in window pixels, your hand's order and selection,
and the events that move sprites (the deal, a play laid down, the kitty turned up and joining the landlord's hand).

`Placing` is the session's cards part: it owns the sprites (`board`) and the animations that move them, and reads
the table's view, settings and layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import events as ev
from game.view import Observation, deal_order
from scenes.art.effects import Stage
from scenes.art.tween import out_back
from scenes.art.widgets import GOLD, pill
from scenes.table.board import RAISE, Board, row_positions, spread
from scenes.table.clearance import clear_spot
from scenes.table.layout import SEAT_ZONES, Fitted
from scenes.table.stand_ins import table_order
from scenes.words.i18n import tr
from scenes.words.table_words import cards_text

if TYPE_CHECKING:
    from scenes.table.parts import Table

DEAL_GAP = 0.045  # seconds between two dealt cards
DEAL_TIME = 2.7  # the most a deal takes: two decks deal faster than one
FLIGHT = 0.30
SORTS = ("rank", "groups")  # your hand's orders: high cards first, or grouped by count
SORT = "sort"  # the save table's entry for your hand's order as you left it (Continue restores it)
LARGE_CARDS = {"hand": 1.22, "table": 1.2, "mini": 1.0}  # how much bigger each card size is with large cards


def card_size(geo: Fitted, size: str, large: bool) -> tuple[int, int]:
    """A card size ("hand", "table" or "mini") in window pixels, bigger with the large-cards option."""
    w, h = geo[f"card_{size}"].size
    k = LARGE_CARDS[size] if large else 1.0
    return round(w * k), round(h * k)


def allowance_tag(geo: Fitted, view: Observation) -> tuple[pygame.Surface, pygame.Rect] | None:
    """Two-player: the pill with the card count at which the farmer wins and where it goes (its top left at the
    layout's "allowance" point, under the deal's chip), from the first call to the hand's end (None before, or at
    a table without an allowance)."""
    allowance = view.allowance
    if allowance is None or (view.landlord is None and not any(value for _, value in view.bids)):
        return None
    label = tr("auction.allowance", cards=cards_text(allowance))
    image = pill(label, geo.px(24), GOLD, (geo.px(16), geo.px(6)), (40, 24, 10), 215)
    return image, image.get_rect(topleft=geo["allowance"].topleft)


def covered(corners: list[tuple[float, float]], card: tuple[int, int]) -> pygame.Rect:
    """The rectangle cards of size `card` cover with their top-left corners at `corners`."""
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    right, bottom = max(x for x, _ in corners) + card[0], max(y for _, y in corners) + card[1]
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


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
READABLE_STEP = 0.3  # of a card's width: the least step of a revealed hand's row that shows each corner's rank
LAST_WORD = 0.8  # seconds the auction's last answer stays on show before the landlord banner (0: reduced motion)
ROUND_HOLD = 0.5  # seconds a won round stays on the table, its last pass said, before it clears
ROUND_FADE = 0.3  # seconds its cards and bubbles take to fade out (none with reduced motion: they go at once)


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


@dataclass
class Clearing:
    """A won round leaving the table: it holds a moment, then its cards (and the seats' bubbles) fade out; the free
    lead waits until it is gone."""

    fade: float = ROUND_FADE
    elapsed: float = 0.0

    @property
    def alpha(self) -> float:
        """How much of the round still shows, 1 -> 0."""
        if self.elapsed <= ROUND_HOLD:
            return 1.0
        return max(0.0, 1.0 - (self.elapsed - ROUND_HOLD) / self.fade) if self.fade else 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= ROUND_HOLD + self.fade


class Placing:
    """The session's cards: where every card goes, and the sprite moves the core's events start."""

    def __init__(self, table: Table, announce: Callable[[], None], cleared: Callable[[], None]) -> None:
        self.table = table
        self.announce = announce  # the banner naming the landlord, once the auction's last answer has been seen
        self.cleared = cleared  # a won round has left the table: the seats' bubbles go with it
        self.geo: Fitted | None = None
        self.board = Board()
        self.deal: Deal | None = None
        self.flip: Flip | None = None
        self.reveal: dict[int, list[int]] = {}  # seat -> its cards lying face up at the hand's end
        self.selected: set[int] = set()  # your raised cards
        self.cursor = 0  # the keyboard's and pad's card, an index into your hand as shown
        self.sort = SORTS[0]
        table.seat.kept[SORT] = self.sort
        self.clearing: Clearing | None = None  # everybody else passed: the round's plays dim, then fade out
        self.dealt_sounds = 0

    @property
    def view(self) -> Observation:
        return self.table.view

    def set_sort(self, order: str) -> None:
        """Your hand's order (one of SORTS), kept with the match where it is saved."""
        self.sort = self.table.seat.kept[SORT] = order

    @property
    def me(self) -> int:
        return self.table.me

    def card_size(self, size: str) -> tuple[int, int]:
        assert self.geo is not None
        return card_size(self.geo, size, self.table.settings.large_cards)

    def play_area(self, seat: int, count: int) -> pygame.Rect:
        """The rectangle a play of `count` cards by `seat` covers on the table."""
        return covered(self.play_positions(seat, count), self.card_size("table"))

    def stage(self) -> Stage:
        assert self.geo is not None
        return Stage(
            self.geo.size, self.geo.scale, self.play_area, self.table.fx_rng, self.clear_of_cards, self.table.place
        )

    def on_screen(self) -> list[pygame.Rect]:
        """What a banner must leave in sight: the top row (the stake plate with the kitty, the counter, the chip,
        the menu), the seats and their piles, the two-player allowance, your hand and every play or revealed hand on
        the table (where the cards go, so a card still landing counts)."""
        assert self.geo is not None
        geo, players = self.geo, self.view.players
        shown = [geo["stake"], geo["counter"], geo["chip"], geo["menu_button"]]
        if tag := allowance_tag(geo, self.view):
            shown.append(tag[1])
        shown += [self.zone("seat", seat) for seat in range(players)]
        shown += [self.zone("pile", seat) for seat in range(players) if seat != self.me]
        shown += [self.play_area(seat, len(cards)) for seat, cards in self.board.plays.items()]
        shown += [self.reveal_area(seat) for seat in self.reveal]
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
        return self.clear_of_cards(size, self.geo["banner"].topleft, self.table.effects.banners())

    def zone_name(self, kind: str, seat: int) -> str:
        """The layout's name of a seat's zone ("seat", "pile", "play") at this table: `play_north`... (you are south)"""
        return f"{kind}_{SEAT_ZONES[self.view.players][self.table.place(seat)]}"

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
        zone = self.zone("hand", self.me)
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
        remaining = self.view.remaining or ()
        for seat, cards in enumerate(remaining):
            if seat == self.me or not cards:
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
        """Where a seat's revealed cards lie: in its play zone, or after the winning play it keeps there. A hand too
        long for one row to show every rank (a spring's 17 cards, a four-player farmer's 20-odd) lies in two, the
        second half a card lower, over the first's lower halves."""
        played = len(self.board.plays.get(seat, []))
        if played:
            return self.play_positions(seat, played + REVEAL_GAP + count)[played + REVEAL_GAP :]
        w, h = self.card_size("table")
        if count < 2 or (self.zone("play", seat).width - w) / (count - 1) >= w * READABLE_STEP:
            return self.play_positions(seat, count)
        first = (count + 1) // 2
        lower = [(x, y + h / 2) for x, y in self.play_positions(seat, count - first)]
        return self.play_positions(seat, first) + lower

    def reveal_area(self, seat: int) -> pygame.Rect:
        """The rectangle a seat's revealed hand covers."""
        return covered(self.reveal_positions(seat, len(self.reveal[seat])), self.card_size("table"))

    def table_order(self, cards: Iterable[int]) -> list[int]:
        """A play as it lies on the table: high cards first, wild cards leading."""
        return table_order(self.view, cards)

    def display_order(self, cards: list[int]) -> list[int]:
        """The human's hand left to right: high cards first, or grouped by how many of a rank you hold."""
        deck = self.view.deck
        ordered = table_order(self.view, cards)
        if self.sort == "rank":
            return ordered
        count = {r: sum(1 for c in cards if deck[c].rank == r) for r in {deck[c].rank for c in cards}}
        return sorted(ordered, key=lambda c: -count[deck[c].rank])  # stable: each group keeps the table's order

    def relayout(self, geo: Fitted) -> None:
        """The window changed size: put every sprite where it now belongs, at once."""
        self.geo = geo.for_players(self.view.players)
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
        joining = set(self.view.kitty_cards or ()) if self.flip is not None and not self.flip.joined else set()
        hand = [c for c in self.view.cards if c not in joining]
        board.hand = self.display_order(hand)
        for card, pos in self.hand_positions(board.hand).items():
            s = board.sprite(card, card, "hand", True, pos)
            if duration:
                s.move_to(pos, duration)
            else:
                s.pos, s.tween = pos, None
        self.cursor = min(self.cursor, max(0, len(board.hand) - 1))

    # ----- the events ----------------------------------------------------------------------------------

    def hear(self, event: ev.Event) -> None:
        match event:
            case ev.Dealt():
                self._dealt(event)
            case ev.LandlordChosen():  # the last answer stays a moment, then the banner names the landlord
                self.flip = Flip(elapsed=0.0 if self.table.settings.reduced_motion else -LAST_WORD)
                if not self.flip.elapsed:
                    self.announce()
            case ev.Played():
                self._played(event)
            case ev.Passed(seat):
                self.board.drop_play(seat)
            case ev.RoundWon():
                self.round_won()
            case ev.HandOver(winner):
                self.reveal_hands(winner)
            case ev.HandAbandoned():
                self.board.clear()
                self.clearing = None
            case ev.Swapped(given):
                self._swapped(given)

    def _dealt(self, event: ev.Dealt) -> None:
        self.board.clear()
        self.table.effects.clear()
        self.reveal.clear()
        self.selected.clear()
        self.flip, self.clearing = None, None
        self.board.still = self.table.settings.reduced_motion  # no card flies with reduced motion, the deal's too
        view = self.view
        rules = view.rules
        order = deal_order(rules, event.first_bidder, rules.packet if view.collected else 1)
        gap = min(DEAL_GAP, DEAL_TIME / len(order))
        schedule = [(seat, k * gap + FLIGHT) for k, seat in enumerate(order)]
        mine = list(view.cards)
        self.table.rng.shuffle(mine)  # arrival order only; the ids say nothing another seat could not know
        self.deal = Deal(schedule, mine=tuple(mine))
        self.dealt_sounds = 0
        final = self.hand_positions(mine)
        start = self.deck_point("hand")
        arrivals = iter(mine)
        for k, (seat, land) in enumerate(schedule):
            if seat == self.me:
                card = next(arrivals)
                s = self.board.sprite(card, card, "hand", True, start)
                s.move_to(final[card], FLIGHT, land - FLIGHT)
                self.board.hand.append(card)
            else:
                self.board.launch_back(("deal", k), self.deck_point(), self.pile_point(seat), FLIGHT, land - FLIGHT)

    def round_won(self) -> None:
        """Everybody else passed: the round's cards dim and the round starts to clear."""
        self.board.dim_plays()
        self.clearing = Clearing(0.0 if self.table.settings.reduced_motion else ROUND_FADE)

    def clear_round(self) -> None:
        """The won round is gone from the table: its cards and the seats' bubbles."""
        if self.clearing is None:
            return
        self.clearing = None
        for seat in list(self.board.plays):
            self.board.drop_play(seat)
        self.cleared()

    def round_alpha(self) -> float:
        """How much of a won round still shows on the table (1 while no round clears)."""
        return 1.0 if self.clearing is None else self.clearing.alpha

    def _played(self, event: ev.Played) -> None:
        board = self.board
        self.clear_round()  # a play before the round has faded (yours, at once): it goes now
        cards = self.table_order(event.cards)
        targets = self.play_positions(event.seat, len(cards))
        self.selected -= set(cards)
        origin = self.pile_point(event.seat) if event.seat != self.me else targets[0]  # your cards leave the hand
        board.set_play(event.seat, cards, targets, origin)
        if event.seat == self.me:
            self.place_hand()

    def _swapped(self, given: tuple[tuple[int, ...], ...]) -> None:
        """003 swap-three: your cards fly to the next seat; the three from the seat before fly into your hand
        (highlighted there by the table while the auction runs)."""
        me, players = self.me, self.view.players
        before, after = (me - 1) % players, (me + 1) % players
        board = self.board
        for k, card in enumerate(given[me]):
            gone = board.sprites.pop(card, None)
            start = gone.pos if gone is not None else self.deck_point()
            board.launch_back(("swap out", k), start, self.pile_point(after), 0.45, k * 0.06)
        self.selected.clear()
        self.place_hand(0.0)
        for k, card in enumerate(given[before]):
            sprite = board.sprites[card]
            target = sprite.pos
            sprite.pos = self.pile_point(before)
            sprite.move_to(target, 0.5, 0.3 + k * 0.08, out_back)

    def clear(self) -> None:
        """No card anywhere, no animation running (the table is laid out again from a whole view)."""
        self.board.clear()
        self.reveal.clear()
        self.selected.clear()
        self.deal, self.flip, self.clearing = None, None, None

    def skip_last_word(self) -> None:
        """A click or key while the auction's last answer is on show: on to the landlord at once."""
        if self.flip is not None and self.flip.elapsed < 0:
            self.flip.elapsed = 0.0
            self.announce()

    # ----- time -----------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.board.still = self.table.settings.reduced_motion
        self.board.update(dt)
        if self.clearing is not None and not self.board.busy:  # the last card lands before the round clears
            self.clearing.elapsed += dt
            if self.clearing.done:
                self.clear_round()

    def update_deal(self, dt: float) -> None:
        """The deal's cards landing (a sound for each launched), then your hand in order; the kitty's flip."""
        if self.deal is not None:
            self.deal.elapsed += dt
            if self.deal.launched > self.dealt_sounds:
                self.dealt_sounds = self.deal.launched
                self.table.sound("deal")
            if self.deal.over:
                self.deal = None
                self.place_hand(0.4)
        if self.flip is not None:
            self._update_flip(dt)

    def _update_flip(self, dt: float) -> None:
        flip = self.flip
        assert flip is not None
        if flip.elapsed < 0 <= flip.elapsed + dt:
            self.announce()
        flip.elapsed += dt
        if flip.joined or flip.elapsed < flip.duration + flip.hold:
            return
        flip.joined = True
        view = self.view
        landlord = view.landlord
        kitty_zone = self.kitty_zone()
        start = (kitty_zone.centerx, kitty_zone.y)
        if landlord == self.me:
            self.place_hand(0.0)
            for card in view.kitty_cards or ():
                s = self.board.sprites[card]
                target = s.pos
                s.pos = start
                s.move_to(target, 0.5, 0.0, out_back)
        elif landlord is not None:
            for k in range(view.rules.kitty_size):
                self.board.launch_back(("kitty", k), start, self.pile_point(landlord), 0.45, k * 0.06)

    @property
    def settled(self) -> bool:
        """No card moving, no deal or kitty animation still running and no won round still clearing: the next step
        may start."""
        flip_done = self.flip is None or self.flip.joined
        return self.deal is None and flip_done and self.clearing is None and not self.board.busy

    def shown_count(self, seat: int) -> int:
        """Cards shown for a seat: the dealt ones that have landed while dealing, then the real count."""
        if self.deal is not None:
            return self.deal.landed(seat)
        count = self.view.hand_sizes[seat]
        if self.flip is not None and not self.flip.joined and seat == self.view.landlord:
            count -= self.view.rules.kitty_size
        return count
