"""The player's statistics, kept beside the save in stats.json with the same atomic writing and backup.

Counted for the human seat only: hands played to a settlement (an abandoned hand adds nothing, 000 §21), hands as
landlord, wins as landlord and as farmer, springs, the best single-hand score, and matches played and won.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import asdict, dataclass, fields, replace

from game.atomic import GuardedFile, Problem, Unusable, describe, parse_json, value_code
from game.scoring import Settlement

STATS_VERSION = 1
SIDE_SPRINGS = {True: "spring", False: "reverse_spring"}  # landlord won -> the landlord's spring; else the farmers'


@dataclass(frozen=True)
class Stats:
    hands: int = 0  # hands played to a settlement
    landlord_hands: int = 0
    landlord_wins: int = 0
    farmer_wins: int = 0
    springs: int = 0  # hands the player's side won with a spring (as landlord) or a reverse spring (as farmer)
    best_score: int = 0  # the most points won in one hand
    matches: int = 0  # matches played to the end
    matches_won: int = 0

    @property
    def wins(self) -> int:
        return self.landlord_wins + self.farmer_wins

    def after_hand(self, settlement: Settlement, seat: int) -> Stats:
        """These statistics once the hand `settlement` describes is counted for the player at `seat`."""
        if not 0 <= seat < len(settlement.deltas):
            raise ValueError(f"seat {seat} is not at this table")
        landlord = settlement.landlord == seat
        won = landlord == settlement.landlord_won
        spring = won and SIDE_SPRINGS[settlement.landlord_won] in settlement.doublings
        return replace(
            self,
            hands=self.hands + 1,
            landlord_hands=self.landlord_hands + landlord,
            landlord_wins=self.landlord_wins + (won and landlord),
            farmer_wins=self.farmer_wins + (won and not landlord),
            springs=self.springs + spring,
            best_score=max(self.best_score, settlement.deltas[seat]),
        )

    def after_match(self, winners: tuple[int, ...], seat: int) -> Stats:
        """These statistics once a match won by `winners` is counted for the player at `seat`."""
        return replace(self, matches=self.matches + 1, matches_won=self.matches_won + (seat in winners))

    def to_dict(self) -> dict[str, int]:
        return {"version": STATS_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """Statistics from their JSON form, or Unusable with a player-facing reason."""
        if not isinstance(data, dict):
            raise Unusable("The file does not hold statistics.", "not_stats")
        version = data.get("version")
        if version != STATS_VERSION or isinstance(version, bool):
            text = f"The statistics are in an unknown format ({describe(version)}; this game writes {STATS_VERSION})."
            raise Unusable(text, "stats_format", held=value_code(version), current=STATS_VERSION)
        names = [f.name for f in fields(cls)]
        for key in data:
            if key != "version" and key not in names:
                text = f"The statistics hold a field {key!r} the game does not know."
                raise Unusable(text, "stats_unknown_field", field=repr(key))
        for name in names:
            value = data.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                text = f"The statistics' {name!r} should be a whole number of at least 0, not {describe(value)}."
                raise Unusable(text, "stats_not_count", field=repr(name), held=value_code(value))
        stats = cls(**{name: data[name] for name in names})
        if not stats.consistent():
            text = "The statistics contradict themselves (more wins than hands or matches played)."
            raise Unusable(text, "stats_contradict")
        return stats

    def consistent(self) -> bool:
        return (
            self.landlord_wins <= self.landlord_hands <= self.hands
            and self.wins <= self.hands
            and self.springs <= self.wins
            and self.matches_won <= self.matches
        )


def read_stats(text: str) -> Stats:
    return Stats.from_dict(parse_json(text))


class StatsStore:
    """stats.json in the save directory. `problem` holds the player-facing problem of the last load (or what a
    write moved out of its way), if any."""

    def __init__(self, directory: pathlib.Path) -> None:
        self._file = GuardedFile(pathlib.Path(directory), "stats", "statistics file", read_stats)
        self._stats: Stats | None = None
        self.problem: Problem | None = None

    def load(self) -> Stats:
        """The saved statistics (zero when there are none). Never raises; a bad file is moved aside and reported
        in `problem`, and the backup is used when it is good."""
        outcome = self._file.read()
        self.problem = outcome.problem
        self._stats = outcome.value or Stats()
        return self._stats

    def record_hand(self, settlement: Settlement, seat: int) -> Stats:
        """Count a settled hand for the player at `seat` and write the result. Raises atomic.WriteFailed."""
        return self._store(self._current().after_hand(settlement, seat))

    def record_match(self, winners: tuple[int, ...], seat: int) -> Stats:
        """Count a finished match for the player at `seat` and write the result. Raises atomic.WriteFailed."""
        return self._store(self._current().after_match(winners, seat))

    def _current(self) -> Stats:
        return self._stats if self._stats is not None else self.load()

    def _store(self, stats: Stats) -> Stats:
        self._stats = stats  # kept even if the write fails, so the next successful write still counts it
        moved = self._file.write((json.dumps(stats.to_dict()) + "\n").encode("utf-8"))
        self.problem = moved or self.problem  # a bad file or a folder moved out of the way: said like a bad load
        return stats
