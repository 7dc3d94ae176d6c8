"""The sound board: plays effect cues and music loops at the player's volumes.

``open_board`` decides once, at start, whether there is sound: if pygame's mixer cannot open an
audio device the game gets a :class:`SilentBoard`, which takes every call and plays nothing.
Otherwise a :class:`MixerBoard` loads every cue's OGG file up front and streams the music.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from malaya.engine import Event
from malaya.session.words.catalog import say
from malaya.ui.app.settings import Settings
from malaya.ui.audio.cues import Sound, Track, file_of
from malaya.ui.audio.event_cues import CueContext, batch_cues

MIXER_RATE, MIXER_BUFFER, CHANNELS = 44100, 512, 16
MUSIC_FADE_MS = 800
REPEAT_GAP = 0.08
"""Seconds: a cue asked for again sooner than this after it started is not restarted (a fast computer turn)."""


@dataclass(frozen=True)
class Levels:
    """Volumes in percent (0-100) and the mute switch, as the player set them."""

    master: int = 80
    effects: int = 100
    music: int = 50
    muted: bool = False

    @classmethod
    def from_settings(cls, settings: Settings) -> Levels:
        """The levels the settings ask for (``sound`` off = muted)."""
        return cls(settings.master_volume, settings.effects_volume, settings.music_volume, not settings.sound)

    @property
    def effects_gain(self) -> float:
        """The mixer volume (0-1) of effect cues."""
        return 0.0 if self.muted else self.master * self.effects / 10_000

    @property
    def music_gain(self) -> float:
        """The mixer volume (0-1) of the music."""
        return 0.0 if self.muted else self.master * self.music / 10_000


class SoundBoard(ABC):
    """Plays cues and music at the current levels; ``audible`` is False on a board with no device."""

    audible: bool

    def __init__(self, levels: Levels) -> None:
        self.levels = levels
        self.track: Track | None = None

    def play_events(self, events: Iterable[Event], context: CueContext | None = None) -> None:
        """Sound a batch of engine events: its most telling cue, after the dice if dice were rolled."""
        cues = batch_cues(events, context)
        if cues:
            self._play_in_turn(cues)

    def play(self, cue: Sound) -> None:
        """Play one effect cue now."""
        self._play_in_turn((cue,))

    def set_levels(self, levels: Levels) -> None:
        """Apply new volumes or mute at once, to the music already playing too."""
        self.levels = levels
        self._apply_levels()

    @abstractmethod
    def _play_in_turn(self, cues: tuple[Sound, ...]) -> None:
        """Play cues one after the other."""

    @abstractmethod
    def _apply_levels(self) -> None:
        """Set the mixer volumes from ``self.levels``."""

    @abstractmethod
    def play_music(self, track: Track) -> None:
        """Loop a music track (fading in); a track already playing carries on."""

    @abstractmethod
    def stop_music(self) -> None:
        """Fade the music out."""

    @abstractmethod
    def close(self) -> None:
        """Stop everything and release the audio device."""


class SilentBoard(SoundBoard):
    """The board where no audio device could be opened: every call is accepted, nothing is heard."""

    audible = False

    def __init__(self, levels: Levels, reason: str) -> None:
        super().__init__(levels)
        self.reason = reason
        """Why there is no sound (the mixer's error), for the log or the Settings page."""

    def _play_in_turn(self, cues: tuple[Sound, ...]) -> None:
        """Nothing to play on."""

    def _apply_levels(self) -> None:
        """Nothing to set."""

    def play_music(self, track: Track) -> None:
        """Remember the track; nothing is heard."""
        self.track = track

    def stop_music(self) -> None:
        """Forget the track."""
        self.track = None

    def close(self) -> None:
        """Nothing to release."""


class MixerBoard(SoundBoard):
    """The board on a working audio device: every effect loaded up front, music streamed from file."""

    audible = True

    def __init__(self, levels: Levels, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(levels)
        self.clock = clock
        pygame.mixer.set_num_channels(CHANNELS)
        mixer = pygame.mixer.get_init()
        self.sounds = {cue: pygame.mixer.Sound(buffer=_samples(file_of(cue), mixer)) for cue in Sound}
        self.started: dict[Sound, float] = {}
        """When each cue last started, by ``clock`` (seconds)."""
        self._apply_levels()

    def _play_in_turn(self, cues: tuple[Sound, ...]) -> None:
        """Start the first cue on a free channel and queue the rest behind it (muted: nothing)."""
        now = self.clock()
        if self.levels.effects_gain == 0.0 or now - self.started.get(cues[0], -REPEAT_GAP) < REPEAT_GAP:
            return
        self.started[cues[0]] = now
        channel = pygame.mixer.find_channel(True)
        channel.play(self.sounds[cues[0]])
        for cue in cues[1:]:
            channel.queue(self.sounds[cue])

    def _apply_levels(self) -> None:
        """Set every effect's volume and the music's."""
        for sound in self.sounds.values():
            sound.set_volume(self.levels.effects_gain)
        pygame.mixer.music.set_volume(self.levels.music_gain)

    def play_music(self, track: Track) -> None:
        """Loop ``track`` forever, fading in; a track already playing carries on."""
        if track is self.track and pygame.mixer.music.get_busy():
            return
        pygame.mixer.music.load(file_of(track))
        pygame.mixer.music.set_volume(self.levels.music_gain)
        pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_MS)
        self.track = track

    def stop_music(self) -> None:
        """Fade the music out."""
        pygame.mixer.music.fadeout(MUSIC_FADE_MS)
        self.track = None

    def close(self) -> None:
        """Stop all sound and close the mixer."""
        pygame.mixer.music.stop()
        pygame.mixer.stop()
        pygame.mixer.quit()
        self.track = None


@cache
def _samples(path: Path, mixer: tuple[int, int, int]) -> bytes:
    """An effect file's samples decoded for the mixer's format (rate, size, channels): decoded once a process, and
    each board opened after (a new window's) copies them rather than decoding the file again."""
    return pygame.mixer.Sound(path).get_raw()


def open_board(levels: Levels) -> SoundBoard:
    """A mixer board if an audio device opens, else a silent board saying why — decided once, here."""
    try:
        pygame.mixer.init(frequency=MIXER_RATE, buffer=MIXER_BUFFER)
    except pygame.error as err:
        return SilentBoard(levels, reason=say("sound.no_sound", error=err))
    return MixerBoard(levels)
