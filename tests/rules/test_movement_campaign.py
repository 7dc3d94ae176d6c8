"""Movement on the campaign map: the opening position (R5, R7, R17)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.movement import reachable
from malaya.engine.placement import resolve_at
from malaya.engine.state import GameState, Phase
from malaya.engine.zoc import zoc_hexes
from tests.bundled import bundled_game


@lru_cache(maxsize=1)
def _campaign() -> tuple[GameDef, GameState]:
    gd = bundled_game()
    return gd, replace(rules.start(gd, new_game(gd, ())).state, phase=Phase.MOVEMENT)


def test_the_jp_tank_regiment_at_hat_yai_drives_down_the_trunk_road_toward_jitra_R5_2() -> None:
    # given the opening position in the JP turn-1 Movement phase
    gd, state = _campaign()
    routes = reachable(gd, state, "jp_1_tank")
    changlun = resolve_at(gd.board, "Changlun")
    # then the tank reaches Changlun on the road at 1/2 MP per hex
    assert routes[changlun].cost == Fraction(len(routes[changlun].path) - 1, 2)
    # and never enters Jitra, held by the 11th Indian Division (R7.2)
    assert resolve_at(gd.board, "Jitra") not in routes
    # and every route stops at the first CW ZOC hex it enters (R6.2)
    cw_zoc = zoc_hexes(gd, state, gd.side_of("cw_6ind_bde"))
    assert all(h not in cw_zoc for r in routes.values() for h in r.path[1:-1])


def test_every_generated_move_of_the_opening_is_legal_and_applies_R7_1() -> None:
    gd, state = _campaign()
    actions = [a for a in rules.legal_actions(gd, state) if isinstance(a, MoveUnit)]
    assert len(actions) > 100
    for action in actions[::25]:
        moved = rules.apply(gd, state, action).state
        assert moved.units[gd.unit_index[action.unit]].hex == action.to
