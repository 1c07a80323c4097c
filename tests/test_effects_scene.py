"""Effects at the table and on the settlement: a session turns the core's events into effects, the HUD's multiplier
follows the match, and a hand you won ends in confetti (a still glow with reduced motion)."""

import pytest

from game import events as ev
from game.combos import reading_from_text
from game.match import Match
from game.rulesets import STANDARD
from scenes.art.effects import Confetti, Glow, Rocket, Shockwave
from scenes.flow import new_match, open_session, show
from scenes.table import hud
from scenes.words.i18n import tr
from tests.kit.app import steps, texts_drawn
from tests.kit.play import play_until, settled
from tests.kit.table import plate_texts


def play_event(session, seat: int, move: str) -> ev.Played:
    """A Played event for `move` made of cards the seat holds (the board only needs real card ids)."""
    cards = tuple(session.seat.match.hand.hands[seat][: len(move)])
    return ev.Played(seat, move, reading_from_text(move, STANDARD), cards, 10)


def test_a_bomb_played_at_the_table_starts_the_shockwave(app):
    new_match(app, "standard")
    app.session.hear([play_event(app.session, 1, "7777")])
    assert any(isinstance(e, Shockwave) for e in app.session.effects.live)


def test_a_rocket_with_reduced_motion_only_glows(app):
    app.table_settings.reduced_motion = True
    new_match(app, "standard")
    app.session.hear([play_event(app.session, 1, "BR")])
    assert [type(e) for e in app.session.effects.live] == [Glow]


def test_the_table_effects_are_gone_a_few_seconds_later(app):
    new_match(app, "standard")
    app.session.hear([play_event(app.session, 2, "BR")])
    before = [type(e) for e in app.session.effects.live]
    steps(app, 240)
    assert (Rocket in before, app.session.effects.live) == (True, [])


def test_a_new_deal_clears_the_effects(app):
    new_match(app, "standard")
    session = app.session
    session.hear([play_event(session, 1, "7777")])
    hand = session.seat.match.hand
    session.hear([ev.Dealt(hand.number, hand.deal_no, hand.first_bidder, redeal=True)])
    assert session.effects.live == []


def test_the_hud_multiplier_follows_the_match_after_a_bomb(app):
    new_match(app, "standard")
    session = app.session
    session.seat.match.hand.doublings.append("bomb")  # as the core records a bomb (000 §18)
    session.view = session.seat.view()  # as the seat's next update brings it
    steps(app, 2)
    assert (session.ticker.shown, session.ticker.pop > 0) == (2, True)
    assert "×2" in texts_drawn(app, hud, via="pill")  # lit up on its pill while it pops
    assert tr("table.bombs", count=1) in plate_texts(app)  # on the plate's corner badge


def finished(human_won: bool) -> Match:
    """The first seed whose first hand, played out by easy bots, you (seat 0) win or lose as asked."""
    for seed in range(40):
        match = play_until(Match("standard", seed), settled)
        s = match.hand.settlement
        if ((s.landlord == 0) == s.landlord_won) == human_won:
            return match
    raise AssertionError("no such hand in 40 seeds")


@pytest.mark.parametrize("human_won, expected", [(True, [Confetti]), (False, [])])
def test_confetti_falls_only_on_a_hand_you_won(app, human_won, expected):
    show(app, open_session(app, finished(human_won)))
    assert (app.scene.name, [type(e) for e in app.scene.celebration]) == ("settlement", expected)


def test_a_won_hand_with_reduced_motion_glows_instead_of_confetti(app):
    app.table_settings.reduced_motion = True
    show(app, open_session(app, finished(True)))
    assert [type(e) for e in app.scene.celebration] == [Glow]
