"""The screen stack: menu, battle, hand-over, game end, help — one on top of another.

The :class:`App` owns the stack, the settings and short messages ("toasts").
Events go to the top screen only; drawing starts at the topmost opaque screen so an
overlay (help) shows the screen beneath it. Screens change the stack by returning a
:data:`~malaya.ui.app.intents.Transition`; the app applies it, building new screens with the
router it was given (so this module imports no screen).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from malaya.content.errors import ContentError
from malaya.engine import GameDef
from malaya.persistence.reader_process import SaveReader
from malaya.session.heap import freeze_long_lived
from malaya.session.words.catalog import say
from malaya.session.words.plain_words import plain_reason
from malaya.ui.app.intents import Intent, Pop, Push, Quit, Reset, Then, Transition
from malaya.ui.app.settings import Settings, save_settings
from malaya.ui.audio.board import Levels, SilentBoard, SoundBoard
from malaya.ui.audio.cues import Track
from malaya.ui.input.held_keys import HeldKeys
from malaya.ui.widgets.kit import draw_text, px, text_surface
from malaya.ui.widgets.layout import Layout

TOAST_SECONDS = 4.0
NOT_OPENED = say("sound.not_opened")


class Screen:
    """One full-window state of the client; subclasses override what they need."""

    opaque = True
    """False for overlays: the screen below is drawn first."""
    music: Track | None = None
    """The music loop this screen plays; None keeps the music of the screen below."""

    def handle(self, event: pygame.event.Event, app: App) -> Transition | None:
        """React to one input event; where to go next, if anywhere."""
        return None

    def update(self, dt: float, app: App) -> Transition | None:
        """Advance time-based work by ``dt`` seconds (called once per frame); where to go next."""
        return None

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Draw the screen onto the window surface (must not change state)."""

    def busy(self, app: App) -> bool:
        """True while the screen changes by itself (an animation, the computer's turn, playback).

        While no screen is busy the window loop sleeps until an event arrives (issue 13 item 9).
        """
        return False

    def layout(self) -> Layout:
        """The panels and widgets (hit boxes) this screen laid out in its last drawn frame."""
        return Layout()

    def status(self) -> dict[str, object]:
        """What the screen shows, as plain data for a watcher outside the window (``$MALAYA_STATE_FILE``)."""
        return {}

    def leave(self) -> None:
        """The screen is dropped from the stack for good (a battle's quit autosave, its AI thread)."""

    def close(self) -> None:
        """The window is closing: stop any thread the screen runs."""


@dataclass
class Toast:
    """A short message shown at the bottom of the window for a few seconds."""

    text: str
    until: float
    warning: bool = False


