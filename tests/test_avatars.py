"""The seats' drawn characters: each looks different, each expression and role shows, the faces follow the table
(thinking while its bot decides, happy or upset at the hand's end, also on the settlement, upset at a bomb against
it, the hat after the auction), reduced motion keeps them still, and a portrait is painted once, not every frame."""

from concurrent.futures import wait
from itertools import combinations

import pygame
import pytest

from game.actions import Play
from game.match import Match, Phase
from scenes.app import App
from scenes.art import avatars
from scenes.art.avatars import CHARACTERS, Expression, avatar
from scenes.flow import open_session, show
from scenes.screens import settlement
from scenes.table import seat_look
from scenes.table.moods import REACTION
from tests.kit.app import steps
from tests.kit.play import play_until, settled
from tests.kit.rules import position

FIRST_BOT = next(seed for seed in range(200) if Match("standard", seed).hand.first_bidder == 1)
BOMB_HANDS = ("3333456789", "4567899TJQKA", "TTJJQQKKAA22BR")  # the landlord (seat 0) leads a bomb of 3s


@pytest.fixture
def drawn(monkeypatch):
    """Every portrait the table asks for, as (seat, expression, role), in drawing order."""
    asked: list[tuple[int, Expression, str]] = []

    def spy(seat: int, face: Expression, role: str, diameter: int) -> pygame.Surface:
        asked.append((seat, face, role))
        return avatar(seat, face, role, diameter)

    monkeypatch.setattr(seat_look, "avatar", spy)
    return asked


