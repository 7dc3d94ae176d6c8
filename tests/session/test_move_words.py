"""A move's log line says its cost in movement points, not "MP" (issue 13 §3)."""

from __future__ import annotations

from fractions import Fraction

from malaya.engine.movement import UnitMoved
from malaya.session.words.narration import narrate
from tests.bundled import bundled_game


def test_given_moves_costing_one_and_four_and_a_half_then_the_log_writes_movement_points_out() -> None:
    # given the campaign's Jitra and two moves of 11th Infantry Regt onto it (R7.1)
    gd = bundled_game()
    jitra = gd.board.place("Jitra").hex
    moves = [UnitMoved(unit="jp_11_inf", path=(jitra,), cost=Fraction(1)),
             UnitMoved(unit="jp_11_inf", path=(jitra,), cost=Fraction(9, 2))]
    # when the log tells them
    texts = [line.text for line in narrate(gd, moves)]
    # then the cost is in words, singular for one point, with a half as ½
    assert texts == ["11th Infantry Regt (5th Div) moved to Jitra (1 movement point).",
                     "11th Infantry Regt (5th Div) moved to Jitra (4½ movement points)."]
