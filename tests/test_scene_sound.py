"""Sounds: synthesised voices are audible, and the table plays the one that fits each event (bomb, refusal...)."""

import numpy as np
import pytest

from game.actions import Play
from scenes.session import Session, TableSettings
from scenes.sound import Sounds, voices
from tests.helpers_rules import position
from tests.test_scene_kit import headless_game


class Recorder:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture
def game():
    yield from headless_game()


def table(game, hands, sound: bool = True) -> tuple[Session, Recorder]:
    recorder = Recorder()
    session = Session(position(hands, landlord=0), TableSettings(sound=sound), sounds=recorder)
    session.relayout(game.geo)
    return session, recorder


def test_every_voice_is_audible_and_in_range():
    peaks = {name: float(np.abs(wave).max()) for name, wave in voices().items()}
    assert all(0.05 < peak <= 1.2 for peak in peaks.values()), peaks


def test_dummy_audio_gives_a_sound_per_voice(game):
    assert set(Sounds().bank) == set(voices())


def test_bomb_sounds_like_a_bomb(game):
    session, recorder = table(game, ("3333456", "789", "TJQ"))
    session.apply(Play(0, "3333"))
    assert recorder.played == ["bomb"]


def test_ordinary_play_snaps_a_card(game):
    session, recorder = table(game, ("3333456", "789", "TJQ"))
    session.apply(Play(0, "4"))
    assert recorder.played == ["card"]


def test_refused_play_buzzes(game):
    session, recorder = table(game, ("3333456", "789", "TJQ"))
    session.refuse("no")
    assert recorder.played == ["refused"]


def test_sound_off_plays_nothing(game):
    session, recorder = table(game, ("3333456", "789", "TJQ"), sound=False)
    session.apply(Play(0, "3333"))
    assert recorder.played == []
