"""Saves under test: the state Continue must restore, a match stopped mid-trick, save files made hostile every way
the loader must name, things standing in for match.json, a refusing disk, and the window closed then continued."""

from __future__ import annotations

import errno
import json
import os
import pathlib
import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import atomic
from game.match import Match, Phase
from game.observe import observe
from game.savefile import SaveStore
from game.serialize import VERSION, to_dict
from scenes.app import App
from tests.kit.app import press, steps, title_app
from tests.kit.rules import random_action


def state(match: Match) -> tuple[object, ...]:
    """Everything Continue must restore, including what each seat sees and the dealer's random state."""
    hand = match.hand
    return (
        to_dict(match),
        match.turn,
        match.multiplier,
        match.rng.getstate(),
        match.legal_moves(),
        match.bid_choices(),
        tuple(match.results),
        (hand.bids, hand.bid, hand.landlord, hand.kitty, hand.unused, hand.history, hand.played),
        (hand.last, hand.passes, hand.doublings, hand.plays_made, hand.settlement),
        tuple(observe(match, seat) for seat in range(match.players)),
    )


def skip_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """For tests that write thousands of saves: a test cannot cut the power, so fsync only costs time there.
    The tests that do not call this run the real fsyncs."""
    monkeypatch.setattr(atomic.os, "fsync", lambda _fd: None)


def mid_trick(seed: int = 6, settled: int = 0) -> Match:
    """A match after `settled` scored hands, in its playing phase with a trick on the table and plays behind it."""
    match, rng = Match("standard", seed), random.Random(seed)
    while len(match.results) < settled or not (
        match.phase is Phase.PLAYING and len(match.hand.history) >= 4 and match.hand.last is not None
    ):
        match.apply(random_action(match, rng))
    return match


Data = dict[str, Any]


def edited(store: SaveStore, change: Callable[[Data], None]) -> bytes:
    data = json.loads(store.path.read_text())
    change(data)
    return json.dumps(data).encode()


def extra_card(data: Data) -> None:
    data["hands"][0] += "7"


def lost_card(data: Data) -> None:
    data["hands"][1] = data["hands"][1][1:]


def swapped_cards(data: Data) -> None:
    low, high = data["hands"][0], data["hands"][1]
    data["hands"][0], data["hands"][1] = high[-1] + low[1:], high[:-1] + low[0]


def bumped_score(data: Data) -> None:
    data["scores"][0] += 6


def illegal_action(data: Data) -> None:
    data["actions"][-1][1] = (data["actions"][-1][1] + 1) % 3  # the last play made by the wrong seat


def unknown_field(data: Data) -> None:
    data["cheat"] = True


def missing_field(data: Data) -> None:
    del data["hands"]


