"""A small speech synthesiser for the table's calls (报牌: "two cards!", "last card!", 两张, 一张), made from numbers
like every other sound of the game: no recording. A word is a row of phonemes; a voiced phoneme is a sum of the
voice's harmonics, each as loud as the vocal tract's three formants (resonances, gliding from one phoneme's to the
next) pass it, so vowels and glides sound as vowels; a consonant is noise shaped to its band (the hiss of s, the
burst of t and k), a stop a short silence before it. Each word's pitch follows its contour (Mandarin's tones for the
Chinese calls). Rendered at 16 kHz and resampled to the mixer's rate."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

import numpy as np

SPEECH_RATE = 16000  # what the words are made at: speech needs nothing above 8 kHz
HIGHEST = 5000.0  # the harmonics kept (Hz)
BANDWIDTHS = (90.0, 110.0, 170.0)  # the three formants' bandwidths (Hz)
CONTROL = 80  # samples between two points of the formant and pitch tracks (5 ms)
BREATH = 0.002  # noise under the whole word (about -58 dB): closures of digital silence made a recogniser mishear it
HARMONICS_A_STEP = 6  # harmonics made between two yields of `speaking`: about a millisecond's work each

Formants = tuple[float, float, float]


@dataclass(frozen=True)
class Phone:
    """One phoneme: `seconds` long; voiced at `voice` (0-1) with `formants` (where it is headed: the track glides
    there from the phoneme before); `hiss` (0-1) of noise centred on `band` Hz, `width` Hz wide; `closure`: a stop's
    silence before it."""

    seconds: float
    formants: Formants = (500.0, 1500.0, 2500.0)
    voice: float = 1.0
    hiss: float = 0.0
    band: float = 4000.0
    width: float = 1500.0
    closure: float = 0.0


# A few vowels and consonants, as a woman's voice shapes them (formants in Hz).
def vowel(seconds: float, f1: float, f2: float, f3: float, voice: float = 1.0) -> Phone:
    return Phone(seconds, (f1, f2, f3), voice)


def burst(seconds: float, band: float, closure: float, aspiration: Formants | None = None) -> Phone:
    """A voiceless stop: silence, then a burst of noise (and the next vowel's formants breathed, `aspiration`)."""
    return Phone(seconds, aspiration or (500.0, 1500.0, 2500.0), 0.0, 0.9, band, band * 0.6, closure)


def hiss(seconds: float, band: float, width: float, voice: float = 0.0) -> Phone:
    return Phone(seconds, (400.0, 1600.0, 2600.0), voice, 0.7, band, width)


A = (900.0, 1350.0, 2900.0)  # 啊, the a of "card"
EE = (320.0, 2600.0, 3200.0)  # the i of 一
U = (400.0, 1350.0, 2600.0)  # the u of "two", as Americans say it: fronted, its second formant falling to this
UW = (420.0, 1950.0, 2700.0)  # where that u starts, just after the t
AE = (760.0, 1900.0, 2850.0)  # the a of "last"
NG = (300.0, 1900.0, 2800.0)  # the ng of 张, hummed
L = (380.0, 1300.0, 3000.0)
R = (560.0, 1600.0, 2150.0)  # r colours the vowel: its third formant drops
D = (280.0, 1700.0, 2700.0)  # a voiced closure: only the hum below the first formant
ZH = (450.0, 1700.0, 2300.0)  # where the a of 张 starts: the retroflex zh lowers the third formant


WORDS: dict[str, tuple[tuple[Phone, ...], tuple[float, ...]]] = {
    # phonemes, and the pitch (Hz) at even steps through the word
    "two_cards": (
        (
            burst(0.05, 4500.0, 0.03, UW),
            Phone(0.04, UW, 0.0, 0.15, 2300.0, 1200.0),  # the t breathed
            vowel(0.07, *UW),
            vowel(0.14, *U),
            burst(0.05, 2700.0, 0.05, A),
            vowel(0.15, *A),
            vowel(0.08, *R, voice=0.8),
            Phone(0.04, D, 0.15),
            hiss(0.10, 5200.0, 1500.0, voice=0.1),
        ),
        (235.0, 225.0, 215.0, 205.0, 185.0, 165.0),
    ),
    "last_card": (
        (
            vowel(0.07, *L, voice=0.7),
            vowel(0.15, *AE),
            hiss(0.11, 5200.0, 1500.0),
            Phone(0.02, A, 0.0, 0.3, 4500.0, 2000.0, 0.03),
            burst(0.05, 2700.0, 0.04, A),
            vowel(0.15, *A),
            vowel(0.08, *R, voice=0.8),
            Phone(0.04, D, 0.15),
            Phone(0.03, D, 0.0, 0.3, 4000.0, 2000.0),  # the d released
        ),
        (240.0, 238.0, 230.0, 225.0, 215.0, 195.0, 170.0),
    ),
    "liang_zhang": (  # 两张: a half third tone, low and falling, then the first tone, high and level
        (
            vowel(0.06, *L, voice=0.7),
            vowel(0.05, *EE),
            vowel(0.165, *A),
            vowel(0.10, *NG, voice=0.45),
            burst(0.035, 3500.0, 0.04, ZH),  # zh: unaspirated, a short hiss (a long one says chang)
            vowel(0.18, *A),
            vowel(0.12, *NG, voice=0.4),
        ),
        # every 75 ms: 两 low and falling to where 张 starts, high and level
        (192.0, 186.0, 179.0, 172.0, 166.0, 160.0, 272.0, 272.0, 271.0, 270.0, 268.0),
    ),
    "yi_zhang": (  # 一张: 一 takes the fourth tone before a first, falling from high to low within its vowel
        (
            vowel(0.225, *EE),
            burst(0.035, 3500.0, 0.04, ZH),
            vowel(0.18, *A),
            vowel(0.12, *NG, voice=0.4),
        ),
        (295.0, 255.0, 215.0, 178.0, 275.0, 274.0, 272.0, 270.0, 268.0),  # every 75 ms
    ),
}


def _track(values: np.ndarray, points: int) -> np.ndarray:
    """`values` stretched evenly over `points` control points."""
    return np.interp(np.linspace(0.0, 1.0, points), np.linspace(0.0, 1.0, len(values)), values)


def _gain(freq: np.ndarray, formants: np.ndarray) -> np.ndarray:
    """How loud the vocal tract passes each frequency: three second-order resonances in cascade, 1 at 0 Hz."""
    out = np.ones_like(freq)
    for k, bandwidth in enumerate(BANDWIDTHS):
        centre = formants[..., k]
        ratio = freq / centre
        out /= np.sqrt((1.0 - ratio**2) ** 2 + (freq * bandwidth / centre**2) ** 2)
    return out


def _noise(count: int, band: float, width: float, rng: np.random.Generator) -> np.ndarray:
    """`count` samples of noise in a band `width` Hz wide round `band` Hz, at unit peak."""
    raw = np.fft.rfft(rng.standard_normal(count))
    freq = np.fft.rfftfreq(count, 1.0 / SPEECH_RATE)
    shaped = np.fft.irfft(raw * np.exp(-(((freq - band) / width) ** 2)), count)
    return shaped / max(1e-9, float(np.abs(shaped).max()))


def speaking(word: str, rate: int, seed: int = 0) -> Generator[None, None, np.ndarray]:
    """`say`, made a few harmonics at a time: it yields between the steps (a frame's spare time each) and returns the
    samples."""
    phones, pitch = WORDS[word]
    rng = np.random.default_rng(seed)
    lengths = [round((p.closure + p.seconds) * SPEECH_RATE) for p in phones]
    total = sum(lengths)
    steps = total // CONTROL + 2
    # the formant track: each phoneme's targets reached over its first third, from where the last one ended
    marks, targets = [0.0], [np.array(phones[0].formants)]
    start = 0
    for phone, length in zip(phones, lengths, strict=True):
        marks += [start + length / 3, start + length]
        targets += [np.array(phone.formants)] * 2
        start += length
    control = np.arange(steps) * CONTROL
    formants = np.stack([np.interp(control, marks, [t[k] for t in targets]) for k in range(3)], axis=1)
    f0 = _track(np.array(pitch), steps)
    harmonics = np.arange(1, int(HIGHEST // f0.min()) + 1)
    freq = harmonics[None, :] * f0[:, None]
    amp = np.where(freq < HIGHEST, _gain(freq, formants[:, None, :]) / harmonics[None, :], 0.0)
    t = np.arange(total)
    phase = 2 * np.pi * np.cumsum(np.interp(t, control, f0)) / SPEECH_RATE
    voiced = np.zeros(total)
    for k, h in enumerate(harmonics):
        voiced += np.interp(t, control, amp[:, k]) * np.sin(h * phase)
        if k % HARMONICS_A_STEP == HARMONICS_A_STEP - 1:
            yield
    voicing = np.concatenate(
        [
            np.r_[np.zeros(round(p.closure * SPEECH_RATE)), np.full(length - round(p.closure * SPEECH_RATE), p.voice)]
            for p, length in zip(phones, lengths, strict=True)
        ]
    )
    voicing = np.convolve(voicing, np.hanning(161) / np.hanning(161).sum(), mode="same")  # no clicks between phones
    voiced *= voicing / max(1e-9, float(np.abs(voiced).max()))
    noise = BREATH * rng.uniform(-1.0, 1.0, total)  # the phonemes' noise replaces it where they hiss
    start = 0
    for phone, length in zip(phones, lengths, strict=True):
        quiet = round(phone.closure * SPEECH_RATE)
        if phone.hiss and length > quiet:
            span = length - quiet
            envelope = np.minimum(1.0, np.linspace(3.0, 0.0, span)) if phone.closure else np.hanning(span)
            noise[start + quiet : start + length] = phone.hiss * envelope * _noise(span, phone.band, phone.width, rng)
        start += length
    yield
    mixed = voiced + 0.6 * noise
    out = np.interp(np.arange(round(total * rate / SPEECH_RATE)) * SPEECH_RATE / rate, t, mixed)
    return (out / max(1e-9, float(np.abs(out).max()))).astype(np.float32)
