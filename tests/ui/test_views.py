"""Counter views built from engine state and unit definitions."""

from __future__ import annotations

from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, UnitState
from malaya.engine.unitdefs import UnitDef
from malaya.session.views import counter_views

REGIMENT = UnitDef(id="jp_11_inf", name="11th Infantry Regt", side="JP", nationality="Army", type="infantry",
                   size="III", attack=8, defense=6, movement=7, stacking=2, steps=2)
TANKS = UnitDef(id="jp_1_tank", name="1st Tank Regt", side="JP", nationality="Army", type="armor",
                size="III", attack=8, defense=4, movement=10, stacking=2, steps=2)
DEFS = {u.id: u for u in (REGIMENT, TANKS)}


def _state(*units: UnitState) -> GameState:
    """A movement-phase state with the given units."""
    return GameState(turn=1, side=Side.JP, phase=Phase.MOVEMENT, units=units, jp_control=frozenset())


def test_full_strength_units_show_full_factors() -> None:
    # given a full-strength regiment on the map
    state = _state(UnitState("jp_11_inf", Location.MAP, Hex(3, 4), steps=2))
    # when views are built
    (view,) = counter_views(DEFS, state)[Hex(3, 4)]
    # then it shows its full factors and 2 steps
    assert (view.attack, view.defense, view.movement, view.steps_left) == (8, 6, 7, 2)


def test_reduced_units_show_reduced_factors_and_keep_movement() -> None:
    # given a regiment down to one step, unsupplied
    state = _state(UnitState("jp_11_inf", Location.MAP, Hex(3, 4), steps=1, supplied=False))
    # when views are built
    (view,) = counter_views(DEFS, state)[Hex(3, 4)]
    # then attack and defense are halved rounded up, movement kept (R2.2), supply shown
    assert (view.attack, view.defense, view.movement, view.steps_left) == (4, 3, 7, 1)
    assert view.supplied is False


def test_units_off_the_map_have_no_view_and_stacks_keep_scenario_order() -> None:
    # given two units in one hex and one in the JP box
    state = _state(UnitState("jp_1_tank", Location.MAP, Hex(0, 0)),
                   UnitState("jp_11_inf", Location.MAP, Hex(0, 0)),
                   UnitState("jp_11_inf", Location.JP_BOX))
    # when views are built
    views = counter_views(DEFS, state)
    # then only the map hex has views, top unit first
    assert list(views) == [Hex(0, 0)]
    assert [v.unit_type for v in views[Hex(0, 0)]] == ["armor", "infantry"]