@dataclass
class App:
    """The client: the screen stack, the settings, the game definition and toasts."""

    load_gd: Callable[[], GameDef]
    build: Callable[[Intent, App], Screen]
    """The router: the screen an intent names."""
    settings: Settings = field(default_factory=Settings)
    stack: list[Screen] = field(default_factory=list)
    running: bool = True
    toasts: list[Toast] = field(default_factory=list)
    sound: SoundBoard = field(default_factory=lambda: SilentBoard(Levels(), NOT_OPENED))
    """The sound board: silent until the window opens (:func:`open_sound`)."""
    write_report: Callable[[Path], Path] | None = None
    """Writes the after-action report of a save and returns its index.html; handed in by the command line
    (``report/`` is ``ui/``'s sibling, so the window cannot import it). None: the end page offers no report."""
    clock: Callable[[], float] = time.monotonic
    held: HeldKeys = field(default_factory=HeldKeys)
    """Keys down now: a held action key acts once (``ui.input.held_keys``)."""
    """The wall clock (seconds) that times the player's presses against each other; tests set their own.
    Never the frame clock: frames barely advance while the window idles (issue 26 §1)."""
    _gd: GameDef | None = None
    _reader: SaveReader | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Guards the lazy game definition and save reader: a background thread may ask for them first."""

    @property
    def reader(self) -> SaveReader:
        """The worker process that reads, checks and replays whole saves (started on first use)."""
        gd = self.gd
        with self._lock:
            if self._reader is None:
                self._reader = SaveReader(gd)
            return self._reader

    def start_reader(self) -> None:
        """Start the save reader's worker on a thread of its own (returns at once): a save opens sooner."""
        threading.Thread(target=self._start_reader, name="malaya-save-reader-start", daemon=True).start()

    def _start_reader(self) -> None:
        """The starting thread: the game definition (if not loaded yet), then the worker."""
        try:
            reader = self.reader
        except ContentError:  # a broken scenario: the window says why itself when it needs the definition
            return
        reader.start()

    def close_reader(self) -> None:
        """Stop the save reader's worker process, if it was started."""
        if self._reader is not None:
            self._reader.close()

    @property
    def gd(self) -> GameDef:
        """The game definition (loaded on first use, then cached)."""
        with self._lock:
            if self._gd is None:
                self._gd = self.load_gd()
                freeze_long_lived()
            return self._gd

    @property
    def top(self) -> Screen | None:
        """The screen receiving input."""
        return self.stack[-1] if self.stack else None

    def apply(self, transition: Transition | None) -> None:
        """Carry out what a screen asked for: push, reset, pop, quit, or several in order."""
        match transition:
            case None:
                return
            case Push(intent):
                self.stack.append(self.build(intent, self))
            case Reset(intent):
                leave_screens(self)  # first: what the new screen reads (autosaves, the resume offer) is written
                self.stack[:] = [self.build(intent, self)]
            case Pop():
                self.pop()
            case Quit():
                self.quit()
            case Then(steps):
                for step in steps:
                    self.apply(step)
        self.play_screen_music()

    def play_screen_music(self) -> None:
        """Play the music of the topmost screen that names a track (the menu's, the battle's)."""
        track = next((s.music for s in reversed(self.stack) if s.music is not None), None)
        if track is not None:
            self.sound.play_music(track)

    def pop(self) -> Screen | None:
        """Remove the top screen (quitting when none is left); returns it."""
        screen = self.stack.pop() if self.stack else None
        if not self.stack:
            self.running = False
        return screen

    def quit(self) -> None:
        """Close the client at the end of this frame."""
        self.running = False

    def toast(self, text: str, warning: bool = False) -> None:
        """Show a short message to the player (rule numbers left out)."""
        self.toasts.append(Toast(plain_reason(text), time.monotonic() + TOAST_SECONDS, warning))
        del self.toasts[:-3]

    def set_settings(self, settings: Settings) -> None:
        """Adopt and save new settings (a save failure becomes a toast)."""
        self.settings = settings
        self.sound.set_levels(Levels.from_settings(settings))
        problem = save_settings(settings)
        if problem:
            self.toast(problem, warning=True)

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window close quits, everything else goes to the top screen."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self.top is not None:
            self.apply(self.top.handle(event, self))

    def busy(self) -> bool:
        """True while the top screen changes by itself; idle otherwise (the loop may sleep)."""
        return self.top is not None and self.top.busy(self)

    def next_toast_expiry(self) -> float | None:
        """Seconds until the next toast disappears (a redraw is due then), or None without toasts."""
        if not self.toasts:
            return None
        return max(0.0, min(t.until for t in self.toasts) - time.monotonic())

    def update(self, dt: float) -> None:
        """Advance the top screen and expire toasts."""
        if self.top is not None:
            self.apply(self.top.update(dt, self))
        now = time.monotonic()
        self.toasts = [t for t in self.toasts if t.until > now]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque screen up, then the toasts."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for screen in self.stack[start:]:
            screen.draw(surface, self)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """Current toasts, stacked above the bottom edge, centred."""
        y = surface.get_height() - px(16)
        for toast in reversed(self.toasts):
            w, h = text_surface(toast.text, 14).get_size()
            box = pygame.Rect(0, 0, w + px(24), h + px(12))
            box.midbottom = (surface.get_width() // 2, y)
            pygame.draw.rect(surface, (24, 26, 30), box, border_radius=px(6))
            pygame.draw.rect(surface, (255, 170, 120) if toast.warning else (120, 170, 120), box, 2,
                             border_radius=px(6))
            draw_text(surface, toast.text, box.center, 14, anchor="center")
            y = box.top - px(6)


def leave_screens(app: App, keep: Screen | None = None) -> None:
    """Tell every screen on the stack (but ``keep``) that it is being left (a battle's quit autosave)."""
    for screen in list(app.stack):
        if screen is not keep:
            screen.leave()
