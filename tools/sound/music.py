"""Two quiet music loops: a slow modal pad for the menus and a muted field-drum march for play.

Both are built to an exact whole number of bars and folded (``wrap_loop``) so the tails of the
last chords sound under the start of the next pass: the loop joins without a gap or a click.
"""

from __future__ import annotations

import random

from sound.synth import Signal, adsr, at, chord, gain, lowpass, mix, note_hz, wrap_loop
from sound.voices import bass_drum, bell, brass, snare

MENU_CHORD_SECONDS = 4.0
MENU_CHORDS = (  # D Dorian: i, VII, IV, i, III, VII, i, v (MIDI notes)
    (50, 57, 62, 65), (48, 55, 62, 64), (43, 55, 59, 62), (50, 57, 62, 65),
    (41, 53, 57, 60), (48, 55, 60, 64), (50, 57, 62, 65), (45, 57, 60, 64),
)
MENU_SCALE = (62, 64, 65, 69, 71, 72, 74, 76)  # D Dorian, a gentle pentatonic-like subset

MARCH_BEAT = 60.0 / 88  # seconds per beat at 88 beats a minute
MARCH_BARS = 12
DRUM_MUFFLE_HZ = 2500.0
"""The march's drums sit behind a cloth: no bright snare wires over the game."""
MARCH_CHORDS = ((45, 52, 57, 60), (41, 48, 57, 60), (43, 50, 55, 59), (40, 47, 55, 59))  # Am F G Em


def pad(rate: int, notes: tuple[int, ...], seconds: float, brightness: float) -> Signal:
    """A soft string-like chord: detuned sawtooths, darkened, swelling in and out."""
    raw = chord([note_hz(m) for m in notes], seconds, rate, "saw", detune=7.0)
    return adsr(lowpass(raw, rate, brightness), rate, seconds * 0.3, 0.5, 0.8, seconds * 0.35)


def menu(rate: int) -> Signal:
    """The menu loop: eight slow chords in D Dorian with a sparse bell melody (32 s)."""
    step = MENU_CHORD_SECONDS
    chords = [(at(k * step, rate), pad(rate, notes, step * 1.4, 900)) for k, notes in enumerate(MENU_CHORDS)]
    rng = random.Random(401)
    bells: list[tuple[float, Signal]] = []
    for beat in range(len(MENU_CHORDS) * 4):
        if rng.random() < 0.45:
            bells.append((at(beat * step / 4 + 0.05, rate), bell(rate, rng.choice(MENU_SCALE) + 12, 1.8, 0.25)))
    length = round(len(MENU_CHORDS) * step * rate)
    return wrap_loop(mix(*chords, *[(s, gain(b, 0.5)) for s, b in bells]), length)


def _drum_bar(rate: int, bar: int) -> list[tuple[float, Signal]]:
    """One bar of a muted march: bass drum on 1 and 3, snare on 2 and 4 with a flam before 4."""
    start, beat = bar * 4 * MARCH_BEAT, MARCH_BEAT
    hits: list[tuple[float, Signal]] = [
        (at(start, rate), bass_drum(rate, 0.5, 0.9)),
        (at(start + 2 * beat, rate), bass_drum(rate, 0.5, 0.7)),
        (at(start + beat, rate), snare(rate, seed=500 + bar * 8, level=0.35)),
        (at(start + 2.5 * beat, rate), snare(rate, seed=501 + bar * 8, level=0.18)),
        (at(start + 3 * beat, rate), snare(rate, seed=502 + bar * 8, level=0.35)),
    ]
    if bar % 4 == 3:  # a short roll leading into the next phrase
        hits += [(at(start + (3.5 + k / 8) * beat, rate), snare(rate, seed=510 + bar * 8 + k, level=0.12 + 0.03 * k))
                 for k in range(4)]
    return hits


def _march_horn(rate: int, bar: int) -> list[tuple[float, Signal]]:
    """A low horn figure every fourth bar, answering the drums."""
    if bar % 4 != 1:
        return []
    start, beat = bar * 4 * MARCH_BEAT, MARCH_BEAT
    figure = ((0.0, 57, 0.9), (1.0, 60, 0.45), (1.5, 59, 0.45), (2.0, 55, 1.6))
    return [(at(start + t * beat, rate), brass(rate, m, d * beat, 0.22, vibrato=8)) for t, m, d in figure]


def march(rate: int) -> Signal:
    """The play loop: a quiet field-drum march over a dark A-minor pad (12 bars, about 33 s)."""
    bar_seconds = 4 * MARCH_BEAT
    pads = [(at(bar * bar_seconds, rate), pad(rate, MARCH_CHORDS[bar % 4], bar_seconds * 1.3, 700))
            for bar in range(MARCH_BARS)]
    drums = [hit for bar in range(MARCH_BARS) for hit in _drum_bar(rate, bar)]
    horns = [note for bar in range(MARCH_BARS) for note in _march_horn(rate, bar)]
    muffled = lowpass(mix(*drums), rate, DRUM_MUFFLE_HZ)
    length = round(MARCH_BARS * bar_seconds * rate)
    return wrap_loop(mix(*[(s, gain(p, 0.8)) for s, p in pads], (0, gain(muffled, 1.3)), *horns), length)


MUSIC = {
    "music_menu": menu,
    "music_play": march,
}
"""Music loop name (the file stem) → recipe."""
