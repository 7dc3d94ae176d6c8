"""The front line (R13) as drawn: the remembered hexside segments never go stale."""

from __future__ import annotations

import pygame

from malaya.engine.hexgrid import Hex
from malaya.render import marks
from malaya.render.camera import Camera

SIZE = (400, 300)


def _drawn(edges: list[tuple[Hex, int]], camera: Camera) -> bytes:
    """The pixels of ``edges``' front drawn on a fresh grey surface."""
    surface = pygame.Surface(SIZE)
    surface.fill((128, 128, 128))
    marks.draw_front(surface, camera, edges)
    return pygame.image.tobytes(surface, "RGB")


def test_a_changed_front_is_drawn_anew_and_equals_a_cold_drawing() -> None:
    """Given a front drawn once, when the front moves (R13) and is drawn again, then the pixels are those
    of the new front drawn with nothing remembered, and differ from the old front's."""
    camera = Camera(pygame.Rect(0, 0, 2000, 2000), *SIZE, x=0.0, y=0.0, zoom=1.0)
    old = [(Hex(2, 2), d) for d in range(6)]
    new = [(Hex(3, 2), d) for d in range(3)]
    old_pixels = _drawn(old, camera)
    warm = _drawn(new, camera)
    marks._FRONT_WORLD.clear()
    cold = _drawn(new, camera)
    assert warm == cold
    assert warm != old_pixels


def test_a_panned_camera_moves_the_remembered_front_with_it() -> None:
    """Given a front drawn at one camera position, when the camera pans, then the line is drawn where a cold
    drawing at the new position puts it."""
    edges = [(Hex(2, 2), d) for d in range(6)]
    _drawn(edges, Camera(pygame.Rect(0, 0, 2000, 2000), *SIZE, x=0.0, y=0.0, zoom=1.0))
    panned = Camera(pygame.Rect(0, 0, 2000, 2000), *SIZE, x=40.0, y=20.0, zoom=1.5)
    warm = _drawn(edges, panned)
    marks._FRONT_WORLD.clear()
    assert warm == _drawn(edges, panned)
