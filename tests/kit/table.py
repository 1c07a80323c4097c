"""A table under test: a match opened at the table, where a hand card is, what the table draws and says."""

from __future__ import annotations

from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show
from scenes.table import hud
from scenes.table.session import Session
from tests.kit.app import steps, texts_drawn


def open_table(app: App, match) -> None:
    session = open_session(app, match)
    session.place_hand(0.0)
    show(app, session)
    steps(app, 5)


def spot(app: App, index: int) -> tuple[int, int]:
    """A point on the visible strip of the hand card at `index`."""
    session = app.session
    x, y = session.board.sprites[session.board.hand[index]].pos
    return round(x) + 12, round(y) + 100


def at_table(app: App, match: Match) -> Match:
    show(app, open_session(app, match))
    steps(app, 2)
    return match


def bubble(app: App, seat: int) -> str | None:
    """What the seat's bubble says on the screen: its text, drawn on a pill in the next frame (None if none is)."""
    notice = app.session.bubbles.get(seat)
    return notice.text if notice and notice.text in texts_drawn(app, hud, via="pill") else None


def hud_texts(app: App) -> list[str]:
    """Every text the table draws in one frame."""
    return texts_drawn(app, hud)


def warnings_of(session: Session) -> list[str]:
    """From now on, every warning `session` says (it still says them)."""
    said: list[str] = []
    say = session.say

    def recorded(text: str, seconds: float = 3.5, tone: str = "info") -> None:
        if tone == "warn":
            said.append(str(text))
        say(text, seconds, tone)

    session.say = recorded  # type: ignore[method-assign]
    return said
