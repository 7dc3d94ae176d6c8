"""The game client's window loop: settings, the screen stack, 60 fps, frame timing, screenshots.

``run_client`` opens the main menu (or, with ``start``, goes straight into a new game).
``MALAYA_SCREENSHOT=path.png`` saves the window after ``MALAYA_SCREENSHOT_FRAME``
frames (default 30), and again (``path-1.png``, ``path-2.png`` …) on every F12 press:
end-to-end tests use it to see what a real display showed.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pygame

from malaya.content.errors import ContentError
from malaya.engine import GameDef
from malaya.persistence import sweep_interrupted_saves
from malaya.render.frame import save_png
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text
from malaya.ui.app.flow import SideChoice, new_seed, start_game
from malaya.ui.app.intents import Push, ToMenu
from malaya.ui.app.router import build
from malaya.ui.app.settings import load_settings, settings_path
from malaya.ui.app.stack import App, leave_screens
from malaya.ui.app.state_file import StateFile
from malaya.ui.app.window import first_launch_settings, first_placement, fit_on
from malaya.ui.audio.board import Levels, SilentBoard, open_board
from malaya.ui.widgets.kit import fitted_scale, set_ui_scale

log = logging.getLogger(__name__)

FPS = 60
TITLE = say("app_loop.n1942_campaign_for_malaya")
SLOW_FRAME_S = 0.050
IDLE_WAKE_S = 1.0
"""An idle window still redraws this often (seconds), so nothing can stay stale for long."""
IDLE_POLL_S = 0.02
"""How often an idle window looks for input (seconds): at most this much delay on the first event after idling."""
SCREENSHOT_ENV = "MALAYA_SCREENSHOT"
SCREENSHOT_FRAME_ENV = "MALAYA_SCREENSHOT_FRAME"
WINDOW_POS_ENV = "SDL_VIDEO_WINDOW_POS"


@dataclass(frozen=True, slots=True)
class NewGameRequest:
    """Start a game at once (``malaya play --new``)."""

    side: SideChoice = "hotseat"
    seed: int | None = None
    options: tuple[str, ...] = ()


def open_window(app: App, size: tuple[int, int] | None) -> pygame.Surface:
    """Initialise pygame and open the resizable (or full-screen) window."""
    pygame.display.init()
    pygame.font.init()
    flags = pygame.RESIZABLE | (pygame.FULLSCREEN if app.settings.fullscreen and size is None else 0)
    desktop = desktop_size()
    chosen = size or fit_on(app.settings.window_size, desktop)
    if size is None and not app.settings.fullscreen:
        place_window(chosen, desktop)
    screen = pygame.display.set_mode(chosen, flags)
    pygame.display.set_caption(TITLE)
    pygame.key.set_repeat(250, 40)
    open_sound(app)
    return screen


def desktop_size() -> tuple[int, int]:
    """The size of the first desktop (display initialised if needed)."""
    pygame.display.init()
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else (1280, 800)


def place_window(size: tuple[int, int], desktop: tuple[int, int]) -> None:
    """Ask SDL to open the window centred on the desktop, fully on it, its title bar below the top edge."""
    x = max(0, (desktop[0] - size[0]) // 2)
    y = max(0, min(first_placement(desktop).position[1], desktop[1] - size[1]))
    os.environ[WINDOW_POS_ENV] = f"{x},{y}"


def remember_window(app: App, event: pygame.event.Event) -> None:
    """A window resized by the player is remembered in the settings (not in full screen)."""
    size = (event.x, event.y) if event.type == pygame.WINDOWSIZECHANGED else None
    if size is not None and not app.settings.fullscreen and size != app.settings.window_size and min(size) >= 200:
        app.set_settings(app.settings.with_(window_size=size))


def open_sound(app: App) -> None:
    """Open the sound board once, at the player's levels, and start the current screen's music."""
    app.sound.close()
    app.sound = open_board(Levels.from_settings(app.settings))
    if isinstance(app.sound, SilentBoard):
        log.info("%s", app.sound.reason)
    app.play_screen_music()


def make_app(load_gd: Callable[[], GameDef], start: NewGameRequest | None = None) -> App:
    """Settings loaded (a damaged file becomes a toast), the menu on the stack, maybe a new game.

    On the first launch (no settings file) the window and the UI scale are fitted to the desktop
    and saved, so later launches open as the player left them.
    """
    first = not settings_path().exists()
    sweep_interrupted_saves()  # temporary files of a save the last session was killed during
    settings, problem = load_settings()
    if first:
        settings = first_launch_settings(settings, desktop_size())
    set_ui_scale(settings.ui_scale)
    app = App(load_gd, build, settings)
    if first:
        app.set_settings(settings)
    app.apply(Push(ToMenu()))
    if problem:
        app.toast(problem, warning=True)
    if start is not None:
        seed = start.seed if start.seed is not None else new_seed()
        app.apply(start_game(app, start.side, seed, start.options))
    return app


def run_client(load_gd: Callable[[], GameDef], *, size: tuple[int, int] | None = None,
               max_frames: int | None = None, start: NewGameRequest | None = None,
               setup: Callable[[App], None] | None = None) -> int:
    """Open the window and run the client until the player quits (or ``max_frames``); exit code 0.

    ``setup`` may push a first screen (``malaya replay FILE``). A clean end leaves every screen
    (the quit autosave); after a crash the session marker stays, so the next start offers to resume.
    """
    app = make_app(load_gd, start)
    if setup is not None:
        setup(app)
    open_window(app, size)
    try:
        run_loop(app, max_frames)
        leave_screens(app)
    finally:
        close_screens(app)
        app.sound.close()
        pygame.display.quit()
    return 0


def run_loop(app: App, max_frames: int | None = None) -> list[float]:
    """Events → update → draw → flip until the app stops; returns each frame's duration (s).

    While a screen is busy (an animation, the computer's turn) frames run at 60 fps; when
    nothing changes by itself the loop sleeps until the next event (issue 13 item 9), waking
    at least every :data:`IDLE_WAKE_S` and when a toast expires. A bounded run (``max_frames``,
    tests) and a pending ``$MALAYA_SCREENSHOT`` keep the frame clock so frame counts mean time.
    """
    clock = pygame.time.Clock()
    shot = os.environ.get(SCREENSHOT_ENV)
    shot_frame = int(os.environ.get(SCREENSHOT_FRAME_ENV, "30"))
    durations: list[float] = []
    last = time.perf_counter()
    woken_by: list[pygame.event.Event] = []
    watched = StateFile.from_env()  # real-window tests wait on what the screens show, never on the clock
    while app.running and (max_frames is None or len(durations) < max_frames):
        start = time.perf_counter()
        dt, last = start - last, start
        handled = step(app, min(dt, 0.25), woken_by)
        if watched is not None:
            watched.handled += handled
            watched.write(app)
        durations.append(time.perf_counter() - start)
        if shot and len(durations) == shot_frame:
            save_screenshot(pygame.display.get_surface(), shot)
        if durations[-1] > SLOW_FRAME_S and len(durations) > 2:
            log.debug("slow frame: %.1f ms", durations[-1] * 1000)
        clock.tick(FPS)
        keep_clock = max_frames is not None or (shot is not None and len(durations) < shot_frame)
        idle = not keep_clock and app.running and not app.busy()
        woken_by = wait_for_event(app) if idle else []
        if idle:
            last = time.perf_counter() - 1 / FPS  # time asleep is not animation time
    return durations


def wait_for_event(app: App) -> list[pygame.event.Event]:
    """Sleep until an event arrives, a toast expires or :data:`IDLE_WAKE_S` passes; the event, if any."""
    expiry = app.next_toast_expiry()
    timeout = IDLE_WAKE_S if expiry is None else min(IDLE_WAKE_S, expiry + 0.01)
    deadline = time.monotonic() + timeout
    while True:  # SDL's own timed wait polls every millisecond on some video drivers: look 50 times a second
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return [event]
        left = deadline - time.monotonic()
        if left <= 0:
            return []
        time.sleep(min(IDLE_POLL_S, left))


def step(app: App, dt: float, first: list[pygame.event.Event] | None = None) -> int:
    """One frame: every pending event (after ``first``, one the idle wait took), update, draw, flip; how many
    key presses and mouse-button presses it handled.

    Screen errors become toasts.
    """
    shot_asked = False
    presses = 0
    for event in [*(first or []), *pygame.event.get()]:
        if app.held.is_repeat_to_drop(event):  # also F12's: a held F12 takes one screenshot
            continue
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            shot_asked = True  # taken after this frame is drawn, so it shows what the keys before it did
            continue
        presses += event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        remember_window(app, event)
        _guard(app, "input", partial(app.handle, event))
        if not app.running:
            return presses
    _guard(app, "update", lambda: app.update(dt))
    time.sleep(0)  # yield the GIL: pygame calls release and re-take it so often the AI thread could starve
    surface = pygame.display.get_surface()
    if surface is not None:
        set_ui_scale(fitted_scale(app.settings.ui_scale, surface.get_size()))
        _guard(app, "drawing", lambda: app.draw(surface))
        pygame.display.flip()
    if shot_asked:
        _key_screenshot()
    return presses


_reported: set[str] = set()


def _guard(app: App, what: str, work: Callable[[], None]) -> None:
    """Run ``work``; an unexpected error is logged once and shown as a toast, never fatal."""
    try:
        work()
    except Exception as exc:  # the window must survive a bug in one screen
        error = content_text(exc) if isinstance(exc, ContentError) else exc  # a file's problem: the player's words
        message = say("app_loop.internal_error_in", what=what, name=type(exc).__name__, error=error)
        if message not in _reported:
            _reported.add(message)
            log.exception(message)
            app.toast(message, warning=True)


_shots_taken = [0]


def _key_screenshot() -> None:
    """F12: save the window next to ``$MALAYA_SCREENSHOT`` with a running number (if set)."""
    base = os.environ.get(SCREENSHOT_ENV)
    if not base:
        return
    _shots_taken[0] += 1
    path = Path(base)
    save_screenshot(pygame.display.get_surface(), path.with_name(f"{path.stem}-{_shots_taken[0]}{path.suffix}"))


def save_screenshot(surface: pygame.Surface | None, path: str | Path) -> None:
    """Save the window as a PNG (folders created; atomic, never through a link)."""
    if surface is None:
        return
    save_png(surface, path)  # written whole and atomically, never through a link


def close_screens(app: App) -> None:
    """Let screens stop their threads (the AI worker), and stop the save reader's process."""
    for screen in app.stack:
        screen.close()
    app.close_reader()
