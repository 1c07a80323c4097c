"""The bots of an earlier commit as an arena player (`LEVEL#COMMIT`, e.g. `hard#f3e94a8`): issue 12 asks whether
`hard` beats the `hard` it started from, in the same process and on the same deals.

The commit's `game/` is taken out of git into a temporary folder under another package name (`game_<commit>`, its
imports renamed to match), so both trees load side by side. The old bots are asked through the public dict API
(`game.bots.choose`), which is kept stable; they move only, and bid, double and show as today's bots of the level.
Nothing of the old tree is kept: the folder goes when the process ends.
"""

from __future__ import annotations

import atexit
import importlib
import io
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from game.observe import Observation

ROOT = Path(__file__).resolve().parents[2]  # the checkout: `git archive` reads its history
IMPORTS = re.compile(r"\b(from|import) game\b")


def old_choose(commit: str) -> Callable[[dict], str]:
    """`game.bots.choose` as it was at `commit`."""
    name = f"game_{re.sub(r'[^0-9A-Za-z]', '_', commit)}"
    if name not in sys.modules:
        archive = subprocess.run(["git", "archive", commit, "game"], cwd=ROOT, capture_output=True, check=False)
        if archive.returncode:
            raise SystemExit(f"no bots at {commit!r}: {archive.stderr.decode().strip()}")
        folder = Path(tempfile.mkdtemp(prefix="old-bots-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        (folder / "game").rename(folder / name)
        for source in (folder / name).rglob("*.py"):
            source.write_text(IMPORTS.sub(rf"\1 {name}", source.read_text()))
        sys.path.insert(0, str(folder))
    return importlib.import_module(f"{name}.bots").choose


def old_mover(level: str, commit: str) -> Callable[[Observation, random.Random], str]:
    choose = old_choose(commit)
    return lambda view, rng: choose(view.to_bot_dict(level))
