"""A match in progress at the table, as the screens see it: the match and its saving, the bots' turns, the clock,
and (from `placing.py` and `notices.py`) the board and the notices that turn the core's events into something to watch.

Game state changes only through `Session.apply`, which calls `Match.apply` and then saves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from game import events as ev
from game.actions import Action, DealExpired
from game.atomic import WriteFailed
from game.cards import CARD_CHARS, order
from game.match import Match, Phase
from game.observe import Observation, observe
from scenes.art.effects import Effects, Ticker, effects_for
from scenes.platform.worker import BotPool, Thinker
from scenes.table.board import Board
from scenes.table.clock import TableClock
from scenes.table.layout import Fitted
from scenes.table.moods import Moods
from scenes.table.notices import Notice, Telling, double_notices
from scenes.table.placing import LAST_WORD, SORTS, Flip, Placing
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.table.table_settings import TableSettings
from scenes.table.wild_events import WildEvents
from scenes.words import problems
from scenes.words.i18n import tr
from scenes.words.table_words import bid_label, cards_text

CLOCK = "clock"  # the save table's entry for the elapsed deal and turn time (docs/saves.md)
SORT = "sort"  # the save table's entry for your hand's order as you left it (Continue restores it)
PRACTICED = "practiced"  # the save table's mark: practice was on at some point of this match (out of statistics)


@dataclass
class Session(Placing, Telling, WildEvents):
    """The match at the table: its saving and statistics, the bots' turns and the clock here; the board
    (`Placing`) and the notices (`Telling`) in their own modules."""

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
        self.deal = None
        self.flip: Flip | None = None
        self.reveal: dict[int, list[int]] = {}
        self.selected: set[int] = set()
        self.cursor = 0
        self.sort = SORTS[0]
        self.effects = Effects()
        self.moods = Moods()  # the faces on the seats
        self.ticker = Ticker(self.match.multiplier)
        self.fx_rng = random.Random(self.match.seed * 31 + 5)  # presentation only: sparks, smoke, confetti
        self.round_over = False
        self.stats_unwritten = False  # the statistics' last write failed (and was said)
        self.dealt_sounds = 0
        self.geo: Fitted | None = None
        self.clock = TableClock()
        self.wild_pop = 0.0
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

    def turn_key(self) -> Hashable:
        hand = self.match.hand
        return (hand.number, hand.deal_no, len(hand.bids), len(hand.history), self.match.turn)

    def acting(self, seat: int) -> bool:
        """Is the table waiting for this seat: its turn, or (the double phase) a choice it has not made yet?"""
        return seat in self.match.waiting

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
            self.say_restart()
            return None
        if self.steady and self.thinker.remaining <= 0 and self.thinker.future is not None:
            self.thinker.future.exception()  # blocks until the bot has answered (or failed)
        try:
            ready, decision = self.thinker.take(key)
        except Exception as failed:  # whatever went wrong in the worker, the table goes on
            self.say(tr("table.bot_failed", name=SEAT_NAMES[seat], error=failed), 5.0, "warn")
            return seat, fallback()
        self.say_restart()
        return (seat, decision) if ready else None

    def say_restart(self) -> None:
        """The bots' worker process died and a new one was started: said once, play goes on."""
        if isinstance(self.pool, BotPool) and self.pool.restart_news():
            self.say(tr("table.bots_restarted"), 6.0, "warn")

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
        """Save after every action. A disk that refuses is said once (not at every action), and play goes on
        unsaved; once a save succeeds again, a new refusal is said again."""
        if self.store is None:
            return
        already = self.store.failing is not None
        try:
            table = {**self.settings.to_dict(), CLOCK: self.clock.to_dict(), PRACTICED: self.practiced, SORT: self.sort}
            moved = self.store.save(self.match, table)
        except WriteFailed as refused:
            if not already:
                self.say(problems.unsaved(refused.problem), 8.0, "warn")
            return
        if moved is not None:  # a bad file or a folder was in the way: moved aside, and the save went on
            self.say(problems.note(moved), 8.0, "warn")

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
            self.stats_unwritten = False
        except WriteFailed as refused:
            unsaid = not self.stats_unwritten and (self.store is None or self.store.failing is None)
            self.stats_unwritten = True  # said once, and not at all when the match's own save already said it
            if unsaid:
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

    def sound(self, name: str) -> None:
        if self.sounds is not None:  # muted or not: the sounds know (a device preference, scenes/platform/prefs.py)
            self.sounds.play(name)

    # ----- events -> animation ------------------------------------------------------------------------

    def absorb(self, events: list[ev.Event]) -> None:
        for event in events:
            if self.geo is not None:
                self.effects.add(effects_for(event, self.stage(), self.settings.reduced_motion))
            self.moods.hear(event, self.match)
            match event:
                case ev.Dealt():
                    self._dealt(event)
                case ev.BidMade(seat, value, word):
                    self.bubbles[seat] = Notice(bid_label(value, word), 99.0, "info" if value else "quiet")
                    self.sound("bid" if value else "pass")
                case ev.SwappingStarted() | ev.SwapChosen() | ev.Swapped() | ev.WildChosen():
                    self.wild_event(event)
                case ev.LandlordChosen():  # the last answer stays a moment, then the banner names the landlord
                    self.flip = Flip(elapsed=0.0 if self.settings.reduced_motion else -LAST_WORD)
                    if not self.flip.elapsed:
                        self.announce_landlord()
                case ev.DoubleChosen():
                    self.sound("card")
                case ev.DoublesRevealed(doubles):
                    self.bubbles.update(double_notices(doubles))
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

    def _hand_over(self, winner: int, landlord_won: bool) -> None:
        """The winning play stays; every opponent's remaining cards are shown where it played (beside it)."""
        self.bubbles.clear()
        self.reveal_hands(winner)
        self.banner = Notice(tr("table.landlord_wins") if landlord_won else tr("table.farmers_win"), 2.2, "win")
        left = len(self.match.hand.hands[winner])
        if not landlord_won and left and self.match.allowance is not None:  # 003 two-player: within the allowance
            key = "auction.allowance_won_you" if winner == HUMAN else "auction.allowance_won"
            self.banner = Notice(tr(key, name=SEAT_NAMES[winner], cards=cards_text(left)), 2.2)
        self.sound("win" if (self.match.hand.landlord == HUMAN) == landlord_won else "lose")

    # ----- time -------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance every animation and countdown by `dt` table seconds."""
        self.board.still = self.settings.reduced_motion
        self.board.update(dt)
        self.thinker.update(dt)
        self.effects.update(dt)
        self.moods.update(dt)
        self.ticker.follow(self.match.multiplier, dt)
        self.age_wild(dt)
        self._age_notices(dt)
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

    # ----- the clock --------------------------------------------------------------------------------------

    def timed_out(self) -> bool:
        """Has the turn limit run out on the turn now being played?"""
        return self.clock.turn == self.turn_key() and self.clock.turn_out

    def _time_limits(self) -> None:
        """The clock's limits: the ruleset's own timers, or the 003 ones when the Turn timers setting is on."""
        self.clock.follow(None if self.replay else self.match.rules.timed(self.settings.turn_timers))

    def _tick_clock(self, dt: float) -> None:
        """The deal and turn clocks run while the table waits for a decision; at the deal limit the hand ends. The
        limits may change with the Turn timers setting, so they are taken again each time."""
        self._time_limits()
        if self.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or not self.settled:
            return
        self.clock.tick(dt, self.turn_key())
        if self.clock.deal_out:
            self.apply(DealExpired())
