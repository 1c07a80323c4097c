"""A table under test: a match opened at the table, where a hand card is, what the table draws and says."""

from __future__ import annotations

from typing import Any

from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show
from scenes.table import hud
from scenes.table.local_seat import LocalSeat
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings
from tests.kit.app import steps, texts_drawn


def local_session(match: Match, settings: TableSettings | None = None, sounds=None, **seat: Any) -> Session:
    """A table for seat 0 of `match`, held here (`LocalSeat` takes `seat`'s keywords: pool, store, decide...)."""
    settings = settings or TableSettings()
    return Session(LocalSeat(match, settings, **seat), settings, sounds)


def open_table(app: App, match) -> None:
    session = open_session(app, match)
    session.cards.place_hand(0.0)
    show(app, session)
    steps(app, 5)


def spot(app: App, index: int) -> tuple[int, int]:
    """A point on the visible strip of the hand card at `index`."""
    session = app.session
    x, y = session.cards.board.sprites[session.cards.board.hand[index]].pos
    return round(x) + 12, round(y) + 100


def at_table(app: App, match: Match) -> Match:
    show(app, open_session(app, match))
    steps(app, 2)
    return match


def bubble(app: App, seat: int) -> str | None:
    """What the seat's bubble says on the screen: its text, drawn on a pill in the next frame (None if none is)."""
    notice = app.session.notices.bubbles.get(seat)
    return notice.text if notice and notice.text in texts_drawn(app, hud, via="pill") else None


def hud_texts(app: App) -> list[str]:
    """Every text the table's furniture draws in one frame, in words or on pills."""
    return texts_drawn(app, hud) + texts_drawn(app, hud, via="pill")


def plate_texts(app: App) -> list[str]:
    """What the stake plate draws in one frame: its captions, the base and the multiplier (in words or, popping, on
    a pill), the bombs' badge and your own stake under it."""
    session = app.session

    def frame() -> None:
        hud.draw_stake(app.screen, session.cards.geo, session)

    return texts_drawn(frame, hud) + texts_drawn(frame, hud, via="pill")


def warnings_of(session: Session) -> list[str]:
    """From now on, every warning `session` says (it still says them)."""
    said: list[str] = []
    say = session.notices.say

    def recorded(text: str, seconds: float = 3.5, tone: str = "info") -> None:
        if tone == "warn":
            said.append(str(text))
        say(text, seconds, tone)

    session.notices.say = recorded  # type: ignore[method-assign]
    return said
