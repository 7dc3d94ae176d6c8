"""What the map says about where the player points (issue 26 §6): the hovered hex follows the camera, a map tooltip
stays off the side panel, and in Demolish mode the bridges are drawn over the counters and name themselves (R7.7)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import DemolishBridge
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.render.highlights import hex_at
from malaya.render.marks import edge_midpoint
from malaya.session import phase_info as info
from malaya.ui.battle import drawing as battle_drawing
from tests.ui.client_driver import SIZE, Driver

SEED = 5


@pytest.mark.slow
def test_after_the_camera_scrolls_the_hovered_hex_is_the_one_now_under_the_resting_pointer(driver: Driver) -> None:
    """Given the pointer resting on a hex, when the keypad scrolls the map, then the hovered hex (the Hex panel's and
    the tooltip's) is the hex under the pointer now, not the one it was on before."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    pos = driver.hex_pos(Hex(12, 12))
    driver.hover(pos)
    assert battle.hover == Hex(12, 12)
    driver.key(pygame.K_KP6)
    m = battle.areas(SIZE)["map"]
    now_under = hex_at(battle.camera, (pos[0] - m.left, pos[1] - m.top))
    assert now_under != Hex(12, 12) and battle.hover == now_under


@pytest.mark.slow
def test_a_map_tooltip_at_the_panel_edge_stays_over_the_map(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the pointer resting on a hex at the map's right edge, beside the side panel, when the hex explains
    itself, then its tooltip lies wholly inside the map area (it never covers Roll Dice or the panel)."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT)
    battle.tips.hover.clock = lambda: driver.now
    m = battle.areas(SIZE)["map"]
    drawn: list[pygame.Rect] = []
    real = battle_drawing.draw_tooltip
    monkeypatch.setattr(battle_drawing, "draw_tooltip", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    driver.hover((m.right - 3, m.centery))
    driver.wait(1.0)
    driver.frames(1)
    assert drawn and m.contains(drawn[-1])
    driver.shot("map-tip-at-panel-edge")


@pytest.mark.slow
def test_in_demolish_mode_the_bridges_name_themselves_and_c_then_enter_blows_one(driver: Driver) -> None:
    """Given the CW Movement phase with bridges that may be blown (R7.7), when Demolish mode is armed, then the
    pointer on a bridge's ring gets the bridge's name and place; C puts the cursor on a bridge and Enter blows it."""
    driver.new_game("hotseat", SEED)
    battle = driver.skip_to(Phase.MOVEMENT, Side.CW)
    bridges = info.demolitions(battle.client)
    assert bridges
    battle.apply(battle.selection.demolish())  # the Demolish button arms the mode
    edge = (bridges[0].a, bridges[0].b)
    driver.hex_pos(edge[0])
    m = battle.areas(SIZE)["map"]
    x, y = battle.camera.world_to_screen(*edge_midpoint(edge))
    driver.hover((m.left + round(x), m.top + round(y)))
    tip = battle.map_tip(m)
    assert tip is not None and tip.startswith("The bridge ") and "demolish" in tip
    driver.shot("demolish-bridge-tip")
    driver.key(pygame.K_c)
    assert battle.cursor.bridge is not None
    blown = battle.cursor.bridge
    driver.key(pygame.K_RETURN)
    last = battle.client.match.log[-1]
    assert isinstance(last, DemolishBridge) and (last.a, last.b) == blown
