"""Map snapshots for the report: the scenario's area at a modest size, the counters, the front line.

The area is what the scenario is about (:func:`scenario_area`): its objectives, with a margin — so a Jitra
game shows the north-west, not the whole peninsula with the fighting in one corner. Drawn headless through
:mod:`malaya.render` (the game's own map painter and counters). The front line runs along every hexside
between a Japanese-controlled land hex and a land hex the Japanese do not control; the Japanese-held land is
washed red; key places are labelled.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame

from malaya.engine import GameDef, GameState, Hex, Location
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter
from malaya.render.frame import init_headless, save_png
from malaya.render.geometry import HEX_SIZE, hexes_bounds
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
MARGIN_HEXES = 4
"""Hexes of map shown around the scenario's area."""


def scenario_area(gd: GameDef, states: Iterable[GameState]) -> list[Hex]:
    """The hexes the scenario is about: its objectives (what its victory terms score); a scenario without
    objectives, every hex a unit stood on in ``states``. (A far-off garrison, or a unit wandering away, is
    not the scenario's area: a Jitra game is about Kedah.)"""
    area = set(gd.objective_vp)
    if not area:
        for state in states:
            area.update(u.hex for u in state.units if u.location is Location.MAP and u.hex is not None)
    return sorted(area, key=lambda h: (h.q, h.r))


def _within(box: tuple[float, float, float, float], margin: float,
            limit: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """``box`` grown by ``margin`` on every side, kept inside ``limit``."""
    return (max(limit[0], box[0] - margin), max(limit[1], box[1] - margin),
            min(limit[2], box[2] + margin), min(limit[3], box[3] + margin))


class SnapshotRenderer:
    """Draws positions of one game onto PNGs of one size (the map is rendered once and reused)."""

    def __init__(self, gd: GameDef, size: tuple[int, int] = SIZE, area: Iterable[Hex] = ()) -> None:
        init_headless()
        self.gd = gd
        self.size = size
        painter = MapRenderer(gd.board, grid=False)
        self.camera = Camera(painter.index.bounds, *size)
        self.camera.fit()
        hexes = list(area)
        if hexes:  # the scenario's area and a margin, within the map: the rest of the peninsula is not shown
            self.camera.bounds = _within(hexes_bounds(hexes), MARGIN_HEXES * HEX_SIZE, painter.index.bounds)
            self.camera.fit()
            self.camera.bounds = painter.index.bounds
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
