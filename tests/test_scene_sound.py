"""Sounds: synthesised voices are audible arrays of the right length, the table plays the one that fits each event,
the master and effects volumes scale what plays, mute plays nothing, and no audio device means silence, not a crash.
Volume and mute are device preferences (prefs.json), changed in Settings or with M."""

import numpy as np
import pygame
import pytest

from game.actions import Pass, Play
from game.savefile import SaveStore
from scenes.app import App
from scenes.art.sound import RATE, Sounds, open_bank, voices
from scenes.platform.prefs import Prefs, PrefsStore
from scenes.screens.settings import SettingsOverlay
from scenes.table.session import Session
from scenes.table.table_settings import TableSettings
from tests.kit.app import opened, post, press, steps, title_app
from tests.kit.rules import position
from tests.kit.table import local_session

SECONDS = {
    "card": 0.06,
    "deal": 0.03,
    "bid": 0.12,
    "pass": 0.14,
    "bomb": 0.8,
    "rocket": 0.45,
    "refused": 0.16,
    "alert": 0.21,
    "win": 0.48,
    "lose": 0.48,
}


class Voice:
    """A mixer Sound stand-in: remembers the volume each play used."""

    def __init__(self) -> None:
        self.volume = 1.0
        self.plays: list[float] = []

    def set_volume(self, value: float) -> None:
        self.volume = value

    def play(self) -> None:
        self.plays.append(self.volume)


def recorded() -> tuple[Sounds, dict[str, Voice]]:
    bank = {name: Voice() for name in voices()}
    return Sounds(bank), bank


def played(bank: dict[str, Voice]) -> list[str]:
    return [name for name, voice in bank.items() for _ in voice.plays]


def table(app, hands) -> tuple[Session, Sounds, dict[str, Voice]]:
    sounds, bank = recorded()
    session = local_session(position(hands, landlord=0), TableSettings(), sounds)
    session.relayout(app.geo)
    return session, sounds, bank


def test_every_voice_is_a_non_silent_float_array_of_its_length():
    made = voices()
    assert set(made) == set(SECONDS)
    for name, wave in made.items():
        assert (wave.dtype, wave.ndim, wave.size) == (np.float32, 1, int(RATE * SECONDS[name])), name
        assert float(np.sqrt(np.mean(wave**2))) > 0.01, name  # energy throughout, not a click


def test_every_voice_is_audible_and_in_range():
    peaks = {name: float(np.abs(wave).max()) for name, wave in voices().items()}
    assert all(0.05 < peak <= 1.2 for peak in peaks.values()), peaks


def test_dummy_audio_gives_a_sound_per_voice(app):
    assert set(Sounds().bank) == set(voices())


def test_closing_halts_the_voices_before_pygame_quits(monkeypatch):
    """pygame.quit() while a voice ends in the audio thread can deadlock (the audio thread waits for the interpreter
    lock, the quitting thread for the audio device): the game halts every voice first."""
    made = App((640, 360), fullscreen=False, seed=1)
    made.sounds.bank = open_bank()  # the window opens it after its first frame
    made.sounds.play("bomb")  # 0.8 s: still sounding when the window closes
    assert pygame.mixer.get_busy()
    busy_at_quit = []
    real_quit = pygame.quit
    monkeypatch.setattr(pygame, "quit", lambda: (busy_at_quit.append(pygame.mixer.get_busy()), real_quit()))
    made.close()
    assert busy_at_quit == [False]


