"""JP supply guard (issue 18 blunder 3): the JP weighs its supply line against the CW's next move.
A unit does not end where a CW stack could cut its line next turn without reason, and a spare unit
stands where it keeps the spearhead's line open: the CW can neither enter a JP-held hex nor move on
through its zone of control (R6.2, R7.2), and supply passes a JP-held hex in the CW's zone (R6.4, R10.4)."""

from __future__ import annotations

from malaya.ai.controller import AIController
from malaya.ai.levels import Behaviour, level
from malaya.ai.movement import best_destination
from malaya.ai.supply_guard import GUARD_PER_UNIT, RISK_COST, guard_score, guard_view
from malaya.engine.hexgrid import Hex
from malaya.engine.movement import reachable
from malaya.engine.state import Phase
from malaya.engine.unitdefs import UnitType
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(30))
SWAMP = ((3, 13), (3, 14), (3, 16), (3, 17), (4, 13), (4, 14), (4, 16), (5, 13), (5, 14), (5, 16), (6, 14),
         (6, 15), (6, 16), (4, 17), (5, 17))


def _spearhead(builder: GameBuilder, spare: tuple[int, int]) -> GameBuilder:
    # three JP regiments far down the road near the fortress, a spare one on the road behind
    return (builder.terrain((2, 29), "fortress").road(*ROAD).place("JP base", (2, 0), supply_source="JP")
            .unit("jp_a", "JP", at=(2, 27)).unit("jp_b", "JP", at=(2, 26)).unit("jp_c", "JP", at=(1, 26))
            .unit("jp_spare", "JP", at=spare).at_phase(Phase.MOVEMENT))


def _destination(game: Game, guard: bool = True, unit_id: str = "jp_spare") -> Hex | None:
    """Where the hard JP moves the unit, with the supply guard on or off."""
    bot = AIController("hard", game.state.side)
    ctx = bot._move_context(game.gd, game.state)
    routes = reachable(game.gd, game.state, unit_id)
    lvl = level("hard") if guard else level("hard").without(Behaviour.GUARD_SUPPLY_ROAD)
    return best_destination(game.gd, game.state, ctx, lvl, unit_id, routes, {})


def _guard(game: Game, unit_id: str, cell: tuple[int, int], supplied_now: bool = True) -> float:
    ctx = AIController("hard", game.state.side)._move_context(game.gd, game.state)
    view = guard_view(game.gd, game.state, ctx.picture, unit_id)
    return guard_score(game.gd, game.state, view, UnitType.INFANTRY, game.hex(*cell), supplied_now)


def _ahead_of_the_road(brigade_at: tuple[int, int], movement: int) -> Game:
    # given the JP road held down to row 12, a JP regiment at its end and a CW brigade to the east
    return (GameBuilder(width=9, height=30).road(*ROAD).siam(*ROAD[:13])
            .place("JP base", (2, 0), supply_source="JP").unit("jp_a", "JP", at=(2, 12))
            .unit("cw_brigade", "CW", at=brigade_at, defense=14, movement=movement)
            .at_phase(Phase.MOVEMENT).build())


def test_ending_off_the_road_where_a_cw_brigade_could_cut_the_line_next_turn_costs_the_risk() -> None:
    # given a CW brigade that can march between the road's end and a hex three rows further south
    game = _ahead_of_the_road((6, 14), movement=7)
    # when the JP weighs ending there, supplied as things stand (R10.4: 4 hexes to the road)
    # then it pays the risk of being cut off by the brigade's next move
    assert _guard(game, "jp_a", (3, 15)) == -RISK_COST


def test_the_same_hex_costs_nothing_when_no_cw_stack_can_reach_the_line() -> None:
    # given the brigade far away in the south-east and slow
    game = _ahead_of_the_road((8, 28), movement=1)
    # then ending on the same hex is safe
    assert _guard(game, "jp_a", (3, 15)) == 0.0


def _blocked_road(hold: bool) -> Game:
    # given a CW brigade in a swamp pocket beside the road at row 15, unable to move through the swamp,
    # its zone of control on two road hexes; a JP regiment holds one of them (R6.4)
    builder = _spearhead(GameBuilder(width=9, height=30).siam(*ROAD), spare=(2, 7))
    for cell in SWAMP:
        builder.terrain(cell, "swamp")
    builder.unit("cw_brigade", "CW", at=(3, 15), defense=14, movement=2)
    if hold:
        builder.unit("jp_hold", "JP", at=(2, 15))
    return builder.build()


def test_the_spare_regiment_holding_the_other_blocked_road_hex_keeps_the_spearhead_supplied() -> None:
    game = _blocked_road(hold=True)
    # when the JP weighs the spare regiment ending on the other road hex in the brigade's zone
    # then it is worth one guard share for each of the three spearhead regiments it keeps supplied
    assert _guard(game, "jp_spare", (2, 16)) == 3 * GUARD_PER_UNIT
    # and the hard JP sends it there
    assert _destination(game) == game.hex(2, 16)


def _pocket() -> Game:
    # given a CW brigade in a swamp pocket east of the road whose only dry way out leads west to the
    # road at row 9 in two hexes (it could cut the spearhead's road next turn, R6.4, R13.2), too far
    # from the spearhead to be attacked this turn
    builder = _spearhead(GameBuilder(width=9, height=30).siam(*ROAD), spare=(2, 3))
    for col, row in SWAMP:
        builder.terrain((col, row - 6), "swamp")
    return builder.unit("cw_brigade", "CW", at=(5, 9), movement=2).build()


def test_hard_jp_blocks_the_way_of_a_bypassed_brigade_to_its_road_which_it_did_not_without_the_guard() -> None:
    game = _pocket()
    way = {game.hex(3, 9), game.hex(4, 9)}
    # when the hard JP moves the spare regiment, with the supply guard and without it
    guarded = _destination(game)
    unguarded = _destination(game, guard=False)
    # then with the guard it stands on the brigade's way out (a rear guard); without it, it goes elsewhere
    assert guarded in way
    assert unguarded not in way
