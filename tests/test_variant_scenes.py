"""The presets at the table: New match lists each with its summary, the Rules have the pages of each preset and open
on the table's own, saves round-trip for each (the no-shuffle pack too), and a headless demo hand runs for each."""

import json
import random

import pytest

from game.match import Match, Phase
from game.rulesets import CLASSIC, FOUR_PLAYER, NO_SHUFFLE, ROB, RULESETS, STANDARD, TWO_PLAYER, Ruleset
from game.savefile import encode, read_snapshot
from game.serialize import to_dict
from scenes.app import App
from scenes.art.text import wrap
from scenes.screens.new_match import RulesetChooser
from scenes.screens.rules import RulesHelp, table_pages
from scenes.words.i18n import set_language
from scenes.words.wording import ruleset_summary, ruleset_title
from tests.kit.processes import bare_env, demo_scenes, run
from tests.kit.rules import step


def test_new_match_lists_every_preset_standard_first(app):
    chooser = RulesetChooser(app)
    keys = [key for key, _, _ in chooser.items() if key in RULESETS]
    assert keys[0] == "standard" and sorted(keys) == sorted(RULESETS)


def test_new_match_draws_each_summary(app):
    chooser = RulesetChooser(app)
    chooser.enter()
    chooser.draw(app.screen)  # every summary is laid out beside its button
    assert all(b.rect.width < chooser.box().width // 2 for b in chooser.row.buttons)


def test_new_match_summaries_fit_two_lines_at_720p():
    """Six presets at 1280x720: every summary fits the two lines beside its button, in English and Chinese, and the
    list stays inside the window."""
    made = App((1280, 720), fullscreen=False, seed=1)
    try:
        for language in ("en", "zh"):
            set_language(language)
            chooser = RulesetChooser(made)
            chooser.enter()
            chooser.draw(made.screen)
            geo, right = made.geo, chooser.box().right - made.geo.px(50)
            room = {b.key: right - b.rect.right - geo.px(26) for b in chooser.row.buttons if b.key in RULESETS}
            lines = {key: len(wrap(ruleset_summary(RULESETS[key]), geo.px(22), width)) for key, width in room.items()}
            assert max(lines.values()) <= 2 and made.screen.get_rect().contains(chooser.box()), (language, lines)
    finally:
        set_language("en")
        made.close()


def page_text(rules: Ruleset) -> str:
    return " ".join(line for page in table_pages(rules) for line in page.lines)


def test_003_rules_page_names_the_classic_differences():
    text = page_text(CLASSIC)
    assert "first bidder becomes the landlord at 1 point" in text
    assert "×1024" in text and "40 s" in text and "5 minutes" in text


def test_003_rules_page_explains_the_no_shuffle_pack():
    assert "cuts the pack" in page_text(NO_SHUFFLE)


def test_standard_rules_page_says_redeal_no_cap_no_timers():
    text = page_text(STANDARD)
    assert "dealt again" in text and "no cap" in text and "No timers" in text


def test_004_rules_pages_call_rob_rob_back_double_show_anti_spring_share_cap():
    """004: "Until someone bids, the choice is bid / no bid; after that it is rob / no rob", "the original bidder gets
    one last chance to rob back", "if nobody bids twice in a row, the first player becomes landlord", "all three choose
    at the same time whether to double", "the landlord may show their hand for ×2", "Anti-spring", "each share is
    capped at 32 × base"."""
    text = page_text(ROB)
    for said in ("Call or No call", "Rob or No rob", "rob back", "2 deals in a row", "at the same time whether to"):
        assert said in text
    for said in ("show the hand", "×2", "anti-spring", "capped at 32 × base", "= 32", "own double (×2)"):
        assert said in text


def test_003_four_player_page_two_decks_kitty_combinations_big_bombs_rocket():
    """003 Four Players: "two decks, 108 cards. Each player starts with 25 cards and the landlord receives eight bottom
    cards", "no triple-plus-single, single wings or four-with-attachments", "Four or more identical ranks form a bomb;
    more cards beat fewer. The rocket requires all four jokers"."""
    pages = table_pages(FOUR_PLAYER)
    text = page_text(FOUR_PLAYER)
    assert "108 cards" in text and "25 cards each" in text and "8 kitty cards" in text and "3 farmers" in text
    assert "Not allowed: triple with a single, airplane with single wings, four with two singles" in text
    assert "4 to 8 cards of one rank: more cards beat fewer" in text and "all 4 jokers" in text
    assert tuple(ranks for _, ranks in pages[-1].examples) == ("555555", "22222", "BBRR")


def test_003_two_player_page_deck_unused_cards_robs_allowance():
    """003 Two Players: "Remove threes and fours: 46 cards. Deal 17 each, leave three bottom cards and nine unused
    cards. Call, then optionally rob up to four times. The landlord allows the farmer one card plus one per successful
    rob."; RULES.md: straights therefore start at 5, the unused cards are hidden."""
    text = page_text(TWO_PLAYER)
    assert "46 cards" in text and "17 cards each" in text and "3 kitty cards" in text and "straights start at 5" in text
    assert "other 9 cards stay face down" in text and "at most 4 robs" in text
    assert "1 card or fewer, plus one more for each rob (up to 5)" in text
    assert tuple(ranks for _, ranks in table_pages(TWO_PLAYER)[-1].examples) == ("56789", "556677")


def test_in_game_rules_open_on_the_table_pages(app):
    assert RulesHelp(app, CLASSIC).pages[0].title == "This table: Classic"
    assert RulesHelp(app, ROB).pages[1].title == "Rob the Landlord: play and scoring"
    assert RulesHelp(app).pages[0].title != "This table: Classic"


def test_rules_from_the_title_have_a_page_for_every_preset(app):
    titles = [page.title for page in RulesHelp(app).pages]
    assert all(ruleset_title(r) in titles for r in RULESETS.values() if r.name != "standard")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_rules_page_fits_above_its_buttons(size):
    """Each page of each preset, in English and Chinese, ends above the Back / Close / Next row."""
    made = App(size, fullscreen=False, seed=1)
    try:
        for language in ("en", "zh"):
            set_language(language)
            for rules in RULESETS.values():
                help_ = RulesHelp(made, rules)
                help_.enter()
                for page in range(len(help_.pages)):
                    help_.page = page
                    help_.draw(made.screen)
                    assert help_.bottom <= help_.row.buttons[0].rect.top, (language, rules.name, page)
    finally:
        set_language("en")
        made.close()


def played(ruleset: str, seed: int, hands: int) -> Match:
    """Random legal play through `hands` settled hands and into the next deal's auction (or to the match's end)."""
    rng = random.Random(seed)
    match = Match(ruleset, seed=seed)
    while not (len(match.results) >= hands and match.phase is Phase.BIDDING and not match.hand.bids):
        if match.phase is Phase.MATCH_OVER:  # two decks score fast: a match may be decided within the hands
            return match
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


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(set(RULESETS) - {"standard"}))  # standard: tests/test_main.py
def test_demo_hand_runs_for_each_preset(ruleset, tmp_path):
    """`--headless --autoplay --hands 1 --screenshots DIR --ruleset NAME` plays a hand through every scene of the
    preset (its double phase, and swap-three's swap, too) and saves a picture of each: the headless demo of each
    preset, wildcard and swap-three included (issue 13)."""
    args = ("--headless", "--autoplay", "--hands", "1", "--seed", "3", "--screenshots", str(tmp_path))
    done = run(*args, "--ruleset", ruleset, env=bare_env())
    scenes = demo_scenes(done.stdout)
    doubling = ["doubling"] if RULESETS[ruleset].double_phase else []
    swap = ["swap"] if RULESETS[ruleset].swap_cards else []
    expected = ["title", *swap, "bidding", *doubling, "play", "settlement"]
    assert (done.returncode, scenes) == (0, expected), done.stderr[-400:]
    assert sorted(p.name.split("_", 1)[1] for p in tmp_path.glob("*.png")) == sorted(f"{s}.png" for s in scenes)


def test_main_refuses_an_unknown_ruleset():
    done = run("--headless", "--autoplay", "--ruleset", "nonsense", env=bare_env())
    assert done.returncode == 2 and "nonsense" in done.stderr
