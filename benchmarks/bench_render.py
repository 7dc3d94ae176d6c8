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
from malaya.render.map_painter import MapRenderer  # noqa: E402
from malaya.render.viewpoints import start_view  # noqa: E402
from malaya.session.views import CounterView, PhaseStatus  # noqa: E402

SIZE = (1920, 1080)
FRAMES = 600
FRAME_BUDGET = 1 / 60
MAP = ROOT / "scenarios" / "malaya1941" / "map.tmx"


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
                 screen: pygame.Surface, idle: bool) -> tuple[list[float], list[float], list[float], list[int],
                                                             list[float]]:
    """Zoom changes through every level, twice: first-frame times (ms) of first visits and of revisits,
    then every frame time (ms) until each first visit's view was complete, how many frames that took,
    and the CPU ms of this process for every frame of a first visit (unaffected by other programs' load;
    each includes the prefetch in the frame's spare time).

    ``idle``: let the renderer prefetch for a second (60 frames) before each change, as between a
    player's zoom steps; otherwise the levels follow each other at once (a fast wheel spin).
    """
    cam = scene.camera
    start_view(cam, scene.painter.board)
    centre = cam.screen_to_world(cam.width / 2, cam.height / 2)
    first: list[float] = []
    again: list[float] = []
    filling: list[float] = []
    frames: list[int] = []
    cpu: list[float] = []
    for times in (first, again):
        for zoom in ZOOM_LEVELS:
            if idle:
                for _ in range(60):
                    scene.painter.prefetch(cam, 0.003)
            cam.set_zoom(zoom)
            cam.center_on(*centre)
            c0 = time.process_time()
            times.append(_timed_draw(scene, views, status, screen))
            if times is first:
                cpu.append((time.process_time() - c0) * 1000)
            count = 1
            while times is first and scene.painter.missing and count < 600:
                c0 = time.process_time()
                filling.append(_timed_draw(scene, views, status, screen))
                cpu.append((time.process_time() - c0) * 1000)
                count += 1
            if times is first:
                frames.append(count)
    return first, again, filling, frames, cpu


def _timed_draw(scene: Frame, views: dict[Hex, list[CounterView]], status: PhaseStatus,
                screen: pygame.Surface) -> float:
    """One full frame's draw time in ms, then a prefetch in the frame's spare time, as the window loop does."""
    t0 = time.perf_counter()
    scene.draw(screen, views, status)
    elapsed = time.perf_counter() - t0
    spare = FRAME_BUDGET - elapsed - 0.004
    if spare > 0:
        scene.painter.prefetch(scene.camera, min(spare, 0.003))
    return elapsed * 1000


def report(label: str, times: list[float]) -> None:
    """Print median / p99 / max of a list of frame times."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{label:<34} median {statistics.median(ordered):6.2f} ms   p99 {p99:6.2f} ms   max {ordered[-1]:6.2f} ms")


def zoom_report(scene: Frame, views: dict[Hex, list[CounterView]], status: PhaseStatus, screen: pygame.Surface,
                idle: bool) -> None:
    """Print the zoom-change figures of one round of :func:`zoom_changes` on a fresh renderer."""
    scene.painter = MapRenderer(scene.painter.board, progressive=True)
    start_view(scene.camera, scene.painter.board)
    scene.draw(screen, views, status)
    before = scene.painter.chunks_rendered
    first, again, filling, frames, cpu = zoom_changes(scene, views, status, screen, idle)
    label = "after 1 s idle" if idle else "back to back"
    summary = "   ".join(f"{name} min {min(t):5.1f} / median {statistics.median(t):5.1f} / max {max(t):5.1f} ms"
                           for name, t in (("first visit", first), ("revisit", again)))
    print(f"zoom change, {label} ({len(ZOOM_LEVELS)} levels): {summary}")
    if filling:
        report("  frames filling in a first visit", filling)
    report("  every first-visit frame, CPU", cpu)
    print(f"{'':<34} (view complete after {min(frames)}–{max(frames)} frames, median {statistics.median(frames)}; "
          f"{scene.painter.chunks_rendered - before} chunks rendered)")


def main() -> int:
    """Run the benchmark and print the figures."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    board, source = load_board()
    print(f"board: {source} ({board.columns}x{board.rows} cells)")
    print(f"window: {SIZE[0]}x{SIZE[1]}, driver: {pygame.display.get_driver()}, {FRAMES} frames per run, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    scene = Frame(board, SIZE, progressive=True)
    views = sample_views(board)
    status = PhaseStatus(1, "8 Dec 1941", "JP", "movement")
    start_view(scene.camera, board)
    t0 = time.perf_counter()
    scene.draw(screen, views, status)
    print(f"first frame (cold caches): {(time.perf_counter() - t0) * 1000:.1f} ms, "
          f"{scene.painter.chunks_rendered} chunks rendered")
    for idle in (False, True):
        zoom_report(scene, views, status, screen, idle)
    for zoom in (DEFAULT_ZOOM, 0.7, 2.0):
        before = scene.painter.chunks_rendered
        report(f"pan at zoom {zoom}", pan_run(scene, views, status, screen, zoom))
        print(f"{'':<34} ({scene.painter.chunks_rendered - before} chunks rendered, "
              f"{scene.painter.cached_chunks} cached)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
