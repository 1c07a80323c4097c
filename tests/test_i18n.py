"""The string catalogue: both languages have every key with the same fields, every key the code asks for exists, and
the shipped fonts draw every character of both languages (no tofu)."""

import itertools
import pathlib
import random
import re
import string
import warnings

import pygame.freetype
import pytest

from game import bots
from game.auctions import ANSWER_WORDS
from game.bots.reasons import MESSAGES as HINTS
from game.bots.reasons import Suggestion
from game.cards import RANK_NAMES, parse
from game.combos import classify, judge
from game.kinds import KIND_TITLES, Kind
from game.match import Match
from game.reasons import MESSAGES as REASONS
from game.reasons import Rejection
from game.rules import check
from game.rulesets import FOUR_PLAYER, RULESETS, STANDARD
from game.savefile import SaveStore
from game.scoring import DOUBLING_NAMES, Settlement
from scenes.art.fonts import CJK, REGULAR, font_for
from scenes.art.text import NO_BREAK_AFTER, NO_BREAK_BEFORE, wrap
from scenes.flow import new_match
from scenes.platform.prefs import Prefs, PrefsStore
from scenes.screens.settings import SettingsOverlay
from scenes.table.notices import BANNER_KINDS, Notice
from scenes.table.seats import SEAT_NAMES
from scenes.words import i18n
from scenes.words.i18n import LANGUAGES, MissingTranslation, catalogue, keys, lookup, resay, set_language, tr
from scenes.words.line_breaks import UNBROKEN
from scenes.words.wording import (
    COUNT_WORDS,
    deal_label,
    describe,
    hint,
    reason,
    ruleset_summary,
    ruleset_title,
    score_steps,
)
from tests.kit.app import opened, title_app

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English

ROOT = pathlib.Path(__file__).resolve().parent.parent
LITERAL_KEY = re.compile(r"""\btr\(\s*(["'])([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)\1""")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def sources() -> list[pathlib.Path]:
    return sorted([*ROOT.glob("scenes/**/*.py"), *ROOT.glob("game/**/*.py"), ROOT / "main.py"])


def test_every_key_exists_in_both_languages():
    english, chinese = keys("en"), keys("zh")
    assert english, "the English catalogue is empty"
    assert sorted(english - chinese) == [], "keys missing in zh"
    assert sorted(chinese - english) == [], "keys missing in en"


def test_both_languages_have_the_same_areas():
    assert set(catalogue("en")) == set(catalogue("zh"))


def test_placeholders_match_between_languages():
    wrong = [key for key in keys("en") if fields(lookup(key, "en")) != fields(lookup(key, "zh"))]
    assert wrong == []


def test_every_literal_key_in_the_code_exists():
    used = {
        (path.relative_to(ROOT).as_posix(), m.group(2))
        for path in sources()
        for m in LITERAL_KEY.finditer(path.read_text())
    }
    assert used, "the scan found no tr() calls"
    missing = sorted((where, key) for where, key in used if key not in keys("en"))
    assert missing == []


def test_every_quoted_key_of_a_known_area_exists():
    """Keys kept in tables and passed to tr later (banners, ribbons): any quoted "area.key" of a catalogue area."""
    areas = "|".join(catalogue("en"))
    quoted = re.compile(rf"""["']((?:{areas})\.[a-z0-9_]+)["']""")
    files = {"tmx", "json", "png", "ttf", "ttc", "txt", "py", "md"}
    used = {
        (path.relative_to(ROOT).as_posix(), found.group(1))
        for path in sources()
        for found in quoted.finditer(path.read_text())
        if found.group(1).rsplit(".", 1)[1] not in files
    }
    assert ("scenes/art/effects.py", "table.ribbon_spring") in used
    assert sorted((where, key) for where, key in used if key not in keys("en")) == []


def test_the_scan_sees_both_quote_styles():
    assert [m.group(2) for m in LITERAL_KEY.finditer("""tr("a.b", x=1) + tr('c.d_e') + tr(f"g.{h}")""")] == [
        "a.b",
        "c.d_e",
    ]


