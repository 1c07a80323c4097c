"""Regressions found by playing the real game: each test names what a player saw."""

import pygame
import pytest

from game.match import Match
from scenes.flow import new_match, open_session, show
from scenes.screens import rules as rules_help
from scenes.screens.rules import RulesHelp
from scenes.screens.table import TableScene
from scenes.table import hud, seat_look
from scenes.table.seats import HUMAN
from tests.kit.app import steps
from tests.kit.play import play_until

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English


@pytest.mark.app(saving=True)
def test_the_menu_button_follows_a_language_switch_at_the_table(app):
    """The table's Menu button kept saying "Menu" after Settings switched to 简体中文."""
    new_match(app, "standard", 7)
    steps(app, 2)
    table = app.scene
    assert isinstance(table, TableScene) and table.menu.label == "Menu"
    app.change_prefs(language="zh")
    assert table.menu.label == "菜单"


@pytest.mark.app(saving=True)
def test_an_opponent_down_to_one_card_lights_the_alarm_on_a_chinese_table(app, monkeypatch):
    """An opponent down to one card was flagged "1 card left!" in English on a Chinese table, in small red text easy
    to miss (issue 35): the alarm is now its count, large on a red coin, and a light over its fan; no words."""
    app.change_prefs(language="zh")
    session = open_session(app, Match("standard", 4))
    show(app, session)

    def near_the_end(match: Match) -> bool:
        hands = match.hand.hands
        return match.turn == HUMAN and any(len(hands[s]) == 1 for s in range(3) if s != HUMAN)

    play_until(session.seat.match, near_the_end, session.act)
    steps(app, 300)  # the deal and the last plays land; your turn waits for you
    counts: list[tuple[str, int]] = []
    lights: list[tuple] = []
    real_text, real_light = seat_look.blit_text, seat_look.beacon
    monkeypatch.setattr(
        seat_look,
        "blit_text",
        lambda surface, text, size, *a, **k: counts.append((text, size)) or real_text(surface, text, size, *a, **k),
    )
    monkeypatch.setattr(seat_look, "beacon", lambda *a: lights.append(a) or real_light(*a))
    app.draw(app.screen)
    hands = session.view.hand_sizes
    alarmed = [seat for seat in range(3) if 0 < hands[seat] <= 2]
    assert ("1", app.geo.px(52)) in counts and len(lights) == len(alarmed) >= 1
    assert not any(word in text for text, _ in counts for word in ("left", "card"))


@pytest.mark.parametrize(("language", "label"), [("en", "left"), ("zh", "剩余")])
@pytest.mark.app(saving=True)
def test_the_card_counter_says_what_is_left_not_unseen(app, monkeypatch, language, label):
    """The counter also counts the face-up kitty and a shown hand as played, so it is labelled with what is left
    (issue 14), not "unseen"."""
    app.change_prefs(language=language)
    new_match(app, "standard", 7)
    steps(app, 2)
    assert app.scene.session.settings.counter
    drawn: list[str] = []
    real = hud.blit_text
    monkeypatch.setattr(
        hud, "blit_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k)
    )
    hud.COMPOSED.clear()  # the strip is composed once per set of counts: made again now, as drawn
    app.draw(app.screen)
    assert label in drawn and not any("unseen" in text or "未出" in text for text in drawn)


@pytest.mark.app(saving=True)
def test_rules_from_the_title_do_not_call_every_preset_this_table(app):
    """From the title there is no table: the pages said "This table: Classic", "This table: Rob the Landlord", ..."""
    titles = [page.title for page in RulesHelp(app).pages]
    assert "Classic" in titles and not any(title.startswith("This table") for title in titles)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_rules_page_title_stays_clear_of_the_page_counter(app, language, monkeypatch):
    """ "Rob the Landlord: play and scoring" ran into the "9 / 13" counter at the top right of the page."""
    app.change_prefs(language=language)
    rules = RulesHelp(app)
    app.push(rules)
    drawn: dict[str, pygame.Rect] = {}
    real = rules_help.blit_text

    def spy(surface, value, *args, **kwargs):
        drawn[value] = rect = real(surface, value, *args, **kwargs)
        return rect

    monkeypatch.setattr(rules_help, "blit_text", spy)
    for number, page in enumerate(rules.pages):
        rules.page = number
        drawn.clear()
        app.draw(app.screen)
        counter = drawn[f"{number + 1} / {len(rules.pages)}"]
        assert not drawn[page.title].colliderect(counter.inflate(8, 0)), page.title
