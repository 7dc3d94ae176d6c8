"""Counters carry NATO type symbols, step pips and far-zoom markers (R2.1, R2.5; issue 15 §2)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.rules import start
from malaya.engine.sides import Side
from malaya.engine.unitdefs import UnitType
from malaya.render.camera import DEFAULT_ZOOM, ZOOM_LEVELS
from malaya.render.counters import (
    FACTOR_FRACTION,
    MIN_FACTOR_PX,
    counter_px,
    render_counter,
    step_pip_rects,
)
from malaya.render.markers import MARKER_PX, symbol_box
from malaya.render.side_palette import STANDARD
from malaya.render.unit_symbols import PAPER, UnitSymbol, draw_symbol, symbol_of
from malaya.session.presenter import replay_views
from malaya.session.views import CounterView

INK = (16, 16, 16)
CW = CounterView("6th Indian Bde", Side.CW, "Indian", "infantry", "X", 5, 6, 5, 2, 2, 2, unit_id="cw_6ind_bde")
JP = CounterView("11th Infantry Regt", Side.JP, "Army", "infantry", "III", 8, 6, 7, 2, 2, 2, unit_id="jp_11_inf")


def _symbol(symbol: UnitSymbol) -> tuple[pygame.Surface, pygame.Rect]:
    """The symbol drawn alone in a 60×40 paper box."""
    surf = pygame.Surface((80, 60))
    surf.fill(PAPER)
    box = pygame.Rect(10, 10, 60, 40)
    draw_symbol(surf, symbol, box, INK, 2)
    return surf, box


def _ink(surf: pygame.Surface, xy: tuple[int, int]) -> bool:
    """True when the pixel is the ink colour."""
    return tuple(surf.get_at(xy))[:3] == INK


def test_unit_types_map_to_symbols_and_a_role_replaces_them() -> None:
    # given the engine's unit types, then infantry and armour have their own symbols
    assert symbol_of(UnitType.INFANTRY.value) is UnitSymbol.INFANTRY
    assert symbol_of(UnitType.ARMOR.value) is UnitSymbol.ARMOUR
    # and a role given by the scenario's counters file is drawn instead of the type
    assert symbol_of("infantry", UnitSymbol.MACHINE_GUN) is UnitSymbol.MACHINE_GUN


def test_the_campaigns_views_carry_the_roles_of_its_counters_file(campaign: GameDef) -> None:
    # given the campaign's opening position
    state = start(campaign, new_game(campaign, ())).state
    # when the views of every counter are made
    roles = {v.unit_id: v.role for views in replay_views(campaign, state, None).values() for v in views}
    # then the volunteers and the fortress garrisons carry their roles, and a plain brigade none
    assert roles["cw_ssvf"] is UnitSymbol.VOLUNTEERS
    assert roles["cw_1malaya_bde"] is UnitSymbol.FORTRESS
    assert roles["cw_6ind_bde"] is None


def test_a_counter_with_a_role_draws_the_roles_symbol(display: pygame.Surface) -> None:
    # given the same brigade plain and as a machine-gun unit
    plain, mg = render_counter(CW, 60), render_counter(dataclasses.replace(CW, role=UnitSymbol.MACHINE_GUN), 60)
    # then the two counters differ (the machine-gun barrel)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(mg, "RGB")


def test_infantry_is_an_x_crossing_at_the_centre() -> None:
    surf, box = _symbol(UnitSymbol.INFANTRY)
    assert _ink(surf, box.center)


def test_armour_is_an_oval_with_an_empty_centre() -> None:
    surf, box = _symbol(UnitSymbol.ARMOUR)
    assert not _ink(surf, box.center)
    oval = box.inflate(-round(box.width * 0.3), -round(box.height * 0.36))
    assert _ink(surf, (oval.left, oval.centery))


def test_machine_gun_has_a_barrel_up_the_middle() -> None:
    surf, box = _symbol(UnitSymbol.MACHINE_GUN)
    assert _ink(surf, (box.centerx, box.top + box.height // 3))
    assert not _ink(surf, (box.left + 3, box.centery))  # the X, not a solid box


def test_volunteers_stand_on_a_heavy_bottom_bar() -> None:
    surf, box = _symbol(UnitSymbol.VOLUNTEERS)
    assert all(_ink(surf, (x, box.bottom - 3)) for x in range(box.left, box.right, 5))


def test_fortress_has_battlements_along_the_top() -> None:
    surf, box = _symbol(UnitSymbol.FORTRESS)
    row = [_ink(surf, (x, box.top + 1)) for x in range(box.left, box.right)]
    assert True in row and False in row  # merlons and notches alternate
    assert all(_ink(surf, (x, box.top + box.height // 3 - 1)) for x in range(box.left, box.right, 5))


def test_engineers_are_a_bar_on_three_legs_without_the_x() -> None:
    surf, box = _symbol(UnitSymbol.ENGINEERS)
    assert _ink(surf, (box.centerx, box.top + box.height // 3))
    assert _ink(surf, (box.centerx, box.centery + 2))
    assert not _ink(surf, (box.left + 2, box.top + 2))  # no X from the corner


def test_every_symbol_draws_a_different_picture() -> None:
    pictures = {s: pygame.image.tobytes(_symbol(s)[0], "RGB") for s in UnitSymbol}
    assert len(set(pictures.values())) == len(UnitSymbol)


def test_step_pips_show_steps_left_filled_and_lost_hollow_R2_1(display: pygame.Surface) -> None:
    # given a two-step brigade reduced to one step
    reduced = dataclasses.replace(CW, steps_left=1)
    surf = render_counter(reduced, 60)
    # then its first pip is solid ink and its second is hollow
    (full, left), (lost, gone) = step_pip_rects(reduced, 60)
    assert left and not gone
    assert _ink(surf, full.center)
    assert not _ink(surf, lost.center)


def test_factors_are_at_least_12_px_at_the_default_zoom() -> None:
    assert round(counter_px(DEFAULT_ZOOM) * FACTOR_FRACTION) >= MIN_FACTOR_PX == 12


def test_an_unknown_counter_is_hatched_and_differs_from_any_known_one_R2_5(display: pygame.Surface) -> None:
    hidden = dataclasses.replace(CW, hidden=True, unit_id="")
    surf = render_counter(hidden, 60)
    fill = STANDARD.unknown["CW"]
    colours = {tuple(surf.get_at((x, 58 - x // 3)))[:3] for x in range(4, 56)}
    assert fill in colours and len(colours) > 2  # the side colour crossed by darker hatching
    assert any(_ink(surf, (x, y)) for x in range(26, 35) for y in range(28, 40))  # the question mark


@pytest.mark.parametrize("zoom", [z for z in ZOOM_LEVELS if counter_px(z) < MARKER_PX])
def test_at_far_zoom_a_counter_is_a_side_shaped_marker_with_its_symbol(display: pygame.Surface,
                                                                       zoom: float) -> None:
    s = counter_px(zoom)
    jp, cw = render_counter(JP, s), render_counter(CW, s)
    # then Japan is a disc (transparent corners) and the Commonwealth a square (inked corners)
    assert jp.get_at((0, 0)).a == 0
    assert cw.get_at((0, 0)).a == 255 and tuple(cw.get_at((0, 0)))[:3] == INK
    # and both carry the infantry symbol's ink crossing on a paper box, framed in their side's colour
    for marker, view in ((jp, JP), (cw, CW)):
        box = symbol_box(s)
        assert tuple(marker.get_at(box.center))[:3] == INK
        assert tuple(marker.get_at((box.left + 1, box.centery - 1)))[:3] in (PAPER, INK)
        assert tuple(marker.get_at((s // 2, box.top - 1)))[:3] == STANDARD.fill(view.side, view.nationality, False)


def test_an_unknown_marker_has_no_symbol_box(display: pygame.Surface) -> None:
    s = counter_px(ZOOM_LEVELS[0])
    hidden = render_counter(dataclasses.replace(JP, hidden=True, unit_id=""), s)
    box = symbol_box(s)
    assert tuple(hidden.get_at((box.left + 1, box.top + 1)))[:3] != PAPER


def test_a_far_zoom_marker_rings_the_selected_unit_and_the_available_ones_R2_4(display: pygame.Surface) -> None:
    s = counter_px(ZOOM_LEVELS[0])
    plain = render_counter(CW, s)
    selected = render_counter(dataclasses.replace(CW, selected=True), s)
    available = render_counter(dataclasses.replace(CW, available=True), s)
    # then the outer edge is the selection colour, white, or the plain black frame
    assert tuple(selected.get_at((0, s // 2)))[:3] == STANDARD.selection
    assert tuple(available.get_at((0, s // 2)))[:3] == (250, 250, 250)
    assert tuple(plain.get_at((0, s // 2)))[:3] == INK
