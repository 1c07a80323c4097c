"""Crash-safe JSON files: atomic replacement, a kept backup of the previous good version, bad files moved aside.

A `GuardedFile` is one named file in a directory (`match.json`) with its backup (`match.bak.json`). Writing never
leaves a half-written file under either name: the new text goes to a temporary file in the same directory that is
flushed, fsynced and renamed over the target, and the directory is fsynced so the rename itself survives a power cut.
Before the new version replaces the old one, the old one (if it is good) is copied to the backup the same way.
A file that fails its check is renamed to `corrupt-<UTC timestamp>.json` in the same directory: never overwritten,
never deleted, so a player or a developer can still look at it.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Generic, TypeVar

T = TypeVar("T")

TEMP_SUFFIX = ".tmp"
MAX_BYTES = 8 * 1024 * 1024  # far above any real save; a bigger file is not ours
MAX_REASON = 300  # characters: a reason quoting a huge bad value is cut so it still fits the title screen


class Unusable(ValueError):
    """The content of a file cannot be used; the message is one player-facing sentence."""


class WriteFailed(OSError):
    """The disk refused a write; the files on disk are as they were before. The message is player-facing."""


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What reading a guarded file gave: the value (None when nothing usable exists), a player-facing problem
    when the file or its backup was unusable or missing, and whether the value came from the backup."""

    value: T | None
    problem: str | None
    from_backup: bool


