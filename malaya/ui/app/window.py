"""The first window: sized and placed on the desktop, with a UI scale that suits the screen.

On the first launch (no settings file yet) the window takes most of the desktop, lies fully on
it (never above its top edge, so the title bar can be grabbed) and the UI scale follows the
screen's height. Both are written to the settings, and later launches reuse what the player
last had (a resized window is remembered too).
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.ui.app.settings import Settings

FILL = 0.9
"""Share of the desktop's width and height a first window takes."""
TITLE_BAR = 32
"""Room kept above the window for the system's title bar (pixels)."""
TASKBAR = 40
"""Room kept below a window on a small screen for a task bar or dock (pixels)."""
SMALL = (1440, 900)
"""Desktops up to this size get a window as large as fits (bigger ones: FILL of them)."""
MIN_SIZE = (1024, 640)
REFERENCE_HEIGHT = 900
"""A screen this tall gets UI scale 1; taller screens scale up in steps of 0.25."""


@dataclass(frozen=True, slots=True)
class Placement:
    """A window's size and top-left corner on the desktop."""

    size: tuple[int, int]
    position: tuple[int, int]


def first_placement(desktop: tuple[int, int]) -> Placement:
    """A large window fully on ``desktop``: most of it, centred, its top at least a title bar down."""
    dw, dh = desktop
    fill_w = dw if dw <= SMALL[0] else round(dw * FILL)  # a laptop screen: all of its width
    fill_h = dh - TITLE_BAR - TASKBAR if dh <= SMALL[1] else round(dh * FILL)
    w = min(dw, max(min(MIN_SIZE[0], dw), fill_w))
    h = min(dh - TITLE_BAR, max(min(MIN_SIZE[1], dh - TITLE_BAR), fill_h))
    x = (dw - w) // 2
    y = max(TITLE_BAR, (dh - h) // 2)
    return Placement((w, h), (x, max(0, min(y, dh - h))))


def scale_for(desktop: tuple[int, int]) -> float:
    """The default UI scale for a screen: 1 up to 900 px tall, then in steps of 0.25, at most 2."""
    steps = round((desktop[1] / REFERENCE_HEIGHT) * 4) / 4
    return min(2.0, max(1.0, steps))


def fit_on(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """``size`` shrunk to fit the desktop below a title bar."""
    return min(size[0], desktop[0]), min(size[1], max(1, desktop[1] - TITLE_BAR))


def first_launch_settings(settings: Settings, desktop: tuple[int, int]) -> Settings:
    """The settings of a first launch: the window fitted to the desktop, the UI scale to the screen."""
    return settings.with_(window_size=first_placement(desktop).size, ui_scale=scale_for(desktop))
