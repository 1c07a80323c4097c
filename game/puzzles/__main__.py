"""`python -m game.puzzles generate [--seed S] [--count N]` writes the chapters to assets/puzzles/;
`python -m game.puzzles verify` re-proves every shipped puzzle and exits 1 if any is refused or not a forced win."""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

from game import bots
from game.puzzles.data import ASSETS, load_all, save_chapter
from game.puzzles.generate import FORMS, chapter
from game.puzzles.verify import problems

DEFAULT_SEED = 16
DEFAULT_COUNT = 22


def generate(seed: int, count: int, level: str, folder: pathlib.Path) -> int:
    for form in FORMS:
        started = time.perf_counter()
        made = chapter(form, seed, count, level, report=lambda line: print(line, end="\r", flush=True))
        path = save_chapter(made, folder)
        print(f"{path}: {len(made.puzzles)} puzzles in {time.perf_counter() - started:.1f} s" + " " * 20)
    return 0


def verify(folder: pathlib.Path) -> int:
    chapters, refused = load_all(folder)
    for message in refused:
        print(f"refused: {message}")
    failed = len(refused)
    total = nodes = 0
    started = time.perf_counter()
    for loaded in chapters:
        for puzzle in loaded.puzzles:
            found, searched = problems(puzzle)
            total += 1
            nodes += searched
            for problem in found:
                print(f"{loaded.name}/{puzzle.id}: {problem}")
            failed += bool(found)
    elapsed = time.perf_counter() - started
    print(
        f"{total} puzzles in {len(chapters)} chapters re-proven in {elapsed:.1f} s ({nodes} positions searched); "
        f"{failed} failed"
    )
    return 1 if failed or not total else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.puzzles", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="generate the chapters from seeded bot-played deals")
    make.add_argument("--seed", type=int, default=DEFAULT_SEED)
    make.add_argument("--count", type=int, default=DEFAULT_COUNT, help="puzzles per chapter")
    make.add_argument("--level", default="easy", choices=bots.LEVELS)
    make.add_argument("--out", type=pathlib.Path, default=ASSETS)
    check = commands.add_parser("verify", help="re-prove every puzzle with the exact solver")
    check.add_argument("--dir", type=pathlib.Path, default=ASSETS)
    args = parser.parse_args(argv)
    if args.command == "generate":
        return generate(args.seed, args.count, args.level, args.out)
    return verify(args.dir)


if __name__ == "__main__":
    sys.exit(main())
