"""Off-screen frames: the map, its counters and the phase bar drawn into any surface or a PNG.

The one entry point for pictures made without a window (``malaya screenshot``, the report):
:func:`ensure_headless` picks SDL's dummy driver when there is no display, :class:`Frame`
draws a whole frame onto a given surface, and :func:`render_screenshot` saves one.
"""

from __future__ import annotations

import io
import os
from enum import Enum
from pathlib import Path

import pygame

from malaya.engine import Board
from malaya.persistence.atomic import atomic_write
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.label_layout import draw_place_names
from malaya.render.map_painter import MapRenderer
from malaya.render.phase_bar import BAR_BG, BAR_HEIGHT, draw_phase_bar
from malaya.render.stacks import Views, draw_stacks
from malaya.render.viewpoints import start_view
from malaya.session.views import PhaseStatus


class View(Enum):
    """What a screenshot shows: the whole map fitted, or the opening view of a game."""

    FULL = "full"
    START = "start"


class Frame:
    """A map painter, its camera and a counter painter: everything one frame draws with."""

    def __init__(self, board: Board, size: tuple[int, int], progressive: bool = False) -> None:
        self.painter = MapRenderer(board, progressive=progressive)
        self.camera = Camera(self.painter.index.bounds, size[0], max(1, size[1] - BAR_HEIGHT))
        self.counters = CounterPainter()

    def map_area(self, screen: pygame.Surface) -> pygame.Rect:
        """The screen rectangle the map occupies (everything below the phase bar)."""
        w, h = screen.get_size()
        return pygame.Rect(0, BAR_HEIGHT, w, max(1, h - BAR_HEIGHT))

    def draw(self, screen: pygame.Surface, views: Views, status: PhaseStatus | None) -> None:
        """Draw a full frame onto ``screen``: map and counters below the phase bar."""
        area = self.map_area(screen)
        if (self.camera.width, self.camera.height) != area.size:
            self.camera.resize(*area.size)
        map_surface = screen.subsurface(area)
        self.painter.draw(map_surface, self.camera)
        draw_stacks(map_surface, self.camera, self.counters, views)
        draw_place_names(map_surface, self.camera, self.painter.board)
        if status is not None:
            draw_phase_bar(screen, status)
        else:
            screen.fill(BAR_BG, (0, 0, area.width, BAR_HEIGHT))


def render_screenshot(board: Board, views: Views, status: PhaseStatus | None, out_path: str | Path,
                      size: tuple[int, int] = (1600, 1000), view: View = View.FULL) -> Path:
    """Render one frame off-screen and save it as a PNG; FULL fits the whole map."""
    init_headless()
    surface = pygame.Surface(size).convert()
    frame = Frame(board, size)
    if view is View.FULL:
        frame.camera.fit()
    else:
        start_view(frame.camera, board)
    frame.draw(surface, views, status)
    return save_png(surface, out_path)


def png_bytes(surface: pygame.Surface) -> bytes:
    """A surface encoded as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "shot.png")
    return buffer.getvalue()


def save_png(surface: pygame.Surface, out_path: str | Path) -> Path:
    """Save a surface as a PNG, creating its folder: written whole and atomically, never through a link."""
    out = Path(out_path)
    atomic_write(out, png_bytes(surface), backup=False)
    return out


def init_headless() -> None:
    """Ready pygame for off-screen drawing: dummy driver without a display, fonts, a hidden 1×1 window."""
    ensure_headless()
    init_pygame()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)


def ensure_headless() -> None:
    """Use SDL's dummy video driver when there is no display to open."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def init_pygame() -> None:
    """Initialise only what drawing uses (display and fonts; no audio)."""
    pygame.display.init()
    pygame.font.init()
