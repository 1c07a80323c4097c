"""main.py: no display gives one helpful line; the headless demo plays a hand through every scene."""

from pathlib import Path

import pytest

from game.match import Match
from game.savefile import SaveStore
from main import open_first_scene
from scenes.app import App
from tests.kit.processes import bare_env, demo_scenes, run

ROOT = Path(__file__).resolve().parent.parent


def test_no_display_prints_one_line_and_exits_nonzero():
    done = run(env=bare_env())
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert (done.returncode != 0, len(lines), "--headless" in lines[0], "Traceback" in done.stderr) == (
        True,
        1,
        True,
        False,
    )


def test_headless_without_autoplay_says_what_to_add():
    done = run("--headless", env=bare_env())
    assert (done.returncode, "--autoplay" in done.stdout) == (2, True)


@pytest.mark.slow
def test_demo_hand_runs_through_all_four_scenes(tmp_path):
    shots = tmp_path / "shots"
    done = run("--headless", "--autoplay", "--hands", "1", "--seed", "3", "--screenshots", str(shots), env=bare_env())
    scenes = demo_scenes(done.stdout)
    pictures = sorted(p.name for p in shots.glob("*.png"))
    assert (done.returncode, scenes) == (0, ["title", "bidding", "play", "settlement"])
    assert pictures == ["01_title.png", "02_bidding.png", "03_play.png", "04_settlement.png"]


@pytest.mark.parametrize("ruleset", ["rob", "four-player"])
def test_ruleset_flag_starts_a_match_of_that_ruleset_at_once(ruleset, tmp_path):
    """`python main.py --ruleset NAME` opens a table of that ruleset (issue 6), not the title with standard."""
    app = App((1280, 720), fullscreen=False, store=SaveStore(tmp_path), seed=1, ruleset=ruleset)
    try:
        open_first_scene(app, None, new=True)
        assert (app.scene.name, app.session.seat.match.rules.name) == ("bidding", ruleset)
    finally:
        app.close()


def test_ruleset_flag_asks_before_replacing_an_unfinished_saved_match(tmp_path):
    store = SaveStore(tmp_path)
    store.save(Match("standard", 3), {})
    app = App((1280, 720), fullscreen=False, store=store, seed=1, ruleset="two-player")
    try:
        open_first_scene(app, None, new=True, deal=42)
        assert (app.scene.name, app.scene.row.focused().key) == ("confirm", "keep")
    finally:
        app.close()


def test_ruleset_and_continue_together_are_refused_in_one_line():
    done = run("--continue", "--ruleset", "rob", env=bare_env())
    assert (done.returncode, done.stdout.count("\n"), "--ruleset" in done.stdout) == (2, 1, True)
