"""One game at a time in a saves folder: an exclusive lock on `game.lock` there, held for the game's life.

Two games saving in one folder overwrite each other's match (a player who double-clicks opens a second game). The
lock is the operating system's own (`fcntl.flock` on POSIX, `msvcrt.locking` on Windows), tied to the open file: a
game that ends in any way, a crash or SIGKILL included, lets it go, so a folder is never left stuck. The lock file
itself holds nothing and is never removed (removing it would let a third game lock a new file while the first
still writes); a game that finds it held says so and writes nothing in that folder.
"""

from __future__ import annotations

import enum
import os
import pathlib
import sys

LOCK_NAME = "game.lock"


class Lock(enum.Enum):
    HELD = "held"  # this game has the folder
    BUSY = "busy"  # another game holds it
    UNLOCKED = "unlocked"  # no lock could be taken (`FolderLock.reason` says why): no other game is known to hold it


class FolderLock:
    """The lock on one saves folder (made if missing). `take()` once; the lock lasts until `release()` or the end
    of the process."""

    def __init__(self, directory: pathlib.Path) -> None:
        self.directory = pathlib.Path(directory)
        self.path = self.directory / LOCK_NAME
        self.reason: str | None = None  # why the lock could not be taken, when UNLOCKED
        self._fd: int | None = None

    def take(self) -> Lock:
        """HELD, or BUSY when another game holds the folder, or UNLOCKED when the folder or its lock file cannot be
        made or locked (a read-only folder, a path through a file, a file system without locks)."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            self.reason = err.strerror or str(err)
            return Lock.UNLOCKED
        try:
            held = _lock(fd)
        except OSError as err:
            os.close(fd)
            self.reason = err.strerror or str(err)
            return Lock.UNLOCKED
        if not held:
            os.close(fd)
            return Lock.BUSY
        self._fd = fd
        return Lock.HELD

    def release(self) -> None:
        """Let the folder go (closing the file ends the lock)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> bool:
        """Lock the file's first byte without waiting; False when another process holds it."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        return True

else:
    import fcntl

    def _lock(fd: int) -> bool:
        """An exclusive lock on the open file without waiting; False when another open file holds it."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
