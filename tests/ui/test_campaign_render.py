"""The whole campaign map renders headless to a PNG with the opening forces on it (issue 2 §7)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from malaya.engine.board import Terrain
from malaya.engine.hexgrid import Hex
from malaya.render.counters import NATIONALITY_COLORS
from malaya.render.frame import Frame, View, render_screenshot
from malaya.render.geometry import hex_to_pixel
from malaya.render.palette import TERRAIN_COLORS
from malaya.resources import scenario_file
from malaya.session.presenter import Presenter

SIZE = (1600, 1000)


@pytest.fixture(scope="module")
def presenter() -> Presenter:
    return Presenter.open(scenario_file())


def _screen_point(presenter: Presenter, h: Hex) -> tuple[int, int]:
    """Where hex ``h``'s centre lands in a full-map screenshot of SIZE (same camera as render_screenshot)."""
    frame = Frame(presenter.board, SIZE)
    frame.camera.fit()
    x, y = frame.camera.world_to_screen(*hex_to_pixel(h))
    return int(x), int(y + SIZE[1] - frame.camera.height)


def _near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.slow
def test_full_campaign_map_screenshot_shows_terrain_and_opening_counters(
    presenter: Presenter, display: pygame.Surface, tmp_path: Path
) -> None:
    # given the bundled campaign at its opening position
    board = presenter.board
    # when the whole map is rendered headless
    out = render_screenshot(board, presenter.views(), presenter.status(), tmp_path / "full.png", size=SIZE)
    image = pygame.image.load(str(out))
    # then the PNG has the requested size
    assert image.get_size() == SIZE
    # and open sea far from any coast is drawn in the sea colour
    sea = next(h for h, t in sorted(board.terrain.items())
               if t is Terrain.SEA and all(board.terrain.get(n, Terrain.SEA) is Terrain.SEA
                                           for n in h.neighbors()))
    assert _near(tuple(image.get_at(_screen_point(presenter, sea))), TERRAIN_COLORS[Terrain.SEA])
    # and land hexes of many terrain types are visible: the map is not blank
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, SIZE[0], 7) for y in range(40, SIZE[1], 7)}
    for terrain in (Terrain.JUNGLE, Terrain.MOUNTAIN, Terrain.PLANTATION):
        assert any(_near(c, TERRAIN_COLORS[terrain], 12) for c in colours), terrain
    # and the CW brigades at Jitra stand on their hex as Indian counters (R2.1, R17)
    jitra = board.place("Jitra").hex
    views = presenter.views()[jitra]
    assert [v.nationality for v in views] == ["Indian", "Indian"]
    x, y = _screen_point(presenter, jitra)
    indian = NATIONALITY_COLORS["indian"]
    patch = [tuple(image.get_at((x + dx, y + dy)))[:3] for dx in range(-6, 7) for dy in range(-6, 7)]
    assert any(_near(c, indian, 30) for c in patch)


def test_opening_view_screenshot_is_written_at_the_requested_size(
    presenter: Presenter, display: pygame.Surface, tmp_path: Path
) -> None:
    out = render_screenshot(presenter.board, presenter.views(), presenter.status(), tmp_path / "start.png",
                            size=(800, 600), view=View.START)
    assert pygame.image.load(str(out)).get_size() == (800, 600)
