"""Deal numbers: shown on the table and the settlement, typed in from New match (keys or pad), `--deal` on the command
line, and the same number giving the same cards and, in the headless demo, the same frames byte for byte."""

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.match import Match, deal_cards
from game.rulesets import STANDARD
from scenes.flow import new_match, open_session, show
from scenes.screens import settlement as settlement_module
from scenes.screens.new_match import DealEntry
from scenes.table import hud
from tests.kit.app import pad, post, press, steps
from tests.kit.app import texts_drawn as kit_texts_drawn
from tests.kit.play import play_until, settled

ROOT = Path(__file__).resolve().parent.parent


def type_text(app, chars: str) -> None:
    """Each character as SDL sends it with text input on: the key press, then the typed text (not for Backspace)."""
    for char in chars:
        key = pygame.K_BACKSPACE if char == "\b" else pygame.key.key_code(char)
        post(pygame.KEYDOWN, key=key, mod=0, unicode="" if char == "\b" else char, scancode=0)
        if char != "\b":
            post(pygame.TEXTINPUT, text=char)
    steps(app, 2)


def texts_drawn(monkeypatch, module, app) -> list[str]:
    """Every label the module writes while the game draws one frame."""
    seen: list[str] = []
    original = module.blit_text
    monkeypatch.setattr(
        module, "blit_text", lambda surface, label, *a, **k: seen.append(label) or original(surface, label, *a, **k)
    )
    app.draw(app.screen)
    return seen


def open_deal_entry(app) -> None:
    press(app, pygame.K_RETURN)  # New match (Continue is disabled)
    while app.scene.row.focused().key != "deal":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)


def test_a_new_match_from_a_deal_number_deals_that_deals_cards(app):
    new_match(app, "standard", 4711)
    hands, kitty, _, first = deal_cards(STANDARD, 4711)
    hand = app.session.seat.match.hand
    assert (hand.deal_no, [sorted(h) for h in hand.hands], sorted(hand.kitty), hand.first_bidder) == (
        4711,
        [sorted(h) for h in hands],
        sorted(kitty),
        first,
    )


def test_the_same_deal_number_replays_the_whole_match(app):
    new_match(app, "standard", 99)
    first = app.session.seat.match
    again = Match("standard", 99, first_deal=99)
    assert (first.seed, first.hand.hands) == (again.seed, again.hand.hands)


def test_the_table_shows_the_deal_number(app):
    new_match(app, "standard", 12345678)
    assert "Hand 1 · Deal #12345678 · Standard" in kit_texts_drawn(app, hud, via="pill")  # on the deal's chip


def test_the_settlement_shows_the_deal_number(app, monkeypatch):
    match = play_until(Match("standard", 5, first_deal=31337), settled)
    show(app, open_session(app, match))
    drawn = texts_drawn(monkeypatch, settlement_module, app)
    assert any(f"Deal #{match.hand.deal_no}" in label for label in drawn)


@pytest.mark.app(saving=True)
def test_new_match_offers_to_play_a_deal_number(app):
    open_deal_entry(app)
    assert isinstance(app.scene, DealEntry)


@pytest.mark.app(saving=True)
def test_typed_digits_start_the_match_from_that_deal(app):
    open_deal_entry(app)
    type_text(app, "4711")
    press(app, pygame.K_RETURN)
    assert (app.scene.name, app.session.seat.match.hand.deal_no) == ("bidding", 4711)


@pytest.mark.app(saving=True)
def test_backspace_takes_back_the_last_digit_and_stays_in_the_entry(app):
    open_deal_entry(app)
    type_text(app, "47\b9")
    assert (app.scene.name, app.scene.value) == ("deal_entry", 49)


@pytest.mark.app(saving=True)
def test_a_deal_number_never_grows_past_eight_digits(app):
    open_deal_entry(app)
    type_text(app, "123456789")
    assert app.scene.value == 12345678


@pytest.mark.app(saving=True)
def test_letters_are_not_typed_into_the_deal_number(app):
    open_deal_entry(app)
    type_text(app, "4sp")
    assert (app.scene.name, app.scene.value) == ("deal_entry", 4)


@pytest.mark.app(saving=True)
def test_the_pad_turns_the_digit_under_the_cursor(app):
    open_deal_entry(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # last digit 0 -> 1
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # tens 0 -> 9 (wraps)
    assert app.scene.value == 91


@pytest.mark.app(saving=True)
def test_pad_a_plays_the_deal(app):
    open_deal_entry(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert app.session.seat.match.hand.deal_no == 2


@pytest.mark.app(saving=True)
def test_pad_b_goes_back_to_new_match(app):
    open_deal_entry(app)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.scene.name == "new_match"


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_deal_out_of_range_is_refused():
    done = run_main("--deal", "100000000", "--headless", "--autoplay")
    assert (done.returncode, "--deal" in done.stdout) == (2, True)


def demo_pictures(tmp_path: Path, deal: int, name: str) -> dict[str, bytes]:
    shots = tmp_path / name
    done = run_main("--headless", "--autoplay", "--hands", "1", "--deal", str(deal), "--screenshots", str(shots))
    assert done.returncode == 0, done.stderr
    return {p.name: p.read_bytes() for p in sorted(shots.glob("*.png"))}


@pytest.mark.slow
def test_the_same_deal_gives_the_same_frames_and_another_deal_other_ones(tmp_path):
    first, again, other = (demo_pictures(tmp_path, d, n) for d, n in ((7, "a"), (7, "b"), (8, "c")))
    assert (first == again, first["03_play.png"] != other["03_play.png"], len(first)) == (True, True, 4)


def test_deal_with_continue_is_refused():
    done = run_main("--deal", "5", "--continue")
    assert (done.returncode, "--continue" in done.stdout) == (2, True)


@pytest.mark.app(saving=True)
def test_the_mouse_turns_a_digit_with_its_arrow(app):
    open_deal_entry(app)
    entry = app.scene
    up, _ = entry.arrows(entry.slots()[6])  # the tens
    post(pygame.MOUSEBUTTONDOWN, pos=up.center, button=1)
    steps(app, 2)
    assert (entry.value, entry.cursor) == (10, 6)
