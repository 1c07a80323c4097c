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

    Once this object has read, written or removed the file, it never writes over (nor removes) a good primary that
    differs from what it last saw there: another game wrote it meanwhile, and its file is kept (`WriteFailed`,
    code `changed_elsewhere`). An object that has not looked yet replaces whatever good file is there.
    """

    def __init__(self, directory: pathlib.Path, name: str, label: str, parse: Callable[[str], T]) -> None:
        self.directory = directory
        self.primary = directory / f"{name}.json"
        self.backup = directory / f"{name}.bak.json"
        self.name = name
        self.label = label
        self.parse = parse
        self._good: bytes | None = None  # the primary's content when this object last wrote or read it
        self._looked = False  # has this object read, written or removed the primary (`_good` says what it saw)?

    def exists(self) -> bool:
        return present(self.primary) or present(self.backup)

    def read(self) -> Outcome[T]:
        """The primary if it is good, else the backup if it is good. Bad files are moved aside. Never raises."""
        self._good = None
        try:
            outcome = self._read()
        except OSError as err:  # the directory itself cannot be looked at
            text = f"The {self.label} in {self.directory} cannot be read: {_reason(err)}."
            return Outcome(None, Problem(self._part("dir_unreadable", text, err, directory=str(self.directory))), False)
        self._looked = True
        return outcome

    def peek(self) -> T | None:
        """The primary's value if it is good, else the backup's: read only, nothing moved or written (a game that
        may not write in this folder). Never raises."""
        for path in (self.primary, self.backup):
            try:
                if present(path) and (found := self._check(path))[2] is None:
                    return found[0]
            except OSError:
                return None
        return None

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

    def write(self, data: bytes) -> Problem | None:
        """Make `data` the primary; the previous primary, when good, becomes the backup. What stood in the way (a
        bad primary, a folder or the like under the backup's or a temporary file's name) is moved aside, and said
        in the Problem returned (None when nothing was). Raises WriteFailed, leaving the files as they were."""
        moved: list[Part] = []
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            moved += self._remove_stale_temps()
            previous, bad = self._primary()
            if bad is not None:
                file = self.primary.name
                moved += [self._part("unusable", f"The {self.label} ({file}) cannot be used.", file=file), bad]
                moved.append(self._set_aside(self.primary))
            if previous is not None:
                if present(self.backup) and not plain(self.backup):
                    moved += self._in_the_way(self.backup)
                write_atomic(self.backup, previous)
            write_atomic(self.primary, data)
        except WriteFailed:
            raise
        except OSError as err:
            text = f"The {self.label} could not be written to {self.directory}: {_reason(err)}"
            raise WriteFailed(Problem(self._part("write_failed", text, err, directory=str(self.directory)))) from err
        self._good, self._looked = data, True
        return Problem(*moved) if moved else None

    def remove(self) -> None:
        """Delete the backup, then the primary, except that a bad file is moved aside instead: a crash between the
        two leaves the primary whole, as it was, never a backup that Continue would bring back alone. Raises
        WriteFailed."""
        try:
            _, bad = self._primary()
            if present(self.backup):
                if plain(self.backup) and self._check(self.backup)[2] is None:
                    self.backup.unlink()
                else:
                    move_aside(self.backup)
            if present(self.primary):
                if bad is None:
                    self.primary.unlink()
                else:
                    move_aside(self.primary)
            self._remove_stale_temps()
        except WriteFailed:
            raise
        except OSError as err:
            text = f"The {self.label} in {self.directory} could not be removed: {_reason(err)}"
            raise WriteFailed(Problem(self._part("remove_failed", text, err, directory=str(self.directory)))) from err
        self._good, self._looked = None, True

    def _primary(self) -> tuple[bytes | None, Part | None]:
        """(the primary's bytes, None) when it is good, (None, why) when it is bad, (None, None) when there is none.
        Raises WriteFailed when it is a good file another game wrote since this object last saw it."""
        if not present(self.primary):
            return None, None
        if plain(self.primary) and (data := _small(self.primary)) is not None and data == self._good:
            return data, None
        _, data, reason = self._check(self.primary)
        if reason is not None:
            return None, reason
        if self._looked:
            raise WriteFailed(Problem(self._changed_elsewhere()))
        return data, None

    def _changed_elsewhere(self) -> Part:
        text = (
            f"The {self.label} in {self.directory} was changed by another game since this one last read or wrote"
            " it: that file is kept, and this game does not write over it."
        )
        return self._part("changed_elsewhere", text, directory=str(self.directory))

    def _in_the_way(self, path: pathlib.Path) -> list[Part]:
        """A folder or the like where this file's backup or temporary file goes, moved aside: what it was."""
        head = self._part("in_the_way", f"{path.name} stood in the way of the {self.label}.", file=path.name)
        return [head, not_plain(path), self._set_aside(path)]

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

    def _remove_stale_temps(self) -> list[Part]:
        """Temporary files left by a write that crashed before its rename: never a save, always safe to drop. A
        folder or the like under such a name is moved aside (what it was is returned)."""
        moved: list[Part] = []
        for name in (self.primary.name, self.backup.name):
            for stale in self.directory.glob(f".{name}.*{TEMP_SUFFIX}"):
                if plain(stale):
                    stale.unlink(missing_ok=True)
                else:
                    moved += self._in_the_way(stale)
        return moved


def _small(path: pathlib.Path) -> bytes | None:
    """The bytes of a plain file no larger than MAX_BYTES, or None (never a huge read: a sparse 100 GiB file)."""
    return None if path.stat().st_size > MAX_BYTES else path.read_bytes()


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def _capped(text: str) -> str:
    """A reason quoting a huge bad value, cut so it still fits the title screen."""
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"
