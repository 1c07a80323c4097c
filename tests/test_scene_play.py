"""The play scene driven by synthetic events under the dummy driver: selecting, playing, passing, suggesting."""

from concurrent.futures import Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool

import pygame

from game import bots
from game.actions import Pass, Play
from game.kinds import Kind
from game.observe import observe
from game.view import legal_moves
from scenes.app import App
from scenes.platform.worker import run_here
from scenes.table import hud
from scenes.words.i18n import tr
from scenes.words.wording import hint
from tests.kit.app import click, pad, post, press, steps, texts_drawn
from tests.kit.rules import position
from tests.kit.table import open_table, spot

HANDS = ("333444555666789TJQKA", "3456777888999TTTJ", "JJQQQKKKAAA2222BR")


def hand(app: App) -> list[int]:
    return list(app.session.seat.match.hand.hands[0])


def leading(app: App) -> None:
    open_table(app, position(HANDS, landlord=0))


def following(app: App) -> None:
    """Seat 1 is the landlord and leads a single 7; seat 2 passes; you answer or pass."""
    match = position(HANDS, landlord=1)
    match.apply(Play(1, "7"))
    match.apply(Pass(2))
    open_table(app, match)


def test_click_on_a_card_raises_it(app):
    leading(app)
    card = app.session.cards.board.hand[0]
    click(app, spot(app, 0))
    assert app.session.cards.selected == {card}


def test_second_click_lowers_the_card(app):
    leading(app)
    click(app, spot(app, 0))
    click(app, spot(app, 0))
    assert app.session.cards.selected == set()


