"""Continue (000 §21, §23): the window closed at any moment and Continue gives the same game, from the title or
`main.py --continue`; a hostile save is named on the title screen, or by `--continue` before it exits with status 2."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.match import Match, Phase
from game.savefile import SaveStore
from game.serialize import VERSION, from_dict, to_dict
from main import demo_store, parse_args
from scenes.flow import open_session, show, to_title
from scenes.table.restore import restore_table
from tests.kit.app import press, steps, title_app
from tests.kit.play import bot_action, play_until, settled
from tests.kit.saves import close_window, continued
from tests.kit.table import local_session

ROOT = Path(__file__).resolve().parent.parent


def mid_trick(match: Match) -> bool:
    return match.phase is Phase.PLAYING and match.hand.last is not None and len(match.hand.history) >= 4


def test_s21_window_closed_mid_hand_while_playing_then_continue_resumes_the_same_position(store):
    app = title_app(store)
    press(app, pygame.K_RETURN)  # New match
    press(app, pygame.K_RETURN)  # Standard
    app.table_settings.auto, app.table_settings.auto_interval = True, 0.5  # Auto plays your seat
    for _ in range(60 * 60):
        if mid_trick(app.session.seat.match):
            break
        steps(app, 10)
    before = close_window(app)
    app = continued(store)
    try:
        assert (to_dict(app.session.seat.match), app.scene.name, app.table_settings.auto) == (before, "play", True)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("moment", "scene"),
    [
        (lambda m: len(m.hand.bids) == 1, "bidding"),
        (mid_trick, "play"),
        (settled, "settlement"),
    ],
    ids=["bidding", "mid-trick", "settlement"],
)
def test_s21_closed_at_any_moment_continue_gives_the_same_game(store, moment, scene):
    app = title_app(store)
    session = open_session(app, Match("standard", 8))
    show(app, session)
    play_until(session.seat.match, moment, session.act)
    before = close_window(app)
    app = continued(store)
    try:
        assert (to_dict(app.session.seat.match), app.scene.name) == (before, scene)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (lambda good: good[: len(good) // 2], "cut short"),
        (lambda good: good.replace(b'"version": %d' % VERSION, b'"version": 99'), "newer version"),
    ],
    ids=["truncated", "future-version"],
)
def test_hostile_save_is_named_on_the_title_and_moved_aside(store, content, reason):
    store.save(Match("standard", 3), {})
    store.path.write_bytes(content(store.path.read_bytes()))
    app = continued(store)
    try:
        aside = sorted(p.name for p in store.directory.glob("corrupt-*.json"))
        assert (
            app.scene.name,
            reason in app.problem,
            aside[0] in app.problem,
            app.scene.row.get("continue").enabled,
        ) == (
            "title",
            True,
            True,
            False,
        )
    finally:
        app.close()


def test_a_problem_solved_by_the_backup_is_not_shown_again_on_the_title(store):
    store.save(Match("standard", 3), {})
    store.save(Match("standard", 3), {})  # a good backup
    store.path.write_text("")
    app = continued(store)
    try:
        said = app.session.notices.message.text
        to_title(app)
        assert ("empty" in said, app.problem, app.scene.name) == (True, None, "title")
    finally:
        app.close()


def test_table_settings_edited_by_hand_fall_back_on_continue(store):
    store.save(Match("standard", 3), {"auto_interval": "x", "level": None, "counter": False})
    app = continued(store)
    try:
        settings = app.session.settings
        assert (settings.auto_interval, settings.level, settings.counter) == (1.0, "normal", False)
    finally:
        app.close()


# ----- main.py --continue -------------------------------------------------------------------------------------


def run_main(*args: str, saves: Path | None = None, env_saves: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DOUDIZHU_SAVES"}
    if env_saves is not None:
        env["DOUDIZHU_SAVES"] = str(env_saves)
    extra = ["--saves", str(saves)] if saves is not None else []
    command = [sys.executable, "main.py", "--continue", "--headless", "--autoplay", *extra, *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def saved_log(directory: Path) -> list:
    return json.loads((directory / "match.json").read_text())["actions"]


def mid_hand_save(directory: Path) -> list:
    """A save in the middle of hand 1; its action log."""
    store = SaveStore(directory)
    match = Match("standard", 12)
    play_until(match, mid_trick)
    store.save(match, {})
    return saved_log(directory)


def test_continue_headless_plays_on_from_the_saved_position(tmp_path):
    log = mid_hand_save(tmp_path)
    done = run_main("--hands", "1", saves=tmp_path)
    after = json.loads((tmp_path / "match.json").read_text())
    assert (done.returncode, after["actions"][: len(log)], after["hand_no"], after["phase"]) == (
        0,
        log,
        1,
        "hand_over",  # hand 1 played out from where it was saved
    )


def test_continue_finds_the_saves_through_the_environment_variable(tmp_path):
    log = mid_hand_save(tmp_path)
    done = run_main("--hands", "1", env_saves=tmp_path)
    assert (done.returncode, saved_log(tmp_path)[: len(log)]) == (0, log)


def test_continue_from_the_backup_says_so_in_one_line_and_plays_on(tmp_path):
    mid_hand_save(tmp_path)
    (tmp_path / "match.bak.json").write_bytes((tmp_path / "match.json").read_bytes())
    (tmp_path / "match.json").write_bytes(b"\x00\xff binary")
    done = run_main("--hands", "1", saves=tmp_path)
    first = done.stdout.splitlines()[0]
    assert (done.returncode, "not text" in first, "match.bak.json" in first, "Traceback" in done.stderr) == (
        0,
        True,
        True,
        False,
    )


def test_continue_with_both_files_bad_prints_the_title_message_and_exits_2(tmp_path):
    (tmp_path / "match.json").write_text('{"version": 1, "seed": ')
    (tmp_path / "match.bak.json").write_text("")
    done = run_main(saves=tmp_path)
    lines = done.stdout.splitlines()
    message = ("cannot be used", "cut short", "backup (match.bak.json) cannot be used either", "The file is empty")
    assert (done.returncode, len(lines), [m in done.stdout for m in message], done.stderr) == (
        2,
        1,
        [True] * 4,
        "",
    )


def test_continue_without_any_save_says_so_and_exits_2(tmp_path):
    done = run_main(saves=tmp_path / "none")
    assert (done.returncode, "no saved match" in done.stdout, done.stderr) == (2, True, "")


def test_headless_demo_never_saves_over_the_default_saves(monkeypatch, tmp_path):
    monkeypatch.delenv("DOUDIZHU_SAVES", raising=False)
    assert demo_store(parse_args(["--headless", "--autoplay"]), SaveStore(tmp_path)) is None


def table_state(session) -> tuple:
    """What the table shows of the round: each seat's cards on the table, dimmed or not, and the bubbles."""
    plays = {seat: list(cards) for seat, cards in session.cards.board.plays.items() if cards}
    bubbles = {seat: notice.text for seat, notice in session.notices.bubbles.items()}
    return plays, session.cards.clearing is not None, bubbles


def test_continue_lays_out_the_table_as_the_live_game_left_it_after_every_action(store):
    app = title_app(store)
    try:
        live = open_session(app, Match("standard", 8))
        rng, states = random.Random(8), []
        while live.seat.match.phase is not Phase.HAND_OVER:
            live.act(bot_action(live.seat.match, rng))
            live.cards.skip_last_word()  # the auction's last answer has had its moment on the table
            restored = local_session(from_dict(to_dict(live.seat.match)))
            restored.relayout(app.geo)
            restore_table(restored)
            if live.seat.match.phase is Phase.PLAYING:
                states.append(table_state(restored) == table_state(live))
        assert states == [True] * len(states) and len(states) > 20
    finally:
        app.close()
