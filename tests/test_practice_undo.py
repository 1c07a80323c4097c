"""Practice mode (issue 7): undo restores the exact previous future, the practice mark travels with the save, a
practice match stays out of the statistics, undo is refused outside practice, and "replay this deal" deals the same
cards again as a practice match, never replacing an unfinished match without asking."""

import random

import pygame
import pytest

from game import events as ev
from game import history
from game.match import Match, Phase
from game.stats import StatsStore
from scenes.flow import continue_match, new_match, open_session, set_practice, show
from scenes.platform.input import Act, Inputs
from scenes.screens import overlay
from scenes.screens.menus import ConfirmReplayDeal
from scenes.screens.play import PlayScene
from scenes.screens.settings import SettingsOverlay
from scenes.screens.settlement import SettlementScene
from scenes.table.local_seat import PRACTICED
from scenes.table.marks import draw_practice_tag
from scenes.table.seats import HUMAN
from scenes.table.table_settings import TableSettings
from scenes.words.i18n import tr
from tests.kit.app import post, steps
from tests.kit.play import bot_action, future, play_until, settled
from tests.kit.rules import random_action

pytestmark = pytest.mark.app(saving=True, shared=True)

# ----- the core: undo back to your last decision ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["standard", "rob", "four-player"])
def test_issue7_undo_restores_the_exact_previous_state(ruleset):
    """Issue 7: "undo restores the exact previous future": the future before your latest decision, the answers after
    it undone, whatever came before kept; checked at every decision of yours in two hands."""
    rng = random.Random(6)
    match = Match(ruleset, 6)
    checked = 0
    before_mine = None
    while len(match.results) < 2 and match.phase is not Phase.MATCH_OVER:
        action = random_action(match, rng)
        if getattr(action, "seat", None) == HUMAN:
            before_mine = future(match)
        elif before_mine is not None:  # the answers since (and the settlement, once the hand is over) undone too
            assert future(history.undo(match, HUMAN)) == before_mine
            checked += 1
        if any(isinstance(e, ev.Dealt) for e in match.apply(action)):
            before_mine = None  # a new deal: nothing of yours to undo in it yet
    assert checked > 20


def test_nothing_to_undo_before_you_have_acted_in_the_deal():
    match = Match("standard", 3)
    while match.turn != HUMAN:
        match.apply(bot_action(match, random.Random(1)))
    assert history.undo(match, HUMAN) is None


# ----- at the table ------------------------------------------------------------------------------------------------


def sit(app, practice: bool, seed: int = 5):
    """A new match at the table with practice on or off."""
    app.table_settings.practice = practice
    new_match(app, "standard", seed)
    return app.session


def until_after_your_decision(session, phase: Phase = Phase.BIDDING) -> tuple:
    """Easy bots play every seat until you have decided once in `phase` and the bots have answered; the future just
    before your decision, as it was then."""
    rng = random.Random(2)
    before = None
    while before is None or session.seat.match.turn != HUMAN:
        if session.seat.match.turn == HUMAN and session.seat.match.phase is phase:
            before = future(session.seat.match)
        session.act(bot_action(session.seat.match, rng))
    return before


def ctrl_z(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="\x1a", scancode=0)
    steps(app, 2)


def test_ctrl_z_undoes_your_last_decision_and_saves_the_earlier_state(app):
    session = sit(app, practice=True)
    before = until_after_your_decision(session)
    ctrl_z(app)
    now = app.session
    assert future(now.seat.match) == before
    assert future(app.store.load().match) == before  # the save is the earlier future too
    assert now.notices.message is not None and now.notices.message.text.startswith("Undone")
    assert now.seat.match.turn == HUMAN


def test_the_undo_button_shows_in_practice_and_undoes(app):
    session = sit(app, practice=True)
    before = until_after_your_decision(session, Phase.PLAYING)
    show(app, session)
    assert isinstance(app.scene, PlayScene)
    undo = app.scene.tools.get("undo")
    post(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1)
    steps(app, 2)
    assert future(app.session.seat.match) == before
    assert "undo" not in [b.key for b in PlayScene(app, sit(app, practice=False)).tools.buttons]


def test_undo_is_refused_outside_practice_with_a_clear_message(app):
    session = sit(app, practice=False)
    until_after_your_decision(session)
    log = list(session.seat.match.log)
    ctrl_z(app)
    assert app.session is session and session.seat.match.log == log
    assert session.notices.message.text == tr("replay.undo_off")


def test_undo_says_so_when_you_have_not_acted_yet(app):
    session = sit(app, practice=True)
    rng = random.Random(1)
    while session.seat.match.turn != HUMAN:
        session.act(bot_action(session.seat.match, rng))
    log = list(session.seat.match.log)
    ctrl_z(app)
    assert session.seat.match.log == log and session.notices.message.text == tr("replay.undo_nothing")


# ----- the practice mark, the save and the statistics -------------------------------------------------------------


def hands_counted(app) -> int:
    return StatsStore(app.store.directory).load().hands


def test_a_practice_match_stays_out_of_the_statistics(app):
    counted = sit(app, practice=False, seed=5)
    play_until(counted.seat.match, settled, counted.act)
    assert hands_counted(app) == 1
    practice = sit(app, practice=True, seed=6)
    play_until(practice.seat.match, settled, practice.act)
    assert hands_counted(app) == 1


def practised_mid_match(app):
    """A counted match in which practice is turned on after your first bid, then off again."""
    session = sit(app, practice=False)
    until_after_your_decision(session)
    set_practice(app, True)
    set_practice(app, False)
    return session


