"""The table as players read it (issue 35): the kitty's cards marked in the landlord's hand until played (three, the
four of `swap-three`, the eight of `four-player`) while the kitty stays face up at its place; a won round fading out
before the free lead is taken (at once with reduced motion); the alarm at two cards and one, yours included, steady
with reduced motion and gone when the hand ends."""

import pytest

from game.actions import Pass, Play, Swap
from game.match import Match, Phase
from scenes.art.emblems import GLOWS
from scenes.screens import table as table_screen
from scenes.table import seat_look
from scenes.table.placing import ROUND_FADE, ROUND_HOLD
from scenes.table.seat_look import alarmed, glow
from tests.kit.app import steps
from tests.kit.play import play_until
from tests.kit.rules import position
from tests.kit.table import at_table

KITTY = {"standard": 3, "swap-three": 4, "four-player": 8}


def your_auction_won(ruleset: str) -> Match:
    """The first deal (by seed) of `ruleset` whose auction makes you (seat 0) the landlord, at the first play."""
    for seed in range(60):
        match = Match(ruleset, seed)
        while match.phase is Phase.SWAPPING:  # swap-three: each seat passes on its first cards (the kit's bots act
            seat = match.waiting[0]  # in turn, and the swap has none)
            match.apply(Swap(seat, tuple(match.hand.hands[seat][: match.rules.swap_cards])))
        play_until(match, lambda m: m.phase is Phase.PLAYING or m.phase is Phase.HAND_OVER)
        if match.phase is Phase.PLAYING and match.hand.landlord == 0:
            return match
    raise AssertionError(f"no deal of {ruleset} in 60 makes seat 0 the landlord")


def kitty_tags(app, monkeypatch) -> set[tuple[int, int]]:
    """Where the next frame lays the kitty's tag."""
    laid: set[tuple[int, int]] = set()
    real = table_screen.mark_kitty
    monkeypatch.setattr(table_screen, "mark_kitty", lambda surface, at, size: laid.add(at) or real(surface, at, size))
    app.draw(app.screen)
    return laid


def hand_spots(app, cards) -> set[tuple[int, int]]:
    sprites = app.session.cards.board.sprites
    return {(round(sprites[c].pos[0]), round(sprites[c].pos[1])) for c in cards}


@pytest.mark.parametrize("ruleset", sorted(KITTY))
def test_the_kittys_cards_are_marked_in_the_landlords_hand_until_played(app, monkeypatch, ruleset):
    match = at_table(app, your_auction_won(ruleset))
    steps(app, 240)  # the kitty flips and joins your hand
    view = app.session.view
    kitty = set(view.kitty_cards or ())
    assert len(kitty) == KITTY[ruleset] and kitty <= set(match.hand.hands[0])
    assert kitty_tags(app, monkeypatch) == hand_spots(app, kitty)
    played = next(c for c in match.hand.hands[0] if c in kitty)
    app.session.act(Play(0, match.deck[played].char, cards=(played,)))
    steps(app, 60)
    still = kitty & set(match.hand.hands[0])
    assert len(still) == len(kitty) - 1 and kitty_tags(app, monkeypatch) == hand_spots(app, still)
    assert set(app.session.view.kitty_cards or ()) == kitty  # the kitty stays shown at its place


def test_the_kitty_is_not_marked_before_the_landlord_has_it(app, monkeypatch):
    match = Match("standard", 3)
    at_table(app, match)
    steps(app, 30)
    assert match.phase is Phase.BIDDING and kitty_tags(app, monkeypatch) == set()


def round_won(app, reduced: bool = False):
    """You lead a pair, both others pass: the round is yours, still on the table."""
    app.change_prefs(reduced_motion=reduced)
    at_table(app, position(("33456", "789TJ", "QKA2B"), landlord=0))
    session = app.session
    session.act(Play(0, "33"))
    session.act(Pass(1))
    session.act(Pass(2))
    return session


def frames_until(app, done, most: int = 600) -> int:
    """Frames stepped until `done()` (at most `most`)."""
    for frame in range(most):
        if done():
            return frame
        steps(app, 1)
    raise AssertionError(f"not done in {most} frames")


def test_a_won_round_holds_then_fades_then_clears_before_the_free_lead(app):
    session = round_won(app)
    cards = session.cards
    assert cards.clearing is not None and not cards.settled and cards.round_alpha() == 1.0
    held = frames_until(app, lambda: cards.round_alpha() < 1.0)
    assert held >= round(ROUND_HOLD * 60) - 1  # the round holds, its passes said, before it fades
    assert cards.clearing is not None and not cards.settled and session.notices.bubbles
    fading = frames_until(app, lambda: cards.clearing is None)
    assert round(ROUND_FADE * 60) - 2 <= fading <= round(ROUND_FADE * 60) + 2
    assert cards.settled and not any(cards.board.plays.values()) and not session.notices.bubbles


def test_with_reduced_motion_a_won_round_goes_at_once_after_its_hold(app):
    session = round_won(app, reduced=True)
    cards = session.cards
    frames_until(app, lambda: cards.clearing is None or cards.round_alpha() < 1.0)
    assert cards.clearing is None and not session.notices.bubbles  # no fade: from whole to gone


def test_playing_on_before_the_round_has_faded_clears_it_at_once(app):
    session = round_won(app)
    session.act(Play(0, "4"))
    assert session.cards.clearing is None and set(session.cards.board.plays) <= {0}


def test_the_alarm_lights_at_two_cards_and_one_yours_included_and_holds_to_the_hands_end(app, monkeypatch):
    at_table(app, position(("345", "7A2", "TJQK"), landlord=0))
    session = app.session
    assert not any(alarmed(session.view, seat) for seat in range(3))
    session.act(Play(0, "3"))  # you: two left
    session.act(Play(1, "7"))  # seat 1: two left
    assert [alarmed(session.view, seat) for seat in range(3)] == [True, True, False]
    lights: list[tuple] = []
    real = seat_look.beacon
    monkeypatch.setattr(seat_look, "beacon", lambda *a: lights.append(a) or real(*a))
    steps(app, 60)
    lights.clear()
    app.draw(app.screen)
    assert len(lights) == 2  # over seat 1's fan, and over your portrait
    session.act(Play(2, "T"))
    session.act(Pass(0))
    session.act(Play(1, "A"))  # seat 1: one left
    assert session.view.hand_sizes[:2] == (2, 1) and alarmed(session.view, 0) and alarmed(session.view, 1)


def test_the_alarm_pulses_but_holds_steady_with_reduced_motion(app):
    at_table(app, position(("3345", "789", "TJQK"), landlord=0))
    session = app.session
    levels = {glow(session, t / 10) for t in range(20)}
    assert len(levels) > 2 and levels <= set(range(GLOWS))
    app.change_prefs(reduced_motion=True)
    assert {glow(app.session, t / 10) for t in range(20)} == {GLOWS - 1}
