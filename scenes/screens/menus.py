"""The small menus over the table or the title: the pause menu, the confirmations before an unfinished match is
replaced (a new match, a deal played again), and the chooser of a selection's reading."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from game.view import Offer
from scenes.flow import abandon_hand, leave_room, new_match, start_practice_deal, to_title, unfinished_scores
from scenes.screens.overlay import MenuOverlay
from scenes.screens.phrases import PhraseMenu
from scenes.screens.rules import RulesHelp
from scenes.screens.settings import SettingsOverlay
from scenes.words.i18n import tr
from scenes.words.wording import describe

if TYPE_CHECKING:
    from scenes.scene import Host
    from scenes.table.session import Session


def start_new_match(host: Host, ruleset: str, deal: int | None = None) -> None:
    """Start new match (from deal number `deal`, if given): at once when no unfinished match would be lost, else
    after the player confirms."""
    scores = unfinished_scores(host)
    if scores is None:
        new_match(host, ruleset, deal)
    else:
        host.push(ConfirmNewMatch(host, ruleset, scores, deal))


def replay_deal(host: Host, ruleset: str, deal: int) -> None:
    """Play deal number `deal` again as a new practice match; an unfinished match is replaced only once confirmed."""
    scores = unfinished_scores(host)
    if scores is None:
        start_practice_deal(host, ruleset, deal)
    else:
        host.push(ConfirmReplayDeal(host, ruleset, scores, deal))


class PauseMenu(MenuOverlay):
    name = "menu"
    title_key = "overlays.paused"
    closer = "resume"

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host)
        self.session = session

    def items(self) -> list[tuple[str, str, str]]:
        if self.host.room is not None:  # a room with friends: no new deal or match of your own, a way out instead
            return [
                ("resume", tr("overlays.resume"), "play"),
                ("say", tr("rooms.say"), "hint"),
                ("rules", tr("overlays.rules"), "plain"),
                ("settings", tr("overlays.settings"), "plain"),
                ("leave", tr("rooms.leave_room"), "plain"),
                ("quit", tr("overlays.save_quit"), "dark"),
            ]
        return [
            ("resume", tr("overlays.resume"), "play"),
            ("new", tr("overlays.new_game"), "plain"),
            ("match", tr("overlays.start_new_match"), "plain"),
            ("rules", tr("overlays.rules"), "plain"),
            ("settings", tr("overlays.settings"), "plain"),
            ("title", tr("overlays.save_title"), "plain"),
            ("quit", tr("overlays.save_quit"), "dark"),
        ]

    def choose(self, key: str) -> None:
        if key == "resume":
            self.close()
        elif key == "new":
            self.host.push(ConfirmNewDeal(self.host, self.session))
        elif key == "match":
            start_new_match(self.host, self.session.view.ruleset)
        elif key == "rules":
            s = self.session
            self.host.push(RulesHelp(self.host, s.view.rules.timed(s.settings.turn_timers)))
        elif key == "settings":
            self.host.push(SettingsOverlay(self.host))
        elif key == "title":
            to_title(self.host)
        elif key == "say" and self.host.room is not None:
            self.host.push(PhraseMenu(self.host, self.host.room, said=self.close))
        elif key == "leave":
            leave_room(self.host)
        elif key == "quit":
            self.host.quit()


class RoomEnded(MenuOverlay):
    """The room with friends is over for you (its server stopped, the room closed, your connection gave up): what
    happened, and the way back to the title."""

    name = "room ended"
    title_key = "rooms.ended_title"
    closer = "title"

    def __init__(self, host: Host, said: str) -> None:
        super().__init__(host)
        self.note = said

    def items(self) -> list[tuple[str, str, str]]:
        return [("title", tr("settlement.title"), "play")]

    def choose(self, key: str) -> None:
        leave_room(self.host)

    def close(self) -> None:
        leave_room(self.host)


class ConfirmNewMatch(MenuOverlay):
    """Start new match while a match is unfinished: its scores would go back to zero (000 §23), so ask first.
    Keep this match is focused: Confirm pressed twice by habit never throws a match away."""

    name = "confirm"
    title_key = "overlays.confirm_title"
    closer = "keep"
    note_key, keep_key, start_key = "overlays.confirm_note", "overlays.keep_match", "overlays.start_new_match"
    width = 760

    def __init__(self, host: Host, ruleset: str, scores: str, deal: int | None = None) -> None:
        super().__init__(host)
        self.ruleset, self.deal = ruleset, deal
        self.note = tr(self.note_key, scores=scores)

    def items(self) -> list[tuple[str, str, str]]:
        return [("keep", tr(self.keep_key), "play"), ("start", tr(self.start_key), "plain")]

    def choose(self, key: str) -> None:
        if key == "keep":
            self.close()
        else:
            self.start()

    def start(self) -> None:
        new_match(self.host, self.ruleset, self.deal)


class ConfirmNewDeal(ConfirmNewMatch):
    """Menu -> New game: the hand is dropped without score (000 §21), so ask first, as Start new match does; Keep
    playing is focused."""

    title_key = "overlays.new_game_title"
    note_key, keep_key, start_key = "overlays.new_game_note", "overlays.keep_playing", "overlays.deal_again"

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host, session.view.ruleset, "")
        self.session = session

    def start(self) -> None:
        abandon_hand(self.host, self.session)


T = TypeVar("T")


class Chooser(MenuOverlay, Generic[T]):
    """Which of several ways to play a selection is meant: a button per option in the given order, Cancel last.
    A subclass says how an option is labelled and keyed; choosing one calls `play` with it."""

    note_key = ""

    def __init__(self, host: Host, options: list[T], play: Callable[[T], None]) -> None:
        super().__init__(host)
        self.options = options
        self.play = play
        self.note = tr(self.note_key)

    def label(self, option: T) -> str:
        raise NotImplementedError

    def key(self, index: int, option: T) -> str:
        return str(index)

    def items(self) -> list[tuple[str, str, str]]:
        offered = [(self.key(k, o), capitalised(self.label(o)), "play") for k, o in enumerate(self.options)]
        return [*offered, ("back", tr("common.cancel"), "dark")]

    def choose(self, key: str) -> None:
        self.close()
        chosen = [o for k, o in enumerate(self.options) if self.key(k, o) == key]
        if chosen:
            self.play(chosen[0])


class KindChooser(Chooser[Offer]):
    """A selection with several readings on a free lead: which one is meant (RULES.md, Combinations)."""

    name = "chooser"
    title_key, note_key = "overlays.chooser_title", "overlays.chooser_note"
    width = 760

    def label(self, option: Offer) -> str:
        assert option.reading is not None
        return describe(option.reading)

    def key(self, index: int, option: Offer) -> str:
        return option.reading.kind.value if option.reading is not None else str(index)


def capitalised(label: str) -> str:
    """The first letter in capitals ('Pair of 9s'); Chinese has none and stays as it is."""
    return label[:1].upper() + label[1:]


class ConfirmReplayDeal(ConfirmNewMatch):
    """Replay this deal while a match is unfinished: it would be replaced, so ask first (Keep is focused)."""

    title_key = "replay.confirm_title"
    note_key, keep_key, start_key = "replay.confirm_note", "replay.confirm_keep", "replay.confirm_start"
    width = 860

    def start(self) -> None:
        if self.deal is not None:  # replay_deal always gives one
            start_practice_deal(self.host, self.ruleset, self.deal)
