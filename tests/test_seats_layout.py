"""Tables of two, three and four players: every seat has its anchors at each window shape, nothing on the table
overlaps, the deal gives each seat its count, and the landlord's 33 cards at a four-player table stay selectable."""

from dataclasses import replace
from itertools import combinations, pairwise

import pygame
import pytest

from game.actions import Bid
from game.cards import DeckSpec
from game.match import Match, Phase
from game.rulesets import CLASSIC, FOUR_PLAYER, STANDARD
from scenes.app import App
from scenes.table.layout import SEAT_ZONES, load_layout
from scenes.table.placing import card_size
from scenes.table.seat_look import portrait_rect
from tests.kit.app import click, post, press, steps
from tests.kit.table import local_session, open_table, spot

SIZES = {"1080p": (1920, 1080), "720p": (1280, 720), "4:3": (1440, 1080), "16:10": (1680, 1050), "21:9": (2560, 1080)}
SHARED = ("stake", "counter", "chip", "menu_button", "message", "action_bar", "tools", "hand_south")


def table_objects(players: int) -> list[str]:
    """What a table of `players` draws in fixed places: the shared furniture (the kitty lies on the stake plate),
    each seat's portrait and plate and its play, and each opponent's fan of cards."""
    zones = SEAT_ZONES[players]
    seats = [f"seat_{z}" for z in zones] + [f"play_{z}" for z in zones] + [f"pile_{z}" for z in zones[1:]]
    return [*SHARED, *seats]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_every_seat_has_its_anchors_inside_the_window(players, size):
    fitted = load_layout().fit(size).for_players(players)
    window = pygame.Rect((0, 0), size)
    outside = [name for name in table_objects(players) if not window.contains(fitted[name])]
    assert outside == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_seat_panels_piles_plays_hand_and_bar_never_overlap(players, size):
    fitted = load_layout().fit(size).for_players(players)
    clashes = [(a, b) for a, b in combinations(table_objects(players), 2) if fitted[a].colliderect(fitted[b])]
    assert clashes == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_kitty_lies_on_the_stake_plate_between_the_base_and_the_multiplier(players, size):
    """The commercial tables' top centre: 底分, the kitty, 倍数; room on either side for the plate's numbers."""
    fitted = load_layout().fit(size).for_players(players)
    plate, kitty = fitted["stake"], fitted["kitty"]
    assert plate.contains(kitty)
    assert min(kitty.left - plate.left, plate.right - kitty.right) >= fitted.px(150)


def test_a_four_seat_table_seats_north_across_and_the_others_at_the_sides():
    fitted = load_layout().fit((1920, 1080)).for_players(4)
    south, east, north, west = (fitted[f"seat_{z}"] for z in SEAT_ZONES[4])
    assert north.bottom < east.top and north.bottom < west.top and west.right < east.left
    assert south.top > east.bottom and east.centerx > 1920 / 2 > west.centerx  # the next seat is on your right


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_seat_across_the_table_is_a_big_portrait_not_a_thumbnail(players, size):
    """The commercial tables show every opponent as a big portrait: the seat across (the only one at two players) is
    at least four fifths of a side seat's."""
    fitted = load_layout().fit(size)
    side = portrait_rect(fitted, fitted.for_players(3)["seat_east"])
    across = portrait_rect(fitted, fitted.for_players(players)["seat_north"])
    assert across.width >= 0.8 * side.width


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_north_seats_plays_leave_its_role_tag_clear(size):
    """Four players: the role's tag over the north portrait's foot (about 25 px tall at 1080p, centred 2 px above
    it) stays above a table card centred in that seat's play, its open hand at the end included (a play covered
    it)."""
    fitted = load_layout().fit(size).for_players(4)
    face = portrait_rect(fitted, fitted["seat_north"])
    card_top = fitted["play_north"].centery - card_size(fitted, "table", False)[1] // 2
    assert card_top - face.bottom >= fitted.px(11)


@pytest.mark.parametrize("count", [6, 17, 25])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_a_long_revealed_hand_lies_in_two_rows_that_show_every_rank(size, count):
    """At the hand's end the cards a seat still holds lie face up in its play zone: a four-player farmer's 25 or a
    sprung farmer's 17 squeezed into one row hid most ranks (a step of a fifth of a card); they lie in two rows,
    the second half a card lower, each card's corner showing. A short hand stays one row."""
    match = Match(FOUR_PLAYER, seed=4)
    session = local_session(match)
    session.relayout(load_layout().fit(size))
    cards = session.cards
    cards.reveal[3] = list(range(count))
    width, height = cards.card_size("table")
    places = cards.reveal_positions(3, count)
    rows = sorted({y for _, y in places})
    assert len(places) == count and len(rows) == (1 if count == 6 else 2)
    for row in rows:
        xs = sorted(x for x, y in places if y == row)
        assert all(b - a >= 0.3 * width for a, b in pairwise(xs))
    assert rows[-1] - rows[0] in (0, height / 2)
    assert abs(cards.reveal_area(3).height - (height + rows[-1] - rows[0])) <= 1


