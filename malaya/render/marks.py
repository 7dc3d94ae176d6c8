"""Dynamic map marks drawn over the cached map: landings, landing zones, bridges demolished or demolishable.

The map renderer caches the static map, so anything the game changes (a demolished
bridge, units in a landing zone) is drawn here, every frame, on top of it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from malaya.engine import Board, Edge, Hex, Terrain
from malaya.render.camera import Camera
from malaya.render.counters import CounterPainter, counter_px
from malaya.render.geometry import (
    HEX_SIZE,
    hex_corners,
    hex_to_pixel,
    hexside_lattice,
    lattice_to_pixel,
)
from malaya.render.highlights import (
    HOVER_EDGE,
    draw_box_cursor,
    draw_cursor,
    draw_destinations,
    draw_outline,
    draw_path,
    draw_targets,
    hex_center_screen,
)
from malaya.render.side_palette import STANDARD
from malaya.session.views import CounterView

Point = tuple[float, float]
Color = tuple[int, int, int]
LANDING_EDGE = (255, 90, 60)
ANCHOR = (16, 24, 60)
BREAK = (220, 30, 30)
CANDIDATE = (255, 236, 0)
LANDING_SCALE = 0.72
"""Landing-zone counters are drawn this much smaller than counters on hexes."""
COMBAT_EDGE = STANDARD.combat
WASH = (230, 40, 40, 70)


@dataclass(frozen=True)
class MapMarks:
    """The dynamic highlights of one frame, as plain data: what to mark under and over the counters."""

    destinations: Sequence[Hex] = ()
    targets: Sequence[Hex] = ()
    combat_hex: Hex | None = None
    hover: Hex | None = None
    path: Sequence[Hex] = ()
    cost: str | None = None
    cursor: Hex | None = None
    """The keyboard's map cursor, when shown."""
    cursor_bridge: Edge | None = None
    """The bridge the cursor points at (Demolish mode)."""
    cursor_landing: Hex | None = None
    """The port whose landing-zone stack the cursor is on (the cursor brackets the stack, not the port)."""
    board: Board | None = None
    """The board, for where a landing zone is drawn (needed with ``cursor_landing``)."""


def draw_marks_under(target: pygame.Surface, camera: Camera, marks: MapMarks, combat: Color = COMBAT_EDGE) -> None:
    """Highlights under the counters: destinations, attackable hexes, the combat hex (outlined in ``combat``)."""
    if marks.destinations:
        draw_destinations(target, camera, marks.destinations)
    draw_targets(target, camera, marks.targets)
    if marks.combat_hex is not None:
        draw_outline(target, camera, marks.combat_hex, (0, 0, 0), 7)
        draw_outline(target, camera, marks.combat_hex, combat, 5)


def draw_marks_top(target: pygame.Surface, camera: Camera, marks: MapMarks) -> None:
    """Above the counters: the move path with its MP cost, the hovered hex and the keyboard's cursor."""
    if marks.path:
        draw_path(target, camera, marks.path, marks.cost)
    if marks.hover is not None:
        draw_outline(target, camera, marks.hover, HOVER_EDGE, 2)
    if marks.cursor_landing is not None and marks.board is not None:
        draw_box_cursor(target, camera, landing_box(camera, marks.board, marks.cursor_landing))
    elif marks.cursor is not None:
        bridge = None if marks.cursor_bridge is None else edge_midpoint(marks.cursor_bridge)
        draw_cursor(target, camera, marks.cursor, bridge)


def draw_wash(target: pygame.Surface, camera: Camera, board: Board, hexes: Iterable[Hex]) -> None:
    """A light red wash over the given land hexes (the Japanese-controlled land in the report)."""
    layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    for h in hexes:
        if board.terrain.get(h, Terrain.SEA) is not Terrain.SEA:
            pygame.draw.polygon(layer, WASH, [camera.world_to_screen(*p) for p in hex_corners(h)])
    target.blit(layer, (0, 0))


