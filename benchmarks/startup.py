"""Start-up time: from launching `main.py` to its first title frame on screen, in ms.

Run: `python -m benchmarks.startup [--repeat R]`. Each launch is a fresh interpreter (`main.py --windowed`, the
default 1280x720 window: SDL's dummy display refuses a larger one, as `--size` is bounded by the display) under
SDL's dummy drivers (unless SDL_VIDEODRIVER is set, e.g. to x11 under Xvfb) with DOUDIZHU_FIRST_FRAME set, so the
game prints the system's monotonic clock when its first frame is flipped and leaves; the figure is that instant
minus the one just before the launch. The first launch pays for a cold disk cache and Python's bytecode
compilation (here of every module, the standard library's too); the later ones are what a player sees on a
second start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def launch(saves: str, pycache: str) -> tuple[float, float]:
    """One launch: ms from the call to the first frame, and the CPU ms the game spent until then. Bytecode is
    cached in `pycache`, as a player's Python caches it beside the sources."""
    env = dict(os.environ, DOUDIZHU_FIRST_FRAME="1", PYTHONPYCACHEPREFIX=pycache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    start = time.monotonic()
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--windowed", "--saves", saves],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    shown = next(line for line in out.splitlines() if line.startswith("first frame ")).split()
    return (float(shown[2]) - start) * 1000, float(shown[3]) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="launches after the first (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as saves, tempfile.TemporaryDirectory() as pycache:
        first = launch(saves, pycache)
        later = [launch(saves, pycache) for _ in range(args.repeat)]
    print("launch -> first title frame, ms (CPU ms of the game until then; the wall clock also counts other load)")
    print(f"first launch (every module compiled): {first[0]:.0f} (CPU {first[1]:.0f})")
    wall, cpu = ([run[i] for run in later] for i in (0, 1))
    print(f"later launches: median {statistics.median(wall):.0f}, min {min(wall):.0f}, max {max(wall):.0f}", end="")
    print(f" (CPU median {statistics.median(cpu):.0f}, min {min(cpu):.0f})")


if __name__ == "__main__":
    main()
