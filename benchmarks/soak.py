"""The soak of issue 15: long runs that print counts, not timed tests (the parts live in the code they exercise:
game/selfplay.py, scenes/random_input.py, scenes/demo_kills.py; tests/test_faults.py and test_selfplay.py hold the
bounded runs).

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
import os
import pathlib
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.memo import occupancy
from game.rulesets import RULESETS
from game.selfplay import soak_selfplay
from scenes.app import App
from scenes.art.cache import CACHES, MIB
from scenes.demo import DT
from scenes.demo_kills import kill_and_continue
from scenes.random_input import soak_input, within
from scenes.screens.title import TitleScene

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