def test_overrides_apply_only_at_their_table():
    fitted = load_layout().fit((1920, 1080))
    assert fitted.for_players(4)["kitty"] != fitted.for_players(3)["kitty"] == fitted["kitty"]
    assert "kitty@4" not in fitted.for_players(4).rects


TWO_SEATS = replace(CLASSIC, name="two-seats", players=2, deck=DeckSpec(removed_ranks="34"))  # 17, 17, 3, 9 unused


@pytest.mark.parametrize("rules", [TWO_SEATS, STANDARD, FOUR_PLAYER], ids=lambda r: str(r.players))
def test_the_deal_animation_gives_each_seat_its_count(rules):
    match = Match(rules, seed=4)
    session = local_session(match)
    session.relayout(load_layout().fit((1280, 720)))
    session.hear(match.opening)
    assert session.cards.deal is not None
    dealt = [seat for seat, _ in session.cards.deal.schedule]
    assert [dealt.count(seat) for seat in range(rules.players)] == [rules.hand_size] * rules.players
    session.update(session.cards.deal.schedule[-1][1] / 2)
    assert 0 < session.cards.shown_count(1) < rules.hand_size  # the piles grow while the cards fly
    session.update(10.0)
    assert [session.cards.shown_count(seat) for seat in range(rules.players)] == [rules.hand_size] * rules.players
    assert sorted(session.cards.board.hand) == sorted(match.hand.hands[0])  # your cards, none of the kitty or unused


def landlord_of_four(app) -> None:
    """A four-player table where you took the kitty: 33 cards in your hand, your lead."""
    match = Match(FOUR_PLAYER, seed=11)
    while match.phase is Phase.BIDDING:
        match.apply(Bid(match.turn, 3 if match.turn == 0 else 0))
    assert len(match.hand.hands[0]) == 33
    open_table(app, match)


def test_every_one_of_33_cards_is_raised_by_a_click(app):
    landlord_of_four(app)
    hand = list(app.session.cards.board.hand)
    for index in range(len(hand)):
        click(app, spot(app, index))
    steps(app, 20)
    assert app.session.cards.selected == set(hand)


def test_every_one_of_33_cards_is_raised_from_the_keyboard(app):
    landlord_of_four(app)
    hand = list(app.session.cards.board.hand)
    for _ in hand:
        press(app, pygame.K_UP)
        press(app, pygame.K_RIGHT)
    assert app.session.cards.selected == set(hand) and app.session.cards.cursor == 0  # the cursor went round


def test_a_drag_across_the_33_cards_raises_what_slide_select_picks(app):
    """Slide-select (issue 14): across the whole 33-card hand a drag raises its longest legal chain, or all 33."""
    from scenes.table.slide import slide_pick

    landlord_of_four(app)
    match = app.session.seat.match
    hand = list(app.session.cards.board.hand)
    picked = {c.id for c in slide_pick([match.deck[c] for c in hand], match.rules)}
    post(pygame.MOUSEBUTTONDOWN, pos=spot(app, 0), button=1)
    steps(app, 1)
    post(pygame.MOUSEMOTION, pos=spot(app, 32), rel=(1, 0), buttons=(1, 0, 0))
    steps(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=spot(app, 32), button=1)
    steps(app, 2)
    assert len(hand) == 33 and app.session.cards.selected == picked


def index_ink_right(face: pygame.Surface) -> int:
    """The rightmost column of ink in a card's index corner (rank and suit, the top third of the left half)."""
    w, h = face.get_size()
    return max(
        (x for x in range(w // 2) for y in range(h // 30, h // 3) if _ink(face.get_at((x, y)))),
        default=0,
    )


def _ink(colour: pygame.Color) -> bool:
    return colour.a > 200 and (colour.r < 150 or colour.g < 150)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_each_of_33_cards_shows_its_whole_index(size):
    """Overlapped, every card still shows its index: the step between two cards is wider than the ink of the
    widest index ("10", the ace's suit) in the card art of the hand's plain cards, at 1080p and 720p."""
    app = App(size, fullscreen=False, seed=1)
    try:
        landlord_of_four(app)
        board, deck = app.session.cards.board, app.session.seat.match.deck
        xs = [board.sprites[c].pos[0] for c in board.hand]
        pips = [deck[c] for c in board.hand if deck[c].char not in "JQKBR"]  # court and joker art fills the rest
        widest = max(index_ink_right(app.art["hand"].face(card)) for card in pips)
        assert min(b - a for a, b in pairwise(xs)) > widest
    finally:
        app.close()


def test_the_card_counter_counts_two_decks_and_only_the_ranks_of_the_pack():
    """Two decks: up to 8 of a rank unseen, 4 jokers; two players: no 3s or 4s in the counter, the 9 unused cards
    counted as unseen (nobody sees them)."""
    four = local_session(Match(FOUR_PLAYER, seed=2))
    counts = dict(four.unseen())
    assert len(counts) == 15 and max(counts.values()) <= 8 and counts["B"] + counts["R"] <= 4
    assert sum(counts.values()) == 108 - 25
    two = local_session(Match(TWO_SEATS, seed=2))
    counts = dict(two.unseen())
    assert "3" not in counts and "4" not in counts and len(counts) == 13 and sum(counts.values()) == 46 - 17
