"""Issue 33: a bounded command line (`--size` from 640x360 to the largest window the display can show, refused in
one line otherwise) and a demo bounded per hand, not per run (scenes/demo.py `HAND_FRAMES`)."""

from __future__ import annotations

import pytest

import main
from scenes.demo import Demo, DemoStuck


@pytest.mark.parametrize(
    ("size", "said"),
    [
        ("1x1", "--size 1x1 is too small: the window needs at least 640x360."),
        ("100000000000x1", "--size 100000000000x1 is too small: the window needs at least 640x360."),
        ("639x360", "--size 639x360 is too small: the window needs at least 640x360."),
        ("99999x99999", "--size 99999x99999 is larger than this display can show: at most 1920x1080."),
        ("1921x1080", "--size 1921x1080 is larger than this display can show: at most 1920x1080."),
        ("wide", "--size must look like 1280x720, not 'wide'"),
    ],
)
def test_a_size_outside_the_sane_range_is_refused_in_one_line(size, said):
    assert main.size_problem(size, (1920, 1080)) == said


@pytest.mark.parametrize("size", ["640x360", "1280x720", "1920x1080", "1920X1080"])
def test_a_size_the_display_can_show_is_taken(size):
    assert main.size_problem(size, (1920, 1080)) is None


@pytest.mark.parametrize("size", ["1x1", "100000000000x1", "99999x99999"])
def test_the_game_refuses_it_before_any_window_opens_status_2(size, capsys, tmp_path):
    """Once as a ZeroDivisionError (1x1) or a 16384x16384 window (99999x99999)."""
    assert main.main(["--windowed", "--size", size, "--saves", str(tmp_path)]) == 2
    out = capsys.readouterr()
    assert out.err == "" and len(out.out.splitlines()) == 1 and f"--size {size} is" in out.out


def test_the_largest_window_is_the_largest_display_mode_and_never_below_the_default():
    width, height = main.largest_window()
    assert width >= 1280 and height >= 720  # SDL's dummy display reports 1024x768: the default still opens


# ----- the demo: a bound of frames per hand ----------------------------------------------------------------------


class Screen:
    def __init__(self, name: str) -> None:
        self.name, self.shown = name, 0.0


class Table:
    """A stand-in host whose hands each take `frames` frames, then show a settlement for a second."""

    def __init__(self, frames: int) -> None:
        self.frames, self.running, self.made = frames, True, 0
        self.scene = Screen("play")
        self.on_leave = None
        self.session = None

    def show_title(self) -> None:
        self.scene = Screen("play")

    def step(self, dt: float) -> None:
        self.made += 1
        if self.scene.name == "settlement":
            self.scene.shown += dt
            if self.scene.shown >= 1.5:
                self.scene = Screen("play")
        elif self.made % self.frames == 0:
            self.scene = Screen("settlement")


def test_a_long_demo_is_not_stuck_each_hand_has_its_own_bound():
    """Five hands of about 300 frames under a bound of 400 frames a hand: over 1,500 frames in all, which a bound
    on the whole run (as before issue 33) would have called stuck."""
    host = Table(300)
    times = Demo(host, hands=5, hand_frames=400).run()
    assert host.made > 3 * 400 and sum(len(t) for t in times.values()) == host.made - 1  # the first on its own


def test_a_hand_that_never_ends_is_stuck():
    host = Table(10**9)
    with pytest.raises(DemoStuck, match="hand 1 of the demo did not end in 400 frames"):
        Demo(host, hands=2, hand_frames=400).run()
    assert host.made == 400