HOSTILE: dict[str, tuple[Callable[[SaveStore], bytes], str]] = {
    "truncated": (lambda s: s.path.read_bytes()[:-40], "The file is cut short"),
    "binary": (lambda s: b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "The file is not text"),
    "not_json": (lambda s: b"version = 1\nseed = 4\n", "The file is not valid JSON (line 1, column 1"),
    "empty": (lambda s: b"", "The file is empty."),
    "blank": (lambda s: b"  \n\n", "The file is empty."),
    "not_an_object": (lambda s: b"[1, 2, 3]", "The file does not hold a saved match."),
    "future_version": (lambda s: edited(s, lambda d: d.update(version=VERSION + 1)), "newer version of the game"),
    "old_version": (lambda s: edited(s, lambda d: d.update(version=0)), "The save format 0 is not known."),
    "no_version": (lambda s: edited(s, lambda d: d.pop("version")), "The save has no version number."),
    "duplicated_card": (lambda s: edited(s, extra_card), "The saved hands hold duplicated cards: an extra 7."),
    "missing_card": (lambda s: edited(s, lost_card), "The saved hands are missing cards:"),
    "cards_moved": (lambda s: edited(s, swapped_cards), "cards were moved between players"),
    "scores": (lambda s: edited(s, bumped_score), "do not match the hands settled in its log"),
    "illegal_action": (lambda s: edited(s, illegal_action), "is not legal: It is not your turn."),
    "phase": (lambda s: edited(s, lambda d: d.update(phase="hand_over")), "'phase' does not match its own action log"),
    "unknown_ruleset": (lambda s: edited(s, lambda d: d.update(ruleset="poker")), "unknown ruleset 'poker'"),
    "unknown_field": (lambda s: edited(s, unknown_field), "The save holds a field 'cheat' the game does not know."),
    "missing_field": (lambda s: edited(s, missing_field), "The save lacks its 'hands' record."),
    # issue 15: out of range but self-consistent (the log would replay from these values)
    "negated_seed": (lambda s: edited(s, lambda d: d.update(seed=-d["seed"])), "'seed' is out of range: -6."),
    "first_deal_negative": (lambda s: edited(s, lambda d: d.update(first_deal=-1)), "'first_deal' is out of range"),
    "first_deal_too_big": (lambda s: edited(s, lambda d: d.update(first_deal=100_000_000)), "out of range: 100000000"),
    "first_deal_huge": (lambda s: edited(s, lambda d: d.update(first_deal=10**30)), "'first_deal' is out of range"),
    "first_deal_4000_digits": (lambda s: edited(s, lambda d: d.update(first_deal=int("9" * 4000))), "out of range"),
    "bad_option": (lambda s: edited(s, lambda d: d.update(options={"base": 0})), "option 'base' cannot be 0"),
    "unknown_option": (lambda s: edited(s, lambda d: d.update(options={"cheat": 1})), "no ruleset option 'cheat'"),
    "options_not_a_table": (lambda s: edited(s, lambda d: d.update(options=[])), "'options' should be a table"),
    "another_ruleset": (lambda s: edited(s, lambda d: d.update(ruleset="two-player")), "There is no seat 2 at this"),
    "nan_score": (lambda s: edited(s, lambda d: d["scores"].__setitem__(0, float("nan"))), "holds 'NaN', which is"),
    "huge_score": (lambda s: edited(s, lambda d: d["scores"].__setitem__(0, 10**30)), "do not match the hands"),
    "score_as_text": (lambda s: edited(s, lambda d: d["scores"].__setitem__(1, "0")), "a list with something else"),
    "impossible_table": (
        lambda s: edited(s, lambda d: d.update(options={"hand_size": 30})),
        "3 hands of 30 and a kitty of 3 need more cards",
    ),
}


def sparse(path: pathlib.Path, size: int = 200 * 1024 * 1024) -> None:
    """A file of `size` bytes that takes no room on the disk."""
    with path.open("wb") as file:
        file.truncate(size)


# Something else under match.json's name: (how it is made at the path, what the problem says).
STAND_INS: dict[str, tuple[Callable[[pathlib.Path], None], str]] = {
    "is_folder": (lambda path: path.mkdir(), "It is a folder, not a file."),
    "is_link": (lambda path: path.symlink_to(path.with_name("match.bak.json")), "It is a link to another file"),
    "is_special": (lambda path: os.mkfifo(path), "It is not a plain file (a device or a pipe)."),
    "too_large": (sparse, "The file is too large (209715200 bytes) to be one of ours."),
}


def refuse(*_args: object) -> None:
    raise PermissionError(errno.EACCES, "Permission denied")


def close_window(app: App) -> dict:
    """Close the window as a player would; the core snapshot of the match it held."""
    snapshot = to_dict(app.session.seat.match)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    steps(app, 1)
    app.close()
    return snapshot


def continued(store: SaveStore) -> App:
    """A new start of the game, Continue chosen on the title."""
    app = title_app(store)
    press(app, pygame.K_RETURN)  # Continue has the focus when a save exists
    return app