@pytest.mark.parametrize(("code", "path"), [("zh", CJK), ("en", REGULAR)])
def test_every_character_has_a_glyph_in_the_shipped_font(code, path):
    """freetype reports no metrics for a character the font lacks: it would render as an empty box (tofu)."""
    pygame.freetype.init()
    face = pygame.freetype.Font(path, 24)
    chars = sorted({ch for key in keys(code) for ch in lookup(key, code) if not ch.isspace()})
    metrics = face.get_metrics("".join(chars))
    assert [ch for ch, m in zip(chars, metrics, strict=True) if m is None] == []


def test_tr_formats_named_fields_in_the_current_language():
    assert tr("stats.won_of", won=3, played=5, rate="60%") == "3 won of 5 · 60%"
    set_language("zh")
    assert i18n.language() == "zh"
    assert tr("stats.won_of", won=3, played=5, rate="60%") == "5局中胜3局 · 胜率60%"
    assert tr("title.quit") == "退出"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        set_language("fr")
    assert i18n.language() == "en"


def test_a_missing_key_warns_loudly_and_falls_back(monkeypatch):
    set_language("zh")
    monkeypatch.setitem(catalogue("en"), "probe", {"only_english": "Only English"})
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert tr("probe.only_english") == "Only English"
        assert tr("probe.nowhere") == "probe.nowhere"
    assert [w.category for w in seen] == [MissingTranslation, MissingTranslation]


def test_a_missing_key_is_an_error_under_pytest():
    with pytest.raises(MissingTranslation):
        tr("title.no_such_key")


def test_every_language_has_a_catalogue_directory():
    assert all((i18n.CATALOGUES / code).is_dir() for code in LANGUAGES)


# ----- keys built at run time, and the core's English ---------------------------------------------------------


def test_every_kind_rank_ruleset_level_and_reason_has_its_text():
    """The keys `scenes.words.wording` builds from values: each one asked for in both languages."""
    built = [f"kinds.{kind.value}" for kind in Kind] + [f"kinds.rank_{rank}" for rank in range(len(RANK_NAMES))]
    built += [f"rulesets.{name}_{part}" for name in RULESETS for part in ("title", "summary")]
    built += [f"settings.level_{level}" for level in bots.LEVELS]
    built += [f"reasons.{code}" for code in REASONS] + [f"hints.{key}" for key in HINTS]
    built += [f"settlement.doubling_{name}" for name in DOUBLING_NAMES] + list(BANNER_KINDS.values())
    built += [f"hints.count_{n}" for n in range(COUNT_WORDS + 1)] + [
        f"hints.{thing}_one" for thing in ("plays", "cards")
    ]
    built += [f"auction.{answer}" for pair in ANSWER_WORDS.values() for answer in pair]
    assert [key for key in built if key not in keys("en") or key not in keys("zh")] == []


def test_the_english_catalogue_says_what_the_core_says():
    """English texts of core words are the core's own: a change there fails here instead of drifting apart."""
    assert {code: lookup(f"reasons.{code}", "en") for code in REASONS} == REASONS
    assert {key: lookup(f"hints.{key}", "en") for key in HINTS} == HINTS
    assert {kind: lookup(f"kinds.{kind.value}", "en") for kind in Kind} == KIND_TITLES
    assert [lookup(f"kinds.rank_{rank}", "en") for rank in range(len(RANK_NAMES))] == list(RANK_NAMES)
    for rules in RULESETS.values():
        assert (ruleset_title(rules), ruleset_summary(rules)) == (rules.title, rules.summary)


def test_english_readings_and_reasons_match_the_core():
    rules = RULESETS["standard"]
    for counts in (parse("3"), parse("99"), parse("34567"), parse("334455"), parse("KKKK"), parse("BR"), parse("3334")):
        for reading in classify(counts, rules):
            assert describe(reading) == reading.describe()
    last = classify(parse("99"), rules)[0]
    for move in ("88", "345", "99", "3333", "BR", "2B", "3456", "33344"):
        refused = judge(parse(move), last, rules)
        if isinstance(refused, Rejection):
            assert reason(refused) == refused.text


