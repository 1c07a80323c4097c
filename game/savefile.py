"""The saved match for Continue: `match.json` written after every action, `match.bak.json` one step behind.

`SaveStore(directory).save(match, table)` after each action; `load()` on Continue. Loading never raises: every way a
file can be bad (cut short, not text, not JSON, a wrong or future version, wrong types, cards duplicated or missing,
scores or cards that disagree with the action log, an illegal action) becomes a player-facing `problem` (English,
and in parts a scene translates: game.atomic.Problem),
the bad file is moved aside to `corrupt-<timestamp>.json`, and the backup is used when it is good.
See docs/saves.md for the format, the version policy and every message.
"""

from __future__ import annotations

import json
import os
import pathlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from game.atomic import GuardedFile, Problem, Unusable, WriteFailed, describe, parse_json, value_code
from game.cards import RANK_INDEX, RANK_NAMES, RANKS
from game.match import Match
from game.serialize import VERSION, SaveError, SnapshotMismatch, from_dict, to_dict

ENV_VAR = "DOUDIZHU_SAVES"
PROJECT_SAVES = pathlib.Path(__file__).resolve().parent.parent / "saves"

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]


def _renumber(version: int) -> Upgrader:
    """An upgrade that only renumbers: the newer version added actions or rulesets an older save cannot hold."""
    return lambda data: {**data, "version": version + 1}


# Version n -> a function turning a version-n save into a version n+1 save. When serialize.VERSION is bumped, the
# entry for the old version is added here in the same change, so every save a released game wrote still loads.
# 2 added the "expired" action (the 003 deal limit); 3 the rob and two-player rulesets and their actions (004, 003);
# 4 the wildcard and swap-three rulesets, the swap action and a play's stand-in ranks (003).
# What version 4 changed in the presets, as the options that keep a version-3 match dealing and ending as it did:
# no-shuffle dealt its collected pack one card at a time, and every preset's match ended at 30 (docs/saves.md).
PRESETS_BEFORE_4: dict[str, dict[str, Any]] = {
    "no-shuffle": {"packet": 1, "match_target": 30},
    "rob": {"match_target": 30},
    "two-player": {"match_target": 30},
    "four-player": {"match_target": 30},
}


def _pin_presets(data: dict[str, Any]) -> dict[str, Any]:
    """3 -> 4: a preset's old dealing and match target become options of the save, unless it already has its own."""
    ruleset, options = data.get("ruleset"), data.get("options", {})
    pins = PRESETS_BEFORE_4.get(ruleset, {}) if isinstance(ruleset, str) else {}
    if not pins or not isinstance(options, dict):
        return {**data, "version": 4}
    return {**data, "version": 4, "options": {**pins, **options}}


UPGRADERS: dict[int, Upgrader] = {1: _renumber(1), 2: _renumber(2), 3: _pin_presets}

TABLE = "table"
SAVED_AT = "saved_at"


def default_directory(override: str | None = None) -> pathlib.Path:
    """Where saves live: `--saves DIR` if given, else $DOUDIZHU_SAVES if set, else the project's `saves/`."""
    chosen = override or os.environ.get(ENV_VAR)
    return pathlib.Path(chosen) if chosen else PROJECT_SAVES


@dataclass(frozen=True)
class Loaded:
    """The result of `SaveStore.load()`.

    `match` is None when nothing usable exists. `problem` is set whenever match.json was unusable or missing, even
    when the backup was good (then `from_backup` is True and the title screen should show the problem anyway).
    """

    match: Match | None
    table: dict[str, object] = field(default_factory=dict)
    problem: Problem | None = None
    from_backup: bool = False


class SaveStore:
    """match.json and its backup in one directory (created on the first save)."""

    def __init__(self, directory: pathlib.Path) -> None:
        self.directory = pathlib.Path(directory)
        self._file = GuardedFile(self.directory, "match", "saved match", read_snapshot)
        self.failing: Problem | None = None  # why the last save failed, until a save succeeds again
        self.moved: Problem | None = None  # what the last save that found one moved out of its way

    @property
    def path(self) -> pathlib.Path:
        return self._file.primary

    def exists(self) -> bool:
        """Is there a match.json or match.bak.json (usable or not) to offer Continue for?"""
        return self._file.exists()

    def save(self, match: Match, table: dict[str, object]) -> Problem | None:
        """Write the match and the table settings (str keys, JSON values) atomically; the previous good save
        becomes the backup. Returns what had to be moved aside on the way (a bad match.json, a folder where the
        backup goes...), also kept in `moved`, or None. Raises atomic.WriteFailed, with a player-facing message,
        when the disk refuses or another game saved there since this store last read or wrote (the files on disk
        are then as they were), and keeps the problem in `failing` until a save succeeds."""
        try:
            moved = self._file.write(encode(match, table))
        except WriteFailed as refused:
            self.failing = refused.problem
            raise
        self.failing = None
        self.moved = moved or self.moved
        return moved

    def load(self) -> Loaded:
        """The saved match, or the backup with a `problem` when match.json is unusable. Never raises."""
        outcome = self._file.read()
        match, table = outcome.value if outcome.value is not None else (None, {})
        return Loaded(match, table, outcome.problem, outcome.from_backup)

    def clear(self) -> None:
        """Start a new match: the player chose to leave the old one, so match.json and its backup are deleted.
        A file that is not a good save is moved aside instead, like any bad file. Raises atomic.WriteFailed."""
        self._file.remove()


def encode(match: Match, table: dict[str, object]) -> bytes:
    """The bytes of match.json: the core snapshot (game.serialize) plus the table settings and the time saved."""
    snapshot = {**to_dict(match), TABLE: table, SAVED_AT: datetime.now(UTC).isoformat(timespec="seconds")}
    return (json.dumps(snapshot, allow_nan=False) + "\n").encode("utf-8")


