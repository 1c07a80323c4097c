"""A match at the table, as the screens see it: a seat (the seam: `seat.py`) and the parts that turn what it sees
into something to watch, each owning its state: the cards (`placing.py`), the notices (`notices.py`), the wild-card
tables' events (`wild_events.py`), the effects, the faces (`moods.py`). One loop hands every event to each part.

The table changes the match only through its seat: `act` for your own actions, `drive` for the bots'.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

from game import events as ev
from game.actions import Action
from game.cards import CARD_CHARS, order
from game.view import IllegalAction, Observation
from scenes.art.effects import Effects, Ticker, effects_for
from scenes.art.sound import Sounds
from scenes.table.advice import Advice
from scenes.table.cues import cues
from scenes.table.moods import Moods
from scenes.table.notices import Notices
from scenes.table.placing import Placing
from scenes.table.seat import Seat, Update, turn_key
from scenes.table.table_settings import TableSettings
from scenes.table.wild_events import WildEvents
from scenes.words.wording import reason


class Session:
    """The table for one seat: what it shows, and the way to act."""

    def __init__(self, seat: Seat, settings: TableSettings, sounds: Sounds | None = None) -> None:
        self.seat = seat
        self.settings = settings
        self.sounds = sounds  # None for silence
        self.view: Observation = seat.view()
        self.rng = random.Random(seat.seed * 7919 + 17)  # presentation only: pauses, the order your cards land in
        seat.pauses = self.rng  # type: ignore[attr-defined] - one stream, as the table has always drawn it
        self.notices = Notices(self)
        self.cards = Placing(self, self.notices.announce_landlord, self.notices.bubbles.clear)
        self.wild = WildEvents()
        self.effects = Effects()
        self.moods = Moods()  # the faces on the seats
        self.ticker = Ticker(self.view.multiplier)
        self.fx_rng = random.Random(seat.seed * 31 + 5)  # presentation only: sparks, smoke, confetti
        self.advice = Advice(seat.pool, settings)  # what the bots would do in your seat
        self.relaid = False  # a whole view came (back in a room after a gap): the screen lays the table out again

    # ----- who sits where ------------------------------------------------------------------------------------

    @property
    def me(self) -> int:
        return self.seat.me

    @property
    def names(self) -> Mapping[int, str]:
        return self.seat.names

    def place(self, seat: int) -> int:
        """Where `seat` sits at the table counted from you: 0 is you at the bottom, then round the table."""
        return (seat - self.me) % self.view.players

    def turn_key(self) -> Hashable:
        """The turn the table waits on now: a new one at every bid, play or pass."""
        return turn_key(self.view)

    # ----- acting --------------------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Your action, sent through the seat; a refusal is said with the core's reason and a low buzz, and
        nothing changes. True when it was taken."""
        try:
            self.seat.send(action)
        except IllegalAction as refused:
            self.notices.refuse(reason(refused.rejection))
            return False
        self.advice.withdraw()  # the turn it was asked for is played
        self.take()
        return True

    def drive(self) -> None:
        """The table has settled: a bot due to act does (or is asked to)."""
        self.seat.drive()
        self.take()

    def take(self) -> None:
        """Everything the seat has brought since the last look: each batch of events, the view it leads to, and
        what the seat says about it."""
        for update in self.seat.updates():
            self.absorb(update)

    def absorb(self, update: Update) -> None:
        if update.refused is not None:
            self.notices.refuse(reason(update.refused))
            return
        self.view = update.view
        if update.whole:
            self.cards.clear()
            self.notices.clear()
            self.relaid = True  # the screen lays the table out from the view, as Continue does (table/restore.py)
        if update.actor == self.me:
            self.notices.message = None  # a suggestion or a refusal is about the turn just played from your seat
        self.hear(update.events)
        for said in update.said:
            self.notices.say(*said)
        for seat, phrase in update.phrases:
            self.notices.chat_said(seat, phrase)
            self.sound("bid")

    def hear(self, events: tuple[ev.Event, ...] | list[ev.Event]) -> None:
        """The one loop over the core's events: each part takes what concerns it."""
        for event in events:
            if self.cards.geo is not None:
                self.effects.add(effects_for(event, self.cards.stage(), self.settings.reduced_motion))
            self.moods.hear(event, self.view)
            self.cards.hear(event)
            self.notices.hear(event)
            self.wild.hear(event)
            for name in cues(event, self.view, self.me):
                self.sound(name)

    def save(self) -> None:
        """Keep the match where the seat keeps it, saying a refusal."""
        for said in self.seat.save():
            self.notices.say(*said)

    def sound(self, name: str) -> None:
        if self.sounds is not None:  # muted or not: the sounds know (a device preference, scenes/platform/prefs.py)
            self.sounds.play(name)

    # ----- time ----------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance every animation and countdown by `dt` table seconds."""
        self.cards.update(dt)
        self.seat.update(dt)
        self.effects.update(dt)
        self.moods.update(dt)
        self.ticker.follow(self.view.multiplier, dt)
        self.wild.update(dt)
        self.notices.update(dt)
        self.cards.update_deal(dt)
        self.seat.tick(dt, self.cards.settled)
        self.take()

    # ----- what the table shows -------------------------------------------------------------------------------

    def unseen(self) -> list[tuple[str, int]]:
        """The card counter: for each rank of the pack (two-player has no 3s or 4s), how many you have not seen (not
        in your hand, not yet played)."""
        view = self.view
        total = [0] * len(CARD_CHARS)
        for card in view.deck:
            total[card.rank] += 1
        for ch in view.hand + view.played:
            total[CARD_CHARS.index(ch)] -= 1
        dealt = {card.rank for card in view.deck}
        return [(CARD_CHARS[i], total[i]) for i in sorted(dealt, key=order)]

    def relayout(self, geo) -> None:
        self.cards.relayout(geo)
        self.effects.clear()  # drawn for the old size; they are brief enough to drop

    def retell(self) -> None:
        self.notices.retell()

    def close(self) -> None:
        self.advice.withdraw()
        self.seat.close()
