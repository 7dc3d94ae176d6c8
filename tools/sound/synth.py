"""A small synthesiser on plain float lists: oscillators, noise, envelopes, filters, mixing.

A signal is a ``list[float]`` of mono samples in -1..1 at a given sample rate. Everything is
deterministic: noise comes from a ``random.Random`` seeded by the caller, never the global one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

Signal = list[float]
TAU = 2.0 * math.pi
TABLE_SIZE = 4096


def _table(fn: Callable[[float], float]) -> list[float]:
    """One cycle of a waveform sampled at TABLE_SIZE points (phase 0..1)."""
    return [fn(i / TABLE_SIZE) for i in range(TABLE_SIZE)]


def _soft_saw(phase: float, harmonics: int = 24) -> float:
    """A band-limited sawtooth: the first ``harmonics`` partials."""
    return sum(math.sin(TAU * k * phase) / k for k in range(1, harmonics + 1)) * (2 / math.pi)


def _soft_square(phase: float, harmonics: int = 12) -> float:
    """A band-limited square: the first ``harmonics`` odd partials."""
    return sum(math.sin(TAU * k * phase) / k for k in range(1, 2 * harmonics, 2)) * (4 / math.pi)


def _triangle(phase: float) -> float:
    """A triangle wave, -1..1."""
    return 1.0 - 4.0 * abs(((phase + 0.25) % 1.0) - 0.5)


WAVES: dict[str, list[float]] = {
    "sine": _table(lambda p: math.sin(TAU * p)),
    "saw": _table(_soft_saw),
    "square": _table(_soft_square),
    "triangle": _table(_triangle),
}


def silence(seconds: float, rate: int) -> Signal:
    """``seconds`` of zeros."""
    return [0.0] * round(seconds * rate)


def tone(freq: float | Callable[[float], float], seconds: float, rate: int, wave: str = "sine") -> Signal:
    """An oscillator at a fixed frequency or one given as a function of time (seconds)."""
    table, n = WAVES[wave], round(seconds * rate)
    step = TABLE_SIZE / rate
    if not callable(freq):
        inc = freq * step
        return [table[int(i * inc) % TABLE_SIZE] for i in range(n)]
    out, phase = [0.0] * n, 0.0
    for i in range(n):
        out[i] = table[int(phase) % TABLE_SIZE]
        phase += freq(i / rate) * step
    return out


def noise(seconds: float, rate: int, seed: int) -> Signal:
    """White noise from a private generator seeded with ``seed``."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * rate))]


def decay(sig: Signal, rate: int, attack: float, half_life: float) -> Signal:
    """A short linear attack then exponential decay with the given half-life (s)."""
    a = max(1, round(attack * rate))
    k = math.log(2) / (half_life * rate)
    return [x * (i / a if i < a else math.exp(-k * (i - a))) for i, x in enumerate(sig)]


def adsr(sig: Signal, rate: int, attack: float, decay_s: float, sustain: float, release: float) -> Signal:
    """Attack, decay to ``sustain`` level, hold, and release over the last ``release`` s."""
    n = len(sig)
    a, d, r = round(attack * rate), round(decay_s * rate), round(release * rate)
    out = [0.0] * n
    for i, x in enumerate(sig):
        if i < a:
            g = i / a
        elif i < a + d:
            g = 1.0 - (1.0 - sustain) * (i - a) / max(1, d)
        else:
            g = sustain
        if i >= n - r:
            g *= (n - i) / max(1, r)
        out[i] = x * g
    return out


def lowpass(sig: Signal, rate: int, cutoff: float | Callable[[float], float]) -> Signal:
    """A two-pole (cascaded one-pole) low-pass; ``cutoff`` in Hz, fixed or a function of time."""
    if callable(cutoff):
        coeffs = [1.0 - math.exp(-TAU * cutoff(i / rate) / rate) for i in range(len(sig))]
    else:
        coeffs = [1.0 - math.exp(-TAU * cutoff / rate)] * len(sig)
    out, y1, y2 = [0.0] * len(sig), 0.0, 0.0
    for i, (x, g) in enumerate(zip(sig, coeffs, strict=True)):
        y1 += g * (x - y1)
        y2 += g * (y1 - y2)
        out[i] = y2
    return out


def highpass(sig: Signal, rate: int, cutoff: float) -> Signal:
    """A one-pole high-pass at ``cutoff`` Hz (removes rumble and DC)."""
    low = lowpass(sig, rate, cutoff)
    return [x - y for x, y in zip(sig, low, strict=True)]


def bandpass(sig: Signal, rate: int, low: float, high: float) -> Signal:
    """Keep roughly the band between ``low`` and ``high`` Hz."""
    return highpass(lowpass(sig, rate, high), rate, low)


def gain(sig: Signal, g: float) -> Signal:
    """Scale by ``g``."""
    return [x * g for x in sig]


def mix(*parts: tuple[float, Signal]) -> Signal:
    """Sum signals, each placed at a start time given in samples, into one long enough for all."""
    n = max((round(start) + len(s) for start, s in parts), default=0)
    out = [0.0] * n
    for start, s in parts:
        base = round(start)
        for i, x in enumerate(s):
            out[base + i] += x
    return out


def at(seconds: float, rate: int) -> float:
    """A start time in samples for :func:`mix`."""
    return seconds * rate


def fade_edges(sig: Signal, rate: int, fade_in: float = 0.002, fade_out: float = 0.01) -> Signal:
    """Short linear fades at both ends so the sound starts and stops without a click."""
    n, fi, fo = len(sig), max(1, round(fade_in * rate)), max(1, round(fade_out * rate))
    out = list(sig)
    for i in range(min(fi, n)):
        out[i] *= i / fi
    for i in range(min(fo, n)):
        out[n - 1 - i] *= i / fo
    return out


def normalise(sig: Signal, peak_db: float) -> Signal:
    """Scale so the highest absolute sample sits at ``peak_db`` dBFS (e.g. -3)."""
    peak = max((abs(x) for x in sig), default=0.0)
    if peak == 0.0:
        return list(sig)
    return gain(sig, 10 ** (peak_db / 20) / peak)


def saturate(sig: Signal, drive: float) -> Signal:
    """Soft clipping (tanh) for grit; output stays within -1..1."""
    norm = math.tanh(drive)
    return [math.tanh(drive * x) / norm for x in sig]


def wrap_loop(sig: Signal, length: int) -> Signal:
    """Fold everything past ``length`` samples back onto the start, so the loop joins seamlessly."""
    out = list(sig[:length]) + [0.0] * max(0, length - len(sig))
    for i, x in enumerate(sig[length:]):
        out[i % length] += x
    return out


def chord(freqs: Sequence[float], seconds: float, rate: int, wave: str, detune: float = 0.0) -> Signal:
    """Several tones summed, each optionally doubled a few cents sharp and flat."""
    parts: list[tuple[float, Signal]] = []
    for f in freqs:
        parts.append((0, tone(f, seconds, rate, wave)))
        if detune:
            ratio = 2 ** (detune / 1200)
            parts.append((0, tone(f * ratio, seconds, rate, wave)))
            parts.append((0, tone(f / ratio, seconds, rate, wave)))
    return gain(mix(*parts), 1.0 / max(1, len(parts)))


def note_hz(midi: float) -> float:
    """Frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return 440.0 * 2 ** ((midi - 69) / 12)
