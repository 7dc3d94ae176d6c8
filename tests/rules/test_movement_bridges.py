"""Bridge demolition by CW and repair by JP (R7.7)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from malaya.engine import movement, rules
from malaya.engine.actions import DemolishBridge, EndPhase, MoveUnit
from malaya.engine.bridges import BridgeDemolished, BridgeRepaired
from malaya.engine.hexgrid import edge
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder


def _bridge() -> GameBuilder:
    """A strip of four hexes; a road bridge over a minor river between (1, 0) and (2, 0)."""
    return (GameBuilder(width=4, height=1).hexside((1, 0), (2, 0), "river_minor").road((0, 0), (1, 0), (2, 0), (3, 0))
            .at_phase(Phase.MOVEMENT, side="CW"))


def _demolish(game: Game) -> DemolishBridge:
    return DemolishBridge(side=Side.CW, a=game.hex(1, 0), b=game.hex(2, 0))


def _demolished(game: Game, state: GameState) -> GameState:
    return replace(state, demolished=frozenset({edge(game.hex(1, 0), game.hex(2, 0))}))


def test_cw_demolishes_a_bridge_whose_hexes_it_controls_outside_jp_zoc_R7_7() -> None:
    # given a bridge between two CW-controlled hexes, no JP unit near
    game = _bridge().unit("cw", "CW", at=(0, 0)).build()
    assert _demolish(game) in rules.legal_actions(game.gd, game.state)
    # when CW demolishes it
    outcome = rules.apply(game.gd, game.state, _demolish(game))
    # then the hexside is demolished and crossing it costs the river again
    assert edge(game.hex(1, 0), game.hex(2, 0)) in outcome.state.demolished
    assert BridgeDemolished(a=game.hex(1, 0), b=game.hex(2, 0)) in outcome.events
    # ½ road, then 1 clear + 1 river
    assert movement.reachable(game.gd, outcome.state, "cw")[game.hex(2, 0)].cost == Fraction(5, 2)


@pytest.mark.parametrize(
    ("builder_change", "code"),
    [
        (lambda b: b.siam((2, 0)), "not_cw_controlled"),
        (lambda b: b.unit("jp", "JP", at=(3, 0)), "in_enemy_zoc"),
    ],
)
def test_demolition_needs_both_hexes_cw_controlled_and_outside_jp_zoc_R7_7(builder_change, code: str) -> None:  # type: ignore[no-untyped-def]
    game = builder_change(_bridge().unit("cw", "CW", at=(0, 0))).build()
    rejection = rules.check(game.gd, game.state, _demolish(game))
    assert rejection is not None and rejection.code == code


def test_only_a_standing_bridge_can_be_demolished_R7_7() -> None:
    game = _bridge().hexside((0, 0), (1, 0), "river_minor").unit("cw", "CW", at=(3, 0)).build()
    # a river without a road is no bridge; a clear hexside with a road is no bridge either
    river_only = (GameBuilder(width=2, height=1).hexside((0, 0), (1, 0), "river_minor").unit("cw", "CW", at=(0, 0))
                  .at_phase(Phase.MOVEMENT, side="CW").build())
    demolish = DemolishBridge(side=Side.CW, a=river_only.hex(0, 0), b=river_only.hex(1, 0))
    no_bridge = rules.check(river_only.gd, river_only.state, demolish)
    assert no_bridge is not None and no_bridge.code == "not_a_bridge"
    road_only = rules.check(game.gd, game.state, DemolishBridge(side=Side.CW, a=game.hex(2, 0), b=game.hex(3, 0)))
    assert road_only is not None and road_only.code == "not_a_bridge"
    # and a demolished one cannot be demolished again
    again = rules.check(game.gd, _demolished(game, game.state), _demolish(game))
    assert again is not None and again.code == "already_demolished"


def test_only_cw_demolishes_bridges_R7_7() -> None:
    game = _bridge().unit("jp", "JP", at=(0, 0)).at_phase(Phase.MOVEMENT, side="JP").build()
    rejection = rules.check(game.gd, game.state, DemolishBridge(side=Side.JP, a=game.hex(1, 0), b=game.hex(2, 0)))
    assert rejection is not None and rejection.code == "cw_only"


def test_the_causeway_can_be_demolished_R7_7() -> None:
    game = (GameBuilder(width=2, height=1).hexside((0, 0), (1, 0), "causeway").road((0, 0), (1, 0)).rail((0, 0), (1, 0))
            .unit("cw", "CW", at=(0, 0)).at_phase(Phase.MOVEMENT, side="CW").build())
    assert rules.check(game.gd, game.state, DemolishBridge(side=Side.CW, a=game.hex(0, 0), b=game.hex(1, 0))) is None


def _end_player_turn(game: Game, state: GameState, side: Side) -> GameState:
    """Hook of the End phase, as run for ``side``'s player-turn."""
    return movement.on_end_of_player_turn(game.gd, replace(state, side=side))[0]


def test_a_jp_unit_beside_a_demolished_bridge_for_a_whole_jp_player_turn_repairs_it_R7_7() -> None:
    # given a demolished bridge and a JP unit in one of its two hexes when the CW player-turn ends
    game = _bridge().unit("jp", "JP", at=(2, 0)).build()
    state = _end_player_turn(game, _demolished(game, game.state), Side.CW)
    assert state.demolished  # not yet: the JP player-turn has not been held
    # when the JP player-turn ends with the unit still there, unmoved
    outcome = movement.on_end_of_player_turn(game.gd, replace(state, side=Side.JP))
    # then the bridge is repaired
    assert outcome[0].demolished == frozenset() and outcome[0].repairs == ()
    assert BridgeRepaired(a=game.hex(1, 0), b=game.hex(2, 0)) in outcome[1]


def test_repair_runs_in_the_end_phase_of_the_jp_player_turn_R7_7() -> None:
    # given the CW combat phase with a demolished bridge and a JP unit beside it
    game = _bridge().unit("jp", "JP", at=(2, 0)).at_phase(Phase.COMBAT, side="CW").build()
    state = _demolished(game, game.state)
    # when both player-turns are played by ending every phase
    while not (state.side is Side.CW and state.turn == 2):
        state = rules.apply(game.gd, state, EndPhase(side=state.side)).state
    # then the bridge stands again
    assert state.demolished == frozenset()


def test_a_unit_that_arrived_during_the_jp_player_turn_does_not_repair_R7_7() -> None:
    # given no JP unit beside the demolished bridge when the CW player-turn ends
    game = _bridge().unit("jp", "JP", at=(3, 0)).build()
    state = _end_player_turn(game, _demolished(game, game.state), Side.CW)
    # when a JP unit moves beside it in the JP Movement phase
    state = replace(state, side=Side.JP, turn=2)
    state = rules.apply(game.gd, state, MoveUnit(side=Side.JP, unit="jp", to=game.hex(2, 0))).state
    # then the end of the JP player-turn does not repair it
    assert _end_player_turn(game, state, Side.JP).demolished


def test_a_jp_unit_in_a_cw_zoc_does_not_repair_R7_7() -> None:
    # given a JP unit beside the demolished bridge, but in the ZOC of a CW unit
    game = _bridge().unit("jp", "JP", at=(2, 0)).unit("cw", "CW", at=(3, 0)).build()
    state = _end_player_turn(game, _demolished(game, game.state), Side.CW)
    assert _end_player_turn(game, state, Side.JP).demolished
