"""Held keys: a key the player keeps down repeats only where repeating means something (scrolling, moving the
map cursor, zooming). Every other repeat is dropped, so an Enter, an E or an X held a little long, or whose
release a loaded machine delivers late, acts once (pygame's own repeat, ``pygame.key.set_repeat``, would
send it again after 250 ms)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

REPEATING_KEYS = frozenset({
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_BACKSPACE,
    pygame.K_DELETE,
})
"""Keys whose repeat is wanted: held down, they keep scrolling, moving or deleting."""


@dataclass
class HeldKeys:
    """Which keys are down now, from the KEYDOWN and KEYUP events seen (see module docstring)."""

    down: set[int] = field(default_factory=set)

    def is_repeat_to_drop(self, event: pygame.event.Event) -> bool:
        """True for a KEYDOWN of a key already down (a repeat) that should not act again; tracks the keys."""
        if event.type == pygame.KEYUP:
            self.down.discard(event.key)
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self.down.clear()  # its KEYUP may go to another window
        elif event.type == pygame.KEYDOWN:
            repeat = event.key in self.down
            self.down.add(event.key)
            return repeat and event.key not in REPEATING_KEYS
        return False
