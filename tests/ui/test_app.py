"""Headless screenshots, the start view, the phase bar and the client's heap."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.engine.board import Board
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.render.camera import Camera
from malaya.render.frame import View, render_screenshot
from malaya.render.geometry import hex_to_pixel
from malaya.render.phase_bar import BUTTON, BUTTON_DISABLED, draw_phase_bar
from malaya.render.viewpoints import center_on_place, start_view
from malaya.session.views import PhaseStatus
from tests.ui.fake_board import SINGAPORE, sample_views

STATUS = PhaseStatus(turn=1, date="8 Dec 1941", side=Side.JP, phase=Phase.MOVEMENT)


def test_render_screenshot_writes_a_png_of_the_requested_size(display: pygame.Surface, board: Board,
                                                              tmp_path: Path) -> None:
    # given the synthetic board and some counters
    for view in View:
        # when a screenshot is rendered
        out = render_screenshot(board, sample_views(), STATUS, tmp_path / f"{view.value}.png", size=(640, 400),
                                view=view)
        # then a PNG of that size exists
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert pygame.image.load(str(out)).get_size() == (640, 400)


def test_the_start_view_is_centred_on_the_northern_front(board: Board) -> None:
    # given a camera over the board, when the start view is applied
    cam = Camera((-10000.0, -10000.0, 10000.0, 10000.0), 800, 600)
    start_view(cam, board)
    # then the view centre is midway between Singora and Jitra
    (sx, sy), (jx, jy) = hex_to_pixel(board.place("Singora").hex), hex_to_pixel(board.place("Jitra").hex)
    cx, cy = cam.center()
    assert abs(cx - (sx + jx) / 2) < 1e-6 and abs(cy - (sy + jy) / 2) < 1e-6


def test_keypad_home_centres_on_singapore_or_does_nothing(board: Board) -> None:
    # given a camera, when centring on Singapore, then it is at the view centre
    cam = Camera((-10000.0, -10000.0, 10000.0, 10000.0), 800, 600)
    assert center_on_place(cam, board, "Singapore")
    assert cam.center() == hex_to_pixel(SINGAPORE)
    # and an unknown place leaves the view alone
    assert not center_on_place(cam, board, "Atlantis")
    assert cam.center() == hex_to_pixel(SINGAPORE)


def test_the_end_phase_button_looks_disabled_when_a_reason_is_given(display: pygame.Surface) -> None:
    # given a bar surface
    surface = pygame.Surface((1000, 60)).convert()
    # when drawn without and with a reason
    enabled = draw_phase_bar(surface, STATUS)
    enabled_colour = surface.get_at((enabled.left + 4, enabled.centery))[:3]
    blocked = PhaseStatus(1, "8 Dec 1941", Side.JP, Phase.MOVEMENT, end_phase_reason="Hex (3,4) is overstacked")
    disabled = draw_phase_bar(surface, blocked)
    disabled_colour = surface.get_at((disabled.left + 4, disabled.centery))[:3]
    # then the button is green, then grey
    assert enabled_colour == BUTTON and disabled_colour == BUTTON_DISABLED


@pytest.mark.slow
def test_the_loaded_game_definition_is_kept_out_of_full_garbage_collections() -> None:
    # given a client App that has not loaded its game definition yet
    import gc

    from malaya.ui.app.router import build
    from malaya.ui.app.stack import App

    class Definition:  # stands in for the GameDef: a long-lived object the collector tracks
        pass

    loads: list[Definition] = []
    app = App(lambda: loads.append(Definition()) or loads[-1], build)
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        # when the client first reads it
        first = app.gd
        # then the heap alive at that moment is frozen (gc.freeze), so full collections no longer
        # walk the definition and a frame does not stall when one runs; it is loaded only once
        assert gc.get_freeze_count() > 0
        assert app.gd is first and len(loads) == 1
    finally:
        gc.unfreeze()
