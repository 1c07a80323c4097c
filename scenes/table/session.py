"""A match in progress at the table, as the screens see it: the match, the table settings, the save, the bots' worker,
and the card sprites and notices that turn the core's events into something to watch.

Game state changes only through `Session.apply`, which calls `Match.apply` and then saves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import events as ev
from game.actions import Action, DealExpired
from game.atomic import WriteFailed
from game.cards import CARD_CHARS, RANK_INDEX, order
from game.kinds import Kind
from game.match import Match, Phase
from game.observe import Observation, observe
from game.rulesets import Auction
from scenes.art.effects import Effects, Stage, Ticker, effects_for
from scenes.art.tween import out_back
from scenes.platform.worker import Thinker
from scenes.table.board import RAISE, Board, row_positions, spread
from scenes.table.clock import TableClock
from scenes.table.layout import SEAT_ZONES, Fitted
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.table.stand_ins import is_wild
from scenes.table.table_settings import TableSettings
from scenes.words import problems
from scenes.words.i18n import tr
from scenes.words.table_words import bid_label, cards_text
from scenes.words.wording import rank_name

CLOCK = "clock"  # the save table's entry for the elapsed deal and turn time (docs/saves.md)
PRACTICED = "practiced"  # the save table's mark: practice was on at some point of this match (out of statistics)
DEAL_GAP = 0.045  # seconds between two dealt cards
DEAL_TIME = 2.7  # the most a deal takes: two decks deal faster than one
FLIGHT = 0.30
SORTS = ("rank", "groups")
LARGE_CARDS = {"hand": 1.22, "table": 1.2, "mini": 1.0}  # how much bigger each card size is with large cards
BANNER_KINDS = {  # the catalogue key of the banner a play of this kind raises
    Kind.BOMB: "table.banner_bomb",
    Kind.ROCKET: "table.banner_rocket",
    Kind.AIRPLANE: "table.banner_airplane",
    Kind.AIRPLANE_SINGLES: "table.banner_airplane",
    Kind.AIRPLANE_PAIRS: "table.banner_airplane",
    Kind.STRAIGHT: "table.banner_straight",
    Kind.PAIR_RUN: "table.banner_pair_run",
}


def card_size(geo: Fitted, size: str, large: bool) -> tuple[int, int]:
    """A card size ("hand", "table" or "mini") in window pixels, bigger with the large-cards option."""
    w, h = geo[f"card_{size}"].size
    k = LARGE_CARDS[size] if large else 1.0
    return round(w * k), round(h * k)


@dataclass
class Notice:
    """A timed piece of text: a seat's bubble, a banner, or the message line."""

    text: str
    remaining: float
    tone: str = "info"  # info, warn, big, win
    age: float = 0.0


@dataclass
class Deal:
    """The deal animation's clock: which card lands when."""

    schedule: list[tuple[int, float]]  # (seat, landing time) per dealt card
    elapsed: float = 0.0

    def landed(self, seat: int) -> int:
        return sum(1 for s, t in self.schedule if s == seat and t <= self.elapsed)

    @property
    def launched(self) -> int:
        return sum(1 for _, t in self.schedule if t - FLIGHT <= self.elapsed)

    @property
    def over(self) -> bool:
        return self.elapsed >= self.schedule[-1][1] + 0.35


@dataclass
class Flip:
    """The kitty turning face up, then (after `hold`) joining the landlord's hand."""

    elapsed: float = 0.0
    duration: float = 0.45
    hold: float = 0.9
    joined: bool = False

    @property
    def progress(self) -> float:
        return min(1.0, self.elapsed / self.duration)


