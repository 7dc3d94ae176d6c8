"""How far the battle screen's side panel is scrolled (issue 13 §4: it scrolls instead of clipping)."""

from __future__ import annotations

import pygame

from malaya.session.game_client import GameClient


class PanelScroll:
    """The side panel's scroll offset in pixels; back to the top when the phase or the combat changes."""

    def __init__(self) -> None:
        self.offset = 0
        self._key: tuple[object, ...] = ()

    def by(self, amount: int, body: pygame.Rect, content_height: int) -> None:
        """Scroll by ``amount`` pixels, within what the panel drew last frame."""
        self.offset = max(0, min(content_height - body.height, self.offset + amount))

    def keep_for(self, client: GameClient, body: pygame.Rect, content_height: int) -> None:
        """Back to the top when the phase, the combat or the panel's size changes; never past the end."""
        combat = client.state.combat
        key = (client.state.phase, None if combat is None else combat.defender_hex, body.size)
        if key != self._key:
            self._key, self.offset = key, 0
        self.offset = max(0, min(self.offset, content_height - body.height))
