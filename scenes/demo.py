"""The headless attract mode: bots in every seat play N hands through every scene at a fixed dt (from the title, or on
from a saved match), one PNG is saved per scene, and frame times are reported per scene: the work of a frame, as the
CPU time of the game's thread, not a sleep (a frame of the steady demo waits for a late bot, which a live game never
does) nor the time a busy machine gives to other processes."""

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
        self.times: dict[str, list[float]] = defaultdict(list)
        self.saved: list[str] = []
        self.shooting = 0.0  # ms spent writing PNGs inside a frame: the demo's cost, not the game's
        self.settled = 0  # hands the demo has seen settled
        self.settlement: Scene | None = None  # the settlement last counted
        host.on_leave = self.shoot
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)

    def shoot(self, scene: Scene) -> None:
        """Save what is on screen as the scene's picture, once per scene, as it hands over to the next."""
        if self.shots is None or scene.name in self.saved or not self.times.get(scene.name):
            return
        start = time.thread_time()
        self.saved.append(scene.name)
        path = self.shots / f"{len(self.saved):02d}_{scene.name}.png"
        try:
            pygame.image.save(self.host.screen, path)
        except (pygame.error, OSError) as err:  # the disk filled up or the folder went away: the demo plays on
            print(f"The picture {path} could not be saved ({err}); no more pictures are taken.")
            self.shots = None
        self.shooting += (time.thread_time() - start) * 1000

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
            name = host.scene.name
            self.shooting = 0.0
            start = time.thread_time()
            host.step(DT)
            self.times[name].append((time.thread_time() - start) * 1000 - self.shooting)
            # a frame never sleeps here: let the process pool's result thread take the GIL, hand the bots' answers over
            time.sleep(0)
            if self.finished():
                self.shoot(host.scene)
                return self.times
            if not host.running:
                return self.times


def report(times: dict[str, list[float]]) -> list[str]:
    lines = [f"{'scene':<12}{'frames':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"]
    for name, samples in times.items():
        p50, p99, worst = percentiles(samples)
        lines.append(f"{name:<12}{len(samples):>8}{p50:>9.2f}{p99:>9.2f}{worst:>9.2f}")
    return lines
