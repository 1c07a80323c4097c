"""Sounds: synthesised voices are audible arrays of the right length, the table plays the one that fits each event
(a seat down to two cards or one: the alarm's siren and its call, in the player's language), the master and effects
volumes scale what plays, mute plays nothing, and no audio device means silence, not a crash. Volume and mute are
device preferences (prefs.json), changed in Settings or with M."""

import numpy as np
import pygame
import pytest

from game.actions import Pass, Play
from game.savefile import SaveStore
from scenes.app import App
from scenes.art.sound import CALLS, RATE, Sounds, alarm_name, finished, making, open_bank, siren, voices
from scenes.art.voice import SPEECH_RATE, WORDS, speaking
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


ALARMS = [alarm_name(left, language) for left, language in CALLS]


def recorded() -> tuple[Sounds, dict[str, Voice]]:
    bank = {name: Voice() for name in [*voices(), *ALARMS]}
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


def test_every_alarm_is_the_siren_a_breath_and_the_call():
    made = finished(making())
    assert set(made) == set(voices()) | set(ALARMS) and len(ALARMS) == 4
    wail = siren()
    for name in ALARMS:
        alarm = made[name]
        head, call = alarm[: wail.size], alarm[wail.size + int(RATE * 0.08) :]
        assert np.allclose(head, 0.3 * wail), name
        assert 0.4 * RATE < call.size < 1.0 * RATE and float(np.sqrt(np.mean(call**2))) > 0.05, name


@pytest.mark.parametrize("word", WORDS)
def test_a_call_is_voiced_where_its_vowels_are_and_quiet_in_its_stops(word):
    """The speech: the vowels carry the voice's harmonics (most energy below 1 kHz, the formants' band), a stop's
    closure is silence before its burst."""
    steps = speaking(word, SPEECH_RATE)
    call = finished(steps)
    spectrum = np.abs(np.fft.rfft(call)) ** 2
    freq = np.fft.rfftfreq(call.size, 1 / SPEECH_RATE)
    assert spectrum[(freq > 150) & (freq < 1200)].sum() > spectrum[freq > 3000].sum()
    phones, _ = WORDS[word]
    start = 0
    for phone in phones:
        quiet = round(phone.closure * SPEECH_RATE)
        if quiet > 400:  # the middle of a closure, away from the smoothing at its edges
            middle = call[start + quiet // 2 - 40 : start + quiet // 2 + 40]
            assert float(np.abs(middle).max()) < 0.1, (word, phone)
        start += round((phone.closure + phone.seconds) * SPEECH_RATE)


def test_the_speech_is_made_a_few_harmonics_a_step():
    steps = speaking("two_cards", RATE)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        count += 1
    assert count >= 4  # a frame's spare time each, not the whole word at once


def test_dummy_audio_gives_a_sound_per_voice(app):
    assert set(Sounds().bank) == set(voices()) | set(ALARMS)


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


def test_a_seat_down_to_two_cards_sounds_the_alarm_and_not_before(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "4"))  # five left: no alarm
    session.act(Play(1, "8"))  # two left
    assert played(bank) == ["card", "card", "alarm_2_en"]


def test_your_own_last_two_cards_sound_the_alarm_too(app):
    session, _, bank = table(app, ("3333456", "789", "TJQ"))
    session.act(Play(0, "3333"))  # three left
    session.act(Pass(1))
    session.act(Pass(2))
    assert not [name for name in played(bank) if name.startswith("alarm")]
    session.act(Play(0, "4"))  # two left
    assert (len(bank["card"].plays), len(bank["alarm_2_en"].plays)) == (1, 1)


@pytest.mark.usefixtures("english_after")
def test_the_last_card_is_called_in_the_players_language(app):
    """报牌: at one card the call says so, in Chinese on a Chinese table."""
    app.change_prefs(language="zh")
    session, _, bank = table(app, ("3333456", "79", "TJQ"))
    session.act(Play(0, "4"))
    session.act(Play(1, "9"))  # one left
    assert played(bank) == ["card", "card", "alarm_1_zh"]


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
