"""Supply (RULES R10, R6.4): tracing, sources, status of both sides, attrition; campaign sanity."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from malaya.engine import rules, supply
from malaya.engine.board import SeaArea
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.ruleset import modified_ma
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, UnitState
from malaya.engine.supply import AttritionLoss, SupplyDetermined
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game

ROAD_ROW = tuple((c, 3) for c in range(8))
ISLAND_SEA = ((2, 1), (2, 2), (3, 0), (4, 1), (4, 2))
"""Sea around cell (3, 1): its only land neighbour is (3, 2), next to the road on row 3."""


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


def unit(game: Game | tuple[GameDef, GameState], unit_id: str) -> UnitState:
    gd, state = (game.gd, game.state) if isinstance(game, Game) else game
    return state.units[gd.unit_index[unit_id]]


def run_supply(game: Game) -> tuple[GameState, list]:
    """Run the automatic Supply phase hook on the built state."""
    return supply.on_supply_phase(game.gd, game.state)


def supplied_after(game: Game, unit_id: str) -> bool:
    state, _ = run_supply(game)
    return state.units[game.gd.unit_index[unit_id]].supplied


def road_game(unit_at: tuple[int, int], *, width: int = 12, **unit_kw: object) -> GameBuilder:
    """A CW depot at (0, 4) with a road to (1, 4); one CW unit."""
    return (GameBuilder(width=width, height=9)
            .place("depot", (0, 4), supply_source=Side.CW)
            .road((0, 4), (1, 4))
            .unit("cw", "CW", at=unit_at, **unit_kw))


def island_game() -> GameBuilder:
    """A CW unit at (3, 1) whose only way out is (3, 2); a CW depot at (7, 3) on a road along row 3."""
    b = GameBuilder(width=8, height=5).place("depot", (7, 3), supply_source="CW").road(*ROAD_ROW)
    for cell in ISLAND_SEA:
        b.terrain(cell, "sea")
    return b.unit("cw", "CW", at=(3, 1))


# --- R10.4 supply lines ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_unit_four_hexes_overland_from_a_connected_road_hex_is_supplied_R10_4() -> None:
    # given a unit exactly 4 hexes from the end of a road leading to a source
    game = road_game((5, 4)).build()
    # when the Supply phase runs / then it is supplied
    assert supplied_after(game, "cw")


def test_a_unit_five_hexes_overland_from_the_road_is_unsupplied_R10_4() -> None:
    game = road_game((6, 4)).build()
    assert not supplied_after(game, "cw")


def test_the_road_part_of_a_supply_line_may_be_of_any_length_R10_4() -> None:
    # given a 12-hex road from the source and a unit one hex off its far end
    game = (GameBuilder(width=12, height=6).place("depot", (0, 2), supply_source="CW")
            .road(*[(c, 2) for c in range(12)]).unit("cw", "CW", at=(11, 3)).build())
    assert supplied_after(game, "cw")


def test_rail_connections_carry_supply_like_roads_R10_4() -> None:
    game = (GameBuilder(width=12, height=6).place("depot", (0, 2), supply_source="CW")
            .rail(*[(c, 2) for c in range(12)]).unit("cw", "CW", at=(11, 3)).build())
    assert supplied_after(game, "cw")


def test_the_road_part_runs_only_through_friendly_controlled_hexes_R10_4() -> None:
    # given a road whose third hex is JP-controlled (but empty)
    game = (GameBuilder(width=12, height=6).place("depot", (0, 2), supply_source="CW")
            .road(*[(c, 2) for c in range(12)]).siam((3, 2)).unit("cw", "CW", at=(11, 2)).build())
    # then the line cannot pass it and the unit, far beyond, is unsupplied
    assert not supplied_after(game, "cw")


def test_a_demolished_bridge_cuts_the_road_part_R10_4_R7_7() -> None:
    # given a road bridge over a river between (2, 2) and (3, 2)
    b = (GameBuilder(width=12, height=6).place("depot", (0, 2), supply_source="CW")
         .road(*[(c, 2) for c in range(12)]).hexside((2, 2), (3, 2), "river_minor")
         .unit("cw", "CW", at=(11, 2)))
    game = b.build()
    assert supplied_after(game, "cw")
    # when the bridge is demolished
    cut = replace(game.state, demolished=frozenset({tuple(sorted((game.hex(2, 2), game.hex(3, 2))))}))
    # then the unit, more than 4 hexes beyond it, is unsupplied
    state, _ = supply.on_supply_phase(game.gd, cut)
    assert not unit((game.gd, state), "cw").supplied


def test_a_supply_line_may_not_cross_a_strait_hexside_R10_4() -> None:
    # given the unit's only land neighbour lies across a strait
    game = island_game().hexside((3, 1), (3, 2), "strait").build()
    # then it is unsupplied although the road is two hexes away
    assert not supplied_after(game, "cw")
    assert supplied_after(island_game().build(), "cw")


def test_a_supply_line_may_not_cross_an_all_sea_hexside_R10_4() -> None:
    game = island_game().hexside((3, 1), (3, 2), "sea").build()
    assert not supplied_after(game, "cw")


def test_the_overland_part_uses_only_terrain_the_units_type_may_enter_R10_4() -> None:
    # given the only way out is a jungle hex, prohibited to armor (R5.1)
    game = (island_game().terrain((3, 2), "jungle")
            .unit("cw_tank", "CW", at=(3, 1), type="armor", stacking=1).build())
    state, _ = run_supply(game)
    # then the infantry is supplied, the armor is not
    assert unit((game.gd, state), "cw").supplied
    assert not unit((game.gd, state), "cw_tank").supplied


def test_an_overland_line_may_not_pass_an_ezoc_hex_without_a_friendly_unit_R6_4() -> None:
    # given a JP unit at (2, 3) whose ZOC covers the connector hex (3, 2)
    game = island_game().unit("jp", "JP", at=(2, 3)).build()
    # then the isolated unit is unsupplied
    assert not supplied_after(game, "cw")
    # but with a CW unit standing in (3, 2) the line passes
    held = island_game().unit("jp", "JP", at=(2, 3)).unit("cw_b", "CW", at=(3, 2)).build()
    assert supplied_after(held, "cw")


def test_the_road_part_may_not_pass_an_ezoc_hex_without_a_friendly_unit_R6_4() -> None:
    # given a JP unit at (3, 3), next to road hexes (2, 4), (3, 4) and (4, 4)
    b = road_game((11, 4)).road(*[(c, 4) for c in range(12)]).unit("jp", "JP", at=(3, 3))
    assert not supplied_after(b.build(), "cw")
    # when CW units hold every road hex in that EZOC
    for i, cell in enumerate(((2, 4), (3, 4), (4, 4))):
        b.unit(f"cw_{i}", "CW", at=cell, stacking=1)
    # then the road part passes and the unit at the far end is supplied
    assert supplied_after(b.build(), "cw")


def test_a_supply_line_may_not_enter_an_enemy_occupied_hex_R10_4() -> None:
    # given a JP unit standing in the connector hex itself
    game = island_game().unit("jp", "JP", at=(3, 2)).build()
    assert not supplied_after(game, "cw")


def test_a_unit_within_reach_of_a_source_without_roads_is_supplied_R10_4() -> None:
    # given a source with no road at all, a unit 4 hexes away and one 5 hexes away
    game = (GameBuilder(width=10, height=4).place("depot", (0, 1), supply_source="CW")
            .unit("near", "CW", at=(4, 1)).unit("far", "CW", at=(5, 1)).build())
    state, _ = run_supply(game)
    assert unit((game.gd, state), "near").supplied
    assert not unit((game.gd, state), "far").supplied


# --- R10.3 sources ---------------------------------------------------------------------------


def test_jp_is_supplied_from_its_north_edge_sources_R10_3() -> None:
    # given a JP source on the north edge and a road through JP-controlled hexes
    game = (GameBuilder(width=8, height=8).siam((0, 0), (1, 0), (1, 1), (1, 2))
            .place("north edge", (0, 0), supply_source="JP")
            .road((0, 0), (1, 0), (1, 1), (1, 2)).unit("jp", "JP", at=(2, 5)).build())
    assert supplied_after(game, "jp")


def test_jp_is_supplied_from_a_jp_controlled_east_port_R10_3() -> None:
    game = (GameBuilder(width=8, height=6).siam((5, 2))
            .place("east port", (5, 2), port=True, sea_area=SeaArea.EAST).unit("jp", "JP", at=(5, 2)).build())
    assert supplied_after(game, "jp")


def test_a_jp_west_port_supplies_only_once_west_coast_shipping_is_captured_R10_3() -> None:
    # given a JP unit on a JP-controlled West-coast port, the shipping not captured
    game = (GameBuilder(width=8, height=6).siam((5, 2))
            .place("west port", (5, 2), port=True, sea_area=SeaArea.WEST).unit("jp", "JP", at=(5, 2))
            .at_phase(Phase.SUPPLY, turn=5).build())
    assert not supplied_after(game, "jp")
    # when the shipping was captured for turn 5
    captured = Game(game.gd, replace(game.state, west_shipping_turn=5))
    # then the port is a source
    assert supplied_after(captured, "jp")


def test_cw_is_supplied_from_its_ports_and_singapore_fortress_hexes_R10_3() -> None:
    game = (GameBuilder(width=10, height=6).place("port", (1, 1), port=True, sea_area=SeaArea.WEST)
            .terrain((8, 4), "fortress").unit("at_port", "CW", at=(4, 1)).unit("in_fortress", "CW", at=(8, 4))
            .build())
    state, _ = run_supply(game)
    assert unit((game.gd, state), "at_port").supplied
    assert unit((game.gd, state), "in_fortress").supplied


def test_an_enemy_controlled_source_supplies_nobody_R10_3() -> None:
    game = (GameBuilder(width=8, height=4).place("depot", (0, 1), supply_source="CW").siam((0, 1))
            .unit("cw", "CW", at=(2, 1)).build())
    assert not supplied_after(game, "cw")


# --- R3.1, R10.1, R10.2, R10.5 status -----------------------------------------------------------


def test_the_supply_phase_determines_supply_for_both_sides_R3_1() -> None:
    # given a JP player-turn, a supplied JP unit marked unsupplied and an unsupplied CW unit marked supplied
    game = (GameBuilder(width=10, height=6).siam((0, 0)).place("jp depot", (0, 0), supply_source="JP")
            .unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(8, 4)).build())
    state = game.state.with_units({game.gd.unit_index["jp"]: replace(unit(game, "jp"), supplied=False)})
    # when the Supply phase runs
    after, events = supply.on_supply_phase(game.gd, state)
    # then both statuses are brought up to date and the event lists them
    assert unit((game.gd, after), "jp").supplied and not unit((game.gd, after), "cw").supplied
    assert events[0] == SupplyDetermined(turn=1, side=Side.JP, became_supplied=("jp",), became_unsupplied=("cw",))


def test_supply_holds_until_the_next_supply_phase_R10_5() -> None:
    # given a unit found supplied
    game = road_game((3, 4)).build()
    state, _ = run_supply(game)
    # when it then stands out of supply (moved far away) in a later phase
    pos = game.gd.unit_index["cw"]
    moved = state.with_units({pos: replace(state.units[pos], hex=game.hex(11, 8))})
    # then it stays supplied until the next Supply phase, which finds it unsupplied
    assert moved.units[pos].supplied
    again, _ = supply.on_supply_phase(game.gd, moved)
    assert not again.units[pos].supplied


def test_unsupplied_units_have_their_movement_allowance_halved_R10_2_R7_3() -> None:
    game = road_game((11, 8), movement=7).build()
    state, _ = run_supply(game)
    u = unit((game.gd, state), "cw")
    assert modified_ma(game.gd.scenario.ruleset.movement, 7, supplied=u.supplied) == 3


def test_units_off_the_map_are_ignored_by_the_supply_phase_R10() -> None:
    game = GameBuilder().unit("jp_box", "JP", at=None).build()
    state, events = run_supply(game)
    assert unit((game.gd, state), "jp_box") == unit(game, "jp_box")
    assert events == [SupplyDetermined(turn=1, side=Side.JP)]


def test_the_automatic_supply_phase_never_creates_a_chance_node_R3_1() -> None:
    # given an unsupplied unit due to lose a step, at the start of a JP player-turn
    game = GameBuilder().unit("jp", "JP", at=(3, 3)).at_phase(Phase.SUPPLY).build()
    pos = game.gd.unit_index["jp"]
    state = game.state.with_units({pos: replace(game.state.units[pos], supplied=False, unsupplied_turns=2)})
    # when the engine runs the phase
    outcome = rules.start(game.gd, state)
    # then attrition was applied without any die and play goes on in Reinforcement
    assert outcome.state.pending is None and outcome.state.phase is Phase.REINFORCEMENT
    assert AttritionLoss(unit="jp", steps_lost=1, eliminated=False) in outcome.events


# --- R10.6 attrition -----------------------------------------------------------------------------


def isolated(side: str = "JP", **kw: object) -> Game:
    """A unit with no source anywhere, in its own Supply phase."""
    return GameBuilder().unit("u", side, at=(3, 3), **kw).at_phase(Phase.SUPPLY, side=side).build()


def supply_turns(game: Game, n: int) -> tuple[GameState, list]:
    """Run the Supply phase of ``n`` consecutive own player-turns (nothing else changes)."""
    state, events = game.state, []
    for _ in range(n):
        state, more = supply.on_supply_phase(game.gd, state)
        events += more
    return state, events


def test_a_unit_unsupplied_at_the_start_of_three_own_player_turns_loses_one_step_R10_6() -> None:
    game = isolated()
    two, _ = supply_turns(game, 2)
    assert unit((game.gd, two), "u").steps == 2 and unit((game.gd, two), "u").unsupplied_turns == 2
    three, events = supply_turns(game, 3)
    assert unit((game.gd, three), "u").steps == 1
    assert AttritionLoss(unit="u", steps_lost=1, eliminated=False) in events


def test_the_attrition_count_restarts_after_a_step_is_lost_R10_6() -> None:
    game = isolated()
    five, _ = supply_turns(game, 5)
    assert unit((game.gd, five), "u").steps == 1
    six, _ = supply_turns(game, 6)
    assert unit((game.gd, six), "u").location is Location.ELIMINATED


def test_a_one_step_unit_losing_its_step_to_attrition_is_eliminated_R10_6_R2_3() -> None:
    game = isolated(steps=1)
    state, events = supply_turns(game, 3)
    u = unit((game.gd, state), "u")
    assert u.location is Location.ELIMINATED and u.steps == 0 and u.hex is None
    assert AttritionLoss(unit="u", steps_lost=1, eliminated=True) in events


def test_being_supplied_resets_the_attrition_count_R10_6() -> None:
    game = road_game((3, 4)).at_phase(Phase.SUPPLY, side="CW").build()
    pos = game.gd.unit_index["cw"]
    state = game.state.with_units({pos: replace(game.state.units[pos], supplied=False, unsupplied_turns=2)})
    after, _ = supply.on_supply_phase(game.gd, state)
    assert after.units[pos].unsupplied_turns == 0 and after.units[pos].steps == 2


def test_only_the_phasing_sides_units_advance_their_attrition_count_R10_6() -> None:
    # given an isolated CW unit during JP player-turns
    game = GameBuilder().unit("cw", "CW", at=(3, 3)).at_phase(Phase.SUPPLY, side="JP").build()
    state, _ = supply_turns(game, 4)
    # then its status is updated but its count is untouched
    assert not unit((game.gd, state), "cw").supplied
    assert unit((game.gd, state), "cw").unsupplied_turns == 0 and unit((game.gd, state), "cw").steps == 2


# --- campaign sanity ------------------------------------------------------------------------------


def test_at_the_opening_every_unit_of_both_sides_is_supplied_R10_R17() -> None:
    gd = campaign()
    state = rules.start(gd, new_game(gd, ())).state
    on_map = [u for u in state.units if u.on_map]
    assert len({gd.side_of(u.id) for u in on_map}) == 2
    assert [u.id for u in on_map if not u.supplied] == []
    assert supply.supplied_hexes(gd, state, Side.CW)  # the search found something to supply


def test_a_campaign_unit_deep_in_the_jungle_is_unsupplied_R10_4() -> None:
    # given the JP Takumi Detachment placed in a jungle hex far from any road of its side
    gd = campaign()
    state = new_game(gd, ())
    jp_reach = supply.supplied_hexes(gd, state, Side.JP)
    land = [h for h, t in gd.board.terrain.items() if t.value == "jungle"]
    far = next(h for h in sorted(land) if h not in jp_reach[next(iter(jp_reach))])
    pos = gd.unit_index["jp_56_inf"]
    moved = state.with_units({pos: replace(state.units[pos], location=Location.MAP, hex=far)})
    after, _ = supply.on_supply_phase(gd, moved)
    assert not after.units[pos].supplied
