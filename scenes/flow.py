"""The match verbs: new match, continue, play again, new game, undo, practice, back to the title.

Every change to the match still goes through the table's seat (`Session.act`); each verb ends by asking the host for
the screen that shows the match's phase (`host.show`), so this module names no screen: only the app knows them.
Undo and practice work on a match held here (`LocalSeat`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import history
from game.actions import Abandon, NextHand
from game.atomic import WriteFailed
from game.match import Match, Phase
from game.savefile import Loaded
from game.stats import StatsStore
from scenes.table.local_seat import CLOCK, PRACTICED, LocalSeat
from scenes.table.placing import SORT, SORTS
from scenes.table.restore import restore_table
from scenes.table.seats import HUMAN, SEAT_NAMES
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings
from scenes.words import problems
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.scene import Host

DEMO_PACE = 0.3  # the demo's bots think for 0.15-0.36 s instead of 0.5-1.2 s


def open_session(host: Host, match: Match) -> Session:
    """A session for `match`, saved to the host's store; your statistics are kept beside the save (not the demo's:
    its bots play your seat)."""
    if host.session is not None:
        host.session.close()
    pace = DEMO_PACE if host.demo else 1.0
    stats = StatsStore(host.store.directory) if host.store is not None and not host.demo else None
    seat = LocalSeat(
        match, host.table_settings, host.store, stats, pool=host.pool, demo=host.demo, pace=pace, steady=host.steady
    )
    session = Session(seat, host.table_settings, host.canvas.sounds)
    session.relayout(host.canvas.geo)
    host.session = session
    return session


def show(host: Host, session: Session) -> None:
    """The table at the match's phase (a restored match opens where it was left): the host's screen for it."""
    host.show(session)


def new_match(host: Host, ruleset: str, deal: int | None = None) -> None:
    """A fresh match from zero scores; the old save is left behind on purpose (000 §23, 'Start new match').
    From a deal number the match's seed is that number too, so the same number replays the same match: its cards
    and (with the headless demo) its frames."""
    host.problem = None  # an old save problem is no longer news
    if host.store is not None:
        try:
            host.store.clear()
        except WriteFailed as refused:
            host.problem = refused.problem
    match = Match(ruleset, host.seeds.randrange(2**31) if deal is None else deal, first_deal=deal)
    host.table_settings.auto = host.demo  # Auto (托管) was for the last match: in a new one you play your cards
    session = open_session(host, match)
    session.seat.deal_opening()
    session.take()
    session.save()
    show(host, session)


def unfinished_scores(host: Host) -> str | None:
    """The scores of the match a new one would replace ('You +4 · Bao -2 · Lin -2'), or None when there is no
    unfinished match: none at the table or in the save, or only a finished one."""
    if host.session is not None:
        phase, scores = host.session.view.phase, host.session.view.scores
    elif host.store is not None and host.store.exists() and (saved := host.store.load().match) is not None:
        phase, scores = saved.phase, tuple(saved.scores)
    else:
        return None
    if phase is Phase.MATCH_OVER:
        return None
    return " · ".join(f"{SEAT_NAMES[seat]} {score:+d}" for seat, score in enumerate(scores))


def continue_match(host: Host, loaded: Loaded | None = None) -> None:
    """Restore the saved match (or `loaded`, already read) and its table settings. A problem stays on the title
    screen when nothing could be restored, and is shown at the table when the backup was used instead. A finished
    match opens on its final result, whose first button starts a new match."""
    loaded = loaded or host.store.load()
    host.problem = loaded.problem if loaded.match is None else None
    if loaded.match is None:
        return
    style = card_style(host.table_settings)
    host.table_settings = TableSettings.from_dict(dict(loaded.table))
    if card_style(host.table_settings) != style:
        host.restyle_cards()
    session = open_session(host, loaded.match)
    seat = session.seat
    seat.clock.restore(loaded.table.get(CLOCK), seat.turn_key())
    seat.practiced = seat.practiced or loaded.table.get(PRACTICED) is True  # practice once: never counted
    if loaded.table.get(SORT) in SORTS:
        session.cards.set_sort(str(loaded.table[SORT]))  # your hand in the order you left it
        session.cards.place_hand(0.0)
    restore_table(session)
    if loaded.problem:
        session.notices.say(problems.note(loaded.problem), 8.0, "warn")
    show(host, session)


def card_style(settings: TableSettings) -> tuple[bool, bool]:
    """What the card art depends on among the table settings."""
    return settings.four_colour, settings.large_cards


def play_again(host: Host, session: Session) -> None:
    session.act(NextHand())
    show(host, session)


def abandon_hand(host: Host, session: Session) -> None:
    """New game mid-hand: the hand is dropped without score and new cards are dealt (000 §21)."""
    session.act(Abandon())
    show(host, session)


def leave_room(host: Host) -> None:
    """Give your seat in the room up (a bot takes it; a room this game hosts closes) and go back to the title."""
    if host.room is not None:
        host.room.leave()
    host.room = None
    host.change_prefs(room_url="", room_code="", room_token="", room_port=0)  # your seat is given up
    host.session = None
    host.show_title()


def to_title(host: Host) -> None:
    """Back to the title: the match is saved first and its bots stop thinking."""
    if host.session is not None:
        host.session.save()
        host.session.close()
    host.session = None
    host.show_title()


# ----- practice: undo, and a deal played again -----------------------------------------------------------------
# A match on which practice was on at any point stays out of your statistics to its end (`Session.practiced`); undo
# rebuilds the exact earlier state from the action log (`game.history.undo`) and saves it.


def set_practice(host: Host, on: bool) -> None:
    """The Settings toggle. Turning it on marks the match at the table as practice for good."""
    host.table_settings.practice = on
    session = host.session
    if session is not None and isinstance(session.seat, LocalSeat):
        session.seat.practiced = session.seat.practiced or on
        session.save()


def undo_turn(host: Host, session: Session) -> None:
    """Practice only: back to just before your latest bid, play or pass of this deal, the bots' answers undone."""
    match = session.seat.match
    if not session.settings.practice or match is None:
        session.notices.refuse(tr("replay.undo_off"))
        return
    earlier = history.undo(match, HUMAN)
    if earlier is None:
        session.notices.refuse(tr("replay.undo_nothing"))
        return
    undone = len(match.log) - len(earlier.log)
    fresh = sit_down(host, earlier)
    fresh.notices.say(tr("replay.undone_one" if undone == 1 else "replay.undone", count=undone), 3.0)


def sit_down(host: Host, match: Match) -> Session:
    """The table again with `match` in place of the one played: no animation replayed, the save updated."""
    practiced = host.session is not None and host.session.seat.practiced
    session = open_session(host, match)
    session.seat.practiced = session.seat.practiced or practiced
    restore_table(session)
    session.save()
    show(host, session)
    return session


def start_practice_deal(host: Host, ruleset: str, deal: int) -> None:
    """Deal number `deal` again as a new practice match."""
    host.table_settings.practice = True
    new_match(host, ruleset, deal)
    host.session.notices.say(tr("replay.practice_started", deal=deal), 6.0)
