"""The bidding scene driven by synthetic events: only legal bids are offered, by mouse, keyboard or gamepad (000 §3)."""

import pygame
import pytest

from game.actions import Bid
from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show
from tests.kit.app import headless_app, pad, press, steps

FIRST_TO_BID = next(seed for seed in range(200) if Match("standard", seed).hand.first_bidder == 0)


@pytest.fixture
def game():
    yield from headless_app()


def open_bidding(game: App, match: Match) -> Match:
    show(game, open_session(game, match))
    steps(game, 3)
    return match


def labels(game: App) -> list[str]:
    return [b.label for b in game.scene.row.buttons]


def test_s3_first_bidder_is_offered_every_bid(game):
    open_bidding(game, Match("standard", FIRST_TO_BID))
    assert labels(game) == ["No bid", "Bid 1", "Bid 2", "Bid 3"]


def test_s3_after_a_bid_of_2_only_3_or_no_bid_remain(game):
    match = Match("standard", next(s for s in range(200) if Match("standard", s).hand.first_bidder == 1))
    match.apply(Bid(1, 2))
    match.apply(Bid(2, 0))
    open_bidding(game, match)
    assert labels(game) == ["No bid", "Bid 3"]


def test_no_bid_has_the_focus_so_a_stray_enter_never_bids_3(game):
    match = open_bidding(game, Match("standard", FIRST_TO_BID))
    assert [b.key for b in game.scene.row.buttons if b.focus] == ["0"]
    press(game, pygame.K_RETURN)
    assert match.hand.bids == [(0, 0)]


def test_keyboard_enter_bids_the_focused_value(game):
    match = open_bidding(game, Match("standard", FIRST_TO_BID))
    for _ in range(3):
        press(game, pygame.K_RIGHT)
    press(game, pygame.K_RETURN)
    assert (match.hand.landlord, match.hand.bid) == (0, 3)


def test_gamepad_b_declines_to_bid(game):
    match = open_bidding(game, Match("standard", FIRST_TO_BID))
    pad(game, pygame.CONTROLLER_BUTTON_B)
    assert match.hand.bids == [(0, 0)]


def test_click_on_a_bid_button_bids_it(game):
    match = open_bidding(game, Match("standard", FIRST_TO_BID))
    at = game.scene.row.get("1").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    steps(game, 2)
    assert match.hand.bids == [(0, 1)]


def test_bid_buttons_go_when_the_auction_ends(game):
    match = open_bidding(game, Match("standard", FIRST_TO_BID))
    game.session.apply(Bid(0, 3))
    steps(game, 2)
    assert (match.hand.landlord, game.scene.row.buttons) == (0, [])
