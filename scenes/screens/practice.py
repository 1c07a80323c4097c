"""Practice mode (for now): take back your last decision, and play a deal's cards again in a new practice match.

A match on which practice was on at any point stays out of your statistics to its end (`Session.practiced`); undo
rebuilds the exact earlier state from the action log (`game.history.undo`) and saves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import history
from game.match import Match
from scenes.art.widgets import pill
from scenes.screens.menus import ConfirmNewMatch
from scenes.table.layout import Fitted
from scenes.table.seats import HUMAN
from scenes.table.session import Session
from scenes.words.i18n import tr

if TYPE_CHECKING:
    from scenes.app import App


def draw_practice_tag(surface: pygame.Surface, geo: Fitted, session: Session) -> None:
    """A practice match says so beside the Menu button: it will not count."""
    if not session.practiced or session.replay:
        return
    tag = pill(tr("replay.practice_tag"), geo.px(20), (255, 226, 150), (geo.px(14), geo.px(6)), (90, 50, 20), 225)
    menu = geo["menu_button"]
    surface.blit(tag, tag.get_rect(midright=(menu.left - geo.px(14), menu.centery)))


def set_practice(game: App, on: bool) -> None:
    """The Settings toggle. Turning it on marks the match at the table as practice for good."""
    game.table_settings.practice = on
    session = game.session
    if session is not None:
        session.practiced = session.practiced or on
        session.save()


def undo_turn(game: App, session: Session) -> None:
    """Practice only: back to just before your latest bid, play or pass of this deal, the bots' answers undone."""
    if not session.settings.practice:
        session.refuse(tr("replay.undo_off"))
        return
    earlier = history.undo(session.match, HUMAN)
    if earlier is None:
        session.refuse(tr("replay.undo_nothing"))
        return
    undone = len(session.match.log) - len(earlier.log)
    fresh = sit_down(game, earlier)
    fresh.say(tr("replay.undone", count=undone), 3.0)


def sit_down(game: App, match: Match) -> Session:
    """The table again with `match` in place of the one played: no animation replayed, the save updated."""
    from scenes.flow import open_session, restore_table, show

    practiced = game.session is not None and game.session.practiced
    session = open_session(game, match)
    session.practiced = session.practiced or practiced
    restore_table(session)
    session.save()
    show(game, session)
    return session


def replay_deal(game: App, ruleset: str, deal: int) -> None:
    """Play deal number `deal` again as a new practice match; an unfinished match is replaced only once confirmed."""
    from scenes.flow import unfinished_scores

    scores = unfinished_scores(game)
    if scores is None:
        start_practice_deal(game, ruleset, deal)
    else:
        game.push(ConfirmReplayDeal(game, ruleset, scores, deal))


def start_practice_deal(game: App, ruleset: str, deal: int) -> None:
    from scenes.flow import new_match

    game.table_settings.practice = True
    new_match(game, ruleset, deal)
    game.session.say(tr("replay.practice_started", deal=deal), 6.0)


class ConfirmReplayDeal(ConfirmNewMatch):
    """Replay this deal while a match is unfinished: it would be replaced, so ask first (Keep is focused)."""

    width = 860

    def __init__(self, game: App, ruleset: str, scores: str, deal: int) -> None:
        super().__init__(game, ruleset, scores, deal)
        self.title = tr("replay.confirm_title")
        self.note = tr("replay.confirm_note", scores=scores)

    def items(self) -> list[tuple[str, str, str]]:
        return [("keep", tr("replay.confirm_keep"), "play"), ("start", tr("replay.confirm_start"), "plain")]

    def choose(self, key: str) -> None:
        if key == "keep":
            self.close()
        elif self.deal is not None:
            start_practice_deal(self.game, self.ruleset, self.deal)
