"""benchmarks/old_bots.py: an earlier commit's bots as an arena player, so issue 12's "hard beats the hard it started
from" is measured in the same process on the same deals (`python -m benchmarks.bots --pairs hard:hard#f3e94a8`)."""

from __future__ import annotations

import sys

import pytest

from game.bots.arena import Side, fixed_deal, player
from game.rulesets import STANDARD


def test_an_earlier_trees_bots_play_whole_hands_beside_todays() -> None:
    """The committed tree, loaded under its own package name, plays both plays of a duplicate deal legally (the
    arena applies every move through the rules core, which refuses an illegal one)."""
    old = player("normal#HEAD")
    assert old.name == "normal#HEAD" and old.level == "normal"
    assert "game_HEAD.bots" in sys.modules and sys.modules["game_HEAD.bots"] is not sys.modules["game.bots"]
    ours, theirs = Side(), Side()
    fixed_deal(11, player("easy"), old, ours, theirs, STANDARD)
    assert len(ours.games) == len(theirs.games) == 2
    assert ours.points[0] == -theirs.points[0]


def test_an_unknown_commit_is_refused_in_one_line() -> None:
    with pytest.raises(SystemExit, match="no bots at 'no-such-commit'"):
        player("hard#no-such-commit")


@pytest.mark.parametrize("name", ["random#HEAD", "rlcard#HEAD", "nobody", "hard@nobody"])
def test_a_player_the_arena_does_not_know_is_refused_in_one_line(name: str) -> None:
    """Only a level has bots at another commit; an unknown level is named as such, not failed on inside a bidder."""
    with pytest.raises(SystemExit, match=f"unknown player '{name}'"):
        player(name)
