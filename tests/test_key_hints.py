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
from scenes.screens.menus import ConfirmNewDeal, ConfirmNewMatch, ConfirmReplayDeal, PauseMenu
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
from tests.kit.app import press, steps
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


# screen -> (how to open it, the buttons that must show a key besides the focused one; a pad has no digits, so the
# numbered answers (NUMBERED) show their key on the keyboard only)
SCREENS: dict[str, tuple[Callable[[App], None], set[str]]] = {
    "title": (lambda app: app.switch(TitleScene(app)), set()),
    "new_match": (lambda app: app.push(RulesetChooser(app)), {"back"}),
    "deal_entry": (lambda app: app.push(DealEntry(app, "standard")), {"play", "back"}),
    "settings": (lambda app: app.push(SettingsOverlay(app)), {"back"}),
    "stats": (lambda app: app.push(StatsScreen(app)), {"back"}),
    "rules": (lambda app: (app.push(RulesHelp(app)), app.scene.turn(1)), {"prev", "close", "next"}),
    "puzzles": (lambda app: app.push(PuzzleList(app)), {"back"}),
    "puzzle": (lambda app: app.push(PuzzleTable(app, chapter(), 0)), set()),
    "bidding": (lambda app: table(app, "standard", 4, your_turn(Phase.BIDDING)), {"0", "1", "2", "3"}),
    "calling": (lambda app: table(app, "rob", 4, your_turn(Phase.BIDDING)), {"0", "1"}),
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
    "settlement": (over, {"title", "replay", "deal", "match"}),
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
        numbered = {"1", "2", "3"} if device is Device.GAMEPAD and name in ("bidding", "calling") else set()
        must = (keyed - numbered) | {b.key for b in shown if b.focus and b.enabled}
        assert must <= hinted, (name, device, sorted(must - hinted))
        for b in shown:
            placed = [at for _, at in b.placed(sizes[id(b)])]
            assert all(b.rect.contains(at) for at in placed), (name, language, b.key, b.label, b.hint)
            assert len(placed) < 2 or not placed[0].colliderect(placed[1]), (name, language, b.key)
        if playstation and name in ("play", "replay"):
            assert {b.hint for b in shown} & {"✕", "○", "□", "△"}, name


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_a_row_of_buttons_is_drawn_in_one_font_size(small, monkeypatch, name, language):
    """The settlement's buttons were drawn in different sizes, each shrunk to its own words (issue 35)."""
    opened, _ = SCREENS[name]
    small.stack.clear()
    small.switch(TitleScene(small))
    small.change_prefs(language=language)
    opened(small)
    steps(small, 1)
    sizes = drawn(small, monkeypatch)
    rows = [v for v in vars(small.scene).values() if isinstance(v, Row) and len(v.buttons) > 1]
    for row in rows:
        asked = {sizes[id(b)] for b in row.buttons if id(b) in sizes}
        shown = {b.label_size(size) for b in row.buttons if id(b) in sizes for size in asked}
        assert len(shown) <= 1, (name, language, [b.label for b in row.buttons], shown)


@pytest.mark.parametrize(("key", "value"), [(pygame.K_1, 1), (pygame.K_3, 3)])
def test_a_number_key_bids_that_number(small, key, value):
    table(small, "standard", 4, your_turn(Phase.BIDDING))
    match = small.session.seat.match
    bids = len(match.hand.bids)
    press(small, key)
    assert match.hand.bids[bids] == (HUMAN, value)


def test_s_deals_this_deal_again_and_n_starts_a_new_match_from_the_settlement(small):
    """Both replace the unfinished match, so both ask first."""
    over(small)
    press(small, pygame.K_s)
    assert isinstance(small.scene, ConfirmReplayDeal)
    small.pop()
    press(small, pygame.K_n)
    assert type(small.scene) is ConfirmNewMatch


def test_sort_says_the_order_the_hand_is_in(small):
    small.change_prefs(language="en")
    table(small, "standard", 4, your_turn(Phase.PLAYING))
    sort = small.scene.tools.get("sort")
    assert sort.label == "Sort: by rank" and small.session.cards.sort == "rank"
    press(small, pygame.K_r)
    assert sort.label == "Sort: by count" and small.session.cards.sort == "groups"


def test_a_mouse_player_sees_the_keyboard_keys():
    from scenes.platform.input import Inputs

    inputs = Inputs(opener=lambda index: (index, object()))
    assert inputs.device is Device.MOUSE and inputs.label(Act.CONFIRM) == "Space" and inputs.label(Act.LEFT) == "←"