ENGLISH_WORDS = re.compile(r"[A-Za-z]{3,}")  # a Chinese sentence names its ranks (J, Q, K, A) but no English word


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_refusal_says_the_cores_english_and_no_english_in_chinese(name):
    """Sampled selections on sampled plays to beat at every table: the words layer's English is the core's text,
    and the Chinese sentence has no English word and no unfilled field."""
    rng = random.Random(name)
    lasts = [None, "5", "99", "34567", "333444", "3334", "KKKK", "334455", "33344455", "3456789T"]
    for _ in range(300):
        move = "".join(sorted(rng.choices("3456789TJQKA2BR", k=rng.randint(1, 12)), key="3456789TJQKA2BR".index))
        try:
            refused = check(move, move, rng.choice(lasts), name)
        except ValueError:  # that play to beat is not a combination at this table
            continue
        if refused is None:
            continue
        assert reason(refused) == refused.text
        set_language("zh")
        chinese = reason(refused)
        set_language("en")
        assert "{" not in chinese and not ENGLISH_WORDS.search(chinese.replace("3456789TJQKA2BR", "")), chinese


def test_chinese_reasons_name_kinds_and_cards_in_chinese():
    set_language("zh")
    rules = RULESETS["standard"]
    last = classify(parse("99"), rules)[0]
    assert reason(judge(parse("88"), last, rules)) == "牌不够大：对8压不过对9。"
    assert reason(judge(parse("345"), last, rules)) == "顺子至少需要五张连续的牌，你只选了3张。"
    straight = classify(parse("34567"), rules)[0]
    assert reason(judge(parse("99"), straight, rules)) == "对子不能压顺子3-7：请出相同牌型，或者炸弹。"


def test_score_steps_say_what_the_core_computes():
    for settlement in (
        Settlement(0, True, 2, ("bomb", "bomb", "spring"), 8, 16, (32, -16, -16)),
        Settlement(0, True, 3, ("bomb",) * 12, 1024, 3072, (6144, -3072, -3072)),
    ):
        assert score_steps(settlement) == [line.replace(" x", " ×") for line in settlement.lines()[:-1]]
    set_language("zh")
    assert score_steps(Settlement(0, True, 2, ("rob", "reverse_spring"), 4, 8, (16, -8, -8))) == [
        "叫分2",
        "抢地主 ×2",
        "反春 ×2",
    ]


def test_suggest_reasons_in_chinese_count_in_chinese():
    set_language("zh")
    tip = Suggestion("88", "blocks_low", {"enemy": 0, "cards": 2, "play": "88"})
    assert hint(tip, STANDARD, 0) == "地主还剩2张牌：出对8，最难压。"
    assert hint(tip, STANDARD, 1) == "农民还剩2张牌：出对8，最难压。"
    ahead = Suggestion("pass", "looks_ahead", {"play": "pass", "won": 7, "of": 12})
    assert hint(ahead, STANDARD, 0) == "往后推演：在未知牌的抽样模拟中，不出大约每12局赢7局。"


def test_suggest_reasons_in_english_name_the_side_the_reading_and_the_count_in_words():
    tip = Suggestion("77", "blocks_single", {"enemy": 0, "cards": 1, "play": "77"})
    assert hint(tip, STANDARD, 0) == "The landlord has one card: play pair of 7s, never a single it can take."
    keeps = Suggestion("3", "keeps_bomb", {"play": "3", "plays": 3})
    assert hint(keeps, STANDARD, 0) == keeps.text == "Keeps your bomb and leaves three plays."
    ahead = Suggestion("34567", "looks_ahead", {"play": "34567", "won": 11, "of": 12})
    said = "Looking ahead, straight 3-7 won about 11 in 12 sampled deals of the unseen cards."
    assert hint(ahead, STANDARD, 0) == said
    assert hint(Suggestion("pass", "looks_ahead", {"play": "pass", "won": 1, "of": 2}), STANDARD, 0).startswith(
        "Looking ahead, passing won about 1 in 2"
    )


def test_a_move_is_read_at_its_own_table():
    """Eight 3s are a bomb only where the pack has them (four-player: two decks)."""
    tip = Suggestion("33333333", "leads", {"play": "33333333", "plays": 12})
    assert hint(tip, FOUR_PLAYER, 0) == "Leads bomb of 3s and leaves 12 plays."


def test_chinese_refusals_say_auction_answers_bid_choices_and_runs_in_chinese():
    set_language("zh")
    assert reason(Rejection("answer_invalid", {"yes": "rob", "no": "no_rob"})) == "请回答抢地主（1）或不抢（0）。"
    assert reason(Rejection("bid_invalid", {"current": 1, "choices": (2, 3)})) == "请选择不叫，或叫2或3分。"
    assert reason(check("AAA222", "AAA222")) == "飞机里不能有2。"


