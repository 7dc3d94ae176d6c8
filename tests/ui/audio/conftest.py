"""A sound board on SDL's dummy audio driver (set by tests/ui/conftest.py), closed after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from malaya.ui.audio.board import Levels, MixerBoard, open_board


@pytest.fixture
def mixer_board() -> Iterator[MixerBoard]:
    """A board on the dummy audio device, at the default levels."""
    board = open_board(Levels())
    assert isinstance(board, MixerBoard), getattr(board, "reason", "no mixer board")
    yield board
    board.close()
    assert pygame.mixer.get_init() is None
