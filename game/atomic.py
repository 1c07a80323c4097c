"""Crash-safe JSON files: atomic replacement, a kept backup of the previous good version, bad files moved aside.

A `GuardedFile` is one named file in a directory (`match.json`) with its backup (`match.bak.json`). Writing never
leaves a half-written file under either name: the new text goes to a temporary file in the same directory that is
flushed, fsynced and renamed over the target, and the directory is fsynced so the rename itself survives a power cut.
Before the new version replaces the old one, the old one (if it is good) is copied to the backup the same way.
A file that fails its check is renamed to `corrupt-<UTC timestamp>.json` in the same directory: never overwritten,
never deleted, so a player or a developer can still look at it.

Every message is English (the CLI, logs and tests read it) and also comes apart into `Part`s, each a sentence with a
code and params, so a scene can say it in the player's language (scenes/words/problems.py).
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Generic, TypeVar

T = TypeVar("T")

TEMP_SUFFIX = ".tmp"
MAX_BYTES = 8 * 1024 * 1024  # far above any real save; a bigger file is not ours
MAX_REASON = 300  # characters: a reason quoting a huge bad value is cut so it still fits the title screen


@dataclass(frozen=True)
class Part:
    """One sentence of a problem. `code` names it for a translation (the key `saves.<code>`), `params` fill it,
    `detail` is technical text said as it is (an OS error, a JSON parser message), `text` the English sentence."""

    code: str
    text: str
    params: Mapping[str, object] = field(default_factory=dict)
    detail: str | None = None


class Problem(str):
    """What went wrong with a file and what was done about it: its English sentences joined, keeping the `parts`."""

    parts: tuple[Part, ...]

    def __new__(cls, *parts: Part) -> Problem:
        problem = super().__new__(cls, " ".join(part.text for part in parts))
        problem.parts = parts
        return problem


class Unusable(ValueError):
    """The content of a file cannot be used; `part` says why (its text is one player-facing sentence)."""

    def __init__(self, text: str, code: str, detail: str | None = None, **params: object) -> None:
        super().__init__(text)
        self.part = Part(code, text, params, detail)


class WriteFailed(OSError):
    """The disk refused a write; the files on disk are as they were before. The message (`problem`) is
    player-facing."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem = problem


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What reading a guarded file gave: the value (None when nothing usable exists), a player-facing problem
    when the file or its backup was unusable or missing, and whether the value came from the backup."""

    value: T | None
    problem: Problem | None
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


def present(path: pathlib.Path) -> bool:
    """Is anything under this name: a file, and also a folder, a link (even a broken one) or a device? Anything but
    a plain file there is a bad file, to be moved aside, never read through or written over."""
    return path.is_file() or path.is_symlink() or path.exists()


def plain(path: pathlib.Path) -> bool:
    """Is `path` itself a plain file (not a link to one)?"""
    return stat.S_ISREG(path.lstat().st_mode)


def not_plain(path: pathlib.Path) -> Part:
    """What stands under a file's name when it is not a plain file."""
    mode = path.lstat().st_mode
    if stat.S_ISDIR(mode):
        return Part("is_folder", "It is a folder, not a file.")
    if stat.S_ISLNK(mode):
        return Part("is_link", "It is a link to another file, which the game never writes.")
    return Part("is_special", "It is not a plain file (a device or a pipe).")


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
        raise Unusable("The file is empty.", "empty")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unusable("The file is not text: it holds binary data.", "binary") from None


class _NotANumber(ValueError):
    """NaN, Infinity or -Infinity: Python's json reads them, but they are not JSON and the game never writes them."""


def _no_constants(name: str) -> object:
    raise _NotANumber(name)


def parse_json(text: str) -> object:
    try:
        return json.loads(text, parse_constant=_no_constants)
    except _NotANumber as err:
        word = repr(str(err))
        raise Unusable(f"The file holds {word}, which is no number JSON knows.", "not_a_number", value=word) from None
    except json.JSONDecodeError as err:
        if _cut_short(text, err):
            raise Unusable("The file is cut short: it ends in the middle of the saved data.", "cut_short") from None
        raise Unusable(
            f"The file is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}).",
            "not_json_at",
            err.msg,
            line=err.lineno,
            column=err.colno,
        ) from None
    except (ValueError, RecursionError):
        raise Unusable("The file is not valid JSON.", "not_json") from None


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


# How a message names a JSON value of each kind; a scene translates the same codes (`saves.value_<code>`).
VALUE_WORDS = {
    "null": "nothing (null)",
    "bool": "true/false",
    "huge": "a huge number",
    "text": "text",
    "table": "a table",
    "list": "a list with something else in it",
}


