"""The bundled full game (random players, 28 game-turns): the tests of issue 29 analyse its last turns."""

from __future__ import annotations

from pathlib import Path

FULL_GAME = Path(__file__).resolve().parents[2] / "saves" / "full-game.json"