def test_drag_across_cards_selects_a_run(app):
    leading(app)
    post(pygame.MOUSEBUTTONDOWN, pos=spot(app, 3), button=1)
    for index in (4, 5, 6, 7):
        post(pygame.MOUSEMOTION, pos=spot(app, index), rel=(40, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=spot(app, 7), button=1)
    steps(app, 2)
    deck = app.session.seat.match.deck
    assert sorted(deck[c].char for c in app.session.cards.selected) == sorted("789TJ")


def test_right_click_clears_the_selection(app):
    leading(app)
    click(app, spot(app, 0))
    click(app, (960, 300), button=3)
    assert app.session.cards.selected == set()


def test_keyboard_space_plays_the_selection(app):
    leading(app)
    ace = app.session.cards.board.hand[0]
    click(app, spot(app, 0))
    press(app, pygame.K_SPACE)
    assert (app.session.seat.match.hand.history, ace in hand(app)) == ([(0, "A")], False)


def test_gamepad_a_plays_the_selection(app):
    leading(app)
    click(app, spot(app, 0))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.session.seat.match.hand.history == [(0, "A")]


def test_s21_invalid_selection_shows_the_reason_and_keeps_the_hand(app):
    leading(app)
    before = hand(app)
    click(app, spot(app, 0))
    click(app, spot(app, 1))
    chosen = set(app.session.cards.selected)
    press(app, pygame.K_SPACE)
    reason = app.session.seat.match.check(Play(0, "KA"))
    assert (app.session.notices.message.text, hand(app), app.session.cards.selected) == (reason.text, before, chosen)
    assert reason.text in texts_drawn(app, hud, via="pill")  # on the message line


def test_s15_free_lead_cannot_pass(app):
    leading(app)
    press(app, pygame.K_p)
    assert (app.session.seat.match.hand.history, app.scene.actions.get("pass").enabled) == ([], False)


def test_keyboard_p_passes_when_following(app):
    following(app)
    press(app, pygame.K_p)
    assert app.session.seat.match.hand.history[-1] == (0, "pass")


def test_gamepad_b_passes_when_following(app):
    following(app)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.session.seat.match.hand.history[-1] == (0, "pass")


def wait_for_message(app: App) -> None:
    """Step frames until a message shows: the suggestion comes from the bots' worker process, whose answer is
    waited for (not a wall-clock deadline) before each frame."""
    for _ in range(600):
        if app.session.notices.message is not None:
            return
        pending = getattr(app.scene, "pending", None)
        if pending is not None:
            wait([pending], timeout=60)
        app.step(1 / 60)


def test_s21_suggest_selects_cards_and_explains_without_playing(app):
    leading(app)
    press(app, pygame.K_s)
    wait_for_message(app)
    best = bots.suggest(observe(app.session.seat.match, 0))[0]
    deck = app.session.seat.match.deck
    picked = "".join(sorted((deck[c].char for c in app.session.cards.selected), key="3456789TJQKA2BR".index))
    assert (picked, app.session.seat.match.hand.history) == (best.move, [])
    match = app.session.seat.match
    assert app.session.notices.message.text.startswith(hint(best, match.rules, match.hand.landlord))


def partner_on_an_ace(app: App) -> None:
    """Seat 1 is the landlord and leads a 7, your partner tops it with an ace; you hold a 2 and let it run."""
    match = position(("3456789TJQKA2", "3456777888999TTTJ", "JJQQKKAA22"), landlord=1)
    match.apply(Play(1, "7"))
    match.apply(Play(2, "A"))
    open_table(app, match)


def test_s21_a_suggested_pass_makes_play_read_pass_and_space_pass(app):
    """Issue 34: one key does what Suggest shows. A suggested pass raises nothing, the Play button reads Pass, and
    Space passes."""
    partner_on_an_ace(app)
    assert len(legal_moves(app.session.view)) > 1  # the 2 beats the ace: passing is a choice, not "can't beat"
    press(app, pygame.K_s)
    wait_for_message(app)
    steps(app, 1)
    assert (app.scene.suggestions[0].move, app.session.cards.selected) == ("pass", set())
    assert app.scene.actions.get("play").label == tr("play.pass")
    press(app, pygame.K_SPACE)
    assert app.session.seat.match.hand.history[-1] == (0, "pass")


def test_s21_a_raised_card_after_a_suggested_pass_makes_play_play_it_again(app):
    partner_on_an_ace(app)
    press(app, pygame.K_s)
    wait_for_message(app)
    deck, hand = app.session.seat.match.deck, app.session.cards.board.hand
    click(app, spot(app, next(i for i, card in enumerate(hand) if deck[card].char == "2")))
    steps(app, 1)
    assert app.scene.actions.get("play").label == tr("play.play")
    press(app, pygame.K_SPACE)
    assert app.session.seat.match.hand.history[-1] == (0, "2")


def test_s21_suggest_is_asked_ahead_and_answers_in_the_frame_of_the_key(app):
    """The suggestion is asked of the worker as your turn starts (scenes/table/advice.py), so once it has answered,
    S shows it in the frame that reads the key: no wait on the worker after the key."""
    leading(app)
    ahead = app.session.advice.pending
    assert ahead is not None
    wait([ahead], timeout=60)
    post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0)
    steps(app, 1)
    assert app.session.notices.message is not None and app.session.cards.selected


class Unanswered(Executor):
    """A bots' worker that takes every question and answers none: a suggestion still pending when the turn moves on."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return Future()


def test_a_suggestion_withdrawn_by_passing_before_it_came_is_dropped(app):
    """S, then P before the worker answers: passing withdraws the question (its future is cancelled), and the table
    goes on without it rather than failing on the cancelled answer (seen under load in test_rooms_table)."""
    following(app)
    app.session.advice.withdraw()  # the question asked ahead as the turn started
    app.session.advice.pool = Unanswered()
    press(app, pygame.K_s)
    asked = app.scene.pending
    assert asked is not None and not asked.done()
    press(app, pygame.K_p)
    steps(app, 3)
    assert asked.cancelled() and app.scene.pending is None
    assert app.session.seat.match.hand.history[-1] == (0, "pass")


class Failing(Executor):
    """A bots' worker whose first `losses` answers fail with `error` (a lost worker: BrokenProcessPool), the rest
    computed here."""

    def __init__(self, error: Exception, losses: int) -> None:
        self.error, self.losses, self.asked = error, losses, 0

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.asked += 1
        if self.asked > self.losses:
            return run_here(lambda: fn(*args, **kwargs))
        failed: Future = Future()
        failed.set_exception(self.error)
        return failed


def suggest_with(app: App, worker: Failing) -> None:
    """Your lead, the question asked ahead withdrawn, `worker` the bots' worker; S pressed and a few frames."""
    leading(app)
    app.session.advice.withdraw()
    app.session.advice.pool = worker
    press(app, pygame.K_s)
    steps(app, 3)


