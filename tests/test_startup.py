"""Start-up: the title's first frame is made without the table's art (card faces, effect images, sounds), which
the app makes between the title's frames; a language switch re-renders only the words."""

import os
import subprocess
import sys

import pytest

from scenes.app import TABLE_MODULES
from scenes.art import felt
from scenes.platform.input import Act, Input
from tests.kit.app import steps

pytestmark = pytest.mark.app(saving=True)


def faces(app) -> int:
    return sum(len(art._faces) for art in app.art.values())


def test_first_title_frame_draws_only_the_title_fan(app):
    app.draw(app.screen)
    assert faces(app) < 10  # the five fanned cards, not the 162 faces of the three sizes
    assert app.sounds.bank == {}


def test_chores_finish_every_face_and_the_sounds_in_the_background(app):
    steps(app, 1)
    for _ in range(3000):
        if not app.chores:
            break
        steps(app, 1)
    assert not app.chores
    assert faces(app) == len(app.deck) * len(app.art)
    assert set(app.sounds.bank) >= {"card", "bomb", "win"}
    assert "scenes.table.session" in sys.modules


def test_the_table_opens_before_the_faces_are_made_and_draws_each_face_it_shows(app):
    from scenes.flow import new_match

    new_match(app, "standard")
    steps(app, 1)  # one frame's share of the chores, not all of them at once
    assert app.chores and faces(app) < len(app.deck) * len(app.art)
    for _ in range(3000):
        if not app.chores:
            break
        steps(app, 1)
    assert not app.chores and faces(app) == len(app.deck) * len(app.art)


def test_the_table_chore_loads_a_few_modules_a_step():
    """Each step between the title's frames imports a few of the table's modules, never a screen with all it needs
    at once (the play screen once pulled in 16 modules, 60 ms of compiling, in one frame)."""
    script = (
        "import sys, importlib\n"
        "from scenes.app import TABLE_MODULES\n"
        "import scenes.screens.title\n"
        "for name in TABLE_MODULES:\n"
        "    before = set(sys.modules)\n"
        "    importlib.import_module(name)\n"
        "    new = [m for m in set(sys.modules) - before if m.split('.')[0] in ('game', 'scenes', 'net')]\n"
        "    print(name, len(new))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    counts = dict(line.rsplit(" ", 1) for line in done.stdout.splitlines() if line.split(" ")[0] in TABLE_MODULES)
    assert set(counts) == set(TABLE_MODULES), done.stderr
    assert max(int(n) for n in counts.values()) <= 4, counts


def test_language_switch_keeps_the_card_art_and_the_felt(app):
    app.finish_chores()
    art = dict(app.art)
    background = felt.felt(app.screen.get_size())
    app.change_prefs(language="zh")
    assert app.art == art and all(app.art[k] is art[k] for k in art)
    assert felt.felt(app.screen.get_size()) is background
    app.scene.handle(Input(Act.DOWN))  # the title laid out again in the new language and still answering
    steps(app, 2)
    app.change_prefs(language="en")