def draw_anchor(target: pygame.Surface, center: Point, size: float, color: tuple[int, int, int] = ANCHOR) -> None:
    """A ship's anchor glyph (ring, shank, stock, curved arms) of height ``size``."""
    x, y = center
    s = max(6.0, size)
    w = max(1, round(s / 9))
    pygame.draw.circle(target, color, (x, y - s * 0.38), max(2, s * 0.1), w)
    pygame.draw.line(target, color, (x, y - s * 0.28), (x, y + s * 0.42), w)
    pygame.draw.line(target, color, (x - s * 0.22, y - s * 0.16), (x + s * 0.22, y - s * 0.16), w)
    arc = pygame.Rect(0, 0, s * 0.8, s * 0.6)
    arc.center = (round(x), round(y + s * 0.12))
    pygame.draw.arc(target, color, arc, math.pi * 1.05, math.pi * 1.95, w)


def draw_landing_targets(target: pygame.Surface, camera: Camera, hexes: Iterable[Hex]) -> None:
    """Landing destinations, under the counters: a red outline (a plain destination's is broken white)."""
    for h in hexes:
        draw_outline(target, camera, h, (0, 0, 0), 5)
        draw_outline(target, camera, h, LANDING_EDGE, 3)


def draw_landing_badges(target: pygame.Surface, camera: Camera, hexes: Iterable[Hex]) -> None:
    """Landing destinations, over the counters: a white badge with an anchor at the hex's top edge."""
    r = max(7, round(10 * camera.zoom))
    for h in hexes:
        x, y = hex_center_screen(camera, h)
        badge = (round(x + HEX_SIZE * 0.55 * camera.zoom), round(y - HEX_SIZE * 0.62 * camera.zoom))
        pygame.draw.circle(target, (250, 250, 250), badge, r)
        pygame.draw.circle(target, LANDING_EDGE, badge, r, 2)
        draw_anchor(target, badge, r * 1.5)


def edge_midpoint(e: Edge) -> Point:
    """World pixel of the middle of a hexside (between the two hex centres)."""
    (ax, ay), (bx, by) = hex_to_pixel(e[0]), hex_to_pixel(e[1])
    return (ax + bx) / 2, (ay + by) / 2


def draw_demolished(target: pygame.Surface, camera: Camera, edges: Iterable[Edge]) -> None:
    """A demolished bridge: a red zig-zag break across the crossing, outlined in black."""
    for e in edges:
        (ax, ay), (bx, by) = hex_center_screen(camera, e[0]), hex_center_screen(camera, e[1])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        nx, ny = -uy, ux
        s = 12 * camera.zoom
        zig = [(k, s * 0.35 * (1 if k % 2 else -1)) for k in (-1.5, -0.5, 0.5, 1.5)]
        pts = [(mx + nx * s * k + ux * z, my + ny * s * k + uy * z) for k, z in zig]
        pygame.draw.lines(target, (0, 0, 0), False, pts, max(4, round(9 * camera.zoom)))
        pygame.draw.lines(target, BREAK, False, pts, max(2, round(5 * camera.zoom)))


