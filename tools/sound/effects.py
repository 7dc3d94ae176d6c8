"""Recipes for the short sound effects: clicks, moves, dice, combat results, war events.

Each recipe takes the sample rate and returns a signal; noise seeds are fixed so a rebuild gives
the same samples. Jingles (phase, turn, end of game) are in ``jingles.py``.
"""

from __future__ import annotations

import math
import random

from sound.synth import (
    Signal,
    at,
    bandpass,
    decay,
    gain,
    lowpass,
    mix,
    noise,
    tone,
)
from sound.voices import burst, click, engine, thud


def select(rate: int) -> Signal:
    """Picking up a counter: a light wooden tick with a soft higher overtone."""
    return mix((0, click(rate, 1150, 0.07, 0.010, seed=11)), (0, gain(click(rate, 2300, 0.05, 0.005, seed=12), 0.3)))


def move(rate: int) -> Signal:
    """A counter sliding over the map and set down: a short brushed swish, then a soft knock."""
    seconds = 0.30
    swish = bandpass(noise(seconds, rate, 21), rate, 600, 3500)
    shaped = [x * math.sin(math.pi * min(1.0, i / (0.24 * rate))) ** 2 for i, x in enumerate(swish)]
    return mix((0, gain(shaped, 0.35)), (at(0.22, rate), click(rate, 520, 0.08, 0.018, seed=22)))


def illegal(rate: int) -> Signal:
    """A refused click: two low muted buzzes."""
    def buzz() -> Signal:
        raw = mix((0, tone(150, 0.09, rate, "square")), (0, tone(153, 0.09, rate, "square")))
        return decay(lowpass(raw, rate, 900), rate, 0.004, 0.05)

    return mix((0, buzz()), (at(0.12, rate), buzz()))


def dice(rate: int) -> Signal:
    """Two dice rattled in a cup and thrown on the table: irregular knocks, the last two loudest."""
    rng = random.Random(31)
    parts: list[tuple[float, Signal]] = []
    t = 0.0
    for k in range(9):
        t += rng.uniform(0.025, 0.06)
        freq = rng.uniform(1400, 2600)
        parts.append((at(t, rate), gain(click(rate, freq, 0.05, 0.006, seed=100 + k), rng.uniform(0.25, 0.5))))
    for k, extra in enumerate((0.09, 0.16)):
        knock = click(rate, rng.uniform(700, 950), 0.09, 0.014, seed=200 + k)
        parts.append((at(t + extra, rate), gain(knock, 0.9)))
    return mix(*parts)


def loss(rate: int) -> Signal:
    """A unit loses a step: a dull impact with a short gunfire crackle."""
    crack = decay(bandpass(noise(0.25, rate, 41), rate, 400, 4000), rate, 0.001, 0.03)
    return mix((0, thud(rate, 0.45, 140, 50, 0.08)), (0, gain(crack, 0.7)),
               (at(0.09, rate), gain(crack, 0.35)))


def retreat(rate: int) -> Signal:
    """A unit falls back: a falling two-note horn over hurried steps."""
    horn = mix(
        (0, _horn(rate, 392.0, 0.22)),
        (at(0.2, rate), _horn(rate, 311.1, 0.38)),
    )
    steps = mix(*[(at(0.05 + 0.11 * k, rate), gain(thud(rate, 0.08, 160, 90, 0.015), 0.35)) for k in range(5)])
    return mix((0, gain(horn, 0.8)), (0, steps))


def _horn(rate: int, freq: float, seconds: float) -> Signal:
    """A muted horn note for the retreat."""
    raw = lowpass(tone(freq, seconds, rate, "saw"), rate, freq * 3)
    a = round(0.02 * rate)
    return [x * min(1.0, i / a) * (1 - i / len(raw)) ** 0.5 for i, x in enumerate(raw)]


