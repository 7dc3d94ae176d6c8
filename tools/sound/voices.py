"""Instruments built from the synthesiser: thuds, clicks, bursts, brass, bells, drums, engines."""

from __future__ import annotations

import math
from collections.abc import Callable

from sound.synth import (
    Signal,
    adsr,
    bandpass,
    decay,
    gain,
    lowpass,
    mix,
    noise,
    note_hz,
    tone,
)


def thud(rate: int, seconds: float = 0.35, high: float = 130.0, low: float = 45.0, half_life: float = 0.07) -> Signal:
    """A low body blow: a sine whose pitch falls quickly from ``high`` to ``low`` Hz."""

    def pitch(t: float) -> float:
        return low + (high - low) * math.exp(-t / 0.04)

    return decay(tone(pitch, seconds, rate), rate, 0.002, half_life)


def click(rate: int, freq: float, seconds: float = 0.06, half_life: float = 0.008, seed: int = 1) -> Signal:
    """A short wooden knock: a damped tone with a breath of band-limited noise."""
    body = decay(tone(freq, seconds, rate), rate, 0.0005, half_life)
    grain = decay(bandpass(noise(seconds, rate, seed), rate, freq, freq * 4), rate, 0.0003, half_life / 2)
    return mix((0, body), (0, gain(grain, 0.5)))


def burst(rate: int, seconds: float, seed: int, top: float = 3500.0, bottom: float = 150.0,
          half_life: float = 0.18) -> Signal:
    """An explosion: noise whose brightness falls from ``top`` to ``bottom`` Hz, with a thud beneath."""

    def cutoff(t: float) -> float:
        return bottom + (top - bottom) * math.exp(-t / (seconds / 5))

    roar = decay(lowpass(noise(seconds, rate, seed), rate, cutoff), rate, 0.003, half_life)
    return mix((0, gain(roar, 2.2)), (0, gain(thud(rate, min(seconds, 0.6), 110, 38, 0.12), 0.9)))


def brass(rate: int, midi: float, seconds: float, level: float = 1.0, vibrato: float = 0.0) -> Signal:
    """A bugle-like note: a sawtooth whose filter opens on the attack, with optional vibrato (cents)."""
    f0 = note_hz(midi)

    def pitch(t: float) -> float:
        wobble = vibrato * math.sin(2 * math.pi * 5.5 * t) * min(1.0, t / 0.25)
        return f0 * 2 ** (wobble / 1200)

    def cutoff(t: float) -> float:
        return f0 * (1.5 + 4.0 * min(1.0, t / 0.05)) * (1.0 - 0.3 * min(1.0, t / 0.6))

    raw = tone(pitch, seconds, rate, "saw") if vibrato else tone(f0, seconds, rate, "saw")
    shaped = adsr(lowpass(raw, rate, cutoff), rate, 0.025, 0.12, 0.75, min(0.12, seconds / 3))
    return gain(shaped, level)


def bell(rate: int, midi: float, seconds: float, level: float = 1.0) -> Signal:
    """A small bell: inharmonic partials, the high ones dying first."""
    f0 = note_hz(midi)
    partials = ((1.0, 1.0, seconds / 3), (2.0, 0.5, seconds / 5), (2.76, 0.35, seconds / 7), (5.4, 0.2, seconds / 12))
    parts = [(0.0, decay(tone(f0 * r, seconds, rate), rate, 0.001, hl)) for r, amp, hl in partials]
    weights = [amp for _, amp, _ in partials]
    return gain(mix(*[(s, gain(sig, w)) for (s, sig), w in zip(parts, weights, strict=True)]), level / sum(weights))


def snare(rate: int, seed: int, seconds: float = 0.18, level: float = 1.0) -> Signal:
    """A field-drum hit: a short tone and bright rattling noise."""
    skin = decay(tone(190, seconds, rate, "triangle"), rate, 0.001, 0.03)
    wires = decay(bandpass(noise(seconds, rate, seed), rate, 1200, 7000), rate, 0.001, 0.045)
    return gain(mix((0, gain(skin, 0.6)), (0, wires)), level)


def bass_drum(rate: int, seconds: float = 0.5, level: float = 1.0) -> Signal:
    """A soft bass drum: a thud with a long tail."""
    return gain(thud(rate, seconds, 95, 48, 0.11), level)


def engine(rate: int, seconds: float, pitch: Callable[[float], float], seed: int) -> Signal:
    """A propeller engine: a buzzing sawtooth with a pulsing rough noise layer."""
    buzz = lowpass(tone(pitch, seconds, rate, "saw"), rate, 1400)
    rough = bandpass(noise(seconds, rate, seed), rate, 200, 1800)
    pulse = tone(lambda t: pitch(t) / 4, seconds, rate, "sine")
    throb = [r * (0.6 + 0.4 * p) for r, p in zip(rough, pulse, strict=True)]
    return mix((0, gain(buzz, 0.6)), (0, gain(throb, 0.5)))
