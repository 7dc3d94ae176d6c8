"""Words that fit the moment (issue 26 §8): each side's Naval phase speaks of its own ports, a Rail phase with nobody
to move says so, and the computer's reasoning comes in a box the size of what it says (R8, R9)."""

from __future__ import annotations

import pygame
import pytest

from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.game_client import GameClient
from malaya.ui.battle.panels import phase_panel
from malaya.ui.battle.panels.phase_panel import PanelContext
from malaya.ui.dialogs.text import TextOverlay
from tests.ui.client_driver import Driver


def _lines_at(client: GameClient, phase: Phase, side: Side) -> list[str]:
    """The phase panel's lines once the game reaches ``side``'s ``phase`` (phases ended through the gate)."""
    while not (client.state.phase is phase and client.state.side is side):
        assert client.submit(EndPhase(side=client.state.side)) is None
    lines, _ = phase_panel._DRAWERS[phase](PanelContext(client, None, False, (0, 0)))
    return [text for text, _ in lines]


@pytest.mark.slow
def test_the_commonwealth_naval_phase_speaks_of_its_ports_not_of_the_japanese_box(driver: Driver) -> None:
    """Given the CW Naval phase of turn 1 (R9), then its panel never sends the player to the Japanese off-map box."""
    client = driver.new_game("hotseat", 1).client
    jp = _lines_at(client, Phase.NAVAL, Side.JP)
    assert any("Japanese off-map box" in line for line in jp)
    cw = _lines_at(client, Phase.NAVAL, Side.CW)
    assert not any("off-map box" in line for line in cw)
    assert any(("port" in line or "None of your units can sail" in line) for line in cw)


@pytest.mark.slow
def test_a_rail_phase_with_nobody_to_move_says_so_and_points_to_end_phase(driver: Driver, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Given a Rail phase in which no unit may move by rail (R8), then the panel says nobody can and to end the phase,
    instead of asking to select an outlined unit."""
    client = driver.new_game("hotseat", 1).client
    lines = _lines_at(client, Phase.RAIL, Side.JP)
    able = bool(client.available_units())
    assert any("select one" in line for line in lines) is able
    monkeypatch.setattr(GameClient, "available_units", lambda self: frozenset())
    lines, _ = phase_panel._DRAWERS[Phase.RAIL](PanelContext(client, None, False, (0, 0)))
    words = [text for text, _ in lines]
    assert words[-1] == "None of your units can move by rail now: End Phase goes on to Combat."


def test_five_lines_of_reasoning_come_in_a_small_box_and_a_long_one_fills_the_window() -> None:
    """Given the computer's reasoning of five short lines, then its box is far smaller than the window; given two
    hundred lines, the box takes the window's height and scrolls."""
    pygame.init()
    pygame.display.set_mode((1280, 720))
    window = pygame.Rect(0, 0, 1280, 720)
    short = TextOverlay("Computer's reasoning (last player-turn)",
                        ["Turn 1, Japanese:", "  The plan:", "    Take Jitra.", "  Attack 1: Jitra", "  done"])
    box = short.box(window)
    assert box.height < 250 and box.width < 900 and window.contains(box)
    long = TextOverlay("Computer's reasoning (last player-turn)", [f"line {i}" for i in range(200)])
    assert long.box(window).height == window.height - 80


@pytest.mark.slow
def test_the_dice_ledger_button_names_the_key_it_is_bound_to(driver: Driver) -> None:
    """Given the Combat phase and the Dice Ledger bound to L in Settings → Keys, then its button says L, not D."""
    client = driver.new_game("hotseat", 1).client
    while client.state.phase is not Phase.COMBAT:
        assert client.submit(EndPhase(side=client.state.side)) is None
    _, rows = phase_panel._DRAWERS[Phase.COMBAT](PanelContext(client, None, False, (0, 0), "L"))
    assert [label for row in rows for label, _, _ in row] == ["Dice Ledger (L)"]