def last_frame(app: App, drawn: list) -> dict[int, tuple[Expression, str]]:
    """Seat -> (expression, role) as the next frame draws them (the background making done first: it paints the
    looks a table may take next, the settlement's faces among them, in whatever frame has room for it)."""
    app.finish_chores()
    drawn.clear()
    steps(app, 1)
    return {seat: (face, role) for seat, face, role in drawn}


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels that differ between two portraits of one size."""
    assert a.get_size() == b.get_size()
    w, h = a.get_size()
    return sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(w) for y in range(h)) / (w * h)


def test_every_character_looks_different():
    for a, b in combinations(range(len(CHARACTERS)), 2):
        assert differing(avatar(a, Expression.NEUTRAL, "", 60), avatar(b, Expression.NEUTRAL, "", 60)) > 0.3


@pytest.mark.parametrize("seat", range(len(CHARACTERS)))
def test_every_expression_and_role_changes_the_face(seat):
    looks = [avatar(seat, face, "", 60) for face in Expression]
    looks += [avatar(seat, Expression.NEUTRAL, role, 60) for role in ("landlord", "farmer")]
    for a, b in combinations(looks, 2):
        assert differing(a, b) > 0.01


def test_a_portrait_is_painted_once_per_look_and_size(monkeypatch):
    avatars.PORTRAITS.clear()
    painted = []
    monkeypatch.setattr(avatars, "paint", lambda *look: painted.append(look) or pygame.Surface((4, 5)))
    for _ in range(3):
        avatar(1, Expression.HAPPY, "farmer", 80)
        avatar(1, Expression.HAPPY, "farmer", 60)
    assert len(painted) == 2


def test_a_frame_at_the_table_paints_nothing_new(app, monkeypatch):
    app.finish_chores()  # what the title makes between its frames (a player looks at it for a moment)
    session = open_session(app, Match("standard", FIRST_BOT))
    session.seat.pace = 1000.0  # the bot in seat 1 thinks through the whole test
    show(app, session)
    steps(app, 60)  # the first frames paint the portraits and the bubble's three dot counts
    while avatars.AHEAD:  # and the looks queued ahead, one a frame
        steps(app, 1)
    drawing = []
    original, blur = avatars.Pen.__init__, pygame.transform.gaussian_blur
    monkeypatch.setattr(avatars.Pen, "__init__", lambda pen, *a: drawing.append(a) or original(pen, *a))
    monkeypatch.setattr(pygame.transform, "gaussian_blur", lambda *a: drawing.append(a) or blur(*a))
    steps(app, 60)
    assert drawing == []  # no portrait, bubble or shadow is drawn again


def test_the_faces_a_bomb_brings_are_painted_before_it(app, monkeypatch):
    app.finish_chores()
    avatars.PORTRAITS.clear()
    avatars.AHEAD.clear()
    session = open_session(app, position(BOMB_HANDS, landlord=0))
    show(app, session)
    steps(app, 30)  # one look a frame is painted ahead: each seat's four expressions in its role
    drawing = []
    original = avatars.Pen.__init__
    monkeypatch.setattr(avatars.Pen, "__init__", lambda pen, *a: drawing.append(a) or original(pen, *a))
    session.act(Play(0, "3333"))
    steps(app, 1)
    assert drawing == []


def test_a_bot_looks_thoughtful_while_its_decision_is_pending(app, drawn):
    match = Match("standard", FIRST_BOT)
    show(app, session := open_session(app, match))
    steps(app, 2)
    assert session.seat.thinker.busy_with((session.turn_key(), 1))
    faces = last_frame(app, drawn)
    assert faces[1][0] is Expression.THINKING
    assert faces[0][0] is faces[2][0] is Expression.NEUTRAL
    while not match.hand.bids:
        wait([session.seat.thinker.future], timeout=5)
        steps(app, 1)
    assert last_frame(app, drawn)[1][0] is Expression.NEUTRAL


def test_the_hats_come_on_after_the_auction(app, drawn):
    match = Match("standard", FIRST_BOT)
    show(app, open_session(app, match))
    assert {role for _, role in last_frame(app, drawn).values()} == {""}
    play_until(match, lambda m: m.phase is Phase.PLAYING)
    session = open_session(app, match)
    show(app, session)
    faces = last_frame(app, drawn)
    landlord = match.hand.landlord
    assert {seat: role for seat, (_, role) in faces.items()} == {
        seat: "landlord" if seat == landlord else "farmer" for seat in range(3)
    }


def test_the_winners_smile_and_the_losers_frown_at_the_settlement(app, drawn):
    match = play_until(Match("standard", 3), settled)
    show(app, open_session(app, match))
    faces = last_frame(app, drawn)
    won = match.hand.settlement.landlord_won
    for seat in range(3):
        winner = (seat == match.hand.landlord) == won
        assert faces[seat][0] is (Expression.HAPPY if winner else Expression.UPSET)


def test_the_settlement_rows_show_each_face_in_its_hat(app, monkeypatch):
    asked = []
    monkeypatch.setattr(settlement, "avatar", lambda *look: asked.append(look[:3]) or avatar(*look))
    match = play_until(Match("standard", 3), settled)
    show(app, open_session(app, match))
    steps(app, 1)
    won, landlord = match.hand.settlement.landlord_won, match.hand.landlord
    assert set(asked) == {
        (
            seat,
            Expression.HAPPY if (seat == landlord) == won else Expression.UPSET,
            "landlord" if seat == landlord else "farmer",
        )
        for seat in range(3)
    }


def test_a_bomb_upsets_the_other_side_for_a_moment(app):
    match = position(BOMB_HANDS, landlord=0)
    session = open_session(app, match)
    session.act(Play(0, "3333"))
    assert [session.moods.face(session.view, seat, False) for seat in range(3)] == [
        Expression.HAPPY,
        Expression.UPSET,
        Expression.UPSET,
    ]
    session.update(REACTION + 0.1)
    assert {session.moods.face(session.view, seat, False) for seat in range(3)} == {Expression.NEUTRAL}


def test_a_farmers_rocket_delights_both_farmers(app):
    match = position(BOMB_HANDS, landlord=0)
    session = open_session(app, match)
    session.act(Play(0, "3"))
    session.act(Play(1, "4"))
    session.act(Play(2, "BR"))
    assert [session.moods.face(session.view, seat, True) for seat in range(3)] == [
        Expression.UPSET,
        Expression.HAPPY,
        Expression.HAPPY,
    ]


@pytest.mark.parametrize("still", [False, True])
def test_reduced_motion_keeps_a_happy_face_and_a_thought_still(app, still):
    app.table_settings.reduced_motion = still
    show(app, open_session(app, Match("standard", FIRST_BOT)))
    session, face = app.session, pygame.Rect(100, 100, 86, 86)
    pictures = []
    for moment in (0.05, 0.3, 0.55):
        canvas = pygame.Surface((300, 300))
        seat_look._portrait(canvas, session, 1, face, "", Expression.HAPPY, moment)
        seat_look._portrait(canvas, session, 2, face.move(0, 150), "", Expression.THINKING, moment)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert (len(set(pictures)) == 1) is still
