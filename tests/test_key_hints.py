"""Key hints (issue 14): every button with a key shows it, the keyboard's after the mouse too, a PlayStation pad's
✕○□△ when that pad was the last device; the hint and the label lie inside the button and apart, at 1280x720 in
both languages, on every screen."""

from collections.abc import Callable

import pygame
import pytest

from game.match import Match, Phase
from game.puzzles.data import load_all
from game.savefile import SaveStore
from scenes.app import App
from scenes.art.widgets import Button, Row
from scenes.flow import open_session, show
from scenes.platform.input import Act, Device
from scenes.screens.menus import ConfirmNewDeal, PauseMenu
from scenes.screens.new_match import DealEntry, RulesetChooser
from scenes.screens.puzzles import PuzzleList, PuzzleTable
from scenes.screens.replay import ReplayScene
from scenes.screens.rules import RulesHelp
from scenes.screens.settings import SettingsOverlay
from scenes.screens.settlement import SettlementScene
from scenes.screens.stats import StatsScreen
from scenes.screens.title import TitleScene
from scenes.table.seats import HUMAN
from scenes.words.i18n import set_language
from tests.kit.app import steps
from tests.kit.play import play_until, settled


def table(app: App, ruleset: str, seed: int, ready: Callable[[Match], bool]) -> None:
    """A match of `ruleset` played by easy bots until `ready`, at the table, the cards landed."""
    session = open_session(app, Match(ruleset, seed))
    play_until(session.seat.match, ready, session.act)
    show(app, session)
    steps(app, 200)


def your_turn(phase: Phase, following: bool = False) -> Callable[[Match], bool]:
    def ready(match: Match) -> bool:
        waiting = match.phase is phase and HUMAN in match.waiting
        return waiting and (not following or match.hand.last is not None)

    return ready


def over(app: App) -> None:
    table(app, "standard", 4, settled)
    if not isinstance(app.scene, SettlementScene):
        app.push(SettlementScene(app, app.session))
    steps(app, 2)


def chapter():
    return load_all()[0][0]


# screen -> (how to open it, the buttons that must show a key besides the focused one)
SCREENS: dict[str, tuple[Callable[[App], None], set[str]]] = {
    "title": (lambda app: app.switch(TitleScene(app)), set()),
    "new_match": (lambda app: app.push(RulesetChooser(app)), {"back"}),
    "deal_entry": (lambda app: app.push(DealEntry(app, "standard")), {"play", "back"}),
    "settings": (lambda app: app.push(SettingsOverlay(app)), {"back"}),
    "stats": (lambda app: app.push(StatsScreen(app)), {"back"}),
    "rules": (lambda app: app.push(RulesHelp(app)), {"close"}),
    "puzzles": (lambda app: app.push(PuzzleList(app)), {"back"}),
    "puzzle": (lambda app: app.push(PuzzleTable(app, chapter(), 0)), set()),
    "bidding": (lambda app: table(app, "standard", 4, your_turn(Phase.BIDDING)), {"0"}),
    "doubling": (lambda app: table(app, "rob", 4, your_turn(Phase.DOUBLING)), set()),
    "swap": (lambda app: table(app, "swap-three", 4, your_turn(Phase.SWAPPING)), {"play", "menu"}),
    "play": (
        lambda app: table(app, "standard", 4, your_turn(Phase.PLAYING, True)),
        {"play", "pass", "suggest", "sort", "auto", "counter", "menu"},
    ),
    "pause": (
        lambda app: (table(app, "standard", 4, your_turn(Phase.PLAYING)), app.push(PauseMenu(app, app.session))),
        {"resume"},
    ),
    "confirm": (
        lambda app: (
            table(app, "standard", 4, your_turn(Phase.PLAYING)),
            app.push(ConfirmNewDeal(app, app.session)),
        ),
        {"keep"},
    ),
    "settlement": (over, {"title", "replay"}),
    "replay": (
        lambda app: (over(app), app.push(ReplayScene(app, app.session.seat.match))),
        {"first", "back", "play", "forward", "last", "speed", "earlier", "later", "deal", "menu"},
    ),
}


def buttons(scene) -> list[Button]:
    found: list[Button] = []
    for value in vars(scene).values():
        if isinstance(value, Button):
            found.append(value)
        elif isinstance(value, Row):
            found += value.buttons
        elif isinstance(value, list) and value and all(isinstance(b, Button) for b in value):
            found += value
    return found


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    made = App((1280, 720), fullscreen=False, store=SaveStore(tmp_path_factory.mktemp("saves")), seed=3)
    pygame.event.clear()
    yield made
    set_language("en")
    made.close()


def drawn(app: App, monkeypatch) -> dict[int, int]:
    """Each button drawn in the next frame (by id) -> the font size it was drawn with."""
    sizes: dict[int, int] = {}
    real = Button.draw

    def draw(self, surface, font_px):
        sizes[id(self)] = font_px
        real(self, surface, font_px)

    monkeypatch.setattr(Button, "draw", draw)
    app.draw(app.screen)
    monkeypatch.setattr(Button, "draw", real)
    return sizes


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_button_with_a_key_shows_it_inside_the_button(small, monkeypatch, name, language):
    opened, keyed = SCREENS[name]
    small.stack.clear()
    small.switch(TitleScene(small))
    set_language(language)
    small.change_prefs(language=language)
    opened(small)
    for device, playstation in ((Device.MOUSE, False), (Device.GAMEPAD, True)):
        small.inputs.device, small.inputs.playstation = device, playstation
        steps(small, 1)
        scene = small.scene
        sizes = drawn(small, monkeypatch)
        shown = [b for b in buttons(scene) if id(b) in sizes]
        assert shown, f"{name}: no button drawn"
        hinted = {b.key for b in shown if b.hint}
        tiles = scene.tiles if isinstance(scene, PuzzleList) else []  # a card of words: its frame says Confirm opens it
        must = keyed | {b.key for b in shown if b.focus and b.enabled and b not in tiles}
        assert must <= hinted, (name, device, sorted(must - hinted))
        for b in shown:
            placed = [at for _, at in b.placed(sizes[id(b)])]
            assert all(b.rect.contains(at) for at in placed), (name, language, b.key, b.label, b.hint)
            assert len(placed) < 2 or not placed[0].colliderect(placed[1]), (name, language, b.key)
        if playstation and name in ("play", "replay"):
            assert {b.hint for b in shown} & {"✕", "○", "□", "△"}, name


def test_a_mouse_player_sees_the_keyboard_keys():
    from scenes.platform.input import Inputs

    inputs = Inputs(opener=lambda index: (index, object()))
    assert inputs.device is Device.MOUSE and inputs.label(Act.CONFIRM) == "Space" and inputs.label(Act.LEFT) == "←"
