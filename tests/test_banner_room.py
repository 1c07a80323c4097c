"""Banners and confetti leave the cards and the figures in sight (issue 14, "The table and its words"): at every
banner moment of scripted hands (bombs, a rocket, a spring, an anti-spring, the winners), played at 1920x1080 and
1280x720, neither the table's banner nor the spring ribbon covers a played card, a revealed hand or your hand; the
confetti and the glow of a won hand fall behind the settlement's panel, never over its figures."""

import random
from collections.abc import Iterator

import pygame
import pytest

from game.match import Match, Phase
from game.observe import observe
from scenes.app import App
from scenes.art.effects import Ribbon
from scenes.flow import open_session, show
from scenes.table.clearance import clear_spot
from scenes.table.hud import banner_at
from scenes.table.placing import allowance_tag
from scenes.table.session import Session
from scenes.words.i18n import tr
from tests.kit.play import bot_action, play_until, settled

HANDS = [  # (ruleset, seed, a banner the hand shows): found by playing easy bots
    ("standard", 0, "table.banner_bomb"),  # then the landlord wins with both farmers' hands revealed
    ("standard", 14, "table.ribbon_spring"),  # after a rocket: the ribbon and the landlord's banner at once
    ("four-player", 1, "table.banner_bomb"),  # four bombs at the four-seat table
    ("two-player", 10, "table.ribbon_reverse_spring"),  # at the two-seat table
]
SIZES = [(1920, 1080), (1280, 720)]
SIZED = pytest.mark.parametrize("app", SIZES, ids=["1080p", "720p"], indirect=True)


def settle(session: Session) -> None:
    """Table time passes until every card has landed (the banner has popped in by then)."""
    for _ in range(400):
        session.update(1 / 60)
        if session.cards.settled and (session.notices.banner is None or session.notices.banner.age > 0.2):
            return


def cards_in_sight(session: Session) -> list[pygame.Rect]:
    """Every card face on the table: each seat's play, each revealed hand and your hand, where they are drawn; and
    the two-player allowance ("Farmer wins at N cards"), which a banner must not hide either."""
    tag = allowance_tag(session.cards.geo, session.view)
    shown = [tag[1]] if tag else []
    shown += [session.cards.play_area(seat, len(cards)) for seat, cards in session.cards.board.plays.items()]
    shown += [session.cards.reveal_area(seat) for seat in session.cards.reveal]
    size = session.cards.card_size("hand")
    shown += [pygame.Rect(session.cards.board.sprites[card].pos, size) for card in session.cards.board.hand]
    return shown


def banner_moments(app: App, ruleset: str, seed: int) -> Iterator[tuple[list[str], list[pygame.Rect]]]:
    """Play a hand out with easy bots through a session at the table; after each action that leaves a banner or a
    ribbon showing, what they say and where each lies."""
    match = Match(ruleset, seed)
    session = open_session(app, match)
    rng = random.Random(seed)
    while match.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        session.act(bot_action(match, rng))
        settle(session)
        ribbons = [e for e in session.effects.live if isinstance(e, Ribbon)]
        said, rects = [r.title for r in ribbons], [r.place()[0] for r in ribbons]
        placed = banner_at(app.geo, session)
        if placed is not None:
            said.append(session.notices.banner.text)
            rects.append(placed[1])
        if rects:
            yield said, rects


@pytest.mark.parametrize("ruleset, seed, shown", HANDS)
@SIZED
def test_no_banner_covers_a_card(app, ruleset, seed, shown):
    covered, said = [], []
    for texts, rects in banner_moments(app, ruleset, seed):
        said += texts
        cards = cards_in_sight(app.session)
        covered += [(texts, r) for r in rects for c in cards if r.colliderect(c)]
        covered += [(texts, a) for i, a in enumerate(rects) for b in rects[i + 1 :] if a.colliderect(b)]
    assert app.session.seat.match.hand.settlement is not None
    assert any(text.startswith(tr(shown)) for text in said)
    assert covered == []


def test_a_banner_with_no_room_at_full_size_shrinks_into_the_gap():
    bounds = pygame.Rect(0, 0, 1000, 600)
    taken = [pygame.Rect(0, 0, 1000, 250), pygame.Rect(0, 350, 1000, 250)]  # a 100-pixel gap
    spot, k = clear_spot((600, 120), (500, 300), taken, bounds, 5)
    assert (k, spot.height <= 90, any(spot.colliderect(r) for r in taken)) == (0.7, True, False)


def test_a_banner_moves_to_the_free_place_nearest_its_own():
    bounds = pygame.Rect(0, 0, 1000, 1000)
    taken = [pygame.Rect(400, 380, 200, 300)]  # a play right where the banner would be, more of it below
    spot, k = clear_spot((300, 100), (500, 500), taken, bounds, 10)
    assert (k, spot.centerx, spot.bottom) == (1.0, 500, 370)  # just above it, the gap kept


def won_hand() -> Match:
    """The first seed whose first hand, played out by easy bots, you (seat 0) win."""
    for seed in range(40):
        match = play_until(Match("standard", seed), settled)
        s = match.hand.settlement
        if (s.landlord == 0) == s.landlord_won:
            return match
    raise AssertionError("no hand you win in 40 seeds")


@pytest.mark.parametrize("reduced", [False, True], ids=["confetti", "glow"])
@SIZED
def test_the_celebration_stays_behind_the_settlement_figures(app, reduced):
    app.table_settings.reduced_motion = reduced
    show(app, open_session(app, won_hand()))
    scene = app.scene
    for _ in range(40):  # the confetti is up, over the whole window
        scene.update(1 / 60)
    box = scene.box().inflate(-2 * app.geo.px(28), 0)  # the panel less its rounded corners
    with_it = app.screen.copy()
    scene.draw(with_it)
    celebration, scene.celebration = scene.celebration, []
    without = app.screen.copy()
    scene.draw(without)
    inside = [with_it.subsurface(box), without.subsurface(box)]
    outside_differs = pygame.image.tobytes(with_it, "RGB") != pygame.image.tobytes(without, "RGB")
    same_inside = pygame.image.tobytes(inside[0], "RGB") == pygame.image.tobytes(inside[1], "RGB")
    assert (len(celebration), outside_differs, same_inside) == (1, True, True)


@SIZED
def test_003_the_two_player_allowance_counts_as_on_screen_from_the_first_call(app):
    """The pill "Farmer wins at N cards" under the kitty is among what a banner must leave in sight (and
    `test_no_banner_covers_a_card` checks it at every banner moment of the two-player hand)."""
    match = Match("two-player", 10)
    session = open_session(app, match)
    assert allowance_tag(app.geo, observe(match, 0)) is None  # before the first call there is no pill
    rng = random.Random(10)
    while allowance_tag(app.geo, observe(match, 0)) is None:
        session.act(bot_action(match, rng))
    assert allowance_tag(app.geo, observe(match, 0))[1] in session.cards.on_screen()
