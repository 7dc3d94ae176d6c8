"""The sounds the game can make: short effect cues and music loops, each a file in ``assets/sounds``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from malaya.resources import assets_dir


class Sound(StrEnum):
    """An effect cue; the value is the stem of its file in ``assets/sounds``."""

    SELECT = "select"
    MOVE = "move"
    ILLEGAL = "illegal"
    DICE = "dice"
    LOSS = "loss"
    RETREAT = "retreat"
    ELIMINATION = "elimination"
    EXCHANGE = "exchange"
    BRIDGE = "bridge"
    LANDING = "landing"
    AIR_ATTACK = "air_attack"
    FORCE_Z = "force_z"
    PHASE = "phase"
    TURN_START = "turn_start"
    VICTORY = "victory"
    DEFEAT = "defeat"
    DRAW = "draw"


class Track(StrEnum):
    """A music loop; the value is the stem of its file in ``assets/sounds``."""

    MENU = "music_menu"
    PLAY = "music_play"


PRIORITY: tuple[Sound, ...] = (
    Sound.VICTORY, Sound.DEFEAT, Sound.DRAW,
    Sound.FORCE_Z, Sound.BRIDGE, Sound.ELIMINATION, Sound.EXCHANGE, Sound.LOSS, Sound.RETREAT,
    Sound.LANDING, Sound.AIR_ATTACK, Sound.TURN_START, Sound.DICE, Sound.PHASE,
    Sound.MOVE, Sound.SELECT, Sound.ILLEGAL,
)
"""Cues from most to least telling: of several events at once, the most telling is heard."""


def sounds_dir() -> Path:
    """The folder of the shipped sound files."""
    return assets_dir() / "sounds"


def file_of(cue: Sound | Track) -> Path:
    """The OGG file of a cue or music loop."""
    return sounds_dir() / f"{cue.value}.ogg"
