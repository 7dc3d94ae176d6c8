"""Where each place name goes at a zoom level: beside its hex, clear of other names, counters and markers.

Each name tries, in turn, below, above, right of and left of its hex's counter square, then its
four corners, and takes the first spot inside the map clear of every name already placed, every
marker (objective badge, place symbol) and the counter square of every named place. Names are
placed most important first; a name with no free spot is dropped at that zoom (a name far from
its hex would mislead), so no two names ever overlap (issue 13 item 5). The layout is computed
once per board and zoom and cached; drawing it is one blit per visible name, over the counters.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from malaya.engine import Board, Hex, Place, Terrain
from malaya.render.camera import Camera
from malaya.render.counters import counter_px
from malaya.render.geometry import HEX_SIZE, hex_to_pixel, hexes_bounds
from malaya.render.places import place_label

STACK_DEPTH = 4
"""Counters a stack shows at most (the offset copies widen its square)."""
GAP = 1
"""Pixels between a name and what it sits beside."""


@dataclass(frozen=True)
class PlacedLabel:
    """One name and its rectangle in zoomed-world pixels (screen = rect - camera origin)."""

    place: Place
    image: pygame.Surface
    rect: pygame.Rect


@dataclass(frozen=True)
class LabelLayout:
    """The names drawn at one zoom, and the counter and marker areas they keep clear of."""

    labels: tuple[PlacedLabel, ...]
    obstacles: tuple[pygame.Rect, ...]


_CACHE: dict[tuple[int, float], tuple[Board, LabelLayout]] = {}


def label_layout(board: Board, zoom: float) -> LabelLayout:
    """The cached layout of ``board``'s place names at ``zoom``."""
    key = (id(board), round(zoom, 4))
    found = _CACHE.get(key)
    if found is None or found[0] is not board:
        if len(_CACHE) > 32:
            _CACHE.clear()
        found = _CACHE[key] = (board, _layout(board, zoom))
    return found[1]


def counter_rect(board: Board, place: Place, zoom: float) -> pygame.Rect:
    """The square (zoomed-world pixels) a full stack of counters covers on ``place``'s hex."""
    return stack_square(place.hex, zoom, STACK_DEPTH)


def stack_square(h: Hex, zoom: float, depth: int) -> pygame.Rect:
    """The square (zoomed-world pixels) a stack showing ``depth`` counters covers on hex ``h``."""
    side = counter_px(zoom)
    span = side + max(2, round(side * 0.09)) * (depth - 1)
    wx, wy = hex_to_pixel(h)
    return pygame.Rect(0, 0, span, span).move(round(wx * zoom - span / 2), round(wy * zoom - span / 2))


def marker_rects(place: Place, zoom: float) -> list[pygame.Rect]:
    """The objective badge and place symbols drawn on ``place``'s hex (zoomed-world pixels)."""
    size = HEX_SIZE * zoom
    x, y = _centre(place, zoom)
    rects = []
    if place.objective:
        radius = max(5, round(size * 0.22)) + 2
        bx, by = x + size * 0.5, y - size * 0.62 - radius // 2
        rects.append(pygame.Rect(round(bx - radius), round(by - radius), 2 * radius, 2 * radius))
    kinds = sum((place.objective, place.airfield, place.port))
    if kinds and size >= 14:
        r, gap = size * 0.25, size * 0.5
        left = x - gap * (kinds - 1) / 2 - r
        rects.append(pygame.Rect(round(left), round(y - size * 0.5 - r), round(gap * (kinds - 1) + 2 * r),
                                 round(2 * r)))
    elif place.objective:
        r = max(3.0, size * 0.35)
        rects.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    return rects


def _centre(place: Place, zoom: float) -> tuple[float, float]:
    """The hex centre of ``place`` in zoomed-world pixels."""
    wx, wy = hex_to_pixel(place.hex)
    return wx * zoom, wy * zoom


def _rank(board: Board, place: Place) -> tuple[int, str]:
    """Sort key: objectives (cities first), then cities and fortresses, then towns with airfields, then the rest."""
    terrain = board.terrain.get(place.hex)
    major = terrain in (Terrain.CITY, Terrain.FORTRESS)
    landmark = place.airfield and terrain is Terrain.TOWN
    return (0 if place.objective and major else 1 if place.objective else 2 if major else 3 if landmark else 4,
            place.name)


def _candidates(image: pygame.Surface, counter: pygame.Rect) -> list[pygame.Rect]:
    """Spots for a name around its hex's counter square: below, above, right, left, then the four corners."""
    rect = image.get_rect()
    middle, below, above = counter.centerx - rect.width // 2, counter.bottom + GAP, counter.top - GAP - rect.height
    right, left, level = counter.right + GAP, counter.left - GAP - rect.width, counter.centery - rect.height // 2
    return [rect.move(x, y) for x, y in ((middle, below), (middle, above), (right, level), (left, level),
                                         (right, below), (left, below), (right, above), (left, above))]


def _layout(board: Board, zoom: float) -> LabelLayout:
    """Place every name greedily, most important first; drop those with no free spot."""
    x0, y0, x1, y1 = hexes_bounds(board.terrain.keys(), HEX_SIZE * zoom)
    margin = round(HEX_SIZE * zoom)  # the overview shows this much beyond the map (Camera.fit_overview)
    inside = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).inflate(2 * margin, 2 * margin)
    ranked = sorted(board.places, key=lambda p: _rank(board, p))
    named = [(p, image) for p in ranked if (image := place_label(p, board.terrain.get(p.hex), HEX_SIZE * zoom))]
    obstacles = [counter_rect(board, p, zoom) for p, _ in named]  # a stack may stand on any named place
    obstacles += [r for p in board.places for r in marker_rects(p, zoom)]
    placed: list[PlacedLabel] = []
    taken: list[pygame.Rect] = []
    for place, image in named:
        counter = counter_rect(board, place, zoom)
        blockers = taken + obstacles
        free = next((spot for spot in _candidates(image, counter)
                     if inside.contains(spot) and spot.collidelist(blockers) < 0), None)
        if free is not None:
            placed.append(PlacedLabel(place, image, free))
            taken.append(free)
    return LabelLayout(tuple(placed), tuple(obstacles))


def draw_place_names(target: pygame.Surface, camera: Camera, board: Board) -> None:
    """Blit, over the counters and markers, the names of the layout at the camera's zoom that fall on ``target``."""
    ox, oy = camera.origin_px()
    zoom = camera.zoom
    view = target.get_rect().move(ox, oy)
    for label in label_layout(board, zoom).labels:
        if view.colliderect(label.rect):
            target.blit(label.image, (label.rect.x - ox, label.rect.y - oy))
