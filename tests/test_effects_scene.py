"""Effects at the table and on the settlement: a session turns the core's events into effects, the HUD's multiplier
follows the match, and a hand you won ends in confetti (a still glow with reduced motion)."""

import pytest

from game import events as ev
from game.combos import reading_from_text
from game.match import Match
from game.rulesets import STANDARD
from scenes.art.effects import Confetti, Glow, Rocket, Shockwave
from scenes.flow import new_match, open_session, show
from tests.kit.app import headless_app, steps
from tests.kit.play import play_until, settled


@pytest.fixture
def game():
    yield from headless_app()


def play_event(session, seat: int, move: str) -> ev.Played:
    """A Played event for `move` made of cards the seat holds (the board only needs real card ids)."""
    cards = tuple(session.match.hand.hands[seat][: len(move)])
    return ev.Played(seat, move, reading_from_text(move, STANDARD), cards, 10)


def test_a_bomb_played_at_the_table_starts_the_shockwave(game):
    new_match(game, "standard")
    game.session.absorb([play_event(game.session, 1, "7777")])
    assert any(isinstance(e, Shockwave) for e in game.session.effects.live)


def test_a_rocket_with_reduced_motion_only_glows(game):
    game.table_settings.reduced_motion = True
    new_match(game, "standard")
    game.session.absorb([play_event(game.session, 1, "BR")])
    assert [type(e) for e in game.session.effects.live] == [Glow]


def test_the_table_effects_are_gone_a_few_seconds_later(game):
    new_match(game, "standard")
    game.session.absorb([play_event(game.session, 2, "BR")])
    before = [type(e) for e in game.session.effects.live]
    steps(game, 240)
    assert (Rocket in before, game.session.effects.live) == (True, [])


def test_a_new_deal_clears_the_effects(game):
    new_match(game, "standard")
    session = game.session
    session.absorb([play_event(session, 1, "7777")])
    hand = session.match.hand
    session.absorb([ev.Dealt(hand.number, hand.deal_no, hand.first_bidder, redeal=True)])
    assert session.effects.live == []


def test_the_hud_multiplier_follows_the_match_after_a_bomb(game):
    new_match(game, "standard")
    session = game.session
    session.match.hand.doublings.append("bomb")  # as the core records a bomb (000 §18)
    steps(game, 2)
    assert (session.ticker.shown, session.ticker.pop > 0) == (2, True)


def finished(human_won: bool) -> Match:
    """The first seed whose first hand, played out by easy bots, you (seat 0) win or lose as asked."""
    for seed in range(40):
        match = play_until(Match("standard", seed), settled)
        s = match.hand.settlement
        if ((s.landlord == 0) == s.landlord_won) == human_won:
            return match
    raise AssertionError("no such hand in 40 seeds")


@pytest.mark.parametrize("human_won, expected", [(True, [Confetti]), (False, [])])
def test_confetti_falls_only_on_a_hand_you_won(game, human_won, expected):
    show(game, open_session(game, finished(human_won)))
    assert (game.scene.name, [type(e) for e in game.scene.celebration]) == ("settlement", expected)


def test_a_won_hand_with_reduced_motion_glows_instead_of_confetti(game):
    game.table_settings.reduced_motion = True
    show(game, open_session(game, finished(True)))
    assert [type(e) for e in game.scene.celebration] == [Glow]