def read_snapshot(text: str) -> tuple[Match, dict[str, object]]:
    """The match and table settings in the text of a save file, or Unusable with a player-facing reason."""
    data = upgrade(parse_json(text))
    if not isinstance(data, dict):
        raise Unusable("The file does not hold a saved match.", "not_a_save")
    if data.get("version") == VERSION:
        _check_shapes(data)
    table = data.get(TABLE, {})
    core = {key: value for key, value in data.items() if key not in (TABLE, SAVED_AT)}
    try:
        match = from_dict(core)
    except SnapshotMismatch as err:
        raise _explain_mismatch(core, err.expected) from None
    except SaveError as err:
        raise Unusable(str(err), err.code, err.detail, **err.params) from None
    return match, table


def upgrade(data: object, upgraders: dict[int, Upgrader] = UPGRADERS) -> object:
    """Bring an older save up to the current version, one version at a time."""
    while isinstance(data, dict) and _is_int(version := data.get("version")) and version < VERSION:
        if version not in upgraders:
            raise Unusable(f"The save format {version} is not known.", "unknown_format", version=version)
        data = upgraders[version](data)
    return data


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_of(check: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: isinstance(value, list) and all(check(item) for item in value)


# Each field of a current-version save: what it must be, as a code a scene translates (`saves.wanted_<code>`).
SHAPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "ruleset": (lambda v: isinstance(v, str), "ruleset"),
    "options": (lambda v: isinstance(v, dict), "settings"),
    "seed": (_is_int, "whole"),
    "first_deal": (lambda v: v is None or _is_int(v), "deal"),
    "actions": (lambda v: isinstance(v, list), "actions"),
    "scores": (_list_of(_is_int), "wholes"),
    "phase": (lambda v: isinstance(v, str), "phase"),
    "hand_no": (_is_int, "whole"),
    "deal_no": (_is_int, "whole"),
    "hands": (_list_of(lambda v: isinstance(v, str)), "ranks"),
    "winners": (_list_of(_is_int), "seats"),
    TABLE: (lambda v: isinstance(v, dict), "settings"),
    SAVED_AT: (lambda v: isinstance(v, str), "date"),
}
# ... and as the English message names it.
WANTED_WORDS = {
    "ruleset": "a ruleset name",
    "whole": "a whole number",
    "deal": "a deal number or null",
    "actions": "a list of actions",
    "wholes": "a list of whole numbers",
    "phase": "a phase name",
    "ranks": "a list of rank strings",
    "seats": "a list of seats",
    "settings": "a table of settings",
    "date": "a date",
}


def _check_shapes(data: dict[str, Any]) -> None:
    for key, (check, wanted) in SHAPES.items():
        if key in data and not check(data[key]):
            text = f"The save's {key!r} should be {WANTED_WORDS[wanted]}, but it holds {describe(data[key])}."
            raise Unusable(text, "wrong_type", field=repr(key), wanted=wanted, held=value_code(data[key]))


def _explain_mismatch(core: dict[str, Any], expected: dict[str, Any]) -> Unusable:
    """Which part of a snapshot disagrees with what its own action log replays to."""
    missing = [key for key in expected if key not in core]
    if missing:
        return Unusable(f"The save lacks its {missing[0]!r} record.", "lacks_record", field=repr(missing[0]))
    unknown = [key for key in core if key not in expected]
    if unknown:
        text = f"The save holds a field {unknown[0]!r} the game does not know."
        return Unusable(text, "unknown_field", field=repr(unknown[0]))
    if core["hands"] != expected["hands"]:
        return _explain_hands(core["hands"], expected["hands"])
    if core["scores"] != expected["scores"]:
        saved, earned = ("/".join(str(s) for s in scores) for scores in (core["scores"], expected["scores"]))
        text = f"The saved scores {saved} do not match the hands settled in its log ({earned})."
        return Unusable(text, "scores_differ", saved=saved, earned=earned)
    wrong = next(key for key in expected if core[key] != expected[key])
    return Unusable(f"The save's {wrong!r} does not match its own action log.", "log_differs", field=repr(wrong))


def _explain_hands(saved: list[str], dealt: list[str]) -> Unusable:
    have, want = Counter("".join(saved)), Counter("".join(dealt))
    extra, gone = _ranks(have - want), _ranks(want - have)
    said = {"extra": _rank_list(extra), "gone": _rank_list(gone)}
    if extra and not gone:
        return Unusable(
            "The saved hands hold duplicated cards: an extra {extra}.".format(**said), "extra_cards", extra=extra
        )
    if gone and not extra:
        return Unusable("The saved hands are missing cards: {gone}.".format(**said), "missing_cards", gone=gone)
    if extra:
        text = "The saved hands do not match the cards dealt: an extra {extra}, and no {gone}.".format(**said)
        return Unusable(text, "cards_differ", extra=extra, gone=gone)
    return Unusable("The saved hands do not match the cards dealt: cards were moved between players.", "cards_moved")


def _ranks(counts: Counter[str]) -> tuple[int | str, ...]:
    """The cards counted, low to high: a rank index each, or the character itself when it is no rank."""
    ranks = sorted(counts.elements(), key=lambda ch: RANK_INDEX.get(ch, len(RANKS)))
    return tuple(RANK_INDEX.get(ch, repr(ch)) for ch in ranks)


def _rank_list(ranks: tuple[int | str, ...]) -> str:
    return ", ".join(RANK_NAMES[rank] if isinstance(rank, int) else rank for rank in ranks)
