"""A table started with options changed from its preset (004's worked examples play base 100) saves and continues as
that table (issue 15), and a match never starts from a seed or first deal no save could hold."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from game.cards import DeckSpec
from game.kinds import Kind
from game.match import Match, Phase
from game.options import IDENTITY, READERS, options_of, with_options
from game.rulesets import CLASSIC, FOUR_PLAYER, ROB, RULESETS, STANDARD, TWO_PLAYER, AllDecline, Ruleset
from game.serialize import from_dict, to_dict
from tests.kit.rules import random_action
from tests.kit.saves import state


def played(match: Match, settled: int, seed: int = 2) -> Match:
    rng = random.Random(seed)
    while len(match.results) < settled and match.phase is not Phase.MATCH_OVER:
        match.apply(random_action(match, rng))
    return match


def test_004_a_base_100_rob_table_continues_at_base_100_past_its_settlements():
    """004 "Worked examples" score at base 100: the reloaded match keeps settling at that base."""
    match = played(Match(replace(ROB, base=100), 5), 2)
    saved = to_dict(match)
    assert saved["options"] == {"base": 100}
    again = from_dict(saved)
    assert again.rules.base == 100 and state(again) == state(match)
    played(match, 4, seed=9)
    played(again, 4, seed=9)
    assert state(again) == state(match) and all(abs(d) >= 100 or d == 0 for r in match.results for d in r.deltas)


CHANGED = {
    "base": (ROB, 100),
    "multiplier_cap": (STANDARD, 64),
    "share_cap": (ROB, None),
    "match_target": (CLASSIC, 5),
    "turn_seconds": (STANDARD, 40.0),
    "deal_seconds": (STANDARD, 300.0),
    "all_decline": (STANDARD, AllDecline.FIRST_BIDDER),
    "kinds": (STANDARD, STANDARD.kinds - {Kind.AIRPLANE_PAIRS}),
    "deck": (TWO_PLAYER, DeckSpec(removed_ranks="3")),
    "hand_size": (STANDARD, 16),
    "bid_values": (STANDARD, (1, 2, 3, 4)),
    "redeal_limit": (STANDARD, 3),
    "max_robs": (TWO_PLAYER, 2),
    "double_phase": (STANDARD, True),
    "show_hand": (CLASSIC, True),
    "collect_pack": (STANDARD, True),
    "allowance": (TWO_PLAYER, False),
    "bomb_sizes": (FOUR_PLAYER, (4, 6)),
}


@pytest.mark.parametrize("option", CHANGED)
def test_every_option_a_match_was_started_with_round_trips_through_the_save(option):
    preset, value = CHANGED[option]
    rules = replace(preset, **{option: value})
    match = played(Match(rules, 3), 1)
    saved = to_dict(match)
    assert saved["options"] == {option: saved["options"][option]} and from_dict(saved).rules == rules
    assert state(from_dict(saved)) == state(match)


def test_every_ruleset_field_is_an_option_a_save_can_read():
    """A new Ruleset field needs a reader in game.options, or its tables would reload as the preset."""
    assert set(READERS) == {f.name for f in fields(Ruleset)} - set(IDENTITY)


def test_a_preset_table_writes_no_options():
    assert all("options" not in to_dict(Match(name, 1)) for name in RULESETS)
    assert options_of(STANDARD.timed(False)) == {}


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"base": True}, "'base' cannot be True"),
        ({"base": 10**30}, "'base' cannot be"),
        ({"turn_seconds": float("nan")}, "'turn_seconds' cannot be nan"),
        ({"deck": {"decks": 3, "removed_ranks": "", "extra_wild": 0}}, "'deck' cannot be"),
        ({"deck": {"decks": 1, "removed_ranks": "B", "extra_wild": 0}}, "'deck' cannot be"),
        ({"kinds": ["single", "flush"]}, "'kinds' cannot be"),
        ({"kinds": ["single", "pair", "triple"]}, "'kinds' cannot be"),
        ({"players": 9}, "'players' cannot be 9"),
        ({"bid_values": [3, 1]}, "out of order"),
        ({"auction": "auction"}, "'auction' cannot be"),
        ("base", "a table of options"),
    ],
)
def test_a_bad_option_is_named(options, named):
    with pytest.raises(ValueError, match=named):
        with_options("standard", options)


@pytest.mark.parametrize(
    ("seed", "first_deal"), [(-1, None), (2**64, None), (True, None), (0, -1), (0, 10**8), (0, 1.0)]
)
def test_a_match_refuses_a_seed_or_first_deal_out_of_range(seed, first_deal):
    with pytest.raises(ValueError, match="out of range"):
        Match("standard", seed, first_deal)


def test_a_preset_table_reloads_as_the_preset_itself():
    assert all(from_dict(to_dict(Match(name, 1))).rules is RULESETS[name] for name in RULESETS)