def test_english_refusals_take_their_articles_from_the_words_they_name():
    assert reason(check("3456789T", "3456789T", "34567")).startswith("An 8-card straight cannot answer a 5-card")
    assert reason(check("AAA222", "AAA222")) == "A 2 cannot be part of an airplane."
    assert reason(check("3334445", "3334445", "3456789T")) == check("3334445", "3334445", "3456789T").text


def test_a_refusal_on_the_table_follows_a_language_switch():
    said = reason(check("99", "99", "34567"))
    set_language("zh")
    assert resay(said) == "对子不能压顺子3-7：请出相同牌型，或者炸弹。"
    set_language("en")
    assert resay(resay(said)) == "A pair cannot answer a straight 3-7: answer with the same shape, or a bomb."


def test_deal_labels():
    hand = Match("standard", 5, first_deal=12).hand
    assert deal_label(hand) == hand.label
    set_language("zh")
    assert deal_label(hand) == "牌局 #12"


# ----- switching in Settings -------------------------------------------------------------------------------------


@pytest.mark.app(saving=True)
def test_language_switches_live_and_is_kept_for_the_next_start(app):
    app.push(SettingsOverlay(app))
    settings = app.scene
    settings.choose("language")
    assert (app.prefs.language, i18n.language()) == ("zh", "zh")
    assert settings.row.get("language").label == "语言：简体中文"
    assert app.stack[0].row.get("quit").label == "退出"  # the title beneath was laid out again
    assert PrefsStore(app.store.directory).load().language == "zh"
    app.step(1 / 60)  # a frame in Chinese draws


def test_a_bad_preferences_file_is_named_and_the_defaults_used(tmp_path):
    store = SaveStore(tmp_path / "saves")
    store.directory.mkdir(parents=True)
    (store.directory / "prefs.json").write_text('{"language": "klingon", "master": 55, "muted": "yes"}')
    assert PrefsStore(store.directory).load() == Prefs()
    (store.directory / "prefs.json").write_text("[1, 2]")
    with opened(title_app(store)) as app:
        assert (app.prefs, "preferences file" in (app.problem or "")) == (Prefs(), True)


def test_chinese_wraps_between_characters_within_the_width_and_keeps_punctuation_in_place():
    pygame.font.init()
    sentence = lookup("rulebook.roles_bid", "zh")
    lines = wrap(sentence, 22, 300)
    assert "".join(lines).replace(" ", "") == sentence.replace(" ", "") and len(lines) > 3  # a space at a break goes
    assert all(font_for(line, 22).size(line)[0] <= 300 for line in lines)
    assert not any(line[0] in NO_BREAK_BEFORE or line[-1] in NO_BREAK_AFTER for line in lines)
    assert wrap("重新发牌（§2-§3）。", 22, 100)[-1].startswith("（")


def split_words(lines: list[str]) -> list[tuple[str, str]]:
    """Each pair of lines whose break falls inside one of the game's Chinese terms."""
    return [
        (a, b)
        for a, b in itertools.pairwise(lines)
        for word in UNBROKEN
        for k in range(1, len(word))
        if a.endswith(word[:k]) and b.startswith(word[k:])
    ]


def test_chinese_lines_never_break_inside_a_game_term():
    """底 at a line's end and 分 at the next one's start read as two words: every Chinese text, at every width."""
    pygame.font.init()
    texts = [text for area in catalogue("zh").values() for text in area.values() if any(w in text for w in UNBROKEN)]
    broken = [pair for text in texts for width in range(90, 700, 23) for pair in split_words(wrap(text, 22, width))]
    assert texts and not broken, broken[:5]
    narrow = font_for("× 底", 22).size("× 底")[0]  # room for 底 after ×, not for 底分
    assert "底分" in wrap("× 底分 1 = 2", 22, narrow)


@pytest.mark.app(saving=True)
def test_notes_on_the_table_follow_a_language_switch(app):
    new_match(app, "standard", 7)
    s = app.session
    s.notices.bubbles[1] = Notice(tr("table.pass"), 99.0)
    s.notices.banner = Notice(tr("table.is_landlord", name=SEAT_NAMES[2]), 1.4)
    s.notices.say("from a save: stays as it is")
    app.change_prefs(language="zh")
    assert (s.notices.bubbles[1].text, s.notices.banner.text, s.notices.message.text) == (
        "不出",
        "林子是地主",
        "from a save: stays as it is",
    )
