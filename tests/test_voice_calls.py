"""The table's spoken calls as rendered: the Chinese calls' pitch follows their tones where their vowels are (一 falls
as a fourth tone before 张's first, 两 stays low and falling as a half third tone, 张 is high and level from its first
voiced moment), and no call holds digital silence, which a speech recogniser heard as no speech ("last card!" as
"rocket")."""

from functools import cache

import numpy as np
import pytest

from scenes.art.sound import finished
from scenes.art.voice import SPEECH_RATE, WORDS, speaking

EDGE = 0.03  # how far inside a vowel its pitch is measured (s): clear of the voicing's fades


@cache
def rendered(word: str) -> np.ndarray:
    return finished(speaking(word, SPEECH_RATE))


def pitch(call: np.ndarray, at: float) -> float:
    """The voice's fundamental (Hz) in the 40 ms round `at` seconds: the strongest autocorrelation lag of 70-400 Hz."""
    middle = round(at * SPEECH_RATE)
    window = call[middle - 320 : middle + 320] * np.hanning(640)
    lags = np.correlate(window, window, "full")[639:]
    low, high = SPEECH_RATE // 400, SPEECH_RATE // 70
    return SPEECH_RATE / (low + int(np.argmax(lags[low:high])))


def vowel_pitch(word: str, index: int) -> tuple[float, float]:
    """The pitch at the start and at the end of the word's phoneme `index` (after its closure, if any)."""
    phones, _ = WORDS[word]
    start = sum(p.closure + p.seconds for p in phones[:index]) + phones[index].closure
    call = rendered(word)
    return pitch(call, start + EDGE), pitch(call, start + phones[index].seconds - EDGE)


def semitones(low: float, high: float) -> float:
    return 12 * float(np.log2(high / low))


def test_yi_before_a_first_tone_falls_as_a_fourth_tone_within_its_vowel():
    start, end = vowel_pitch("yi_zhang", 0)
    assert semitones(end, start) > 6  # it fell 3.3 when the fall ran on into the zh's silence


@pytest.mark.parametrize(("word", "index"), [("yi_zhang", 2), ("liang_zhang", 5)])
def test_zhang_is_high_and_level_from_its_first_voiced_moment(word, index):
    start, end = vowel_pitch(word, index)
    assert abs(semitones(start, end)) < 0.5 and start > 250


def test_liang_is_a_half_third_tone_low_and_falling_to_its_end():
    """两 before a first tone: low and falling (21), with no rise (the full third tone's) even in its ng."""
    a_start, a_end = vowel_pitch("liang_zhang", 2)
    ng_start, ng_end = vowel_pitch("liang_zhang", 3)
    zhang, _ = vowel_pitch("liang_zhang", 5)
    assert a_start > a_end > ng_start > ng_end
    assert semitones(a_start, zhang) > 6


@pytest.mark.parametrize("word", WORDS)
def test_a_call_holds_no_digital_silence(word):
    """Every 10 ms of the call, its stops' closures too, carries at least a breath of noise, loud enough to outlast
    the 16-bit samples the mixer plays."""
    call = rendered(word)
    frames = call[: call.size // 160 * 160].reshape(-1, 160)
    assert float(np.sqrt((frames**2).mean(axis=1)).min()) * 0.5 * 32000 > 1
