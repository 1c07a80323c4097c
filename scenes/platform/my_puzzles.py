"""My puzzles: positions of your own hands where the solver found a forced win you missed, kept in my_puzzles.json.

The file is one puzzle chapter ("mine") in the shipped format, digest and all, written atomically with a backup.
A file edited by hand fails its digests and is refused with the reason (moved aside, named on the puzzle screen),
never trusted and never a crash.
"""

from __future__ import annotations

import json
import pathlib

from game.atomic import GuardedFile, Problem, Unusable, WriteFailed, parse_json
from game.puzzles.data import Chapter, Puzzle, PuzzleError, Source, read_chapter
from game.puzzles.make import Proven

CHAPTER = "mine"


def read_mine(text: str) -> Chapter:
    try:
        return read_chapter(parse_json(text))
    except PuzzleError as error:
        raise Unusable(f"Its puzzles cannot be trusted: {error}.", "not_my_puzzles", detail=str(error)) from None


class MyPuzzles:
    """The device's own puzzle chapter; with no directory (a game that saves nothing) it lasts as long as the
    window."""

    def __init__(self, directory: pathlib.Path | None) -> None:
        self._file = None if directory is None else GuardedFile(directory, "my_puzzles", "my puzzles file", read_mine)
        self.problem: Problem | None = None
        self.puzzles: list[Puzzle] = []
        if self._file is not None:
            outcome = self._file.read()
            self.problem = outcome.problem
            self.puzzles = list(outcome.value.puzzles) if outcome.value is not None else []

    def chapter(self) -> Chapter | None:
        return Chapter(CHAPTER, tuple(self.puzzles)) if self.puzzles else None

    def add(self, proven: Proven, source: Source) -> Puzzle | None:
        """Keep the proven position as the next of my puzzles; None when it is already one (the same source).
        A failed write is kept in `problem`; the puzzle stays for this run."""
        if any(p.source == source for p in self.puzzles):
            return None
        number = len(self.puzzles) + 1
        puzzle = proven.puzzle(source, f"{CHAPTER}-{number:02d}", number)
        self.puzzles.append(puzzle)
        if self._file is not None:
            data = json.dumps(Chapter(CHAPTER, tuple(self.puzzles)).to_dict(), ensure_ascii=False) + "\n"
            try:
                self._file.write(data.encode("utf-8"))
            except WriteFailed as failed:
                self.problem = failed.problem
        return puzzle