def test_no_audio_device_is_silence_not_a_crash(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    silent = Sounds()
    assert silent.bank == {}
    silent.play("bomb")


def test_volume_is_master_times_effects():
    sounds, bank = recorded()
    sounds.set_levels(50, 40, muted=False)
    sounds.play("card")
    assert bank["card"].plays == [pytest.approx(0.2)]


def test_mute_plays_nothing_and_unmute_plays_again():
    sounds, bank = recorded()
    sounds.set_levels(100, 100, muted=True)
    sounds.play("bomb")
    sounds.set_levels(100, 100, muted=False)
    sounds.play("bomb")
    assert bank["bomb"].plays == [1.0]


def test_zero_volume_plays_nothing():
    sounds, bank = recorded()
    sounds.set_levels(0, 100, muted=False)
    sounds.play("win")
    assert bank["win"].plays == []


def test_bomb_sounds_like_a_bomb(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "3333"))
    assert played(bank) == ["bomb"]


def test_ordinary_play_snaps_a_card(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "4"))
    assert played(bank) == ["card"]


def test_a_seat_down_to_two_cards_sounds_the_alert_and_not_before(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "4"))  # five left: no alert
    session.act(Play(1, "8"))  # two left
    assert played(bank) == ["card", "card", "alert"]


def test_your_own_last_two_cards_sound_the_alert_too(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "3333"))  # three left
    session.act(Pass(1))
    session.act(Pass(2))
    assert bank["alert"].plays == []
    session.act(Play(0, "4"))  # two left
    assert (len(bank["card"].plays), len(bank["alert"].plays)) == (1, 1)


def test_refused_play_buzzes(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.notices.refuse("no")
    assert played(bank) == ["refused"]


def test_muted_table_plays_nothing(app):
    session, sounds, bank = table(app, ("3333456", "789", "TJQ"))
    sounds.set_levels(100, 100, muted=True)
    session.act(Play(0, "3333"))
    assert played(bank) == []


# ----- the preferences: Settings, M, prefs.json ---------------------------------------------------------------


def settings(app) -> SettingsOverlay:
    app.push(SettingsOverlay(app))
    return app.scene


def focus(scene: SettingsOverlay, key: str) -> None:
    for b in scene.row.buttons:
        b.focus = b.key == key


@pytest.mark.app(saving=True)
def test_left_and_right_turn_the_focused_volume_and_it_is_kept(app):
    scene = settings(app)
    focus(scene, "master")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    focus(scene, "effects")
    press(app, pygame.K_RIGHT)  # already 100%: stays
    assert (app.prefs.master, app.prefs.effects, app.sounds.volume()) == (80, 100, 0.8)
    assert PrefsStore(app.store.directory).load() == Prefs(master=80)


@pytest.mark.app(saving=True)
def test_a_volume_never_wraps_from_100_to_silence(app):
    scene = settings(app)
    focus(scene, "effects")
    press(app, pygame.K_RETURN)  # Confirm at 100%: stays
    assert app.prefs.effects == 100
    rect = scene.row.get("effects").rect
    post(pygame.MOUSEBUTTONDOWN, pos=(rect.x + 5, rect.centery), button=1)  # the left half lowers
    steps(app, 2)
    assert app.prefs.effects == 90
    post(pygame.MOUSEBUTTONDOWN, pos=(rect.right - 5, rect.centery), button=1)  # the right half raises
    steps(app, 2)
    post(pygame.MOUSEBUTTONDOWN, pos=(rect.right - 5, rect.centery), button=1)
    steps(app, 2)
    assert app.prefs.effects == 100


@pytest.mark.app(saving=True)
def test_m_mutes_anywhere_and_the_settings_label_follows(app):
    scene = settings(app)
    press(app, pygame.K_m)
    assert (app.prefs.muted, app.sounds.volume()) == (True, 0.0)
    assert scene.row.get("sound").label == "Sound: off"
    press(app, pygame.K_m)
    assert (app.prefs.muted, scene.row.get("sound").label) == (False, "Sound: on")


def test_preferences_come_back_with_the_next_start(tmp_path):
    store = SaveStore(tmp_path / "saves")
    PrefsStore(store.directory).save(Prefs(master=30, effects=60, muted=True))
    with opened(title_app(store)) as app:
        assert (app.sounds.master, app.sounds.effects, app.sounds.muted) == (30, 60, True)
