"""A message-log line about a place is a link: clicking it centres the Tactical Map there (issue 13 §3)."""

from __future__ import annotations

import pytest

from malaya.engine.actions import EndPhase, MoveUnit
from malaya.engine.state import Phase
from malaya.render.geometry import hex_to_pixel
from tests.ui.client_driver import Driver


@pytest.mark.slow
def test_given_a_move_in_the_log_when_its_line_is_clicked_then_the_map_centres_on_where_the_unit_went(
        driver: Driver) -> None:
    # given a hotseat game in the JP movement phase where a unit has moved
    battle = driver.new_game("hotseat", 3)
    client = battle.client
    for _ in range(20):
        if client.state.phase is Phase.MOVEMENT:
            break
        assert battle.submit(EndPhase(side=client.state.side))
    move = next(a for a in client.legal() if isinstance(a, MoveUnit))
    assert battle.submit(move)
    line = client.log.lines[-1]
    assert line.hex == move.to and " moved " in line.text
    # and the map looks elsewhere
    battle.tactical.center_on(0, 0)
    driver.frames(1)
    # when the newest log line with that place is clicked
    rect = next(r for r, h in reversed(battle.hits.places) if h == move.to)
    driver.click(rect.center)
    # then the Tactical Map is centred on the hex the line is about
    x0, y0, x1, y1 = battle.tactical.visible_world()
    wx, wy = hex_to_pixel(move.to)
    assert abs((x0 + x1) / 2 - wx) < 1 and abs((y0 + y1) / 2 - wy) < 1
    assert not battle.show_strategic
