"""Modal panels (issue 14, "The table and its words"): a menu's or the settlement's panel is opaque, only the top
overlay of a stack is drawn (the pause menu never ghosts round its New game confirmation), and a confirmation's
note keeps its padding in both languages (the zh note wrapped "始。" onto the rim), at 1920x1080 and 1280x720."""

import pygame
import pytest

from game.match import Match
from scenes.app import App
from scenes.flow import new_match, open_session, show
from scenes.screens.menus import ConfirmNewDeal, ConfirmNewMatch, ConfirmReplayDeal, PauseMenu
from scenes.screens.overlay import PAD
from scenes.words.i18n import set_language
from tests.kit.play import play_until, settled

pytestmark = pytest.mark.usefixtures("english_after")

SIZES = [(1920, 1080), (1280, 720)]
SIZED = pytest.mark.parametrize("app", SIZES, ids=["1080p", "720p"], indirect=True)
SCORES = {3: "+12 / -6 / -6", 4: "+120 / -40 / -40 / -40"}  # what a confirmation says of the match it ends


def frame(app: App) -> bytes:
    app.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


@SIZED
def test_the_pause_menu_is_not_drawn_under_its_confirmation(app):
    new_match(app, "standard")
    app.push(ConfirmNewDeal(app, app.session))
    alone = frame(app)
    app.pop()
    app.push(PauseMenu(app, app.session))
    menu = frame(app)
    app.scene.choose("new")  # Menu -> New game asks first
    assert (app.scene.name, frame(app) == alone, frame(app) == menu) == ("confirm", True, False)


def inside(box: pygame.Rect, radius: int) -> pygame.Rect:
    """The panel less its rounded corners."""
    return box.inflate(-2 * radius, 0)


def drawn_over(app: App, fill: tuple[int, int, int], box: pygame.Rect) -> bytes:
    """The top scene drawn over a screen of one colour: what the panel's area then shows."""
    app.screen.fill(fill)
    app.scene.draw(app.screen)
    return pygame.image.tobytes(app.screen.subsurface(box), "RGB")


@SIZED
def test_a_confirmation_panel_hides_what_lies_beneath(app):
    new_match(app, "standard")
    app.push(ConfirmNewMatch(app, "standard", SCORES[3]))
    box = inside(app.scene.box(), app.geo.px(24))
    assert drawn_over(app, (255, 255, 255), box) == drawn_over(app, (0, 0, 0), box)


@SIZED
def test_the_settlement_panel_hides_the_revealed_hands_beneath(app):
    show(app, open_session(app, play_until(Match("standard", 14), settled)))
    box = inside(app.scene.box(), app.geo.px(28))
    assert (app.scene.name, drawn_over(app, (255, 255, 255), box) == drawn_over(app, (0, 0, 0), box)) == (
        "settlement",
        True,
    )


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("players", [3, 4])
@SIZED
def test_a_confirmation_note_keeps_its_padding(app, language, players):
    set_language(language)
    new_match(app, "standard")
    overlays = [
        ConfirmNewMatch(app, "standard", SCORES[players]),
        ConfirmReplayDeal(app, "standard", SCORES[players], 1234),
        ConfirmNewDeal(app, app.session),
    ]
    outside = []
    for overlay in overlays:
        app.push(overlay)
        room = overlay.box().inflate(-2 * app.geo.px(PAD), -2 * app.geo.px(PAD))
        outside += [(overlay.note, rect) for _, rect in overlay.note_layout() if not room.contains(rect)]
        app.pop()
    assert outside == []


@SIZED
def test_a_long_note_is_shown_whole_on_a_taller_panel(app):
    set_language("zh")
    new_match(app, "standard")
    short, long = (ConfirmNewMatch(app, "standard", scores) for scores in ("0 / 0 / 0", " / ".join(["+1,234"] * 8)))
    lines = long.note_lines()
    assert (len(lines) > len(short.note_lines()), len(long.note_layout()), long.box().height > short.box().height) == (
        True,
        len(lines),
        True,
    )
    assert "".join(lines).replace(" ", "") == long.note.replace(" ", "")
