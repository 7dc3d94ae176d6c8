"""Issue 13 §4: the first window fits the desktop, large and fully on it; the UI scale follows the screen."""

from __future__ import annotations

import pygame
import pytest

from malaya.ui.app.loop import make_app, remember_window
from malaya.ui.app.settings import Settings, load_settings, settings_path
from malaya.ui.app.window import first_placement, fit_on, scale_for


@pytest.fixture(autouse=True)
def _scale_back() -> object:
    """Starting a client sets the UI scale; later tests get scale 1 back."""
    from malaya.ui.widgets.kit import set_ui_scale

    yield
    set_ui_scale(1.0)


DESKTOPS = [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160), (1024, 600)]


@pytest.mark.parametrize("desktop", DESKTOPS)
def test_a_first_window_is_large_and_fully_on_the_desktop_below_its_top_edge(desktop: tuple[int, int]) -> None:
    # given a desktop, when the first window is placed
    placed = first_placement(desktop)
    (w, h), (x, y) = placed.size, placed.position
    # then it lies fully on the desktop, never above its top edge
    assert x >= 0 and y >= 0 and x + w <= desktop[0] and y + h <= desktop[1]
    # and it is large: at least four fifths of the desktop each way
    assert w >= 0.8 * desktop[0] and h >= 0.8 * desktop[1]


@pytest.mark.parametrize(("desktop", "scale"), [((1280, 720), 1.0), ((1366, 768), 1.0), ((1920, 1080), 1.25),
                                                 ((2560, 1440), 1.5), ((3840, 2160), 2.0)])
def test_the_default_ui_scale_grows_with_the_screen(desktop: tuple[int, int], scale: float) -> None:
    # given a screen size, when the default scale is chosen, then bigger screens get bigger text
    assert scale_for(desktop) == scale


def test_a_remembered_window_too_big_for_this_desktop_is_shrunk_to_fit() -> None:
    # given a window size remembered from a larger screen, when opened on a small one, then it fits
    assert fit_on((2560, 1440), (1366, 768)) == (1366, 768 - 32)


def test_the_first_launch_writes_a_desktop_sized_window_and_scale_to_the_settings() -> None:
    # given no settings file yet (the private config folder of this test)
    assert not settings_path().exists()
    # when the client starts
    app = make_app(lambda: pytest.fail("the game definition is not needed"))  # type: ignore[arg-type,return-value]
    # then the settings hold a window fitted to the (dummy) desktop and are saved for next time
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.settings.window_size == first_placement(desktop).size
    assert app.settings.ui_scale == scale_for(desktop)
    assert load_settings()[0] == app.settings


def test_a_second_launch_keeps_what_the_player_chose() -> None:
    # given saved settings with a chosen window and scale
    from malaya.ui.app.settings import save_settings

    save_settings(Settings().with_(window_size=(1111, 777), ui_scale=1.75))
    # when the client starts again, then they are kept
    app = make_app(lambda: pytest.fail("not needed"))  # type: ignore[arg-type,return-value]
    assert app.settings.window_size == (1111, 777) and app.settings.ui_scale == 1.75


def test_a_window_resized_by_the_player_is_remembered() -> None:
    # given a running client
    app = make_app(lambda: pytest.fail("not needed"))  # type: ignore[arg-type,return-value]
    # when the window is resized
    remember_window(app, pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1500, y=900))
    # then the new size is in the saved settings
    assert load_settings()[0].window_size == (1500, 900)


@pytest.mark.parametrize("desktop", DESKTOPS)
def test_the_window_is_asked_to_open_fully_on_the_desktop(desktop: tuple[int, int],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # given a window size fitted to a desktop, when the window position is chosen
    from malaya.ui.app.loop import WINDOW_POS_ENV, place_window

    monkeypatch.delenv(WINDOW_POS_ENV, raising=False)
    size = first_placement(desktop).size
    place_window(size, desktop)
    x, y = (int(v) for v in __import__("os").environ[WINDOW_POS_ENV].split(","))
    # then SDL is asked for a position with the whole window on the desktop, never above its top
    assert 0 <= x and 0 <= y and x + size[0] <= desktop[0] and y + size[1] <= desktop[1]


@pytest.mark.parametrize(("chosen", "window", "used"), [(2.0, (1280, 720), 1.0), (2.0, (1920, 1080), 1.5),
                                                        (1.25, (1920, 1080), 1.25), (0.75, (1280, 720), 0.75),
                                                        (2.0, (3840, 2160), 2.0)])
def test_the_ui_scale_in_use_is_what_the_window_has_room_for(chosen: float, window: tuple[int, int],
                                                             used: float) -> None:
    # given a chosen UI scale and a window, then the scale used never exceeds the room (1280x720 per step of 1)
    from malaya.ui.widgets.kit import fitted_scale

    assert fitted_scale(chosen, window) == used


def test_the_settings_page_says_when_the_window_is_too_small_for_the_chosen_scale() -> None:
    # given UI scale 2 chosen but 1.5 in use, then the settings page names both
    from malaya.ui.screens.settings import scale_label
    from malaya.ui.widgets.kit import set_ui_scale

    set_ui_scale(1.5)
    assert scale_label(2.0) == "2× (1.5× fits)"
    set_ui_scale(2.0)
    assert scale_label(2.0) == "2×"