def test_s21_a_suggestion_lost_with_its_worker_is_asked_again_and_shown(app):
    """The bots' process died while it worked out your suggestion: S still shows one, asked of the new worker, with
    no second press."""
    worker = Failing(BrokenProcessPool("the bots' worker process died while thinking"), losses=1)
    suggest_with(app, worker)
    assert worker.asked == 2 and app.scene.suggestions and app.session.cards.selected
    assert app.session.notices.message.text.startswith(hint(app.scene.suggestions[0], app.session.view.rules, 0))


def test_s21_a_suggestion_that_fails_says_so_and_leaves_the_hand_alone(app):
    """A lost answer is asked again once per turn; a second loss, or an error of the bots, is said in a line (no
    silent key) and raises nothing: the cards stay as they were."""
    for error, losses in ((BrokenProcessPool("lost"), 2), (RuntimeError("boom"), 1)):
        worker = Failing(error, losses)
        suggest_with(app, worker)
        said = app.session.notices.message
        assert (said.text, app.scene.suggestions, app.session.cards.selected) == (tr("play.no_suggestion"), [], set())
        assert worker.asked == losses


def test_gamepad_x_suggests(app):
    leading(app)
    pad(app, pygame.CONTROLLER_BUTTON_X)
    wait_for_message(app)
    assert app.session.cards.selected


def test_cursor_keys_raise_and_lower_a_card(app):
    leading(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_UP)
    raised = set(app.session.cards.selected)
    press(app, pygame.K_DOWN)
    assert (raised, app.session.cards.selected) == ({app.session.cards.board.hand[2]}, set())


def lead_twelve_triples_cards(app: App) -> None:
    """Drag across 666555444333 and press Play: a bare airplane of four, or three with single wings."""
    leading(app)
    post(pygame.MOUSEBUTTONDOWN, pos=spot(app, 8), button=1)
    post(pygame.MOUSEMOTION, pos=spot(app, 19), rel=(40, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=spot(app, 19), button=1)
    steps(app, 2)
    press(app, pygame.K_SPACE)


def test_lead_with_several_readings_offers_a_chooser(app):
    lead_twelve_triples_cards(app)
    offered = [o.play.kind for o in app.scene.options]
    assert (app.scene.name, offered) == ("chooser", [Kind.AIRPLANE, Kind.AIRPLANE_SINGLES])


def test_chosen_reading_is_the_one_played(app):
    lead_twelve_triples_cards(app)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.session.seat.match.hand.last.reading.kind is Kind.AIRPLANE_SINGLES


def test_escape_opens_the_menu_over_the_table(app):
    leading(app)
    press(app, pygame.K_ESCAPE)
    assert [s.name for s in app.stack] == ["play", "menu"]


def test_auto_key_lets_the_bot_play_for_you(app):
    leading(app)
    press(app, pygame.K_a)
    assert app.session.seat.bot_seat(0)


def test_sort_groups_the_triples_first(app):
    leading(app)
    press(app, pygame.K_r)
    deck = app.session.seat.match.deck
    assert "".join(deck[c].char for c in app.session.cards.board.hand[:3]) == "666"


def test_play_out_of_turn_shows_the_core_reason(app):
    following(app)
    app.session.seat.match.hand.turn = 1  # as if seat 1 were still thinking
    click(app, spot(app, 0))
    press(app, pygame.K_SPACE)
    assert app.session.notices.message.text == app.session.seat.match.check(Pass(0)).text


def test_message_about_a_turn_goes_once_you_play(app):
    leading(app)
    click(app, spot(app, 0))
    click(app, spot(app, 1))
    press(app, pygame.K_SPACE)  # refused: the message shows
    click(app, spot(app, 1))
    press(app, pygame.K_SPACE)  # a single ace is played
    assert (app.session.seat.match.hand.history, app.session.notices.message) == ([(0, "A")], None)