def elimination(rate: int) -> Signal:
    """A unit is destroyed: a heavy explosion rumbling away."""
    return burst(rate, 1.2, seed=51, top=4000, bottom=120, half_life=0.22)


def exchange(rate: int) -> Signal:
    """Both sides lose: two blows traded, one from each side of the stereo-less field."""
    first = burst(rate, 0.45, seed=61, top=3000, bottom=200, half_life=0.08)
    second = burst(rate, 0.5, seed=62, top=2200, bottom=160, half_life=0.1)
    return mix((0, first), (at(0.2, rate), gain(second, 0.9)))


def bridge(rate: int) -> Signal:
    """A bridge is blown: a big blast, falling timber and a splash."""
    blast = burst(rate, 1.3, seed=71, top=5000, bottom=90, half_life=0.25)
    rng = random.Random(72)
    debris = [(at(0.25 + rng.uniform(0, 0.7), rate), gain(click(rate, rng.uniform(300, 900), 0.06, 0.01, seed=300 + k),
                                                           rng.uniform(0.1, 0.3))) for k in range(14)]
    splash = decay(bandpass(noise(0.5, rate, 73), rate, 800, 6000), rate, 0.05, 0.12)
    return mix((0, blast), (at(0.55, rate), gain(splash, 0.4)), *debris)


def landing(rate: int) -> Signal:
    """Troops come ashore: surf breaking, a landing craft's engine and the ramp dropping."""
    seconds = 1.3
    surf = lowpass(noise(seconds, rate, 81), rate, 900)
    swell = [x * math.sin(math.pi * i / len(surf)) ** 1.5 for i, x in enumerate(surf)]
    motor = engine(rate, 0.9, lambda t: 55 - 8 * t, seed=82)
    motor = [x * (1 - i / len(motor)) for i, x in enumerate(motor)]
    ramp = mix((0, thud(rate, 0.4, 100, 40, 0.09)), (0, gain(click(rate, 420, 0.1, 0.02, seed=83), 0.6)))
    return mix((0, gain(swell, 1.4)), (0, gain(motor, 0.35)), (at(0.85, rate), ramp))


def air_attack(rate: int) -> Signal:
    """Aircraft dive on the target: an engine sweeping past, then a bomb."""
    seconds = 1.0

    def pitch(t: float) -> float:
        return 95 + 60 * math.exp(-((t - 0.55) / 0.25) ** 2) - 25 * max(0.0, t - 0.55)

    roar = engine(rate, seconds, pitch, seed=91)
    roar = [x * math.sin(math.pi * i / len(roar)) for i, x in enumerate(roar)]
    bomb = burst(rate, 0.5, seed=92, top=3000, bottom=150, half_life=0.1)
    return mix((0, gain(roar, 0.8)), (at(0.85, rate), gain(bomb, 0.9)))


def force_z(rate: int) -> Signal:
    """Force Z at sea: a warship's deep horn and the boom of heavy guns."""
    seconds = 1.1
    horn = mix((0, tone(87.3, seconds, rate, "saw")), (0, tone(130.8, seconds, rate, "saw")))
    horn = lowpass(horn, rate, 600)
    a, r = round(0.08 * rate), round(0.3 * rate)
    horn = [x * min(1.0, i / a, (len(horn) - i) / r) for i, x in enumerate(horn)]
    guns = [(at(0.55 + 0.22 * k, rate), gain(burst(rate, 0.7, seed=101 + k, top=1500, bottom=80, half_life=0.12), 0.7))
            for k in range(2)]
    return mix((0, gain(horn, 0.7)), *guns)


EFFECTS = {
    "select": select,
    "move": move,
    "illegal": illegal,
    "dice": dice,
    "loss": loss,
    "retreat": retreat,
    "elimination": elimination,
    "exchange": exchange,
    "bridge": bridge,
    "landing": landing,
    "air_attack": air_attack,
    "force_z": force_z,
}
"""Effect name (the file stem) → recipe."""
