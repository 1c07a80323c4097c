"""Random input into every scene (issue 15): keys, clicks, motion, wheel, controller buttons and typed text sent to
a headless game started on the title or at a match played forward to a random phase; the scenes reached and every
exception, said with where it was raised. Driven by tests/test_selfplay.py (bounded) and `benchmarks.soak`."""

from __future__ import annotations

import pathlib
import random
import tempfile
import time
import traceback
from collections import Counter

import pygame

from game.actions import NextHand
from game.match import Match, Phase
from game.rulesets import RULESETS
from game.savefile import Loaded, SaveStore
from game.selfplay import bot_policy
from scenes.app import App
from scenes.demo import DT
from scenes.flow import continue_match
from scenes.screens.title import TitleScene

ROOT = pathlib.Path(__file__).resolve().parent.parent

KEYS = [
    *(getattr(pygame, f"K_{name}") for name in ("UP", "DOWN", "LEFT", "RIGHT", "RETURN", "SPACE", "ESCAPE", "TAB")),
    *(getattr(pygame, f"K_{name}") for name in ("BACKSPACE", "DELETE", "HOME", "END", "PAGEUP", "PAGEDOWN", "F1")),
    *(getattr(pygame, f"K_{ch}") for ch in "abcdefghijklmnopqrstuvwxyz0123456789"),
    pygame.K_F11,
    pygame.K_KP_ENTER,
]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """One input event of any kind the game reads (never QUIT, which ends the soak's game)."""
    where = (rng.randrange(size[0]), rng.randrange(size[1]))
    kind = rng.random()
    if kind < 0.45:
        key = rng.choice(KEYS)
        char = chr(key) if 32 <= key < 127 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
    if kind < 0.65:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=rng.choice((1, 1, 1, 3)))
    if kind < 0.72:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=1)
    if kind < 0.82:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.86:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if kind < 0.96:
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=rng.randrange(15))
    text = rng.choice(("7", "42", "x", "地主", "12345678", " "))
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def start_somewhere(host: App, rng: random.Random) -> None:
    """The title, or a match of a random ruleset played forward to a random phase and continued there (so every
    table scene, the settlement and the final result are reached, not only those a random walk from the title finds)."""
    if rng.random() < 0.3:
        host.switch(TitleScene(host))
        return
    match, bots = Match(rng.choice(sorted(RULESETS)), rng.randrange(2**31)), bot_policy("easy")
    phases = [Phase.BIDDING, Phase.PLAYING, Phase.HAND_OVER]
    phases += [Phase.DOUBLING] * match.rules.double_phase + [Phase.SHOWING] * match.rules.show_hand
    target, least = rng.choice(phases), rng.randrange(150)
    for step in range(least + 2000):
        if match.phase is Phase.MATCH_OVER or (step >= least and match.phase is target):
            break
        match.apply(NextHand() if match.phase is Phase.HAND_OVER else bots(match, rng))
    continue_match(host, Loaded(match))


def within(started: float, seconds: float | None) -> bool:
    """Is a part that began at `started` still inside its time bound (none: always)?"""
    return seconds is None or time.perf_counter() - started < seconds


def origin(failed: BaseException) -> str:
    """Where `failed` was raised: the game's own last frame, and for a bots' worker's exception (re-raised by its
    future) the worker's last frame too."""
    frames = [f for f in traceback.extract_tb(failed.__traceback__) if f.filename.startswith(str(ROOT))]
    where = frames[-1] if frames else traceback.extract_tb(failed.__traceback__)[-1]
    said = f"{pathlib.Path(where.filename).name}:{where.lineno} in {where.name}"
    remote = getattr(failed.__cause__, "tb", None)  # the worker's traceback, as text (WorkerTraceback)
    if isinstance(remote, str) and (files := [line.strip() for line in remote.splitlines() if "File " in line]):
        said += f" (in the bots' worker: {' > '.join(files[-3:])})"
    return said


def soak_input(events: int, seed: int, seconds: float | None = None, per_start: int = 400) -> None:
    rng = random.Random(seed)
    directory = pathlib.Path(tempfile.mkdtemp(prefix="soak-input-"))
    host = App((1920, 1080), fullscreen=False, store=SaveStore(directory), seed=seed)
    scenes: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    started = time.perf_counter()
    try:
        start_somewhere(host, rng)
        for sent in range(events):
            if not within(started, seconds):
                break
            if sent % per_start == 0 and sent:
                start_somewhere(host, rng)
            pygame.event.post(random_event(rng, host.canvas.screen.get_size()))
            try:
                if sent % 3 == 2:
                    host.step(DT)
                scenes[host.scene.name] += 1
            except Exception as failed:  # counted and shown: the soak's finding, then it goes on from the title
                said = "".join(traceback.format_exception_only(failed)).strip()[:120]
                failures[f"{said} at {origin(failed)}"] += 1
                host.switch(TitleScene(host))
            if not host.running:  # the menus' Quit: the soak keeps its game
                host.running = True
                host.switch(TitleScene(host))
    finally:
        host.close()
    elapsed, sent = time.perf_counter() - started, sum(scenes.values()) + sum(failures.values())
    print(
        f"random input: {sent} events, {sum(failures.values())} exceptions, {sent / elapsed:.0f} events/s", flush=True
    )
    print("  scenes reached (events each): " + ", ".join(f"{name} {n}" for name, n in scenes.most_common()))
    for failure, n in failures.most_common(10):
        print(f"  EXCEPTION x{n}: {failure}")