def write_atomic(path: pathlib.Path, data: bytes) -> None:
    """Replace `path` with `data` so that any crash leaves either the old or the new file, never a mix."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        pathlib.Path(temp).unlink(missing_ok=True)
        raise
    sync_directory(path.parent)


def sync_directory(directory: pathlib.Path) -> None:
    """Make renames in `directory` durable (a no-op where directories cannot be opened, as on Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_aside(path: pathlib.Path) -> pathlib.Path:
    """Rename a bad file to a fresh `corrupt-<timestamp>.json` beside it and return the new path."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"corrupt-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"corrupt-{stamp}-{n}.json")
    os.replace(path, target)
    sync_directory(path.parent)
    return target


def decode(data: bytes) -> str:
    """The text of a file, or Unusable naming why it is not text."""
    if not data.strip():
        raise Unusable("The file is empty.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unusable("The file is not text: it holds binary data.") from None


def parse_json(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        if _cut_short(text, err):
            raise Unusable("The file is cut short: it ends in the middle of the saved data.") from None
        raise Unusable(f"The file is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}).") from None
    except (ValueError, RecursionError):
        raise Unusable("The file is not valid JSON.") from None


_PARTIAL_TOKEN = re.compile(r"(n(u(ll?)?)?|t(r(ue?)?)?|f(a(l(se?)?)?)?|-?[0-9]*(\.[0-9]*)?([eE][-+]?[0-9]*)?)")
_PARTIAL_ESCAPE = re.compile(r"u[0-9a-fA-F]{0,4}")  # also a complete escape at the very end


def _cut_short(text: str, err: json.JSONDecodeError) -> bool:
    """Does the text stop where more JSON had to follow (a file cut short), rather than hold something else?"""
    rest = text[err.pos :].rstrip()
    if err.msg.startswith("Unterminated string"):
        return True
    if err.msg.startswith("Invalid \\uXXXX escape"):
        return _PARTIAL_ESCAPE.fullmatch(rest) is not None
    return _PARTIAL_TOKEN.fullmatch(rest) is not None


def describe(value: object) -> str:
    """A JSON value as a message names it: its kind, or the number itself."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return str(value) if abs(value) < 10**9 else "a huge number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a table"
    return "a list with something else in it" if isinstance(value, list) else type(value).__name__


class GuardedFile(Generic[T]):
    """`<name>.json` and `<name>.bak.json` in `directory`, read through `parse` (which raises Unusable).

    `label` names the content for messages ("saved match", "statistics file").
    """

    def __init__(self, directory: pathlib.Path, name: str, label: str, parse: Callable[[str], T]) -> None:
        self.directory = directory
        self.primary = directory / f"{name}.json"
        self.backup = directory / f"{name}.bak.json"
        self.label = label
        self.parse = parse
        self._good: bytes | None = None  # the primary's content when this object last wrote or read it

    def exists(self) -> bool:
        return self.primary.is_file() or self.backup.is_file()

    def read(self) -> Outcome[T]:
        """The primary if it is good, else the backup if it is good. Bad files are moved aside. Never raises."""
        self._good = None
        try:
            return self._read()
        except OSError as err:  # the directory itself cannot be looked at
            return Outcome(None, f"The {self.label} in {self.directory} cannot be read: {_reason(err)}.", False)

    def _read(self) -> Outcome[T]:
        if self.primary.is_file():
            value, data, reason = self._check(self.primary)
            if reason is None:
                self._good = data
                return Outcome(value, None, from_backup=False)
            problem = f"The {self.label} ({self.primary.name}) cannot be used. {reason} {self._set_aside(self.primary)}"
        elif self.backup.is_file():
            problem = f"The {self.label} ({self.primary.name}) is missing."
        else:
            return Outcome(None, None, from_backup=False)
        if not self.backup.is_file():
            return Outcome(None, f"{problem} There is no backup to fall back on.", from_backup=False)
        value, data, reason = self._check(self.backup)
        if reason is None:
            self._restore_primary(data)
            return Outcome(value, f"{problem} The previous save ({self.backup.name}) was used instead.", True)
        aside = self._set_aside(self.backup)
        return Outcome(
            None, f"{problem} Its backup ({self.backup.name}) cannot be used either. {reason} {aside}", False
        )

    def write(self, data: bytes) -> None:
        """Make `data` the primary; the previous primary, when good, becomes the backup. Raises WriteFailed."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._remove_stale_temps()
            previous = self._previous_good()
            if previous is not None:
                write_atomic(self.backup, previous)
            write_atomic(self.primary, data)
        except OSError as err:
            raise WriteFailed(f"The {self.label} could not be written to {self.directory}: {_reason(err)}") from err
        self._good = data

    def remove(self) -> None:
        """Delete the primary and the backup, except that a bad file is moved aside instead. Raises WriteFailed."""
        try:
            for path in (self.primary, self.backup):
                if not path.is_file():
                    continue
                if (path is self.primary and path.read_bytes() == self._good) or self._check(path)[2] is None:
                    path.unlink()
                else:
                    move_aside(path)
            self._remove_stale_temps()
        except OSError as err:
            raise WriteFailed(f"The {self.label} in {self.directory} could not be removed: {_reason(err)}") from err
        self._good = None

    def _previous_good(self) -> bytes | None:
        """The primary's content if it may become the backup; a bad primary is moved aside instead."""
        if not self.primary.is_file():
            return None
        data = self.primary.read_bytes()
        if data == self._good or self._check(self.primary)[2] is None:
            return data
        move_aside(self.primary)
        return None

    def _check(self, path: pathlib.Path) -> tuple[T | None, bytes, str | None]:
        """(value, raw bytes, None) for a good file, or (None, raw bytes, the reason it is bad)."""
        try:
            if path.stat().st_size > MAX_BYTES:
                return None, b"", f"The file is too large ({path.stat().st_size} bytes) to be one of ours."
            data = path.read_bytes()
        except OSError as err:
            return None, b"", f"The file cannot be read: {_reason(err)}."
        try:
            return self.parse(decode(data)), data, None
        except Unusable as err:
            reason = str(err)
            return None, data, reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"
        except Exception as err:  # a save file must never crash the game: say what broke instead
            return None, data, f"The file could not be understood ({type(err).__name__})."

    def _restore_primary(self, data: bytes) -> None:
        """Put the good backup back under the primary's name, so the next start finds a clean save (unless a bad
        primary could not be moved aside: it is never overwritten)."""
        if self.primary.exists():
            return
        try:
            write_atomic(self.primary, data)
        except OSError:
            return  # the backup still holds it; the next write makes a new primary
        self._good = data

    def _set_aside(self, path: pathlib.Path) -> str:
        try:
            return f"It was moved aside to {move_aside(path).name}."
        except OSError as err:
            return f"It could not be moved aside ({_reason(err)})."

    def _remove_stale_temps(self) -> None:
        """Temporary files left by a write that crashed before its rename: never a save, always safe to drop."""
        for name in (self.primary.name, self.backup.name):
            for stale in self.directory.glob(f".{name}.*{TEMP_SUFFIX}"):
                stale.unlink(missing_ok=True)


def _reason(err: OSError) -> str:
    return err.strerror or str(err)
