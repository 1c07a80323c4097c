"""The bidding scene driven by synthetic events: only legal bids are offered, by mouse, keyboard or gamepad (000 §3)."""

import pygame

from game.actions import Bid
from game.match import Match
from scenes.app import App
from scenes.flow import open_session, show
from tests.kit.app import pad, press, steps

FIRST_TO_BID = next(seed for seed in range(200) if Match("standard", seed).hand.first_bidder == 0)


def open_bidding(app: App, match: Match) -> Match:
    show(app, open_session(app, match))
    steps(app, 3)
    return match


def labels(app: App) -> list[str]:
    return [b.label for b in app.scene.row.buttons]


def test_s3_first_bidder_is_offered_every_bid(app):
    open_bidding(app, Match("standard", FIRST_TO_BID))
    assert labels(app) == ["No bid", "Bid 1", "Bid 2", "Bid 3"]


def test_s3_after_a_bid_of_2_only_3_or_no_bid_remain(app):
    match = Match("standard", next(s for s in range(200) if Match("standard", s).hand.first_bidder == 1))
    match.apply(Bid(1, 2))
    match.apply(Bid(2, 0))
    open_bidding(app, match)
    assert labels(app) == ["No bid", "Bid 3"]


def test_no_bid_has_the_focus_so_a_stray_enter_never_bids_3(app):
    match = open_bidding(app, Match("standard", FIRST_TO_BID))
    assert [b.key for b in app.scene.row.buttons if b.focus] == ["0"]
    press(app, pygame.K_RETURN)
    assert match.hand.bids == [(0, 0)]


def test_keyboard_enter_bids_the_focused_value(app):
    match = open_bidding(app, Match("standard", FIRST_TO_BID))
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert (match.hand.landlord, match.hand.bid) == (0, 3)


def test_gamepad_b_declines_to_bid(app):
    match = open_bidding(app, Match("standard", FIRST_TO_BID))
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert match.hand.bids == [(0, 0)]


def test_click_on_a_bid_button_bids_it(app):
    match = open_bidding(app, Match("standard", FIRST_TO_BID))
    at = app.scene.row.get("1").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    steps(app, 2)
    assert match.hand.bids == [(0, 1)]


def test_bid_buttons_go_when_the_auction_ends(app):
    match = open_bidding(app, Match("standard", FIRST_TO_BID))
    app.session.act(Bid(0, 3))
    steps(app, 2)
    assert (match.hand.landlord, app.scene.row.buttons) == (0, [])
