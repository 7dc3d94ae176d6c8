"""Render benchmark: full-window redraws at 1920×1080 while panning (SDL dummy driver).

Run: ``python benchmarks/bench_render.py``. Uses the campaign map when
``scenarios/malaya1941/map.tmx`` and ``malaya.content.load_board`` exist, else the
synthetic test board (the output says which). Each frame is a full redraw (map chunks,
counters, phase bar); between frames the renderer prefetches chunks with the spare
frame budget, as the window loop does.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from malaya.engine.board import Board, Terrain  # noqa: E402
from malaya.engine.hexgrid import Hex  # noqa: E402
from malaya.render.camera import DEFAULT_ZOOM, ZOOM_LEVELS  # noqa: E402
from malaya.render.frame import Frame  # noqa: E402
from malaya.render.viewpoints import start_view  # noqa: E402
from malaya.session.views import CounterView, PhaseStatus  # noqa: E402

SIZE = (1920, 1080)
FRAMES = 600
FRAME_BUDGET = 1 / 60
MAP = ROOT / "malaya" / "scenarios" / "malaya1941" / "map.tmx"


def load_board() -> tuple[Board, str]:
    """The campaign board if it and its loader exist, else the synthetic one."""
    try:
        from malaya.content import load_board as load  # type: ignore[attr-defined]
    except ImportError:
        load = None
    if load is not None and MAP.exists():
        return load(MAP), f"campaign map {MAP.relative_to(ROOT)}"
    from tests.ui.fake_board import make_board

    return make_board(), "SYNTHETIC board (campaign map or loader not available)"


def sample_views(board: Board) -> dict[Hex, list[CounterView]]:
    """About 70 stacks spread over land hexes, of every nationality."""
    kinds = [("JP", "Army", "infantry", "III"), ("JP", "Guards", "infantry", "III"), ("JP", "Army", "armor", "III"),
             ("CW", "Indian", "infantry", "X"), ("CW", "British", "infantry", "X"),
             ("CW", "Australian", "infantry", "X"), ("CW", "Malay", "infantry", "II")]
    land = [h for h, t in sorted(board.terrain.items()) if t is not Terrain.SEA]
    views: dict[Hex, list[CounterView]] = {}
    for n, h in enumerate(land[:: max(1, len(land) // 70)]):
        side, nat, kind, size = kinds[n % len(kinds)]
        steps = 1 + n % 2
        stack = [CounterView(f"unit {n}", side, nat, kind, size, 8 // (3 - steps), 6, 7, 2, steps, 2, n % 5 != 0)]
        views[h] = stack * (1 + n % 3)
    return views


def pan_run(scene: Frame, views: dict[Hex, list[CounterView]], status: PhaseStatus, screen: pygame.Surface,
            zoom: float) -> list[float]:
    """Frame times (ms) of FRAMES full redraws while panning the map at ``zoom``."""
    cam = scene.camera
    cam.set_zoom(zoom)
    start_view(cam, scene.painter.board)
    cam.set_zoom(zoom)
    times: list[float] = []
    dx, dy = 9.0, 14.0
    for _ in range(FRAMES):
        x, y = cam.x, cam.y
        cam.pan(dx, dy)
        if cam.x == x:
            dx = -dx
        if cam.y == y:
            dy = -dy
        t0 = time.perf_counter()
        scene.draw(screen, views, status)
        elapsed = time.perf_counter() - t0
        times.append(elapsed * 1000)
        spare = FRAME_BUDGET - elapsed - 0.004
        if spare > 0:
            scene.painter.prefetch(cam, spare)
    return times


def zoom_changes(scene: Frame, views: dict[Hex, list[CounterView]], status: PhaseStatus,
                 screen: pygame.Surface) -> tuple[list[float], list[float]]:
    """Frame times (ms) of the first frame after each zoom change: first visits, then revisits."""
    cam = scene.camera
    start_view(cam, scene.painter.board)
    centre = cam.screen_to_world(cam.width / 2, cam.height / 2)
    first: list[float] = []
    again: list[float] = []
    for times in (first, again):
        for zoom in ZOOM_LEVELS:
            cam.set_zoom(zoom)
            cam.center_on(*centre)
            t0 = time.perf_counter()
            scene.draw(screen, views, status)
            times.append((time.perf_counter() - t0) * 1000)
    return first, again


def report(label: str, times: list[float]) -> None:
    """Print median / p99 / max of a list of frame times."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{label:<34} median {statistics.median(ordered):6.2f} ms   p99 {p99:6.2f} ms   max {ordered[-1]:6.2f} ms")


def main() -> int:
    """Run the benchmark and print the figures."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    board, source = load_board()
    print(f"board: {source} ({board.columns}x{board.rows} cells)")
    print(f"window: {SIZE[0]}x{SIZE[1]}, driver: {pygame.display.get_driver()}, {FRAMES} frames per run")
    scene = Frame(board, SIZE)
    renderer = scene.painter
    views = sample_views(board)
    status = PhaseStatus(1, "8 Dec 1941", "JP", "movement")
    start_view(scene.camera, board)
    t0 = time.perf_counter()
    scene.draw(screen, views, status)
    print(f"first frame (cold caches): {(time.perf_counter() - t0) * 1000:.1f} ms, "
          f"{renderer.chunks_rendered} chunks rendered")
    before = renderer.chunks_rendered
    first, again = zoom_changes(scene, views, status, screen)
    summary = "   ".join(f"{label} min {min(t):6.1f} / median {statistics.median(t):6.1f} / max {max(t):6.1f} ms"
                           for label, t in (("first visit", first), ("revisit", again)))
    print(f"zoom change ({len(ZOOM_LEVELS)} levels): {summary}")
    print(f"{'':<34} ({renderer.chunks_rendered - before} chunks rendered over both rounds)")
    for zoom in (DEFAULT_ZOOM, 0.7, 2.0):
        before = renderer.chunks_rendered
        report(f"pan at zoom {zoom}", pan_run(scene, views, status, screen, zoom))
        print(f"{'':<34} ({renderer.chunks_rendered - before} chunks rendered, {renderer.cached_chunks} cached)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
