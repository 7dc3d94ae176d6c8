"""Recipes for the short musical cues: phase change, turn start, victory, defeat, draw."""

from __future__ import annotations

from sound.synth import Signal, at, gain, mix
from sound.voices import bass_drum, bell, brass, snare

C4, D4, E4, F4, G4, A4, B4 = 60, 62, 64, 65, 67, 69, 71
C5, E5, G5 = 72, 76, 79


def phase(rate: int) -> Signal:
    """A new phase: two soft bell strokes a fourth apart."""
    return mix((0, bell(rate, 84, 0.5, 0.6)), (at(0.11, rate), bell(rate, 89, 0.45, 0.5)))


def turn_start(rate: int) -> Signal:
    """A new game-turn: a short drum roll and a bugle call on the notes of the harmonic series."""
    roll = mix(*[(at(0.045 * k, rate), snare(rate, seed=120 + k, level=0.25 + 0.04 * k)) for k in range(8)])
    call = mix(
        (at(0.38, rate), brass(rate, G4, 0.14, 0.8)),
        (at(0.52, rate), brass(rate, G4, 0.14, 0.8)),
        (at(0.66, rate), brass(rate, C5, 0.55, 0.9, vibrato=12)),
    )
    return mix((0, gain(roll, 0.8)), (0, call))


def victory(rate: int) -> Signal:
    """Victory: a rising major fanfare over a drum."""
    notes = ((0.0, C4, 0.16), (0.16, E4, 0.16), (0.32, G4, 0.16), (0.48, C5, 0.95))
    lead = mix(*[(at(t, rate), brass(rate, m, d, 0.8, vibrato=10 if d > 0.5 else 0)) for t, m, d in notes])
    harmony = mix((at(0.48, rate), brass(rate, G4, 0.95, 0.45)), (at(0.48, rate), brass(rate, E4, 0.95, 0.4)))
    drums = mix((0, bass_drum(rate)), (at(0.48, rate), bass_drum(rate)), (at(0.48, rate), snare(rate, seed=131)))
    return mix((0, lead), (0, harmony), (0, gain(drums, 0.7)))


def defeat(rate: int) -> Signal:
    """Defeat: a slow falling minor line over a muffled drum."""
    notes = ((0.0, G4, 0.35), (0.35, 63, 0.35), (0.7, C4, 0.75))
    lead = mix(*[(at(t, rate), brass(rate, m, d, 0.7, vibrato=6)) for t, m, d in notes])
    low = mix((at(0.7, rate), brass(rate, 48, 0.75, 0.5)), (at(0.7, rate), brass(rate, 55, 0.75, 0.3)))
    drums = mix((0, bass_drum(rate, 0.6, 0.6)), (at(0.7, rate), bass_drum(rate, 0.7, 0.8)))
    return mix((0, lead), (0, low), (0, drums))


def draw(rate: int) -> Signal:
    """A drawn game: an open fifth held and left unresolved."""
    return mix((0, brass(rate, D4, 1.1, 0.6)), (0, brass(rate, A4, 1.1, 0.45)), (0, bell(rate, 86, 0.9, 0.3)))


JINGLES = {
    "phase": phase,
    "turn_start": turn_start,
    "victory": victory,
    "defeat": defeat,
    "draw": draw,
}
"""Jingle name (the file stem) → recipe."""