def draw_bridge_candidates(target: pygame.Surface, camera: Camera, edges: Iterable[Edge]) -> None:
    """Bridges that may be demolished now: a yellow ring with a black core at the crossing (drawn over the counters,
    large enough to see beside a town's counter)."""
    r = max(9, round(13 * camera.zoom))
    for e in edges:
        x, y = camera.world_to_screen(*edge_midpoint(e))
        pygame.draw.circle(target, (0, 0, 0), (round(x), round(y)), r + 2)
        pygame.draw.circle(target, CANDIDATE, (round(x), round(y)), r, max(2, r // 3))


def nearest_edge(world: Point, edges: Iterable[Edge], within: float = HEX_SIZE * 0.6) -> Edge | None:
    """The hexside whose midpoint is nearest a world point, if within ``within`` world pixels."""
    best, best_d = None, within
    for e in edges:
        mx, my = edge_midpoint(e)
        d = math.hypot(mx - world[0], my - world[1])
        if d <= best_d:
            best, best_d = e, d
    return best


def landing_spot(board: Board, port: Hex) -> Point:
    """World pixel where a port's landing zone is drawn: toward its first sea neighbour (else up-right)."""
    px_, py_ = hex_to_pixel(port)
    sea = next((n for n in port.neighbors() if board.terrain.get(n) is Terrain.SEA), None)
    if sea is None:
        return px_ + HEX_SIZE * 0.8, py_ - HEX_SIZE * 0.6
    sx, sy = hex_to_pixel(sea)
    return px_ + (sx - px_) * 0.9, py_ + (sy - py_) * 0.9


def landing_box(camera: Camera, board: Board, port: Hex) -> pygame.Rect:
    """The screen box of a port's landing-zone stack (where it is drawn and clicked)."""
    side = max(8, round(counter_px(camera.zoom) * LANDING_SCALE))
    x, y = camera.world_to_screen(*landing_spot(board, port))
    box = pygame.Rect(0, 0, side, side)
    box.center = (round(x), round(y))
    return box


def draw_landing_zones(target: pygame.Surface, camera: Camera, painter: CounterPainter, board: Board,
                       zones: Mapping[Hex, Sequence[CounterView]]) -> list[tuple[pygame.Rect, str]]:
    """Units waiting to land, as a smaller stack beside their port with an anchor badge; their click areas."""
    side = max(8, round(counter_px(camera.zoom) * LANDING_SCALE))
    out: list[tuple[pygame.Rect, str]] = []
    for port, views in zones.items():
        x, y = camera.world_to_screen(*landing_spot(board, port))
        cx, cy = round(x), round(y)
        px_, py_ = hex_center_screen(camera, port)
        pygame.draw.line(target, (250, 250, 250), (cx, cy), (round(px_), round(py_)), max(1, round(2 * camera.zoom)))
        painter.draw_stack(target, views, (cx, cy), side)
        badge = (cx - side // 2, cy - side // 2)
        r = max(5, side // 4)
        pygame.draw.circle(target, (250, 250, 250), badge, r)
        pygame.draw.circle(target, ANCHOR, badge, r, 1)
        draw_anchor(target, badge, r * 1.5)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (cx, cy)
        out += [(rect, v.unit_id) for v in views if v.unit_id]
    return out


FRONT = STANDARD.front
FRONT_EDGE = (30, 20, 20)

_FRONT_WORLD: dict[str, object] = {}
"""The last front drawn: its edges and their hexside segments in world pixels (the front rarely changes)."""


def _world_segments(edges: tuple[tuple[Hex, int], ...]) -> list[tuple[tuple[float, float], ...]]:
    """World-pixel end points of each front hexside, remembered for the last edges asked about."""
    if _FRONT_WORLD.get("edges") != edges:
        segments = [tuple(lattice_to_pixel(p) for p in hexside_lattice(h, d)) for h, d in edges]
        _FRONT_WORLD.update(edges=edges, segments=segments)
    return _FRONT_WORLD["segments"]  # type: ignore[return-value]


def draw_front(target: pygame.Surface, camera: Camera, edges: Iterable[tuple[Hex, int]], *,
               width: int | None = None, core: Color = FRONT, edge: Color = FRONT_EDGE) -> None:
    """The front line (R13): a ``core`` line with an ``edge`` on every hexside between JP and CW land.

    ``width`` is the core line's width in pixels; by default it grows with the zoom.
    """
    core_width = max(2, round(3 * camera.zoom)) if width is None else width
    zoom, left, top = camera.zoom, camera.x, camera.y
    w, h = target.get_size()
    m = core_width + 2
    segments = [
        ((ax, ay), (bx, by))
        for (wax, way), (wbx, wby) in _world_segments(tuple(edges))
        for ax, ay, bx, by in (((wax - left) * zoom, (way - top) * zoom, (wbx - left) * zoom, (wby - top) * zoom),)
        if not (max(ax, bx) < -m or min(ax, bx) > w + m or max(ay, by) < -m or min(ay, by) > h + m)
    ]
    for extra, color in ((2, edge), (0, core)):
        for a, b in segments:
            pygame.draw.line(target, color, a, b, core_width + extra)
