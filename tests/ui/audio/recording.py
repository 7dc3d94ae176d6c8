"""A sound board for tests that records the cues it is asked to play."""

from __future__ import annotations

from malaya.ui.audio.board import Levels, SilentBoard
from malaya.ui.audio.cues import Sound


class RecordingBoard(SilentBoard):
    """A board that keeps every cue it was asked to play, in order."""

    def __init__(self) -> None:
        super().__init__(Levels(), reason="recording")
        self.heard: list[Sound] = []

    def _play_in_turn(self, cues: tuple[Sound, ...]) -> None:
        """Remember the cues instead of playing them."""
        self.heard.extend(cues)
