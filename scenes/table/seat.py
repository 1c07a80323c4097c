"""The table's seam: a seat at a table, as the screens see it, whoever holds the match.

The table on the screen is fed by one seat: its view (all it may see, `game.observe.Observation`), what happened since
it last looked (the core's events as that seat sees them, each batch with the view it leads to), and the way to act
(`send`). A local seat holds the match and plays the bots here; a room's seat holds only its view, the match being on
a server. Choices and readings are worked out from the view (`game.choices`), so both kinds look the same to the table.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Protocol

from game import events as ev
from game.actions import Action
from game.match import Match
from game.view import Observation, Rejection
from scenes.table.clock import TableClock

Said = tuple[str, float, str]  # a line for the table's message line: (text, seconds, tone)


@dataclass(frozen=True)
class Update:
    """What happened at the table, as this seat sees it (`events`, after an action of seat `actor`, None for the
    table's own: a new hand, the deal clock), and its view afterwards; what the seat has to say about it (`said`: the
    save failed, a bot was started again...); or the refusal of an action this seat sent (`refused`, with nothing
    changed)."""

    events: tuple[ev.Event, ...]
    view: Observation
    actor: int | None = None
    said: tuple[Said, ...] = ()
    refused: Rejection | None = None
    phrases: tuple[tuple[int, str], ...] = ()  # quick phrases said at a room's table: (seat, phrase id)
    whole: bool = False  # the view after a gap (you came back into the room): the table is laid out again from it


def turn_key(view: Observation) -> Hashable:
    """The turn a view waits on: a new one at every bid, play or pass."""
    return (view.hand_no, view.deal_no, len(view.bids), len(view.history), view.turn)


class Seat(Protocol):
    """A seat at a table: the screens' one way to the match."""

    me: int  # this seat's number in the match; the table draws it at the bottom
    names: Mapping[int, str]  # seat -> the name the table shows
    avatars: Mapping[int, int]  # seat -> its portrait (scenes/art/avatars.py)
    clock: TableClock  # the turn and deal clocks, as this seat sees them run
    match: Match | None  # the match, where this seat holds it (replays, practice, puzzles come from it); else None
    pool: Executor | None  # the bots' worker: the bots it plays here, your Auto, the advice for your seat
    seed: int  # where the table's presentation draws its chance (sparks, the order your cards land in)
    practiced: bool  # practice was on in this match: it stays out of your statistics (a room is never practice)
    kept: dict[str, object]  # the table's own state kept with the match where it is saved (your hand's order)

    def view(self) -> Observation:
        """All this seat may see now."""

    def updates(self) -> list[Update]:
        """What arrived since the last call, oldest first."""

    def pending(self) -> bool:
        """Has something arrived that the table has not taken yet?"""

    def send(self, action: Action) -> None:
        """Act for this seat. A seat that holds the match refuses at once (`IllegalAction`, nothing changed); one
        whose match is elsewhere reports a refusal as an `Update` later."""

    def presence(self, seat: int) -> str:
        """What the table says of a seat's player beyond the match ("away: a bot plays"); "" for none."""

    def thinking(self, seat: int) -> bool:
        """Does the table wait on a bot or a person elsewhere for `seat` now (its face thinks)?"""

    def bot_seat(self, seat: int) -> bool:
        """Does a bot act for `seat` now (another seat, or yours under Auto or once your turn ran out)?"""

    def update(self, dt: float) -> None:
        """`dt` more seconds of table time: the bots' thinking pauses run down."""

    def drive(self) -> None:
        """The table has settled (no card moves): a bot due to act for a seat the match waits on acts now, or is
        asked to."""

    def tick(self, dt: float, settled: bool) -> None:
        """The deal and turn clocks run while the table waits on a settled decision."""

    def stop_thinking(self) -> None:
        """Withdraw whatever a bot is thinking here (Auto was turned off on your turn)."""

    def save(self) -> list[Said]:
        """Keep the match as it stands, where this seat keeps it (a seat whose match is elsewhere keeps nothing);
        what the table should say about it."""

    def close(self) -> None:
        """The table is left: stop thinking, let go of the match."""
