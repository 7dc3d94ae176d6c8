"""The main window (:func:`run_window`) and headless screenshots (:func:`render_screenshot`)."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal, TypeVar

import pygame

from malaya.engine.board import Board
from malaya.ui.camera import DEFAULT_ZOOM, Camera
from malaya.ui.input import Action, Handler, HandlerResult, IdleHandler, InputContext
from malaya.ui.layout import hex_to_pixel, hexes_bounds
from malaya.ui.map_renderer import MapRenderer
from malaya.ui.phase_bar import BAR_HEIGHT
from malaya.ui.scene import Scene, Views
from malaya.ui.views import PhaseStatus

log = logging.getLogger(__name__)

FPS = 60
TITLE = "1942: Campaign for Malaya"
START_PLACES = ("Singora", "Jitra")
HOME_PLACE = "Singapore"
ViewsProvider = Callable[[], Views]
StatusProvider = Callable[[], PhaseStatus | None]
T = TypeVar("T")


def run_window(board: Board, views_provider: ViewsProvider, status_provider: StatusProvider, *,
               size: tuple[int, int] = (1280, 800), max_frames: int | None = None) -> int:
    """Open the resizable game window and run its event loop at 60 fps; returns an exit code.

    ``max_frames`` closes the window after that many frames (benchmarks, smoke tests).
    """
    _init_pygame()
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.display.set_caption(TITLE)
    pygame.key.set_repeat(250, 40)
    scene = _make_scene(board, size)
    start_view(scene.camera, board)
    try:
        _loop(scene, views_provider, status_provider, max_frames)
    finally:
        pygame.display.quit()
    return 0


def _loop(scene: Scene, views_provider: ViewsProvider, status_provider: StatusProvider,
          max_frames: int | None = None) -> None:
    """Handle events, draw, flip and prefetch map chunks until a handler asks to quit."""
    ctx = InputContext(scene.camera, (0, BAR_HEIGHT))
    handler: Handler = IdleHandler()
    clock = pygame.time.Clock()
    failures: set[str] = set()
    frames = 0
    while max_frames is None or frames < max_frames:
        frames += 1
        frame_start = time.perf_counter()
        for event in pygame.event.get():
            result = _dispatch(handler, event, ctx, failures)
            if result is Action.QUIT:
                return
            handler = _apply(result, handler, scene)
        screen = pygame.display.get_surface()
        views = _safe(views_provider, {}, failures)
        status = _safe(status_provider, None, failures)
        scene.draw(screen, views, status)
        pygame.display.flip()
        spare = 1.0 / FPS - (time.perf_counter() - frame_start) - 0.004
        if spare > 0:
            scene.renderer.prefetch(scene.camera, spare)
        clock.tick(FPS)


def _dispatch(handler: Handler, event: pygame.event.Event, ctx: InputContext,
              failures: set[str]) -> HandlerResult:
    """Run a handler, turning an unexpected error into a logged reset to idle."""
    try:
        return handler.handle(event, ctx)
    except Exception as exc:  # the loop must survive a bad event
        _log_once(failures, f"input handler failed: {exc!r}")
        return IdleHandler()


def _apply(result: HandlerResult, handler: Handler, scene: Scene) -> Handler:
    """Carry out an Action (other than quit) or switch handler; returns the current handler."""
    if result is None:
        return handler
    if result is Action.TOGGLE_GRID:
        scene.renderer.toggle_grid()
        return handler
    if result is Action.CENTER_HOME:
        center_on_place(scene.camera, scene.renderer.board, HOME_PLACE)
        return handler
    if isinstance(result, Action):
        return handler
    return result


def _safe(provider: Callable[[], T], default: T, failures: set[str]) -> T:
    """Call a provider; on error log once and use ``default``."""
    try:
        return provider()
    except Exception as exc:  # a broken provider must not kill the window
        _log_once(failures, f"provider {getattr(provider, '__name__', provider)!s} failed: {exc!r}")
        return default


def _log_once(seen: set[str], message: str) -> None:
    """Log a warning the first time a message occurs."""
    if message not in seen:
        seen.add(message)
        log.warning(message)


def start_view(camera: Camera, board: Board) -> None:
    """The opening view: the northern front (between Singora and Jitra) at the default zoom."""
    camera.zoom = DEFAULT_ZOOM
    hexes = [board.place(n).hex for n in START_PLACES if _has_place(board, n)]
    if not hexes:
        land = [h for h, t in board.terrain.items() if t.value != "sea"] or list(board.terrain)
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


def render_screenshot(board: Board, views: Views, status: PhaseStatus | None, out_path: str | Path,
                      size: tuple[int, int] = (1600, 1000),
                      view: Literal["full", "start"] = "full") -> Path:
    """Render one frame off-screen and save it as a PNG; "full" fits the whole map."""
    _ensure_headless()
    _init_pygame()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)
    surface = pygame.Surface(size).convert()
    scene = _make_scene(board, size)
    if view == "full":
        scene.camera.fit()
    else:
        start_view(scene.camera, board)
    scene.draw(surface, views, status)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def _make_scene(board: Board, size: tuple[int, int]) -> Scene:
    """A renderer + camera sized for a window of ``size``."""
    renderer = MapRenderer(board)
    camera = Camera(renderer.index.bounds, size[0], max(1, size[1] - BAR_HEIGHT))
    return Scene(renderer, camera)


def _ensure_headless() -> None:
    """Use SDL's dummy video driver when there is no display to open."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _init_pygame() -> None:
    """Initialise only what the UI uses (display and fonts; no audio)."""
    pygame.display.init()
    pygame.font.init()
