"""Per-preset match targets (docs/rules-decisions.md, "Match length"): each preset's target is the one the
decision records, measured so a match lasts about as many hands as a `standard` one; a version-3 save keeps the
target (and no-shuffle's dealing) it was played with."""

import re
from pathlib import Path

from game.rulesets import RULESETS
from game.savefile import PRESETS_BEFORE_4, upgrade

NEW_IN_4 = {"wildcard", "swap-three"}  # no save of version 3 holds them
DECISIONS = Path(__file__).resolve().parent.parent / "docs" / "rules-decisions.md"


def documented_targets() -> dict[str, int]:
    """The decision's table: | `preset` | target | ... |"""
    section = DECISIONS.read_text().split("## Match length")[1].split("\n## ")[0]
    return {m[1]: int(m[2]) for m in re.finditer(r"^\| `([a-z-]+)` \| (\d+) \|", section, re.M)}


def test_every_preset_has_the_documented_target():
    assert {name: rules.match_target for name, rules in RULESETS.items()} == documented_targets()


def test_four_player_plays_to_far_more_than_its_stakes():
    """Two decks' bombs and ±3 shares: the four-seat target is nine times standard's (1.7 hands a match at 30)."""
    assert RULESETS["four-player"].match_target >= 9 * RULESETS["standard"].match_target


def test_a_version_3_save_keeps_the_target_it_was_played_to():
    for name, rules in RULESETS.items():
        if name in NEW_IN_4:
            continue
        old = upgrade({"version": 3, "ruleset": name, "actions": []})
        target = old.get("options", {}).get("match_target", rules.match_target)
        assert target == 30, name
    changed = {n for n, r in RULESETS.items() if r.match_target != 30 or r.packet != 1}
    assert set(PRESETS_BEFORE_4) == changed - NEW_IN_4


def test_a_version_3_saves_own_options_win_over_the_pins():
    old = upgrade({"version": 3, "ruleset": "four-player", "options": {"match_target": 12}, "actions": []})
    assert old["options"] == {"match_target": 12}
