"""Text drawn over a map picture: haloed place names beside their hexes and a corner caption."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from malaya.engine import Board
from malaya.render.camera import Camera
from malaya.render.fonts import halo_text
from malaya.render.geometry import hex_to_pixel

WHITE = (255, 255, 255)
BLACK = (0, 0, 0)


def draw_place_labels(target: pygame.Surface, camera: Camera, board: Board, names: Iterable[str]) -> None:
    """The named places' names in white with a black halo, just up-right of their hexes."""
    places = {p.name: p.hex for p in board.places}
    for name in names:
        if name in places:
            x, y = camera.world_to_screen(*hex_to_pixel(places[name]))
            target.blit(halo_text(name, 12, WHITE, BLACK, bold=True), (x + 8, y - 8))


def draw_caption(target: pygame.Surface, text: str) -> None:
    """A haloed caption in the top-right corner."""
    img = halo_text(text, 16, WHITE, BLACK, bold=True)
    target.blit(img, (target.get_width() - img.get_width() - 10, 10))
