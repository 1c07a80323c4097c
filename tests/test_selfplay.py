"""Self-play as the soak drives it (issue 15): every invariant after every action, illegal actions fed and refused,
the same hands with and without the probes, a time bound, and hands split over processes and summed."""

from __future__ import annotations

import pytest

from game.rulesets import RULESETS
from game.selfplay import bot_policy, run, soak_selfplay
from scenes.random_input import soak_input


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_ruleset_plays_with_illegal_actions_fed_after_every_action(ruleset):
    result = run(2, 9, ruleset, bot_policy("easy"), probe_every=1)  # raises on any broken invariant or refusal
    assert result["hands"] == 2 and result["probes"] == result["actions"]


def test_the_probes_do_not_change_the_hands_played():
    probed, plain = (run(3, 4, "standard", bot_policy("easy"), probe_every=n) for n in (1, 0))
    assert (probed["actions"], probed["points"], plain["probes"]) == (plain["actions"], plain["points"], 0)


def test_a_time_bound_stops_at_a_whole_hand():
    assert run(1000, 4, "standard", bot_policy("easy"), seconds=0)["hands"] == 0


def test_hands_split_over_processes_are_summed(capsys):
    soak_selfplay(5, 3, "easy", ["two-player"], jobs=2)
    line = capsys.readouterr().out.splitlines()[1].split()
    assert line[:2] == ["two-player", "5"] and "0 violations" in " ".join(line)


def test_the_soaks_input_part_stops_at_its_time_bound_and_says_the_exact_count(capsys):
    soak_input(10**9, 1, seconds=0)
    assert capsys.readouterr().out.startswith("random input: 0 events, 0 exceptions")
