"""003 timers at the table: the turn limit hands a human's turn to the Auto bot and says so, the deal limit ends the
hand through `DealExpired`, the elapsed times survive Continue, and `standard` has them only with the setting."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.actions import Bid
from game.match import Match, Phase
from game.savefile import SaveStore
from scenes.flow import continue_match
from scenes.screens import settlement as settlement_screen
from scenes.screens.settlement import SettlementScene
from scenes.table import hud
from scenes.table.seats import HUMAN
from scenes.table.session import Session
from scenes.words.i18n import tr
from tests.kit.app import texts_drawn
from tests.kit.table import local_session


@pytest.fixture
def pool():
    with ThreadPoolExecutor(max_workers=1) as made:
        yield made


def your_turn(app, pool, ruleset: str, **settings) -> Session:
    """A session whose first bidder is you."""
    seed = next(s for s in range(200) if Match(ruleset, s).hand.first_bidder == HUMAN)
    session = local_session(Match(ruleset, seed), pool=pool, decide=bids_three)
    for name, value in settings.items():
        setattr(session.settings, name, value)
    session.relayout(app.geo)
    return session


def run_clock(session: Session, seconds: float):
    """Table time passes; the first action the bot driver took, with the time it came, or None."""
    match = session.seat.match
    for frame in range(round(seconds * 20)):
        session.update(0.05)
        session.drive()
        if match.log:
            return match.log[-1], (frame + 1) * 0.05
        if session.seat.thinker.future is not None:
            session.seat.thinker.future.result(timeout=5)
    return None


def bids_three(view, level):
    return Bid(view.seat, 3)


def test_003_timed_out_turn_is_played_by_the_bot(app, pool):
    session = your_turn(app, pool, "classic")
    decided, at = run_clock(session, 45)
    assert decided == Bid(HUMAN, 3)
    assert 40 <= at < 41


def test_003_timed_out_turn_says_the_bot_played_for_you(app, pool):
    session = your_turn(app, pool, "classic")
    run_clock(session, 45)
    assert session.notices.message.text == "Time's up: the bot played for you"


def test_your_own_move_in_time_says_nothing_about_the_clock(app, pool):
    session = your_turn(app, pool, "classic")
    run_clock(session, 10)
    session.act(Bid(HUMAN, 1))
    assert session.notices.message is None


def test_standard_without_the_setting_never_covers_your_turn(app, pool):
    session = your_turn(app, pool, "standard")
    assert run_clock(session, 60) is None
    assert session.seat.clock.deal_clock() is None


def test_turn_timers_setting_brings_the_003_timers_to_standard(app, pool):
    session = your_turn(app, pool, "standard", turn_timers=True)
    decided, at = run_clock(session, 45)
    assert decided == Bid(HUMAN, 3) and 40 <= at < 41


def test_003_deal_limit_ends_the_hand_at_the_table(app, pool):
    session = your_turn(app, pool, "classic")
    session.seat.clock.deal_elapsed = 299.9
    session.update(0.2)
    hand = session.seat.match.hand
    assert (session.seat.match.phase, hand.expired, hand.winner) == (Phase.HAND_OVER, True, None)
    assert session.notices.banner.text == "Time ran out"


def test_deal_clock_counts_down_on_the_hud(app, pool):
    session = your_turn(app, pool, "classic")
    run_clock(session, 10)
    assert session.seat.clock.deal_clock() == "4:50"
    drawn = texts_drawn(lambda: hud.draw_hud(app.screen, app.geo, session), hud, via="pill")
    assert tr("table.deal_time", clock="4:50") in drawn, drawn


def test_expired_hand_settlement_shows_no_winner(app, pool):
    session = your_turn(app, pool, "classic")
    session.seat.clock.deal_elapsed = 300
    session.update(0.05)
    scene = SettlementScene(app, session)
    scene.enter()
    drawn = texts_drawn(lambda: scene.draw(app.screen), settlement_screen)
    assert scene.human_won is False
    assert scene.row.buttons[0].key == "again"
    assert drawn[0] == tr("table.time_ran_out"), drawn  # the headline: no winner, no loser
    headlines = ("settlement.you_win", "settlement.you_lose", "settlement.match_over", "settlement.you_win_match")
    assert not {tr(key) for key in headlines} & set(drawn)
    assert tr("settlement.expired_note", minutes="5") in " ".join(drawn)  # why, under the headline


def saved_with_clock(tmp_path, ruleset: str, table: dict) -> SaveStore:
    store = SaveStore(tmp_path / "saves")
    store.save(Match(ruleset, 4), table)
    return store


def test_timers_survive_continue(app, tmp_path):
    store = saved_with_clock(tmp_path, "classic", {"clock": {"deal_elapsed": 123.5, "turn_elapsed": 7.25}})
    continue_match(app, store.load())
    clock = app.session.seat.clock
    assert (clock.deal_elapsed, clock.turn_elapsed, clock.turn) == (123.5, 7.25, app.session.turn_key())


@pytest.mark.parametrize("table", [{}, {"clock": "soon"}, {"clock": {"deal_elapsed": -3, "turn_elapsed": True}}])
def test_a_save_without_a_sound_clock_starts_the_clock_at_zero(app, tmp_path, table):
    store = saved_with_clock(tmp_path, "classic", table)
    continue_match(app, store.load())
    assert (app.session.seat.clock.deal_elapsed, app.session.seat.clock.turn_elapsed) == (0.0, 0.0)


def test_the_session_saves_its_clock_with_the_table(app, tmp_path, pool):
    store = SaveStore(tmp_path / "saves")
    session = local_session(Match("classic", 4), store=store, pool=pool)
    session.seat.clock.deal_elapsed = 42.0
    session.save()
    assert store.load().table["clock"]["deal_elapsed"] == 42.0


def test_a_version_1_save_still_loads(tmp_path):
    store = saved_with_clock(tmp_path, "standard", {})
    data = json.loads(store.path.read_text())
    store.path.write_text(json.dumps({**data, "version": 1}))
    loaded = store.load()
    assert loaded.problem is None and loaded.match is not None