@dataclass
class Session:
    match: Match
    settings: TableSettings = field(default_factory=TableSettings)
    store: Any = None  # a game.savefile.SaveStore, or None when nothing is saved
    stats: Any = None  # a game.stats.StatsStore counting your hands, or None when nothing is counted (the demo)
    pool: Any = None  # the App's executor the bots think in (a process pool)
    demo: bool = False  # bots in every seat, including yours
    sounds: Any = None  # a scenes.art.sound.Sounds, or None for silence
    pace: float = 1.0  # multiplies the bots' thinking pause (the demo plays faster); not a saved setting
    steady: bool = False  # wait for a late bot instead of drawing more frames: the headless demo's frames repeat
    replay: bool = False  # a replay's table: no bot acts, no clock runs, nothing is saved or counted

    def __post_init__(self) -> None:
        self.board = Board()
        self.thinker = Thinker(self.pool)
        self.rng = random.Random(self.match.seed * 7919 + 17)  # presentation only: pauses, deal order of sprites
        self.bubbles: dict[int, Notice] = {}
        self.banner: Notice | None = None
        self.message: Notice | None = None
        self.deal: Deal | None = None
        self.flip: Flip | None = None
        self.reveal: dict[int, list[int]] = {}
        self.selected: set[int] = set()
        self.cursor = 0
        self.sort = SORTS[0]
        self.effects = Effects()
        self.ticker = Ticker(self.match.multiplier)
        self.fx_rng = random.Random(self.match.seed * 31 + 5)  # presentation only: sparks, smoke, confetti
        self.round_over = False
        self.dealt_sounds = 0
        self.geo: Fitted | None = None
        self.clock = TableClock()
        self.wild_pop = 0.0  # 1 as the wild rank is drawn, down to 0: the HUD's wild card pops (003 wildcard)
        self.practiced = self.settings.practice  # once practice is on, the whole match stays out of statistics
        self._time_limits()

    # ----- state ---------------------------------------------------------------------------------------

    def view(self, seat: int = HUMAN) -> Observation:
        return observe(self.match, seat)

    def bot_seat(self, seat: int) -> bool:
        """Does a bot act for this seat now (an opponent, or you with Auto on)?"""
        if self.replay:
            return False
        return seat != HUMAN or self.settings.auto or self.demo or self.timed_out()

    def timed_out(self) -> bool:
        """Has the turn limit run out on the turn now being played?"""
        return self.clock.turn == self.turn_key() and self.clock.turn_out

    def turn_key(self) -> Hashable:
        hand = self.match.hand
        return (hand.number, hand.deal_no, len(hand.bids), len(hand.history), self.match.turn)

    def acting(self, seat: int) -> bool:
        """Is the table waiting for this seat: its turn, or (the double phase) a choice it has not made yet?"""
        if self.match.phase is Phase.DOUBLING:
            return seat in self.match.undecided_doubles()
        if self.match.phase is Phase.SWAPPING:
            return seat in self.match.unswapped()
        return self.match.turn == seat

    def bot_turn(
        self, decide: Callable[[Observation, str], Any], fallback: Callable[[], Any], seat: int | None = None
    ) -> tuple[int, Any] | None:
        """Drive the seat to act (or `seat`, in the double phase where every seat acts) when a bot plays it: ask
        the worker once, then (seat, decision) when it is ready and the thinking pause is over; None meanwhile, or
        when the seat is yours. A bot that fails must not end the game: the seat then takes `fallback` (No bid,
        No double, or pass / the first legal lead)."""
        seat = self.match.turn if seat is None else seat
        if seat is None or not self.bot_seat(seat):
            return None
        key = (self.turn_key(), seat)
        if not self.thinker.busy_with(key):
            self.thinker.start(key, self.pause_for(seat), decide, self.view(seat), self.settings.level)
            return None
        if self.steady and self.thinker.remaining <= 0 and self.thinker.future is not None:
            self.thinker.future.exception()  # blocks until the bot has answered (or failed)
        try:
            ready, decision = self.thinker.take(key)
        except Exception as failed:  # whatever went wrong in the worker, the table goes on
            self.say(tr("table.bot_failed", name=SEAT_NAMES[seat], error=failed), 5.0, "warn")
            return seat, fallback()
        return (seat, decision) if ready else None

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply through the core (raises IllegalAction untouched), animate what happened, save."""
        covered = getattr(action, "seat", None) == HUMAN and self.timed_out() and not (self.settings.auto or self.demo)
        events = self.match.apply(action)
        self.thinker.cancel()
        if getattr(action, "seat", None) == HUMAN:
            self.message = None  # a suggestion or a refusal is about the turn you have just played
        if covered:
            self.say(tr("table.times_up"), 4.0, "warn")
        self.absorb(events)
        self.save()
        self.count(events)
        return events

    def save(self) -> None:
        if self.store is None:
            return
        try:
            table = {**self.settings.to_dict(), CLOCK: self.clock.to_dict(), PRACTICED: self.practiced}
            self.store.save(self.match, table)
        except WriteFailed as refused:
            self.say(problems.note(refused.problem), 5.0, "warn")

    def count(self, events: list[ev.Event]) -> None:
        """Add a settled hand and a finished match to your statistics. Called after the save, so a crash can at
        worst miss one hand in the statistics, never count one twice. A bad statistics file was moved aside by the
        store: say so once. A practice match counts nothing."""
        if self.stats is None or self.practiced:
            return
        try:
            for event in events:
                if isinstance(event, ev.HandOver):
                    self.stats.record_hand(event.settlement, HUMAN)
                elif isinstance(event, ev.MatchOver):
                    self.stats.record_match(event.winners, HUMAN)
        except WriteFailed as refused:
            self.say(problems.note(refused.problem), 5.0, "warn")
        if self.stats.problem:
            self.say(problems.note(self.stats.problem), 8.0, "warn")
            self.stats.problem = None

    def pause_for(self, seat: int) -> float:
        """A natural thinking pause for a bot (or Auto's interval for you), in table seconds."""
        if seat == HUMAN and self.settings.auto:
            return self.settings.auto_interval
        if seat == HUMAN and not self.demo:
            return 0.0  # your turn ran out: the bot answers at once
        return self.rng.uniform(0.5, 1.2) * self.pace

    def say(self, text: str, seconds: float = 3.5, tone: str = "info") -> None:
        self.message = Notice(text, seconds, tone)

    def refuse(self, text: str) -> None:
        """The core refused what you tried: its reason on the message line, and a low buzz."""
        self.say(text, tone="warn")
        self.sound("refused")

    def sound(self, name: str) -> None:
        if self.sounds is not None:  # muted or not: the sounds know (a device preference, scenes/platform/prefs.py)
            self.sounds.play(name)

    # ----- geometry -------------------------------------------------------------------------------------

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
        return Stage(self.geo.size, self.geo.scale, self.play_area, self.fx_rng)

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

    # ----- events -> animation ------------------------------------------------------------------------

    def absorb(self, events: list[ev.Event]) -> None:
        for event in events:
            if self.geo is not None:
                self.effects.add(effects_for(event, self.stage(), self.settings.reduced_motion))
            match event:
                case ev.Dealt():
                    self._dealt(event)
                case ev.BidMade(seat, value, word):
                    self.bubbles[seat] = Notice(bid_label(value, word), 99.0, "info" if value else "quiet")
                    self.sound("bid" if value else "pass")
                case ev.SwappingStarted() | ev.SwapChosen() | ev.Swapped() | ev.WildChosen():
                    self._wild_event(event)
                case ev.LandlordChosen(seat):
                    self.flip = Flip()
                    self.banner = self._landlord_banner(seat)
                    self.bubbles.clear()
                case ev.DoubleChosen():
                    self.sound("card")
                case ev.DoublesRevealed(doubles):
                    for seat, doubled in enumerate(doubles):
                        said = tr("auction.doubled") if doubled else tr("auction.not_doubled")
                        self.bubbles[seat] = Notice(said, 99.0, "info" if doubled else "quiet")
                    self.sound("bid" if any(doubles) else "pass")
                case ev.HandShown(seat):
                    you = seat == HUMAN
                    shown = tr("auction.you_show") if you else tr("auction.shows", name=SEAT_NAMES[seat])
                    self.banner = Notice(shown, 1.6)
                    self.sound("bid")
                case ev.Played():
                    self._played(event)
                case ev.Passed(seat):
                    self.board.drop_play(seat)
                    self.bubbles[seat] = Notice(tr("table.pass"), 99.0)
                    self.sound("pass")
                case ev.RoundWon():
                    self.round_over = True
                    self.board.dim_plays()
                case ev.HandOver(winner, settlement):
                    self._hand_over(winner, settlement.landlord_won)
                case ev.HandAbandoned():
                    self.board.clear()
                case ev.DealExpired():
                    self.bubbles.clear()
                    self.banner = Notice(tr("table.time_ran_out"), 2.0, "win")
                    self.sound("lose")

    def _wild_event(self, event: ev.Event) -> None:
        """The swap (003 swap-three) and the wild rank drawn (003 wildcard), as the table shows them."""
        match event:
            case ev.SwappingStarted():
                self.banner = Notice(tr("wild.swap_banner"), 1.4, "big")
            case ev.SwapChosen():
                self.sound("card")
            case ev.Swapped(given):
                self.bubbles.clear()
                self._swapped(given)
            case ev.WildChosen(rank):
                self.wild_pop = 1.0
                self.banner = Notice(tr("wild.announce", rank=rank_name(RANK_INDEX[rank])), 1.8, "big")
                self.sound("bomb")

    def _swapped(self, given: tuple[tuple[int, ...], ...]) -> None:
        """Your three cards fly to the next seat and three arrive from the seat before, raised in your hand."""
        players = self.match.players
        before, after = (HUMAN - 1) % players, (HUMAN + 1) % players
        for k, card in enumerate(given[HUMAN]):
            gone = self.board.sprites.pop(card, None)
            start = gone.pos if gone is not None else self.deck_point()
            self.board.launch_back(("swap out", k), start, self.pile_point(after), 0.45, k * 0.06)
        self.selected.clear()
        self.place_hand(0.0)
        for k, card in enumerate(given[before]):
            sprite = self.board.sprites[card]
            target = sprite.pos
            sprite.pos = self.pile_point(before)
            sprite.move_to(target, 0.5, 0.3 + k * 0.08, out_back)
        names = ", ".join(rank_name(self.match.deck[c].rank) for c in self.table_order(given[before]))
        self.say(tr("wild.swap_arrived", name=SEAT_NAMES[before], cards=names), 6.0)

    def _dealt(self, event: ev.Dealt) -> None:
        self.board.clear()
        self.effects.clear()
        self.bubbles.clear()
        self.reveal.clear()
        self.selected.clear()
        self.flip, self.round_over = None, False
        self.clock.new_deal()
        if event.redeal:
            self._redeal_notice(event.first_bidder)
        players = self.match.players
        dealt = players * self.match.rules.hand_size
        gap = min(DEAL_GAP, DEAL_TIME / dealt)
        schedule = [((event.first_bidder + k) % players, k * gap + FLIGHT) for k in range(dealt)]
        self.deal = Deal(schedule)
        self.dealt_sounds = 0
        mine = list(self.match.hand.hands[HUMAN])
        self.rng.shuffle(mine)  # arrival order only; the ids say nothing another seat could not know
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
        banner = BANNER_KINDS.get(kind)
        if banner:
            big = kind.is_bomb_like
            suffix = tr("table.multiplier", value=self.match.multiplier) if big else ""
            self.banner = Notice(tr(banner) + suffix, 1.6 if big else 1.0, "big" if big else "info")

    def _hand_over(self, winner: int, landlord_won: bool) -> None:
        """The winning play stays; every other opponent's remaining cards are shown where it played."""
        self.bubbles.clear()
        for seat in range(self.match.players):
            if seat != HUMAN and self.match.hand.hands[seat]:
                self.board.drop_play(seat)
                self.reveal[seat] = list(self.match.hand.hands[seat])
        self.banner = Notice(tr("table.landlord_wins") if landlord_won else tr("table.farmers_win"), 2.2, "win")
        left = len(self.match.hand.hands[winner])
        if not landlord_won and left and self.match.allowance is not None:  # 003 two-player: within the allowance
            key = "auction.allowance_won_you" if winner == HUMAN else "auction.allowance_won"
            self.banner = Notice(tr(key, name=SEAT_NAMES[winner], cards=cards_text(left)), 2.2)
        self.sound("win" if (self.match.hand.landlord == HUMAN) == landlord_won else "lose")

    def _landlord_banner(self, seat: int) -> Notice:
        """Who is the landlord; when nobody bid or called, why (003 all-pass, 004 nobody called twice)."""
        name = SEAT_NAMES[seat]
        if any(value for _, value in self.match.hand.bids):
            return Notice(tr("table.you_are_landlord" if seat == HUMAN else "table.is_landlord", name=name), 1.4)
        twice = self.match.rules.redeal_limit is not None  # 004; else 003's all-pass
        if seat == HUMAN:
            said = tr("auction.nobody_called_twice_you") if twice else tr("auction.nobody_bid_you")
        else:
            said = tr("auction.nobody_called_twice", name=name) if twice else tr("auction.nobody_bid", name=name)
        return Notice(said, 2.4)

    def _redeal_notice(self, first: int) -> None:
        """Everyone declined: the banner, and before the last deal a limit allows, what happens if all decline again."""
        rules, hand = self.match.rules, self.match.hand
        if rules.auction is Auction.POINTS:
            self.banner = Notice(tr("table.redeal"), 1.6, "big")
            return
        self.banner = Notice(tr("auction.redeal"), 1.6, "big")
        if rules.redeal_limit is not None and hand.redeals + 1 >= rules.redeal_limit:
            name = tr("auction.you") if first == HUMAN else SEAT_NAMES[first]
            self.say(tr("auction.redeal_last", name=name), 8.0)

    # ----- time -------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance every animation and countdown by `dt` table seconds."""
        self.board.update(dt)
        self.thinker.update(dt)
        self.effects.update(dt)
        self.ticker.follow(self.match.multiplier, dt)
        self.wild_pop = max(0.0, self.wild_pop - dt / 0.8)
        for notice in (self.banner, self.message):
            if notice is not None:
                notice.remaining -= dt
                notice.age += dt
        for bubble in self.bubbles.values():
            bubble.age += dt
        if self.banner is not None and self.banner.remaining <= 0:
            self.banner = None
        if self.message is not None and self.message.remaining <= 0:
            self.message = None
        if self.deal is not None:
            self.deal.elapsed += dt
            if self.deal.launched > self.dealt_sounds:
                self.dealt_sounds = self.deal.launched
                self.sound("deal")
            if self.deal.over:
                self.deal = None
                self.place_hand(0.4)
        if self.flip is not None:
            self._update_flip(dt)
        self._tick_clock(dt)

    def _time_limits(self) -> None:
        """The clock's limits: the ruleset's own timers, or the 003 ones when the Turn timers setting is on."""
        rules = self.match.rules.timed(self.settings.turn_timers)
        limits = (None, None) if self.replay else (rules.turn_seconds, rules.deal_seconds)
        self.clock.turn_limit, self.clock.deal_limit = limits

    def _tick_clock(self, dt: float) -> None:
        """The deal and turn clocks run while the table waits for a decision; at the deal limit the hand ends."""
        self._time_limits()
        if self.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or not self.settled:
            return
        self.clock.tick(dt, self.turn_key())
        if self.clock.deal_out:
            self.apply(DealExpired())

    def _update_flip(self, dt: float) -> None:
        flip = self.flip
        assert flip is not None
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

    def unseen(self) -> list[tuple[str, int]]:
        """The card counter: for each rank of the pack (two-player has no 3s or 4s), how many you have not seen (not
        in your hand, not yet played)."""
        view = self.view()
        total = [0] * len(CARD_CHARS)
        for card in self.match.deck:
            total[card.rank] += 1
        for ch in view.hand + view.played:
            total[CARD_CHARS.index(ch)] -= 1
        dealt = {card.rank for card in self.match.deck}
        return [(CARD_CHARS[i], total[i]) for i in sorted(dealt, key=order)]
