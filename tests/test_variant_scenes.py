"""The presets at the table: New match lists each with its summary, the Rules open on the table's differences,
saves round-trip for each (the no-shuffle pack too), and a headless demo hand runs for each."""

import json
import random

import pytest

from game.match import Match, Phase
from game.rulesets import CLASSIC, NO_SHUFFLE, RULESETS, STANDARD
from game.savefile import encode, read_snapshot
from game.serialize import to_dict
from scenes.overlays import RulesetChooser
from scenes.rules_help import RulesHelp, differences
from tests.test_history import step
from tests.test_main import bare_env, run
from tests.test_scene_kit import headless_game


@pytest.fixture
def game():
    yield from headless_game()


def test_new_match_lists_every_preset_standard_first(game):
    chooser = RulesetChooser(game)
    keys = [key for key, _, _ in chooser.items() if key in RULESETS]
    assert keys[0] == "standard" and sorted(keys) == sorted(RULESETS)


def test_new_match_draws_each_summary(game):
    chooser = RulesetChooser(game)
    chooser.enter()
    chooser.draw(game.screen)  # every summary is laid out beside its button
    assert all(b.rect.width < chooser.box().width // 2 for b in chooser.row.buttons)


def test_003_rules_page_names_the_classic_differences():
    text = " ".join(differences(CLASSIC).lines)
    assert "first bidder becomes the landlord at 1 point" in text
    assert "×1024" in text and "40 s" in text and "5 minutes" in text


def test_003_rules_page_explains_the_no_shuffle_pack():
    assert "cuts the pack" in " ".join(differences(NO_SHUFFLE).lines)


def test_standard_rules_page_says_redeal_no_cap_no_timers():
    text = " ".join(differences(STANDARD).lines)
    assert "dealt again" in text and "no cap" in text and "No timers" in text


def test_in_game_rules_open_on_the_table_page(game):
    assert RulesHelp(game, CLASSIC).pages[0].title == "This table: Classic"
    assert RulesHelp(game).pages[0].title != "This table: Classic"


def played(ruleset: str, seed: int, hands: int) -> Match:
    """Random legal play through `hands` settled hands and into the next deal's auction."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    while not (len(match.results) >= hands and match.phase is Phase.BIDDING and not match.hand.bids):
        step(match, rng)
    return match


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_saves_round_trip_for_each_preset(ruleset):
    match = played(ruleset, seed=7, hands=2)
    table = {"turn_timers": True, "clock": {"deal_elapsed": 12.5, "turn_elapsed": 3.0}}
    restored, kept = read_snapshot(encode(match, table).decode())
    assert to_dict(restored) == to_dict(match)
    assert (restored.hand.kitty, restored.hand.collected) == (match.hand.kitty, match.hand.collected)
    assert kept["clock"] == table["clock"]


def test_no_shuffle_pack_survives_continue():
    match = played("no-shuffle", seed=3, hands=1)
    assert match.hand.collected
    restored, _ = read_snapshot(json.dumps(json.loads(encode(match, {}))))
    assert restored.hand.hands == match.hand.hands and restored.hand.first_bidder == match.hand.first_bidder


@pytest.mark.parametrize("ruleset", ["classic", "no-shuffle"])
def test_demo_hand_runs_for_each_preset(ruleset):
    done = run("--headless", "--autoplay", "--hands", "1", "--seed", "3", "--ruleset", ruleset, env=bare_env())
    scenes = [line.split()[0] for line in done.stdout.splitlines()[1:]]
    assert (done.returncode, scenes) == (0, ["title", "bidding", "play", "settlement"]), done.stderr[-400:]


def test_main_refuses_an_unknown_ruleset():
    done = run("--headless", "--autoplay", "--ruleset", "nonsense", env=bare_env())
    assert done.returncode == 2 and "nonsense" in done.stderr
