"""The play scene driven by synthetic events under the dummy driver: selecting, playing, passing, suggesting."""

from concurrent.futures import wait

import pygame
import pytest

from game import bots
from game.actions import Pass, Play
from game.kinds import Kind
from game.observe import observe
from scenes.app import App
from scenes.words.wording import hint
from tests.kit.app import click, headless_app, pad, post, press, steps
from tests.kit.rules import position
from tests.kit.table import open_table, spot

HANDS = ("333444555666789TJQKA", "3456777888999TTTJ", "JJQQQKKKAAA2222BR")


@pytest.fixture
def game():
    yield from headless_app()


def hand(game: App) -> list[int]:
    return list(game.session.match.hand.hands[0])


def leading(game: App) -> None:
    open_table(game, position(HANDS, landlord=0))


def following(game: App) -> None:
    """Seat 1 is the landlord and leads a single 7; seat 2 passes; you answer or pass."""
    match = position(HANDS, landlord=1)
    match.apply(Play(1, "7"))
    match.apply(Pass(2))
    open_table(game, match)


def test_click_on_a_card_raises_it(game):
    leading(game)
    card = game.session.board.hand[0]
    click(game, spot(game, 0))
    assert game.session.selected == {card}


def test_second_click_lowers_the_card(game):
    leading(game)
    click(game, spot(game, 0))
    click(game, spot(game, 0))
    assert game.session.selected == set()


def test_drag_across_cards_selects_a_run(game):
    leading(game)
    post(pygame.MOUSEBUTTONDOWN, pos=spot(game, 3), button=1)
    for index in (4, 5, 6, 7):
        post(pygame.MOUSEMOTION, pos=spot(game, index), rel=(40, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=spot(game, 7), button=1)
    steps(game, 2)
    deck = game.session.match.deck
    assert sorted(deck[c].char for c in game.session.selected) == sorted("789TJ")


def test_right_click_clears_the_selection(game):
    leading(game)
    click(game, spot(game, 0))
    click(game, (960, 300), button=3)
    assert game.session.selected == set()


def test_keyboard_space_plays_the_selection(game):
    leading(game)
    ace = game.session.board.hand[0]
    click(game, spot(game, 0))
    press(game, pygame.K_SPACE)
    assert (game.session.match.hand.history, ace in hand(game)) == ([(0, "A")], False)


def test_gamepad_a_plays_the_selection(game):
    leading(game)
    click(game, spot(game, 0))
    pad(game, pygame.CONTROLLER_BUTTON_A)
    assert game.session.match.hand.history == [(0, "A")]


def test_s21_invalid_selection_shows_the_reason_and_keeps_the_hand(game):
    leading(game)
    before = hand(game)
    click(game, spot(game, 0))
    click(game, spot(game, 1))
    chosen = set(game.session.selected)
    press(game, pygame.K_SPACE)
    reason = game.session.match.check(Play(0, "KA"))
    assert (game.session.message.text, hand(game), game.session.selected) == (reason.text, before, chosen)


def test_s15_free_lead_cannot_pass(game):
    leading(game)
    press(game, pygame.K_p)
    assert (game.session.match.hand.history, game.scene.actions.get("pass").enabled) == ([], False)


def test_keyboard_p_passes_when_following(game):
    following(game)
    press(game, pygame.K_p)
    assert game.session.match.hand.history[-1] == (0, "pass")


def test_gamepad_b_passes_when_following(game):
    following(game)
    pad(game, pygame.CONTROLLER_BUTTON_B)
    assert game.session.match.hand.history[-1] == (0, "pass")


def wait_for_message(game: App) -> None:
    """Step frames until a message shows: the suggestion comes from the bots' worker process, whose answer is
    waited for (not a wall-clock deadline) before each frame."""
    for _ in range(600):
        if game.session.message is not None:
            return
        pending = getattr(game.scene, "pending", None)
        if pending is not None:
            wait([pending], timeout=60)
        game.step(1 / 60)


def test_s21_suggest_selects_cards_and_explains_without_playing(game):
    leading(game)
    press(game, pygame.K_s)
    wait_for_message(game)
    best = bots.suggest(observe(game.session.match, 0))[0]
    deck = game.session.match.deck
    picked = "".join(sorted((deck[c].char for c in game.session.selected), key="3456789TJQKA2BR".index))
    assert (picked, game.session.match.hand.history) == (best.move, [])
    match = game.session.match
    assert game.session.message.text.startswith(hint(best, match.rules, match.hand.landlord))


def test_gamepad_x_suggests(game):
    leading(game)
    pad(game, pygame.CONTROLLER_BUTTON_X)
    wait_for_message(game)
    assert game.session.selected


def test_cursor_keys_raise_and_lower_a_card(game):
    leading(game)
    press(game, pygame.K_RIGHT)
    press(game, pygame.K_RIGHT)
    press(game, pygame.K_UP)
    raised = set(game.session.selected)
    press(game, pygame.K_DOWN)
    assert (raised, game.session.selected) == ({game.session.board.hand[2]}, set())


def lead_twelve_triples_cards(game: App) -> None:
    """Drag across 666555444333 and press Play: a bare airplane of four, or three with single wings."""
    leading(game)
    post(pygame.MOUSEBUTTONDOWN, pos=spot(game, 8), button=1)
    post(pygame.MOUSEMOTION, pos=spot(game, 19), rel=(40, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=spot(game, 19), button=1)
    steps(game, 2)
    press(game, pygame.K_SPACE)


def test_lead_with_several_readings_offers_a_chooser(game):
    lead_twelve_triples_cards(game)
    offered = [r.kind for r in game.scene.options]
    assert (game.scene.name, offered) == ("chooser", [Kind.AIRPLANE, Kind.AIRPLANE_SINGLES])


def test_chosen_reading_is_the_one_played(game):
    lead_twelve_triples_cards(game)
    press(game, pygame.K_DOWN)
    press(game, pygame.K_RETURN)
    assert game.session.match.hand.last.reading.kind is Kind.AIRPLANE_SINGLES


def test_escape_opens_the_menu_over_the_table(game):
    leading(game)
    press(game, pygame.K_ESCAPE)
    assert [s.name for s in game.stack] == ["play", "menu"]


def test_auto_key_lets_the_bot_play_for_you(game):
    leading(game)
    press(game, pygame.K_a)
    assert game.session.bot_seat(0)


def test_sort_groups_the_triples_first(game):
    leading(game)
    press(game, pygame.K_r)
    deck = game.session.match.deck
    assert "".join(deck[c].char for c in game.session.board.hand[:3]) == "666"


def test_play_out_of_turn_shows_the_core_reason(game):
    following(game)
    game.session.match.hand.turn = 1  # as if seat 1 were still thinking
    click(game, spot(game, 0))
    press(game, pygame.K_SPACE)
    assert game.session.message.text == game.session.match.check(Pass(0)).text


def test_message_about_a_turn_goes_once_you_play(game):
    leading(game)
    click(game, spot(game, 0))
    click(game, spot(game, 1))
    press(game, pygame.K_SPACE)  # refused: the message shows
    click(game, spot(game, 1))
    press(game, pygame.K_SPACE)  # a single ace is played
    assert (game.session.match.hand.history, game.session.message) == ([(0, "A")], None)
