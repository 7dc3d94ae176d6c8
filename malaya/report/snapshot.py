"""Map snapshots for the report: the whole peninsula at a modest size, the counters, the front line.

Rendered headless with the game's own map renderer and counter painter. The front line is
drawn along every hexside between a Japanese-controlled land hex and a land hex the Japanese
do not control; the report's key places are labelled.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
from pathlib import Path

from malaya.engine.board import Terrain
from malaya.engine.gamedef import GameDef
from malaya.engine.state import GameState
from malaya.session.front import front_edges

SIZE = (700, 900)
FRONT = (220, 30, 30)
FRONT_EDGE = (20, 20, 20)
WASH = (230, 40, 40, 70)


class SnapshotRenderer:
    """Draws positions of one game onto PNGs of one size (the map is rendered once and reused)."""

    def __init__(self, gd: GameDef, size: tuple[int, int] = SIZE) -> None:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame

        from malaya.ui.camera import Camera
        from malaya.ui.counters import CounterPainter
        from malaya.ui.map_renderer import MapRenderer

        pygame.display.init()
        pygame.font.init()
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1), pygame.HIDDEN)
        self.gd = gd
        self.size = size
        renderer = MapRenderer(gd.board, grid=False)
        self.camera = Camera(renderer.index.bounds, *size)
        self.camera.fit()
        self.base = pygame.Surface(size).convert()
        renderer.draw(self.base, self.camera)
        self.painter = CounterPainter()

    def render(self, state: GameState, out: Path, title: str, labels: tuple[str, ...] = ()) -> Path:
        """Draw ``state`` (everything visible) with its front line and ``title``; save it as ``out``."""
        import pygame

        from malaya.ui.battle_draw import draw_counters
        from malaya.ui.replay_screen import replay_views

        surface = self.base.copy()
        self._wash(surface, state)
        self._front(surface, state)
        draw_counters(surface, self.camera, self.painter, replay_views(self.gd, state, None))
        self._labels(surface, labels)
        self._title(surface, title)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(out))
        return out

    def _wash(self, surface, state: GameState) -> None:  # type: ignore[no-untyped-def]
        """A light red wash over the Japanese-controlled land."""
        import pygame

        from malaya.ui.layout import hex_corners

        layer = pygame.Surface(self.size, pygame.SRCALPHA)
        terrain = self.gd.board.terrain
        for h in state.jp_control:
            if terrain.get(h, Terrain.SEA) is not Terrain.SEA:
                pygame.draw.polygon(layer, WASH, [self.camera.world_to_screen(*p) for p in hex_corners(h)])
        surface.blit(layer, (0, 0))

    def _front(self, surface, state: GameState) -> None:  # type: ignore[no-untyped-def]
        """The front line: a dark edge under a red line on each front hexside."""
        import pygame

        from malaya.ui.layout import hexside_lattice, lattice_to_pixel

        cam = self.camera
        for width, color in ((5, FRONT_EDGE), (3, FRONT)):
            for h, d in front_edges(self.gd, state.jp_control):
                a, b = (cam.world_to_screen(*lattice_to_pixel(p)) for p in hexside_lattice(h, d))
                pygame.draw.line(surface, color, a, b, width)

    def _labels(self, surface, labels: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
        """Names of the report's key places next to their hexes."""
        from malaya.ui.fonts import halo_text
        from malaya.ui.layout import hex_to_pixel

        places = {p.name: p.hex for p in self.gd.board.places}
        for name in labels:
            if name in places:
                x, y = self.camera.world_to_screen(*hex_to_pixel(places[name]))
                surface.blit(halo_text(name, 12, (255, 255, 255), (0, 0, 0), bold=True), (x + 8, y - 8))

    def _title(self, surface, title: str) -> None:  # type: ignore[no-untyped-def]
        """A caption in the top-right corner (the sea)."""
        from malaya.ui.fonts import halo_text

        img = halo_text(title, 16, (255, 255, 255), (0, 0, 0), bold=True)
        surface.blit(img, (surface.get_width() - img.get_width() - 10, 10))
