"""Chinese typography (issue 35): no space between a Chinese character and a digit or a Latin letter ("还剩7 手",
"只剩 2 张！", "顺子 7-J"), none just inside full-width brackets ("（ 1/4 ）"), and no panel ending on a lone word
("开始。" wrapped onto a line of its own). Every catalogue text is scanned with its fields filled in, then wrapped at
the widths the panels use; and the phrases the table renders while bots play whole hands in Chinese."""

import re
from string import Formatter

import pygame
import pytest

from scenes.art import text as text_module
from scenes.art.fonts import CJK_START
from scenes.art.text import wrap
from scenes.words.i18n import catalogue, set_language
from tests.kit.app import headless_app, steps

HAN = r"\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"  # Chinese characters and full-width punctuation
STRAY = re.compile(rf"[{HAN}][ \u00a0]+[0-9A-Za-z]|[0-9A-Za-z][ \u00a0]+[{HAN}]")
INSIDE = re.compile(r"[（【《「『“][ \u00a0]|[ \u00a0][）】》」』”]")
WIDTHS = (260, 330, 400, 480, 560, 700)  # the panels' text widths at the reference size, from a tile to a page
SIZES = (20, 22, 24, 26)


class Field(str):
    """A field's stand-in: a digit (the fields beside the words are counts, ranks, numbers), whatever its format."""

    def __format__(self, spec: str) -> str:
        return str(self)


def filled(template: str) -> str:
    fields = {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template) if name}
    return template.format(**dict.fromkeys(fields, Field("7")))


def zh_texts() -> dict[str, str]:
    return {f"{area}.{key}": filled(t) for area, texts in catalogue("zh").items() for key, t in texts.items()}


def faults(said: str) -> list[str]:
    return [match.group() for pattern in (STRAY, INSIDE) for match in pattern.finditer(said)]


def lone(line: str) -> bool:
    """A lone word closing a wrapped text: three Chinese characters or fewer (开始。), or one word."""
    if any(ord(ch) >= CJK_START for ch in line):
        return len(line.replace(" ", "")) <= 3
    return " " not in line.strip()


def test_the_scan_sees_each_fault():
    assert faults("还剩7 手") == ["7 手"] and faults("只剩 2 张！") == ["剩 2"] and faults("顺子 7-J") == ["子 7"]
    assert faults("（ 1/4 ）") == ["（ 1", "4 ）", "（ ", " ）"] and faults("F11 全屏") == ["1 全"]
    assert faults("还剩7手 · 顺子7-J（1/4）") == [] and faults("Deal #7 · 炸弹") == []
    assert lone("开始。") and lone("Start.") and not lone("重新开始。") and not lone("Start again.")


def test_no_chinese_catalogue_text_has_a_stray_space():
    found = {key: faults(said) for key, said in zh_texts().items() if faults(said)}
    assert found == {}


def test_no_chinese_text_wraps_onto_a_lone_word_at_the_end_of_a_panel():
    pygame.font.init()
    ended = [
        (key, width, lines[-2:])
        for key, said in zh_texts().items()
        for size in SIZES
        for width in WIDTHS
        if len(lines := wrap(said, size, width)) > 1 and lone(lines[-1])
    ]
    assert ended == []


def test_a_lone_word_takes_company_from_the_line_before():
    pygame.font.init()
    said = "每打完一局即计入统计。中途放弃的牌局和演示模式不计，请重新开始。"
    for width in range(120, 700, 7):
        lines = wrap(said, 22, width)
        assert "".join(lines) == said and (len(lines) == 1 or not lone(lines[-1])), (width, lines)
    english = "Counted after every hand you play to the end."
    assert all(" " in wrap(english, 22, width)[-1] for width in range(160, 420, 9))


@pytest.mark.slow
@pytest.mark.usefixtures("english_after")
@pytest.mark.parametrize("ruleset", ["standard", "rob", "wildcard"])
def test_the_phrases_the_table_renders_in_chinese_have_no_stray_space(ruleset, monkeypatch):
    """Bots play a whole hand in every seat, the settlement included; every text rendered on the way is scanned."""
    rendered: set[str] = set()
    get = text_module.RENDERS.get

    def spy(key, make):
        rendered.add(str(key[0]))
        return get(key, make)

    monkeypatch.setattr(text_module.RENDERS, "get", spy)
    app = headless_app((1280, 720))
    try:
        set_language("zh")
        app.change_prefs(language="zh")
        app.demo, app.steady, app.ruleset = True, True, ruleset
        app.show_title()
        for _ in range(60 * 60 * 4):
            steps(app, 1)
            if app.scene.name == "settlement" and getattr(app.scene, "shown", 0) > 0.5:
                break
        assert app.scene.name == "settlement"
    finally:
        app.close()
    chinese = {said for said in rendered if any(ord(ch) >= CJK_START for ch in said)}
    assert len(chinese) > 20 and {said: faults(said) for said in chinese if faults(said)} == {}
