"""Shipped fonts: cached per size and weight, survive a pygame restart, and have real suit glyphs."""

import hashlib

import pygame
import pygame.freetype
import pytest

from scenes.art.fonts import BOLD, CJK, FONT_DIR, REGULAR, cjk_font, font, font_for

SUITS = "♠♥♣♦"


@pytest.fixture
def started():
    pygame.init()
    yield
    pygame.quit()


def test_font_is_cached_per_size_and_weight(started):
    assert font(24) is font(24)
    assert font(24) is not font(24, bold=True)
    assert font(24) is not font(25)
    assert font(40).get_height() > font(20).get_height()


def test_font_still_works_after_pygame_is_restarted():
    pygame.init()
    font(22)
    pygame.quit()
    pygame.init()
    try:
        assert font(22).render("A♠", True, (0, 0, 0)).get_width() > 0
    finally:
        pygame.quit()


@pytest.mark.parametrize("path", [REGULAR, BOLD])
def test_shipped_font_has_the_four_suit_glyphs(path):
    pygame.freetype.init()
    assert None not in pygame.freetype.Font(path, 32).get_metrics(SUITS + "10JQKA")


def test_suits_render_as_four_different_glyphs_not_tofu(started):
    shapes = {
        hashlib.sha1(pygame.image.tobytes(font(32, bold=True).render(s, True, (0, 0, 0)), "RGBA")).digest()
        for s in SUITS
    }
    assert len(shapes) == 4


def test_fonts_ship_with_their_licence():
    licence = (FONT_DIR / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "public domain" in licence
    assert REGULAR.is_file() and BOLD.is_file()
    assert "Apache License" in (FONT_DIR / "LICENSE-WenQuanYi.txt").read_text() and CJK.is_file()


def test_chinese_font_has_the_game_vocabulary_and_the_suits():
    pygame.freetype.init()
    assert None not in pygame.freetype.Font(CJK, 32).get_metrics("斗地主大王小王叫抢加倍不出，。AZ09" + SUITS)


def test_chinese_text_gets_the_chinese_font_and_latin_text_keeps_dejavu(started):
    assert font_for("叫地主", 24) is cjk_font(24)
    assert font_for("Bid 3", 24, bold=True) is font(24, bold=True)
    assert font_for("3♠", 24) is font(24)


def test_bold_chinese_is_emboldened_not_the_regular_face(started):
    bold, regular = font_for("地主", 32, bold=True), font_for("地主", 32)
    assert (bold is cjk_font(32, bold=True), bold.bold, regular.bold) == (True, True, False)
    ink = [pygame.mask.from_surface(f.render("地主", True, (0, 0, 0))).count() for f in (regular, bold)]
    assert ink[1] > ink[0] * 1.1