def value_code(value: object) -> str:
    """A JSON value as a message names it: a key of VALUE_WORDS, or the number itself."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return str(value) if abs(value) < 10**9 else "huge"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "table"
    return "list" if isinstance(value, list) else type(value).__name__


def describe(value: object) -> str:
    """A JSON value as an English message names it: its kind, or the number itself."""
    code = value_code(value)
    return VALUE_WORDS.get(code, code)


class GuardedFile(Generic[T]):
    """`<name>.json` and `<name>.bak.json` in `directory`, read through `parse` (which raises Unusable).

    `label` names the content for English messages ("saved match", "statistics file"); a translation names it by
    `name` (the `subject` param of each part).
    """

    def __init__(self, directory: pathlib.Path, name: str, label: str, parse: Callable[[str], T]) -> None:
        self.directory = directory
        self.primary = directory / f"{name}.json"
        self.backup = directory / f"{name}.bak.json"
        self.name = name
        self.label = label
        self.parse = parse
        self._good: bytes | None = None  # the primary's content when this object last wrote or read it

    def exists(self) -> bool:
        return present(self.primary) or present(self.backup)

    def read(self) -> Outcome[T]:
        """The primary if it is good, else the backup if it is good. Bad files are moved aside. Never raises."""
        self._good = None
        try:
            return self._read()
        except OSError as err:  # the directory itself cannot be looked at
            text = f"The {self.label} in {self.directory} cannot be read: {_reason(err)}."
            return Outcome(None, Problem(self._part("dir_unreadable", text, err, directory=str(self.directory))), False)

    def _read(self) -> Outcome[T]:
        file = self.primary.name
        if present(self.primary):
            value, data, reason = self._check(self.primary)
            if reason is None:
                self._good = data
                return Outcome(value, None, from_backup=False)
            head = self._part("unusable", f"The {self.label} ({file}) cannot be used.", file=file)
            problem = (head, reason, self._set_aside(self.primary))
        elif present(self.backup):
            problem = (self._part("missing", f"The {self.label} ({file}) is missing.", file=file),)
        else:
            return Outcome(None, None, from_backup=False)
        if not present(self.backup):
            return Outcome(None, Problem(*problem, Part("no_backup", "There is no backup to fall back on.")), False)
        backup = self.backup.name
        value, data, reason = self._check(self.backup)
        if reason is None:
            self._restore_primary(data)
            used = Part("backup_used", f"The previous save ({backup}) was used instead.", {"backup": backup})
            return Outcome(value, Problem(*problem, used), True)
        either = Part("backup_unusable", f"Its backup ({backup}) cannot be used either.", {"backup": backup})
        return Outcome(None, Problem(*problem, either, reason, self._set_aside(self.backup)), False)

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
            text = f"The {self.label} could not be written to {self.directory}: {_reason(err)}"
            raise WriteFailed(Problem(self._part("write_failed", text, err, directory=str(self.directory)))) from err
        self._good = data

    def remove(self) -> None:
        """Delete the primary and the backup, except that a bad file is moved aside instead. Raises WriteFailed."""
        try:
            for path in (self.primary, self.backup):
                if not present(path):
                    continue
                if plain(path) and (
                    (path is self.primary and path.read_bytes() == self._good) or self._check(path)[2] is None
                ):
                    path.unlink()
                else:
                    move_aside(path)
            self._remove_stale_temps()
        except OSError as err:
            text = f"The {self.label} in {self.directory} could not be removed: {_reason(err)}"
            raise WriteFailed(Problem(self._part("remove_failed", text, err, directory=str(self.directory)))) from err
        self._good = None

    def _previous_good(self) -> bytes | None:
        """The primary's content if it may become the backup; a bad primary is moved aside instead."""
        if not present(self.primary):
            return None
        if plain(self.primary):
            data = self.primary.read_bytes()
            if data == self._good or self._check(self.primary)[2] is None:
                return data
        move_aside(self.primary)
        return None

    def _part(self, code: str, text: str, err: OSError | None = None, **params: object) -> Part:
        """A sentence about this file (its `subject` is the file's name), with the system's reason when `err`."""
        return Part(code, text, {"subject": self.name, **params}, None if err is None else _reason(err))

    def _check(self, path: pathlib.Path) -> tuple[T | None, bytes, Part | None]:
        """(value, raw bytes, None) for a good file, or (None, raw bytes, the reason it is bad)."""
        try:
            if not plain(path):
                return None, b"", not_plain(path)
            if (size := path.stat().st_size) > MAX_BYTES:
                return (
                    None,
                    b"",
                    Part("too_large", f"The file is too large ({size} bytes) to be one of ours.", {"size": size}),
                )
            data = path.read_bytes()
        except OSError as err:
            return None, b"", Part("unreadable", f"The file cannot be read: {_reason(err)}.", detail=_reason(err))
        try:
            return self.parse(decode(data)), data, None
        except Unusable as err:
            part = err.part
            return None, data, replace(part, text=_capped(part.text), detail=part.detail and _capped(part.detail))
        except Exception as err:  # a save file must never crash the game: say what broke instead
            name = type(err).__name__
            return None, data, Part("not_understood", f"The file could not be understood ({name}).", detail=name)

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

    def _set_aside(self, path: pathlib.Path) -> Part:
        try:
            name = move_aside(path).name
        except OSError as err:
            return Part("not_moved", f"It could not be moved aside ({_reason(err)}).", detail=_reason(err))
        return Part("moved_aside", f"It was moved aside to {name}.", {"name": name})

    def _remove_stale_temps(self) -> None:
        """Temporary files left by a write that crashed before its rename: never a save, always safe to drop."""
        for name in (self.primary.name, self.backup.name):
            for stale in self.directory.glob(f".{name}.*{TEMP_SUFFIX}"):
                stale.unlink(missing_ok=True)


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def _capped(text: str) -> str:
    """A reason quoting a huge bad value, cut so it still fits the title screen."""
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"
