"""The Combat Panel's heading names the defender's place as a person writes it (issue 13 §3)."""

from __future__ import annotations

from malaya.engine.hexgrid import Hex
from malaya.ui.battle.panels.combat_panel import combat_title
from tests.bundled import bundled_game


def test_a_combat_on_a_town_is_at_it_and_one_beside_it_is_near_it_never_at_near() -> None:
    # given the campaign and the hex of Jitra and an unnamed hex beside it
    gd = bundled_game()
    jitra = gd.board.place("Jitra").hex
    beside: Hex = next(n for n in jitra.neighbors() if gd.board.on_map(n) and not gd.board.places_at(n))
    # then the heading is "Combat at Jitra" on the town and "Combat near <nearest town>" beside it
    assert combat_title(gd, jitra) == "Combat at Jitra"
    assert combat_title(gd, beside) == f"Combat {gd.place_name(beside)}"
    assert combat_title(gd, beside).startswith("Combat near ")
