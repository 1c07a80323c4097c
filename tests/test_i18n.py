"""The string catalogue: both languages have every key with the same fields, every key the code asks for exists, and
the shipped fonts draw every character of both languages (no tofu)."""

import pathlib
import re
import string
import warnings

import pygame.freetype
import pytest

from scenes import i18n
from scenes.fonts import CJK, REGULAR
from scenes.i18n import LANGUAGES, MissingTranslation, catalogue, keys, lookup, set_language, tr

ROOT = pathlib.Path(__file__).resolve().parent.parent
LITERAL_KEY = re.compile(r"""\btr\(\s*(["'])([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)\1""")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


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
    assert tr("stats.won_of", won=3, played=5, rate="60%") == "5 局胜 3 局 · 60%"
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
