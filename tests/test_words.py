"""The words a player reads: readings said as players say them (000 §5-§13 kinds), no seed chapter or section
number in any catalogue text, counts and standings in natural words, in both languages."""

import re

import pytest

from game.cards import parse
from game.combos import classify
from game.kinds import READINGS
from game.rulesets import RULESETS, STANDARD
from scenes.words.i18n import keys, lookup, set_language
from scenes.words.wording import describe

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English

SEED_NUMBER = re.compile(r"§|\b00\d\b")  # "(§1, §16)", "(003 timers)": the specification's numbering


def reading(cards: str, kind_value: str):
    return next(r for r in classify(parse(cards), STANDARD) if r.kind.value == kind_value)


@pytest.mark.parametrize("code", ["en", "zh"])
def test_no_catalogue_text_names_a_seed_file_or_a_section(code):
    found = {key: lookup(key, code) for key in keys(code) if SEED_NUMBER.search(lookup(key, code) or "")}
    assert found == {}


def test_the_scan_sees_a_section_sign_and_a_seed_number():
    assert SEED_NUMBER.search("dealt again (§2-§3).") and SEED_NUMBER.search("no winner (003 timers).")
    assert not SEED_NUMBER.search("Deal #003412 · 40 s turns")


def test_every_reading_kind_has_its_words_in_both_languages_and_english_is_the_cores():
    """000 §5-§13: the keys `describe` builds from a kind, the English the core's own template."""
    assert {kind: lookup(f"kinds.{kind.value}_of", "en") for kind in READINGS} == READINGS
    assert all(lookup(f"kinds.{kind.value}_of", "zh") for kind in READINGS)


@pytest.mark.parametrize(
    ("cards", "kind", "english", "chinese"),
    [
        ("KKK99", "triple_pair", "triple of Ks with a pair", "KKK带一对"),
        ("TTT99", "triple_pair", "triple of 10s with a pair", "10 10 10带一对"),
        ("KKK9", "triple_single", "triple of Ks with a single", "KKK带一"),
        ("KKK", "triple", "triple of Ks", "三个K"),
        ("99", "pair", "pair of 9s", "对9"),
        ("KKKK", "bomb", "bomb of Ks", "K炸"),
        ("KKKK35", "four_two_singles", "four Ks with two singles", "KKKK带二"),
        ("KKKK3355", "four_two_pairs", "four Ks with two pairs", "KKKK带两对"),
        ("34567", "straight", "straight 3-7", "顺子3-7"),
        ("334455", "pair_run", "pair run 3-5", "连对3-5"),
        ("333444", "airplane", "airplane 3-4", "飞机3-4"),
        ("33344456", "airplane_singles", "airplane 3-4 with single wings", "飞机3-4带单张"),
    ],
)
def test_000_readings_name_the_body_first_and_the_wings_after(cards, kind, english, chinese):
    said = reading(cards, kind)
    assert (describe(said), said.describe()) == (english, english)
    set_language("zh")
    assert describe(said) == chinese


def test_every_ruleset_summary_reads_without_seed_numbers_in_the_core_too():
    assert [name for name, rules in RULESETS.items() if SEED_NUMBER.search(rules.summary)] == []
