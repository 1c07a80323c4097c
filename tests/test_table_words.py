"""What the table says and counts as players read it (issue 14): the card counter during the deal, the match
standing, the statistics' counts, the command line's help."""

import pytest

from game.rulesets import RULESETS
from game.stats import Stats
from main import parse_args
from scenes.flow import new_match
from scenes.screens.stats import StatsScreen
from scenes.table import hud
from scenes.table.seats import HUMAN
from scenes.words.i18n import set_language, tr
from tests.kit.app import steps

pytestmark = pytest.mark.usefixtures("english_after")  # each test ends in English


def counted(app, monkeypatch) -> dict[str, int]:
    """The counts the card counter draws in the next frame, rank -> cards left."""
    drawn: list[tuple] = []
    real = hud._counter_strip
    monkeypatch.setattr(hud, "_counter_strip", lambda cells, *a: drawn.append(cells) or real(cells, *a))
    app.draw(app.screen)
    monkeypatch.setattr(hud, "_counter_strip", real)
    return dict(drawn[-1])


@pytest.mark.app(saving=True)
def test_the_card_counter_follows_your_cards_as_they_land_during_the_deal(app, monkeypatch):
    """It showed your whole hand as seen from the deal's first frame, before a card had landed."""
    new_match(app, "standard", 7)
    session = app.scene.session
    steps(app, 2)
    assert session.cards.deal is not None and session.cards.deal.landed(HUMAN) < 17
    early = sum(counted(app, monkeypatch).values())
    assert early == 54 - session.cards.deal.landed(HUMAN)
    while session.cards.deal is not None:
        steps(app, 10)
        if session.cards.deal is not None:
            assert sum(counted(app, monkeypatch).values()) == 54 - session.cards.deal.landed(HUMAN)
    assert counted(app, monkeypatch) == dict(session.unseen()) and sum(dict(session.unseen()).values()) == 37


@pytest.mark.parametrize(("language", "level"), [("en", "all square"), ("zh", "比分持平")])
def test_the_match_standing_says_all_square_when_the_scores_are_level(language, level):
    set_language(language)
    assert tr("settlement.first_to_level", target=30).endswith(level)


def test_one_hand_is_one_hand():
    assert tr("settlement.final_one", count=1) == "Final result after 1 hand"
    assert tr("settlement.final", count=2) == "Final result after 2 hands"
    assert tr("replay.undone_one", count=1).startswith("Undone: 1 move taken back")


@pytest.mark.app(saving=True)
def test_chinese_statistics_count_hands_in_ju_and_matches_in_chang(app):
    set_language("zh")
    screen = StatsScreen(app)
    screen.stats = Stats(hands=5, landlord_hands=2, landlord_wins=1, farmer_wins=2, matches=2, matches_won=1)
    figures = {label: said for label, said, _, _ in screen.bars()}
    assert figures["当地主"].startswith("2局中胜1局") and figures["比赛"].startswith("2场中胜1场")


def test_the_help_lists_every_table_and_what_ruleset_starts(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    said = capsys.readouterr().out
    assert "two bots." not in said and "--ruleset NAME" in said
    assert all(name in said and rules.title in said for name, rules in RULESETS.items())
    assert "shares capped at 32 × base" in said
