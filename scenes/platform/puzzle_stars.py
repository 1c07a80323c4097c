"""The puzzles this device has solved (the stars of the puzzle screen), kept across launches in puzzle_stars.json.

The file is written like the preferences (atomically, with a backup); a bad or hand-edited file never stops the
game: it is moved aside, the stars start again from none, and the puzzle screen names the problem.
"""

from __future__ import annotations

import json
import pathlib

from game.atomic import GuardedFile, Problem, Unusable, WriteFailed, describe, parse_json, value_code


def read_stars(text: str) -> frozenset[str]:
    data = parse_json(text)
    solved = data.get("solved") if isinstance(data, dict) else None
    if not isinstance(solved, list) or not all(isinstance(item, str) for item in solved):
        shown = f"It holds {describe(data)} where a list of solved puzzles belongs."
        raise Unusable(shown, "not_puzzle_stars", held=value_code(data))
    return frozenset(solved)


class Stars:
    """The solved puzzle ids; with no directory (a game that saves nothing) they last as long as the window."""

    def __init__(self, directory: pathlib.Path | None) -> None:
        self._file = None
        if directory is not None:
            self._file = GuardedFile(directory, "puzzle_stars", "puzzle stars file", read_stars)
        self.problem: Problem | None = None
        self.solved: set[str] = set()
        if self._file is not None:
            outcome = self._file.read()
            self.problem = outcome.problem
            self.solved = set(outcome.value or ())

    def add(self, puzzle_id: str) -> None:
        """Star a solved puzzle and keep it; a failed write is kept in `problem`, the star stays for this run."""
        if puzzle_id in self.solved:
            return
        self.solved.add(puzzle_id)
        if self._file is None:
            return
        try:
            self._file.write((json.dumps({"solved": sorted(self.solved)}) + "\n").encode("utf-8"))
        except WriteFailed as failed:
            self.problem = failed.problem
