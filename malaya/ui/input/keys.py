"""Keys that scroll a map view: arrows and the keypad (R18.2)."""

from __future__ import annotations

import pygame

from malaya.render.camera import Camera

KEY_PAN_FRACTION = 0.25
"""Arrow and keypad keys scroll by this fraction of the view."""

# Keypad digit → scroll direction (R18.2); 5 centres on Singapore (handled by the screen).
_KEY_DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.K_KP1: (-1, 1), pygame.K_KP2: (0, 1), pygame.K_KP3: (1, 1),
    pygame.K_KP4: (-1, 0), pygame.K_KP6: (1, 0),
    pygame.K_KP7: (-1, -1), pygame.K_KP8: (0, -1), pygame.K_KP9: (1, -1),
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}


def key_pan(camera: Camera, key: int) -> bool:
    """Scroll for an arrow or keypad key; False if the key does not scroll."""
    direction = _KEY_DIRECTIONS.get(key)
    if direction is None:
        return False
    step_x, step_y = camera.width * KEY_PAN_FRACTION, camera.height * KEY_PAN_FRACTION
    camera.pan(direction[0] * step_x, direction[1] * step_y)
    return True
