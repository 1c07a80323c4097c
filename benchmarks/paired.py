"""Paired comparison of two arena runs on the same deals: `python -m benchmarks.paired BEFORE... --after AFTER...`.

Each file is a `python -m benchmarks.bots --pairs X:rlcard --log FILE` run (several files per side are joined,
e.g. a run split with `--first`). Deals played by both are compared game by game: the opponent and the seeds are
the same, so a game changes only where the bots' play does, and the difference is far less noisy than two
separate win rates. Prints the change in the share of games won as landlord, as farmers and overall, and in points
per duplicate deal, each with its 95% interval, and how many games the change won and lost.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path


def load(paths: list[Path]) -> dict[int, dict]:
    return {row["deal"]: row for path in paths for row in map(json.loads, path.read_text().splitlines())}


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, half


def compare(before: dict[int, dict], after: dict[int, dict]) -> list[str]:
    deals = sorted(before.keys() & after.keys())
    if not deals:
        raise SystemExit("the two runs share no deal")
    out = [f"{len(deals)} deals played by both"]
    for side in ("landlord", "farmers"):
        diffs = [(after[d][side] > 0) - (before[d][side] > 0) for d in deals]
        mean, half = interval(diffs)
        was = statistics.fmean(before[d][side] > 0 for d in deals)
        won, lost = diffs.count(1), diffs.count(-1)
        out.append(
            f"  as {side}: WP {100 * was:.1f}% -> {100 * (was + mean):.1f}%,"
            f" change {100 * mean:+.1f} ± {100 * half:.1f} ({won} games won, {lost} lost)"
        )
    both = [
        (
            (after[d]["landlord"] > 0)
            + (after[d]["farmers"] > 0)
            - (before[d]["landlord"] > 0)
            - (before[d]["farmers"] > 0)
        )
        / 2
        for d in deals
    ]
    mean, half = interval(both)
    out.append(f"  overall: WP change {100 * mean:+.2f} ± {100 * half:.2f} points")
    mean, half = interval([after[d]["points"] - before[d]["points"] for d in deals])
    out.append(f"  points per duplicate deal: change {mean:+.2f} ± {half:.2f}")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="BEFORE files, then --after's")
    parser.add_argument("--after", nargs="+", type=Path, required=True, help="the changed run's files")
    args = parser.parse_args(argv)
    print("\n".join(compare(load(args.files), load(args.after))))


if __name__ == "__main__":
    main()
