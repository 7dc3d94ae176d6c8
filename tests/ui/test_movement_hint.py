"""The Movement phase panel tells a new player how to move and take a move back (R7.6, issue 14 §1)."""

from __future__ import annotations

from malaya.engine.actions import EndPhase
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.ui.battle.panels import phase_panel
from malaya.ui.battle.panels.phase_panel import MOVE_HINT, PanelContext
from tests.ui.client_driver import Driver


def _movement_lines(driver: Driver, side: Side) -> list[str]:
    """The Movement panel's lines for ``side`` in a hotseat game (phases ended through the gate)."""
    client = driver.new_game("hotseat", 1).client
    while not (client.state.phase is Phase.MOVEMENT and client.state.side is side):
        assert client.submit(EndPhase(side=client.state.side)) is None
    lines, _ = phase_panel._DRAWERS[Phase.MOVEMENT](PanelContext(client, None, False, (0, 0)))
    return [text for text, _ in lines]


def test_given_the_japanese_movement_phase_then_the_panel_says_how_to_move_and_undo(driver: Driver) -> None:
    # given Japan's Movement phase (it used to show no panel at all)
    lines = _movement_lines(driver, Side.JP)
    # then the panel says to click a unit, then a highlighted hex, and how a move is taken back (R7.6)
    assert lines == [MOVE_HINT]
    assert "highlighted hex" in MOVE_HINT and "takes its move back" in MOVE_HINT


def test_given_the_commonwealth_movement_phase_then_the_hint_comes_before_the_bridges(driver: Driver) -> None:
    lines = _movement_lines(driver, Side.CW)
    assert lines[0] == MOVE_HINT and lines[1].startswith("Bridges you may demolish now:")
