"""Your seat at a table held here: the match, the bots in the other seats (and in yours under Auto, or once your turn
ran out), the clocks, and the save and statistics after every action. The table reads it through the `Seat` seam.

Game state changes only through `send` (yours) and the bots' actions, each through `Match.apply`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor
from typing import Any

from game import events as ev
from game.actions import Action, DealExpired
from game.atomic import WriteFailed
from game.bots.seat import bot_action, fallback_action
from game.match import Match
from game.view import Observation, Phase, observe, seen_by
from scenes.platform.worker import BotPool, Thinker
from scenes.table.clock import TableClock
from scenes.table.seat import Said, Update
from scenes.table.seats import HUMAN, MAX_SEATS, SEAT_NAMES
from scenes.table.table_settings import TableSettings
from scenes.words import problems
from scenes.words.i18n import tr

CLOCK = "clock"  # the save table's entry for the elapsed deal and turn time (docs/saves.md)
PRACTICED = "practiced"  # the save table's mark: practice was on at some point of this match (out of statistics)


class LocalSeat:
    """Seat `HUMAN` of a match held in this process."""

    me = HUMAN
    names: Mapping[int, str] = SEAT_NAMES
    avatars: Mapping[int, int] = {seat: seat for seat in range(MAX_SEATS)}  # each seat its own character

    def __init__(
        self,
        match: Match,
        settings: TableSettings,
        store: Any = None,
        stats: Any = None,
        pool: Executor | None = None,
        demo: bool = False,
        pace: float = 1.0,
        steady: bool = False,
        replay: bool = False,
        decide: Callable[[Observation, str], Action] = bot_action,
    ) -> None:
        self.match = match
        self.settings = settings
        self.store = store  # a game.savefile.SaveStore, or None when nothing is saved
        self.stats = stats  # a game.stats.StatsStore counting your hands, or None (the demo, a replay)
        self.pool = pool  # the App's executor the bots think in (a process pool)
        self.demo = demo  # bots in every seat, including yours
        self.pace = pace  # multiplies the bots' thinking pause (the demo plays faster); not a saved setting
        self.steady = steady  # wait for a late bot instead of drawing more frames: the headless demo's frames repeat
        self.waited = (
            0.0  # seconds the steady demo's frames spent waiting for a late bot (its frame times leave it out)
        )
        self.replay = replay  # a replay's table: no bot acts, no clock runs, nothing is saved or counted
        self.decide = decide  # the bots: a seat's view and the level -> its action (the one phase -> bot table)
        self.seed = match.seed
        self.thinker = Thinker(pool)
        # The thinking pauses draw from the table's presentation stream (shared with the deal's arrival order, as
        # the table set them going): the table hands it over when it sits down.
        self.pauses = random.Random(0)
        self.clock = TableClock()
        self.practiced = settings.practice and not replay  # once practice is on, the match stays out of statistics
        self.kept: dict[str, object] = {}  # the table's own state the save keeps (your hand's order)
        self.stats_unwritten = False  # the statistics' last write failed (and was said)
        self._updates: list[Update] = []
        self._time_limits()

    # ----- the seam ------------------------------------------------------------------------------------------

    def view(self, seat: int = HUMAN) -> Observation:
        return observe(self.match, seat)

    def updates(self) -> list[Update]:
        taken, self._updates = self._updates, []
        return taken

    def pending(self) -> bool:
        return bool(self._updates)

    def send(self, action: Action) -> None:
        """Apply your action (or the table's: play again, a new deal) through the core; raises IllegalAction with
        nothing changed."""
        self._apply(action)

    def presence(self, seat: int) -> str:
        return ""  # everyone at a table held here is where they were

    def thinking(self, seat: int) -> bool:
        return seat != HUMAN and self.bot_seat(seat)

    def bot_seat(self, seat: int) -> bool:
        if self.replay:
            return False
        return seat != HUMAN or self.settings.auto or self.demo or self.timed_out()

    def update(self, dt: float) -> None:
        self.thinker.update(dt)

    def drive(self) -> None:
        """The first seat the match waits on that a bot plays: ask its bot once, then act when the answer is ready
        and the thinking pause is over. A bot that fails must not end the game: the seat then takes the fallback
        (no bid, no double, pass or its last legal lead) and the table says so."""
        seat = next((seat for seat in self.match.waiting if self.bot_seat(seat)), None)
        if seat is None:
            return
        key = (self.turn_key(), seat)
        if not self.thinker.busy_with(key):
            self.thinker.start(key, self.pause_for(seat), self.decide, self.view(seat), self.settings.level)
            self._restart_news()
            return
        if self.steady and self.thinker.remaining <= 0 and self.thinker.future is not None:
            start = time.perf_counter()
            self.thinker.future.exception()  # blocks until the bot has answered (or failed)
            self.waited += time.perf_counter() - start
        try:
            ready, action = self.thinker.take(key)
        except Exception as failed:  # whatever went wrong in the worker, the table goes on
            said = (tr("table.bot_failed", name=SEAT_NAMES[seat], error=failed), 5.0, "warn")
            self._apply(fallback_action(self.view(seat)), [said])
            return
        self._restart_news()
        if ready:
            self._apply(action)

    def tick(self, dt: float, settled: bool) -> None:
        """The deal and turn clocks run while the table waits for a decision; at the deal limit the hand ends. The
        limits may change with the Turn timers setting, so they are taken again each time."""
        self._time_limits()
        if self.match.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) or not settled:
            return
        self.clock.tick(dt, self.turn_key())
        if self.clock.deal_out:
            self._apply(DealExpired())

    def stop_thinking(self) -> None:
        self.thinker.cancel()

    def close(self) -> None:
        self.thinker.cancel()

    # ----- here --------------------------------------------------------------------------------------------

    def turn_key(self) -> Hashable:
        hand = self.match.hand
        return (hand.number, hand.deal_no, len(hand.bids), len(hand.history), self.match.turn)

    def timed_out(self) -> bool:
        """Has the turn limit run out on the turn now being played?"""
        return self.clock.turn == self.turn_key() and self.clock.turn_out

    def pause_for(self, seat: int) -> float:
        """A natural thinking pause for a bot (or Auto's interval for you), in table seconds."""
        if seat == HUMAN and self.settings.auto:
            return self.settings.auto_interval
        if seat == HUMAN and not self.demo:
            return 0.0  # your turn ran out: the bot answers at once
        return self.pauses.uniform(0.5, 1.2) * self.pace

    def deal_opening(self) -> None:
        """The match's first deal (and swap) as your seat sees them, for the table to deal out."""
        self._dealt(self.match.opening)
        self._updates.append(Update(self._seen(self.match.opening), self.view()))

    def _apply(self, action: Action, said: list[Said] | None = None) -> None:
        """Through the core, then saved and counted; the events as your seat sees them wait for the table. Your turn
        whose time ran out is said to have been played by the bot."""
        covered = getattr(action, "seat", None) == HUMAN and self.timed_out() and not (self.settings.auto or self.demo)
        events = self.match.apply(action)
        self.thinker.cancel()
        self._dealt(events)
        seen = self._seen(events)
        notes = [(tr("table.times_up"), 4.0, "warn")] if covered else []
        notes += said or []
        notes += self.save()
        notes += self.count(events)
        self._updates.append(Update(seen, self.view(), getattr(action, "seat", None), tuple(notes)))

    def _seen(self, events: list[ev.Event]) -> tuple[ev.Event, ...]:
        return tuple(seen_by(event, HUMAN, self.match.players) for event in events)

    def _dealt(self, events: list[ev.Event]) -> None:
        """A new deal starts the deal and turn clocks from zero."""
        if any(isinstance(event, ev.Dealt) for event in events):
            self.clock.new_deal()

    def save(self) -> list[Said]:
        """Save after every action. A disk that refuses is said once (not at every action), and play goes on
        unsaved; once a save succeeds again, a new refusal is said again."""
        if self.store is None or self.replay:
            return []
        already = self.store.failing is not None
        try:
            table = {**self.settings.to_dict(), CLOCK: self.clock.to_dict(), PRACTICED: self.practiced, **self.kept}
            moved = self.store.save(self.match, table)
        except WriteFailed as refused:
            return [] if already else [(problems.unsaved(refused.problem), 8.0, "warn")]
        if moved is not None:  # a bad file or a folder was in the way: moved aside, and the save went on
            return [(problems.note(moved), 8.0, "warn")]
        return []

    def count(self, events: list[ev.Event]) -> list[Said]:
        """Add a settled hand and a finished match to your statistics. Called after the save, so a crash can at
        worst miss one hand in the statistics, never count one twice. A bad statistics file was moved aside by the
        store: say so once. A practice match counts nothing."""
        if self.stats is None or self.practiced:
            return []
        said: list[Said] = []
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
                said.append((problems.note(refused.problem), 5.0, "warn"))
        if self.stats.problem:
            said.append((problems.note(self.stats.problem), 8.0, "warn"))
            self.stats.problem = None
        return said

    def _restart_news(self) -> None:
        """The bots' worker process died and a new one was started: said once, play goes on."""
        if isinstance(self.pool, BotPool) and self.pool.restart_news():
            self._updates.append(Update((), self.view(), said=((tr("table.bots_restarted"), 6.0, "warn"),)))

    def _time_limits(self) -> None:
        """The clock's limits: the ruleset's own timers, or the 003 ones when the Turn timers setting is on."""
        self.clock.follow(None if self.replay else self.match.rules.timed(self.settings.turn_timers))
