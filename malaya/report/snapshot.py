"""Map snapshots for the report: the whole peninsula at a modest size, the counters, the front line.

Drawn headless through :mod:`malaya.render` (the game's own map painter and counters). The
front line runs along every hexside between a Japanese-controlled land hex and a land hex
the Japanese do not control; the Japanese-held land is washed red; key places are labelled.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from malaya.engine.gamedef import GameDef
from malaya.engine.state import GameState
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.frame import init_headless, save_png
from malaya.render.label_layout import draw_place_names
from malaya.render.labels import draw_caption, draw_place_labels
from malaya.render.map_painter import MapRenderer
from malaya.render.marks import draw_front, draw_wash
from malaya.render.stacks import draw_stacks
from malaya.session.front import front_edges
from malaya.session.presenter import replay_views

SIZE = (700, 900)
FRONT = (220, 30, 30)
FRONT_EDGE = (20, 20, 20)
FRONT_WIDTH = 3


class SnapshotRenderer:
    """Draws positions of one game onto PNGs of one size (the map is rendered once and reused)."""

    def __init__(self, gd: GameDef, size: tuple[int, int] = SIZE) -> None:
        init_headless()
        self.gd = gd
        self.size = size
        painter = MapRenderer(gd.board, grid=False)
        self.camera = Camera(painter.index.bounds, *size)
        self.camera.fit()
        self.base = pygame.Surface(size).convert()
        painter.draw(self.base, self.camera)
        draw_place_names(self.base, self.camera, gd.board)  # under the wash, as the map's own names
        self.painter = CounterPainter()

    def render(self, state: GameState, out: Path, title: str, labels: tuple[str, ...] = ()) -> Path:
        """Draw ``state`` (everything visible) with its front line and ``title``; save it as ``out``."""
        surface = self.base.copy()
        draw_wash(surface, self.camera, self.gd.board, state.jp_control)
        draw_front(surface, self.camera, front_edges(self.gd, state.jp_control),
                   width=FRONT_WIDTH, core=FRONT, edge=FRONT_EDGE)
        draw_stacks(surface, self.camera, self.painter, replay_views(self.gd, state, None))
        draw_place_labels(surface, self.camera, self.gd.board, labels)
        draw_caption(surface, title)
        return save_png(surface, out)