def test_practice_turned_on_mid_match_keeps_the_whole_match_out_even_once_turned_off(app):
    session = practised_mid_match(app)
    assert session.seat.practiced and not app.table_settings.practice
    play_until(session.seat.match, settled, session.act)
    assert hands_counted(app) == 0


def test_the_practice_mark_travels_with_the_save(app):
    practised_mid_match(app)
    assert app.store.load().table[PRACTICED] is True  # the match stays marked: the save says so
    app.session = None
    app.table_settings = TableSettings()
    continue_match(app)
    restored = app.session
    assert restored.seat.practiced and not restored.settings.practice
    play_until(restored.seat.match, settled, restored.act)
    assert hands_counted(app) == 0


def test_the_practice_setting_is_kept_with_the_table_settings():
    assert TableSettings.from_dict({"practice": True}).practice is True
    assert TableSettings.from_dict({"practice": "yes"}).practice is False


def test_an_ordinary_match_saves_unmarked(app):
    sit(app, practice=False)
    assert app.store.load().table[PRACTICED] is False


# ----- replay this deal ------------------------------------------------------------------------------------------


def settle_at_table(app, seed: int = 5):
    session = sit(app, practice=False, seed=seed)
    play_until(session.seat.match, settled, session.act)
    show(app, session)
    return session


def titles_drawn(app, monkeypatch) -> list[str]:
    """The titles (44 px at 1080p) the menu overlay on top writes in one frame."""
    drawn: list[str] = []
    real = overlay.blit_text

    def spy(surface, text, size, *args, **kwargs):
        if size == app.geo.px(44):
            drawn.append(text)
        return real(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(overlay, "blit_text", spy)
    app.draw(app.screen)
    monkeypatch.undo()
    return drawn


def test_replay_this_deal_asks_first_then_deals_the_same_cards_as_practice(app, monkeypatch):
    session = settle_at_table(app)
    old = session.seat.match
    dealt = history.replay(old, history.deal_spans(old)[-1])[0].hand.hands
    assert isinstance(app.scene, SettlementScene)
    app.scene.choose("deal")
    assert isinstance(app.scene, ConfirmReplayDeal)  # the match is not over: it would be lost
    assert titles_drawn(app, monkeypatch) == ["Replay this deal?"]  # not the new match's "Start a new match?"
    app.scene.choose("keep")
    assert app.session is session and isinstance(app.scene, SettlementScene)
    app.scene.choose("deal")
    app.scene.choose("start")
    fresh = app.session
    assert fresh is not session and fresh.seat.match.hand.deal_no == old.hand.deal_no
    assert fresh.seat.match.hand.hands == dealt and fresh.seat.match.first_deal == old.hand.deal_no
    assert fresh.seat.practiced and fresh.settings.practice and fresh.seat.match.scores == [0, 0, 0]


@pytest.mark.slow
def test_replay_this_deal_after_a_finished_match_starts_at_once(app):
    session = open_session(app, Match("standard", 1))
    show(app, session)
    play_until(session.seat.match, lambda m: m.phase is Phase.MATCH_OVER, session.act)
    deal = session.seat.match.hand.deal_no
    show(app, session)
    app.scene.choose("deal")
    assert app.session.seat.match.hand.deal_no == deal and app.session.seat.practiced


def test_the_settings_toggle_marks_the_match_and_offers_undo(app):
    session = sit(app, practice=False)
    show(app, session)
    app.push(SettingsOverlay(app))
    settings = app.scene
    assert dict((k, label) for k, label, _ in settings.items())["practice"] == tr("replay.practice_off")
    settings.choose("practice")
    assert app.table_settings.practice and session.seat.practiced
    assert app.store.load().table[PRACTICED] is True
    assert dict((k, label) for k, label, _ in settings.items())["practice"] == tr("replay.practice_on")
    for b in settings.row.buttons:
        b.focus = b.key == "practice"
    settings.update(0.0)
    assert settings.row.get("practice").hint == tr("replay.practice_hint")
    assert all(b.rect.bottom <= app.geo.size[1] for b in settings.row.buttons)  # the extra line still fits


def test_in_practice_undo_on_the_settlement_takes_the_last_decision_back(app):
    session = sit(app, practice=True)
    rng = random.Random(4)
    before = None
    while session.seat.match.phase is not Phase.HAND_OVER:
        if session.seat.match.turn == HUMAN:
            before = future(session.seat.match)
        session.act(bot_action(session.seat.match, rng))
    show(app, session)
    assert isinstance(app.scene, SettlementScene)
    ctrl_z(app)
    assert future(app.session.seat.match) == before and not isinstance(app.scene, SettlementScene)


@pytest.mark.parametrize(
    "event",
    [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_RCTRL, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0),
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_LEFTSTICK),
    ],
)
def test_undo_keys_and_pad_button(event):
    assert [i.act for i in Inputs().translate(event)] == [Act.UNDO]


def test_a_plain_z_is_not_undo():
    plain = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z", scancode=0)
    assert Act.UNDO not in [i.act for i in Inputs().translate(plain)]


def test_a_practice_match_says_so_at_the_table(app):
    session = sit(app, practice=False)
    bare = pygame.Surface(app.geo.size, pygame.SRCALPHA)
    draw_practice_tag(bare, app.geo, session)
    assert bare.get_bounding_rect().width == 0  # a counted match shows nothing
    set_practice(app, True)
    draw_practice_tag(bare, app.geo, session)
    tag = bare.get_bounding_rect()
    assert tag.width > 0 and tag.right < app.geo["menu_button"].left
