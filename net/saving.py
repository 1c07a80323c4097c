"""Each room's match on disk, in the game's own save format (`game.savefile`: `<rooms>/<CODE>/match.json` and its
backup), written after every action without the event loop ever waiting for a disk.

The loop builds the file's bytes (cheaply: `Journal` keeps each logged action's JSON as the log grows, so a match of
thousands of actions is not written out again from the start after each one) and hands them to `Saver`, one thread
that writes them with the save code's atomic, fsynced writes. A room that changes faster than its file can be written
has only its newest state written: the disk sees every room's latest state, never a queue of old ones.
"""

from __future__ import annotations

import copy
import json
import logging
import pathlib
import shutil
import threading
from collections.abc import Iterator

from game.actions import to_json
from game.atomic import GuardedFile, WriteFailed
from game.match import Match
from game.savefile import Loaded, SaveStore, encode, read_snapshot

log = logging.getLogger("net.saving")
EMPTY_LOG = b'"actions": []'


class Journal:
    """A match's actions as JSON text, kept in step with its log, for `snapshot`."""

    def __init__(self, match: Match) -> None:
        self.pieces = [json.dumps(to_json(action)) for action in match.log]

    def follow(self, match: Match) -> None:
        """Take the actions logged since the last call."""
        self.pieces += [json.dumps(to_json(action)) for action in match.log[len(self.pieces) :]]

    def snapshot(self, match: Match, table: dict[str, object]) -> bytes:
        """The bytes `game.savefile.encode(match, table)` writes, the action log spliced in from the journal."""
        self.follow(match)
        bare = copy.copy(match)
        bare.log = []
        head, found, tail = encode(bare, table).partition(EMPTY_LOG)
        assert found, "the save format no longer writes its action log as expected"
        return head + b'"actions": [' + ", ".join(self.pieces).encode() + b"]" + tail


class Saver:
    """A thread that writes rooms' files: `put` hands it the newest bytes of a room, `remove` a room's end."""

    def __init__(self) -> None:
        self.pending: dict[pathlib.Path, bytes | None] = {}  # a room's directory -> its newest bytes (None: remove)
        self.files: dict[pathlib.Path, GuardedFile[tuple[Match, dict[str, object]]]] = {}
        self.changed = threading.Condition()
        self.busy = False
        self.closing = False
        self.failures = 0
        self.thread = threading.Thread(target=self._run, name="room-saver", daemon=True)
        self.thread.start()

    def put(self, directory: pathlib.Path, data: bytes) -> None:
        with self.changed:
            self.pending[directory] = data
            self.changed.notify_all()

    def remove(self, directory: pathlib.Path) -> None:
        with self.changed:
            self.pending[directory] = None
            self.changed.notify_all()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every file handed over is written; False if that took longer than `timeout`."""
        with self.changed:
            return self.changed.wait_for(lambda: not self.pending and not self.busy, timeout)

    def close(self, timeout: float = 30.0) -> bool:
        """Write what is pending, then stop the thread."""
        done = self.flush(timeout)
        with self.changed:
            self.closing = True
            self.changed.notify_all()
        self.thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self.changed:
                self.changed.wait_for(lambda: self.pending or self.closing)
                if not self.pending:
                    return
                directory, data = next(iter(self.pending.items()))
                del self.pending[directory]
                self.busy = True
            try:
                self._write(directory, data)
            except (OSError, WriteFailed) as failed:  # said, counted; the next action's save tries again
                self.failures += 1
                log.error("room save failed in %s: %s", directory, failed)
            finally:
                with self.changed:
                    self.busy = False
                    self.changed.notify_all()

    def _write(self, directory: pathlib.Path, data: bytes | None) -> None:
        if data is None:
            self.files.pop(directory, None)
            shutil.rmtree(directory, ignore_errors=True)
            return
        file = self.files.get(directory)
        if file is None:
            file = self.files[directory] = GuardedFile(directory, "match", "saved match", read_snapshot)
        file.write(data)


def saved_rooms(rooms: pathlib.Path) -> Iterator[tuple[str, Loaded]]:
    """(code, what its save holds) for every room directory under `rooms`; a bad file is moved aside by the save
    code and its problem reported in the Loaded."""
    if not rooms.is_dir():
        return
    for directory in sorted(rooms.iterdir()):
        if directory.is_dir():
            yield directory.name, SaveStore(directory).load()
