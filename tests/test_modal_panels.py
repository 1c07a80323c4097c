"""Modal panels (issue 14, "The table and its words"): a menu's or the settlement's panel is opaque, only the top
overlay of a stack is drawn (the pause menu never ghosts round its New game confirmation), and a confirmation's
note keeps its padding in both languages (the zh note wrapped "始。" onto the rim), at 1920x1080 and 1280x720."""

from collections.abc import Iterator

import pygame
import pytest

from game.match import Match
from scenes.app import App
from scenes.flow import new_match, open_session, show
from scenes.screens.menus import ConfirmNewDeal, ConfirmNewMatch, ConfirmReplayDeal, PauseMenu
from scenes.screens.overlay import PAD
from scenes.words.i18n import set_language
from tests.kit.app import headless_app
from tests.kit.play import play_until, settled

SIZES = [(1920, 1080), (1280, 720)]
SCORES = {3: "+12 / -6 / -6", 4: "+120 / -40 / -40 / -40"}  # what a confirmation says of the match it ends


@pytest.fixture(params=SIZES, ids=["1080p", "720p"])
def game(request) -> Iterator[App]:
    yield from headless_app(request.param)
    set_language("en")


def frame(game: App) -> bytes:
    game.draw(game.screen)
    return pygame.image.tobytes(game.screen, "RGB")


def test_the_pause_menu_is_not_drawn_under_its_confirmation(game):
    new_match(game, "standard")
    game.push(ConfirmNewDeal(game, game.session))
    alone = frame(game)
    game.pop()
    game.push(PauseMenu(game, game.session))
    menu = frame(game)
    game.scene.choose("new")  # Menu -> New game asks first
    assert (game.scene.name, frame(game) == alone, frame(game) == menu) == ("confirm", True, False)


def inside(box: pygame.Rect, radius: int) -> pygame.Rect:
    """The panel less its rounded corners."""
    return box.inflate(-2 * radius, 0)


def drawn_over(game: App, fill: tuple[int, int, int], box: pygame.Rect) -> bytes:
    """The top scene drawn over a screen of one colour: what the panel's area then shows."""
    game.screen.fill(fill)
    game.scene.draw(game.screen)
    return pygame.image.tobytes(game.screen.subsurface(box), "RGB")


def test_a_confirmation_panel_hides_what_lies_beneath(game):
    new_match(game, "standard")
    game.push(ConfirmNewMatch(game, "standard", SCORES[3]))
    box = inside(game.scene.box(), game.geo.px(24))
    assert drawn_over(game, (255, 255, 255), box) == drawn_over(game, (0, 0, 0), box)


def test_the_settlement_panel_hides_the_revealed_hands_beneath(game):
    show(game, open_session(game, play_until(Match("standard", 14), settled)))
    box = inside(game.scene.box(), game.geo.px(28))
    assert (game.scene.name, drawn_over(game, (255, 255, 255), box) == drawn_over(game, (0, 0, 0), box)) == (
        "settlement",
        True,
    )


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("players", [3, 4])
def test_a_confirmation_note_keeps_its_padding(game, language, players):
    set_language(language)
    new_match(game, "standard")
    overlays = [
        ConfirmNewMatch(game, "standard", SCORES[players]),
        ConfirmReplayDeal(game, "standard", SCORES[players], 1234),
        ConfirmNewDeal(game, game.session),
    ]
    outside = []
    for overlay in overlays:
        game.push(overlay)
        room = overlay.box().inflate(-2 * game.geo.px(PAD), -2 * game.geo.px(PAD))
        outside += [(overlay.note, rect) for _, rect in overlay.note_layout() if not room.contains(rect)]
        game.pop()
    assert outside == []


def test_a_long_note_is_shown_whole_on_a_taller_panel(game):
    set_language("zh")
    new_match(game, "standard")
    short, long = (ConfirmNewMatch(game, "standard", scores) for scores in ("0 / 0 / 0", " / ".join(["+1,234"] * 8)))
    lines = long.note_lines()
    assert (len(lines) > len(short.note_lines()), len(long.note_layout()), long.box().height > short.box().height) == (
        True,
        len(lines),
        True,
    )
    assert "".join(lines).replace(" ", "") == long.note.replace(" ", "")
