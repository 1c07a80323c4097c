"""Table sounds synthesised with numpy (no audio files), after the title's first frame: card snaps, the deal, bids,
passes, bombs, the rocket, a refused play, the end of a hand, and the alarm of a seat down to its last cards: a
two-tone siren, then the call (报牌: "two cards!", "last card!", 两张, 一张) from the small speech synthesiser of
`voice.py`, in the player's language. Made a step at a time between the frames; silent when no audio device can be
opened."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pygame

from scenes.art.voice import speaking

RATE = 44100
CALLS = {  # the alarm's call: (cards left, language) -> a word of voice.py
    (2, "en"): "two_cards",
    (1, "en"): "last_card",
    (2, "zh"): "liang_zhang",
    (1, "zh"): "yi_zhang",
}


def _seconds(duration: float) -> np.ndarray:
    return np.arange(int(RATE * duration), dtype=np.float32) / RATE


def _noise(duration: float, decay: float, smooth: int, seed: int) -> np.ndarray:
    """A burst of filtered noise fading with time constant `decay`: the snap of a card on felt."""
    t = _seconds(duration)
    raw = np.random.default_rng(seed).normal(0.0, 1.0, t.size).astype(np.float32)
    soft = np.convolve(raw, np.ones(smooth, dtype=np.float32) / smooth, mode="same")
    return soft * np.exp(-t / decay) / max(1e-6, float(np.abs(soft).max()))


def _tone(freq: float | np.ndarray, duration: float, decay: float) -> np.ndarray:
    t = _seconds(duration)
    phase = 2 * np.pi * np.cumsum(np.broadcast_to(freq, t.shape)) / RATE
    return np.sin(phase).astype(np.float32) * np.exp(-t / decay)


def _notes(freqs: tuple[float, ...], each: float) -> np.ndarray:
    return np.concatenate([_tone(f, each, each / 2.5) for f in freqs])


def siren() -> np.ndarray:
    """The alarm's two-tone wail (high, low, high, low), reedy so that it stands apart from every other sound."""
    notes = []
    for freq in (960.0, 720.0, 960.0, 720.0):
        t = _seconds(0.15)
        edge = np.minimum(1.0, np.minimum(t, t[-1] - t) / 0.012)  # no clicks between the notes
        notes.append(np.tanh(3.0 * np.sin(2 * np.pi * freq * t)).astype(np.float32) * edge)
    return np.concatenate(notes)


def alarm_name(left: int, language: str) -> str:
    """The voice of the alarm for a seat down to `left` cards, called in `language` (English where there is no
    call in it)."""
    return f"alarm_{left}_{language if (left, language) in CALLS else 'en'}"


def voices() -> dict[str, np.ndarray]:
    """Every sound but the alarm's (`making` adds them) as mono samples in [-1, 1]."""
    return {name: make() for name, make in _makers().items()}


def _makers() -> dict[str, Callable[[], np.ndarray]]:
    """Each sound but the alarm's, to be made when called (`making` makes one a step)."""
    sweep_down = np.linspace(95, 38, int(RATE * 0.8))
    sweep_up = np.linspace(260, 1300, int(RATE * 0.45))
    return {
        "card": lambda: 0.5 * _noise(0.06, 0.012, 6, 1),
        "deal": lambda: 0.22 * _noise(0.03, 0.006, 4, 2),
        "bid": lambda: 0.3 * _tone(660.0, 0.12, 0.05),
        "pass": lambda: 0.25 * _notes((392.0, 294.0), 0.07),
        "bomb": lambda: 0.7 * _tone(sweep_down, 0.8, 0.3) + 0.3 * _noise(0.8, 0.12, 24, 3),
        "rocket": lambda: 0.45 * _tone(sweep_up, 0.45, 0.3) + 0.3 * _noise(0.45, 0.2, 3, 4),
        "refused": lambda: 0.3 * _notes((170.0, 150.0), 0.08),
        "win": lambda: 0.3 * _notes((523.3, 659.3, 784.0, 1046.5), 0.12),
        "lose": lambda: 0.3 * _notes((392.0, 329.6, 261.6), 0.16),
    }


@contextmanager
def _stderr_silenced() -> Iterator[None]:
    """Mute the C-level stderr: on a machine without a sound card, ALSA lists its failed probes there, while the
    game simply stays silent."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with open(os.devnull, "w") as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


class Sounds:
    """The table's sound effects at the player's levels; every call is a no-op when there is no audio device.

    `bank` maps a voice to anything with `set_volume` and `play` (a pygame Sound, or a recorder in tests)."""

    def __init__(self, bank: dict[str, Any] | None = None) -> None:
        self.bank: dict[str, Any] = open_bank() if bank is None else bank
        self.master = self.effects = 100  # percent
        self.muted = False

    def set_levels(self, master: int, effects: int, muted: bool) -> None:
        self.master, self.effects, self.muted = master, effects, muted

    def volume(self) -> float:
        """The playing volume in [0, 1]: the master level times the effects level, 0 when muted."""
        return 0.0 if self.muted else self.master * self.effects / 10000

    def play(self, name: str) -> None:
        voice = self.bank.get(name)
        level = self.volume()
        if voice is None or level <= 0:
            return
        voice.set_volume(level)
        voice.play()


def silence() -> None:
    """Halt every voice; called before `pygame.quit()`. Quitting while a voice ends can deadlock: the audio thread,
    ending it, waits for the interpreter lock that the quitting thread holds while it waits for the audio device.
    `pygame.mixer.stop` lets go of that lock while it halts the voices, and a halted mixer ends no voice later."""
    if pygame.mixer.get_init():
        pygame.mixer.stop()


def making() -> Generator[None, None, dict[str, np.ndarray]]:
    """Every voice with the alarm's (its siren, a breath, the call), a step at a time: it yields between steps of a
    millisecond or two and returns them all."""
    made = {}
    for name, make in _makers().items():
        made[name] = make()
        yield
    wail = 0.3 * siren()
    for (left, language), word in CALLS.items():
        call = yield from speaking(word, RATE, seed=left)
        made[alarm_name(left, language)] = np.concatenate([wail, np.zeros(int(RATE * 0.08), np.float32), 0.5 * call])
    return made


def opening_bank() -> Generator[None, None, dict[str, pygame.mixer.Sound]]:
    """Every voice as a mixer Sound, made a step at a time (yielding between steps), or nothing when no audio
    device can be opened."""
    try:
        with _stderr_silenced():
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
    except pygame.error:
        return {}
    channels = pygame.mixer.get_init()[2]
    bank = {}
    for name, mono in (yield from making()).items():
        pcm = (np.clip(mono, -1.0, 1.0) * 32000).astype(np.int16)
        bank[name] = pygame.sndarray.make_sound(np.repeat(pcm[:, None], channels, axis=1).copy())
        yield
    return bank


def finished(steps: Generator[None, None, dict]) -> dict:
    """What a stepped making returns, made at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def open_bank() -> dict[str, pygame.mixer.Sound]:
    """Every voice as a mixer Sound at once, or nothing when no audio device can be opened."""
    return finished(opening_bank())
