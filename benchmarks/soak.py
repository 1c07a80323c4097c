"""The soak of issue 15: long runs that print counts, not timed tests (tests/test_faults.py holds the bounded ones).

Run: `python -m benchmarks.soak [--hands N] [--events N] [--memory-hands N] [--kills N] [--seed S]`, each part
skipped at 0. It prints, per part:

- bot-only hands per ruleset with every invariant (game/invariants.py) checked after every action, illegal actions
  fed now and then and refused, and violations (`--jobs N` splits them over N processes, `--seconds` bounds them);
- random input events (keys, clicks, motion, wheel, controller buttons, typed text) into every scene, the scenes
  they reached and any exception (the scene is then left for the title and the soak goes on);
- the game's memory (its RSS and its bots' worker's) at the start, middle and end of autoplay hands;
- the headless demo killed with SIGKILL at random moments and continued: resumes whose log extends the last
  good one, and bots' workers left behind.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.actions import NextHand, to_json
from game.match import Match, Phase
from game.memo import occupancy
from game.rulesets import RULESETS
from game.savefile import Loaded, SaveStore
from game.selfplay import PROBE_EVERY, bot_policy, run
from scenes.app import App
from scenes.art.cache import CACHES, MIB
from scenes.demo import DT
from scenes.flow import continue_match
from scenes.screens.title import TitleScene

ROOT = pathlib.Path(__file__).resolve().parent.parent
KILL_WAIT = 120.0  # seconds: a bound for a demo to reach its next save on a busy machine


def selfplay_part(hands: int, seed: int, ruleset: str, level: str, seconds: float | None) -> dict[str, float]:
    """One process's share of a ruleset's bot-only hands (module level, so a worker process can run it)."""
    return run(hands, seed, ruleset, bot_policy(level), seconds=seconds)


def soak_selfplay(
    hands: int, seed: int, level: str, rulesets: list[str], jobs: int = 1, seconds: float | None = None
) -> None:
    """Per ruleset `hands` hands, or as many as end within `seconds`, split over `jobs` processes (job i plays
    seed + i); the counts are summed and the rates given per second of the clock and of CPU time."""
    print(
        f"bot-only hands ({level} bots, {jobs} process{'es' * (jobs > 1)}), every invariant checked after every "
        f"action, illegal actions fed and refused after every {PROBE_EVERY}th:"
    )
    for name in rulesets:
        shares = [hands // jobs + (job < hands % jobs) for job in range(jobs)]
        started = time.perf_counter()
        try:
            if jobs == 1:
                parts = [selfplay_part(hands, seed, name, level, seconds)]
            else:
                with ProcessPoolExecutor(jobs) as pool:
                    runs = [
                        pool.submit(selfplay_part, n, seed + job, name, level, seconds) for job, n in enumerate(shares)
                    ]
                    parts = [done.result() for done in runs]
        except AssertionError as broken:
            print(f"  {name:<12} VIOLATION: {broken}")
            continue
        total = {key: sum(part[key] for part in parts) for key in ("hands", "actions", "probes", "cpu_seconds")}
        elapsed = time.perf_counter() - started
        print(
            f"  {name:<12} {int(total['hands']):>8} hands {int(total['actions']):>10} actions "
            f"{int(total['probes']):>8} probes  0 violations  {total['hands'] / elapsed:7.1f} hands/s "
            f"({total['hands'] / total['cpu_seconds']:.1f} per CPU second, {elapsed:.0f} s)",
            flush=True,
        )


# ----- random input into every scene --------------------------------------------------------------------------------

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


def start_somewhere(game: App, rng: random.Random) -> None:
    """The title, or a match of a random ruleset played forward to a random phase and continued there (so every
    table scene, the settlement and the final result are reached, not only those a random walk from the title finds)."""
    if rng.random() < 0.3:
        game.switch(TitleScene(game))
        return
    match, bots = Match(rng.choice(sorted(RULESETS)), rng.randrange(2**31)), bot_policy("easy")
    phases = [Phase.BIDDING, Phase.PLAYING, Phase.HAND_OVER]
    phases += [Phase.DOUBLING] * match.rules.double_phase + [Phase.SHOWING] * match.rules.show_hand
    target, least = rng.choice(phases), rng.randrange(150)
    for step in range(least + 2000):
        if match.phase is Phase.MATCH_OVER or (step >= least and match.phase is target):
            break
        match.apply(NextHand() if match.phase is Phase.HAND_OVER else bots(match, rng))
    continue_match(game, Loaded(match))


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
    game = App((1920, 1080), fullscreen=False, store=SaveStore(directory), seed=seed)
    scenes: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    started = time.perf_counter()
    try:
        start_somewhere(game, rng)
        for sent in range(events):
            if not within(started, seconds):
                break
            if sent % per_start == 0 and sent:
                start_somewhere(game, rng)
            pygame.event.post(random_event(rng, game.screen.get_size()))
            try:
                if sent % 3 == 2:
                    game.step(DT)
                scenes[game.scene.name] += 1
            except Exception as failed:  # counted and shown: the soak's finding, then it goes on from the title
                said = "".join(traceback.format_exception_only(failed)).strip()[:120]
                failures[f"{said} at {origin(failed)}"] += 1
                game.switch(TitleScene(game))
            if not game.running:  # the menus' Quit: the soak keeps its game
                game.running = True
                game.switch(TitleScene(game))
    finally:
        game.close()
    elapsed, sent = time.perf_counter() - started, sum(scenes.values()) + sum(failures.values())
    print(
        f"random input: {sent} events, {sum(failures.values())} exceptions, {sent / elapsed:.0f} events/s", flush=True
    )
    print("  scenes reached (events each): " + ", ".join(f"{name} {n}" for name, n in scenes.most_common()))
    for failure, n in failures.most_common(10):
        print(f"  EXCEPTION x{n}: {failure}")


# ----- memory over autoplay hands -----------------------------------------------------------------------------------


def rss_kib(pid: int) -> int:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def soak_memory(hands: int, seed: int, seconds: float | None = None) -> None:
    """The RSS after every autoplay hand (or as many as end within `seconds`); printed: at the start, after the first
    hand (the table's art made), in the middle, at the end, and the highest; then what the bounded caches of both
    processes hold in the middle and at the end (a cache that has started over has reached its bound)."""
    game = App((1920, 1080), fullscreen=False, seed=seed, demo=True)
    game.steady = True
    worker = game.pool.submit(os.getpid).result()
    samples = [(0, rss_kib(os.getpid()), rss_kib(worker))]
    held: dict[int, list[str]] = {}
    seen = None
    started = time.perf_counter()
    try:
        game.switch(TitleScene(game))
        while len(samples) <= hands and within(started, seconds):
            game.step(DT)
            if game.scene.name == "settlement" and game.scene is not seen:
                seen = game.scene
                samples.append((len(samples), rss_kib(os.getpid()), rss_kib(worker)))
                if len(samples) - 1 in (hands // 2, hands):
                    held[len(samples) - 1] = cache_lines(game.pool.submit(occupancy).result())
    finally:
        game.close()
    elapsed = time.perf_counter() - started
    print(f"memory over {len(samples) - 1} autoplay hands ({elapsed:.0f} s): RSS of the game / its bots' worker")
    shown = sorted({0, min(1, len(samples) - 1), (len(samples) - 1) // 2, len(samples) - 1})
    for at, game_kib, worker_kib in [samples[i] for i in shown]:
        print(f"  after {at:>4} hands: {game_kib / 1024:7.1f} MiB / {worker_kib / 1024:6.1f} MiB")
    print(f"  highest: {max(s[1] for s in samples) / 1024:.1f} MiB / {max(s[2] for s in samples) / 1024:.1f} MiB")
    for at, lines in held.items():
        print(f"  caches after {at} hands (a memo that was full has started over):")
        for line in lines:
            print(f"    {line}")


def cache_lines(worker_memos: list[tuple[str, int, int, int]]) -> list[str]:
    """What every non-empty bounded cache holds: the game's memos and surfaces, and its bots' worker's memos."""
    lines = [
        f"surfaces {c.name}: {c.held / MIB:.1f} of {c.budget / MIB:.0f} MiB ({len(c.items)} images), {c.dropped} let go"
        for c in CACHES
        if c.items or c.dropped
    ]
    for where, memos in (("game", occupancy()), ("worker", worker_memos)):
        lines += [
            f"{where} {name}: {n} of {limit} entries, full {emptied}x"
            for name, n, limit, emptied in memos
            if n or emptied
        ]
    return lines


# ----- the game killed at random moments --------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (a game's bots' worker)."""
    found = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Is `pid` a running process (a zombie waiting to be reaped is not)?"""
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def saved_actions(saves: pathlib.Path) -> int:
    """How many actions match.json holds now (renamed into place whole, so never read half-written)."""
    try:
        return len(json.loads((saves / "match.json").read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


def demo_killed(saves: pathlib.Path, actions: int, seconds: float, resume: bool) -> list[int]:
    """A headless demo saving to `saves`, SIGKILLed `seconds` after its save holds `actions` actions (the kill then
    falls anywhere: in a bot's thought, a frame, a write); returns the game's child processes just before the kill.
    Raises AssertionError when the demo printed a traceback or never got there."""
    args = ["--headless", "--autoplay", "--hands", "100000", "--seed", "7", "--saves", str(saves)]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "main.py", *args, *(["--continue"] if resume else [])]
    game = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + KILL_WAIT
        while saved_actions(saves) < actions and game.poll() is None:
            if time.monotonic() > end:
                raise AssertionError(f"the demo did not reach {actions} saved actions")
            time.sleep(0.02)
        time.sleep(seconds)
        left = children(game.pid)
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=KILL_WAIT)
    finally:
        game.kill()
        failed = b"Traceback" in game.stderr.read()
        game.stderr.close()
    if failed:
        raise AssertionError("the demo printed a traceback")
    return left


def kill_and_continue(saves: pathlib.Path, kills: int, seed: int) -> tuple[int, int]:
    """`kills` SIGKILLs at random moments, each followed by Continue: (resumes that extended the last good log,
    bots' workers that outlived their game)."""
    rng, before, resumed, orphans = random.Random(seed), [], 0, 0
    for kill in range(kills):
        workers = demo_killed(saves, len(before) + rng.randint(1, 4), rng.uniform(0, 0.4), resume=kill > 0)
        loaded = SaveStore(saves).load()
        log = [to_json(action) for action in loaded.match.log] if loaded.match is not None else []
        resumed += loaded.match is not None and log[: len(before)] == before
        before = log
        end = time.monotonic() + 30
        while any(alive(pid) for pid in workers) and time.monotonic() < end:
            time.sleep(0.05)
        orphans += sum(alive(pid) for pid in workers)
    return resumed, orphans


def soak_kills(kills: int, seed: int) -> None:
    started = time.perf_counter()
    resumed, orphans = kill_and_continue(pathlib.Path(tempfile.mkdtemp(prefix="soak-kills-")) / "saves", kills, seed)
    elapsed = time.perf_counter() - started
    print(
        f"SIGKILL at random moments: {kills} kills, {resumed} resumed the last good state, {orphans} orphans "
        f"({elapsed:.0f} s)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="bot-only hands per ruleset (0: skip)")
    parser.add_argument("--level", default="easy", help="the bots of the bot-only hands")
    parser.add_argument("--jobs", type=int, default=1, help="processes the bot-only hands are split over")
    parser.add_argument(
        "--seconds", type=float, help="bound each ruleset's hands, the events and the memory hands (counts are exact)"
    )
    parser.add_argument("--ruleset", action="append", choices=list(RULESETS), help="only these (default: all)")
    parser.add_argument("--events", type=int, default=20_000, help="random input events (0: skip)")
    parser.add_argument("--memory-hands", type=int, default=20, help="autoplay hands for the RSS (0: skip)")
    parser.add_argument("--kills", type=int, default=10, help="SIGKILLs of the headless demo (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands:
        soak_selfplay(args.hands, args.seed, args.level, args.ruleset or list(RULESETS), args.jobs, args.seconds)
    if args.events:
        soak_input(args.events, args.seed, args.seconds)
    if args.memory_hands:
        soak_memory(args.memory_hands, args.seed, args.seconds)
    if args.kills:
        soak_kills(args.kills, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
