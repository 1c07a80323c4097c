"""Start-up: the title's first frame is made without the table's art (card faces, effect images, sounds), which
the app makes between the title's frames; a language switch re-renders only the words."""

import sys

import pytest

from game.savefile import SaveStore
from scenes.art import felt
from scenes.platform.input import Act, Input
from tests.kit.app import saving_app, steps


@pytest.fixture
def game(tmp_path):
    yield from saving_app(SaveStore(tmp_path))


def faces(game) -> int:
    return sum(len(art._faces) for art in game.art.values())


def test_first_title_frame_draws_only_the_title_fan(game):
    game.draw(game.screen)
    assert faces(game) < 10  # the five fanned cards, not the 162 faces of the three sizes
    assert game.sounds.bank == {}


def test_chores_finish_every_face_and_the_sounds_in_the_background(game):
    steps(game, 1)
    for _ in range(3000):
        if not game.chores:
            break
        steps(game, 1)
    assert not game.chores
    assert faces(game) == len(game.deck) * len(game.art)
    assert set(game.sounds.bank) >= {"card", "bomb", "win"}
    assert "scenes.table.session" in sys.modules


def test_a_table_frame_finishes_the_chores_first(game):
    from scenes.flow import new_match

    new_match(game, "standard")
    steps(game, 1)
    assert not game.chores
    assert faces(game) == len(game.deck) * len(game.art)


def test_language_switch_keeps_the_card_art_and_the_felt(game):
    game.finish_chores()
    art = dict(game.art)
    background = felt.felt(game.screen.get_size())
    game.change_prefs(language="zh")
    assert game.art == art and all(game.art[k] is art[k] for k in art)
    assert felt.felt(game.screen.get_size()) is background
    game.scene.handle(Input(Act.DOWN))  # the title laid out again in the new language and still answering
    steps(game, 2)
    game.change_prefs(language="en")
