"""Where a camera looks at first, or on request: the northern front, a named place."""

from __future__ import annotations

from malaya.engine import Board, Terrain
from malaya.render.camera import DEFAULT_ZOOM, Camera
from malaya.render.geometry import hex_to_pixel, hexes_bounds

START_PLACES = ("Singora", "Jitra")
HOME_PLACE = "Singapore"


def start_view(camera: Camera, board: Board) -> None:
    """The opening view: the northern front (between Singora and Jitra) at the default zoom."""
    camera.zoom = DEFAULT_ZOOM
    hexes = [board.place(n).hex for n in START_PLACES if _has_place(board, n)]
    if not hexes:
        land = [h for h, t in board.terrain.items() if t is not Terrain.SEA] or list(board.terrain)
        x0, y0, x1, _ = hexes_bounds(land)
        camera.center_on((x0 + x1) / 2, y0 + camera.height / (2 * camera.zoom))
        return
    points = [hex_to_pixel(h) for h in hexes]
    camera.center_on(sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def center_on_place(camera: Camera, board: Board, name: str) -> bool:
    """Centre the view on a named place; False (no-op) if the map has no such place."""
    if not _has_place(board, name):
        return False
    camera.center_on(*hex_to_pixel(board.place(name).hex))
    return True


def _has_place(board: Board, name: str) -> bool:
    """True if the board names this place."""
    return any(p.name == name for p in board.places)
