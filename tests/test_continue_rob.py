"""Continue (000 §21) in the middle of the rob auction (004), its double phase and its show: the window closed at
that moment and Continue gives the same table, with the same question put to you and nothing secret revealed."""

from __future__ import annotations

import pygame

from game.actions import Bid, Double
from game.match import Match, Phase
from game.observe import observe
from game.savefile import SaveStore
from game.serialize import to_dict
from scenes.app import App
from scenes.flow import open_session, show
from scenes.table.marks import revealed
from tests.kit.app import press, title_app
from tests.kit.saves import close_window, continued


def opening(first: int) -> Match:
    return next(m for m in (Match("rob", seed) for seed in range(200)) if m.hand.first_bidder == first)


def closed_after(store: SaveStore, match: Match, *actions) -> dict:
    """Open `match` at a table that saves, apply `actions` there, close the window; the match's snapshot."""
    app = title_app(store)
    session = open_session(app, match)
    show(app, session)
    for action in actions:
        session.act(action)
    return close_window(app)


def labels(app: App) -> list[str]:
    return [b.label for b in app.scene.row.buttons]


def reopened(store: SaveStore, before: dict) -> App:
    app = continued(store)
    assert to_dict(app.session.seat.match) == before
    for _ in range(3):  # the table's first frames: the buttons appear once the table is settled
        app.step(1 / 60)
    return app


def test_004_continue_mid_auction_shows_the_calls_and_asks_you_to_rob(store):
    before = closed_after(store, opening(1), Bid(1, 1), Bid(2, 0))
    app = reopened(store, before)
    try:
        bubbles = {seat: notice.text for seat, notice in app.session.notices.bubbles.items()}
        assert (app.scene.name, labels(app), bubbles) == ("bidding", ["No rob", "Rob"], {1: "Call!", 2: "No rob"})
    finally:
        app.close()


def test_004_continue_mid_doubling_keeps_the_choices_made_secret_and_asks_you(store):
    """004: the doubles are chosen "at the same time": a choice made before the window closed stays hidden."""
    match = opening(1)
    for value in (1, 0, 0):
        match.apply(Bid(match.turn, value))
    before = closed_after(store, match, Double(1, True))
    app = reopened(store, before)
    try:
        restored = app.session.seat.match
        assert (restored.phase, app.scene.name, labels(app)) == (
            Phase.DOUBLING,
            "doubling",
            ["No double", "Double ×2"],
        )
        assert (restored.hand.doubles, revealed(observe(restored, 0)), app.session.notices.bubbles) == (
            [None, True, None],
            False,
            {},
        )
        press(app, pygame.K_RETURN)
        assert restored.hand.doubles[0] is True
    finally:
        app.close()


def test_004_continue_mid_showing_offers_you_the_show_and_keeps_the_doubles(store):
    match = opening(0)
    for value in (1, 0, 0):
        match.apply(Bid(match.turn, value))
    before = closed_after(store, match, Double(0, True), Double(1, False), Double(2, True))
    app = reopened(store, before)
    try:
        restored = app.session.seat.match
        assert (restored.phase, app.scene.name, labels(app)) == (
            Phase.SHOWING,
            "doubling",
            ["Don't show", "Show hand ×2"],
        )
        assert revealed(observe(restored, 0)) and restored.hand.doubles == [True, False, True]
        bubbles = {
            seat: notice.text for seat, notice in app.session.notices.bubbles.items()
        }  # said until the opening play
        assert bubbles == {0: "Double ×2", 1: "No double", 2: "Double ×2"}
        press(app, pygame.K_RETURN)
        assert (restored.hand.shown, restored.phase) == (True, Phase.PLAYING)
    finally:
        app.close()
