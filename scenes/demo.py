"""The headless attract mode: bots in every seat play N hands through every scene at a fixed dt (from the title, or on
from a saved match), one PNG is saved per scene, and frame times are reported per scene. A frame's time is its wall
clock less the time it waited for a late bot (the steady demo waits so that its frames repeat; a live table never
does, `LocalSeat.drive`) and less the pictures' saving, with the game thread's CPU time beside it (which a busy
machine's other processes do not inflate). The app's first frame is reported on its own: everything after it is
held to the frame budget."""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from pathlib import Path

import pygame

from game.savefile import Loaded
from scenes.app import App
from scenes.flow import continue_match
from scenes.scene import Scene

DT = 1 / 60
HAND_FRAMES = 60 * 60 * 20  # twenty minutes of table time: a hand of the demo that has not ended by then is stuck


class DemoStuck(RuntimeError):
    """A hand of the demo did not end in its bound of frames."""


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """(p50, p99, max) of frame times in ms."""
    if len(samples) < 2:
        only = samples[0] if samples else 0.0
        return only, only, only
    cuts = statistics.quantiles(samples, n=100, method="inclusive")  # never beyond the worst frame
    return cuts[49], cuts[98], max(samples)


class Demo:
    def __init__(self, host: App, hands: int, shots: Path | None = None, hand_frames: int = HAND_FRAMES) -> None:
        self.host, self.hands, self.shots = host, hands, shots
        self.hand_frames = hand_frames  # the frames a hand may take (bounded per hand: a long demo is not stuck)
        self.times: dict[str, list[float]] = defaultdict(list)  # ms a frame: wall clock less the bots' wait
        self.cpu: dict[str, list[float]] = defaultdict(list)  # ms a frame: the game thread's CPU time
        self.first: tuple[float, float] | None = None  # the app's first frame: (wall, CPU) ms
        self.saved: list[str] = []
        self.shooting = (0.0, 0.0)  # (wall, CPU) ms spent writing PNGs inside a frame: the demo's cost, not the game's
        self.settled = 0  # hands the demo has seen settled
        self.settlement: Scene | None = None  # the settlement last counted
        host.on_leave = self.shoot
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)

    def shoot(self, scene: Scene) -> None:
        """Save what is on screen as the scene's picture, once per scene, as it hands over to the next."""
        if self.shots is None or scene.name in self.saved or not self.times.get(scene.name):
            return
        start = time.perf_counter(), time.thread_time()
        self.saved.append(scene.name)
        path = self.shots / f"{len(self.saved):02d}_{scene.name}.png"
        try:
            pygame.image.save(self.host.screen, path)
        except (pygame.error, OSError) as err:  # the disk filled up or the folder went away: the demo plays on
            print(f"The picture {path} could not be saved ({err}); no more pictures are taken.")
            self.shots = None
        self.shooting = (time.perf_counter() - start[0]) * 1000, (time.thread_time() - start[1]) * 1000

    def finished(self) -> bool:
        """Has the demo shown the settlement of its last hand for a second? Settlements are counted as they open,
        so a match continued on its settlement screen, or a new match after a finished one, counts right."""
        scene = self.host.scene
        if scene.name != "settlement":
            return False
        if scene is not self.settlement:
            self.settlement = scene
            self.settled += 1
        return self.settled >= self.hands and getattr(scene, "shown", 0) >= 1.0

    def frame(self, name: str) -> None:
        """One frame of the app, timed under the scene `name` it started in."""
        host = self.host
        self.shooting = (0.0, 0.0)
        seat, before = waited(host)
        start, cpu = time.perf_counter(), time.thread_time()
        host.step(DT)
        wall, cpu = (time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000
        after_seat, after = waited(host)
        wall -= ((after - before) if after_seat is seat else after) * 1000 + self.shooting[0]
        cpu -= self.shooting[1]
        if self.first is None:
            self.first = wall, cpu
            return
        self.times[name].append(wall)
        self.cpu[name].append(cpu)

    def run(self, resume: Loaded | None = None) -> dict[str, list[float]]:
        """Play from the title, or on from the saved match `resume` (`main.py --continue`)."""
        host = self.host
        if resume is None:
            host.show_title()
        else:
            continue_match(host, resume)
            if host.scene.name == "settlement":
                self.settlement = host.scene  # a hand played before the save: not one of the demo's
        frames, hand = 0, self.settled
        while True:
            if self.settled != hand:  # a settlement opened: the next hand has its own bound
                frames, hand = 0, self.settled
            if frames == self.hand_frames:
                raise DemoStuck(f"hand {hand + 1} of the demo did not end in {self.hand_frames} frames")
            frames += 1
            self.frame(host.scene.name)
            # a frame never sleeps here: let the process pool's result thread take the GIL, hand the bots' answers over
            time.sleep(0)
            if self.finished():
                self.shoot(host.scene)
                return self.times
            if not host.running:
                return self.times


def waited(host: App) -> tuple[object, float]:
    """The seat at the table and the seconds it has waited for a late bot so far (none without a table)."""
    seat = host.session.seat if host.session is not None else None
    return seat, getattr(seat, "waited", 0.0)


def report(times: dict[str, list[float]], cpu: dict[str, list[float]]) -> list[str]:
    """A table of the scenes' frame times: wall clock less the bots' wait, then CPU time (p50, p99, max in ms)."""
    lines = [f"{'scene':<12}{'frames':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}   CPU:{'p50':>6}{'p99':>7}{'max':>7}"]
    for name, samples in times.items():
        p50, p99, worst = percentiles(samples)
        c50, c99, cmax = percentiles(cpu[name])
        lines.append(
            f"{name:<12}{len(samples):>8}{p50:>9.2f}{p99:>9.2f}{worst:>9.2f}{c50:>13.2f}{c99:>7.2f}{cmax:>7.2f}"
        )
    return lines
