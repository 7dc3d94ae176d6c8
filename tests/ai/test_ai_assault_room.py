"""Hard JP's gathered attacks arrive as planned (issue 18): only the attackers that fit beside a target are
counted (``assault_room``; R4.1, R12.3) and a committed unit goes to its attack (``assault_pull``)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.assault import plan_assaults
from malaya.ai.knowledge import enemy_picture, map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.ai.move_setup import move_context
from malaya.ai.movement import best_destination
from malaya.engine.hexgrid import ODD_Q, edge, from_offset, to_offset
from malaya.engine.movement import reachable
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.ai.routes import routes
from tests.builder import Game, GameBuilder

TARGET = (4, 4)
LANDING = (4, 3)
"""The only land hex beside the target: every other neighbour is sea."""


def _a_brigade_on_a_spit_of_land() -> Game:
    # A CW brigade on a hex whose neighbours are all sea but one (4 stacking points: two JP
    # regiments, R4.1); four JP regiments two hexes north can each reach that one hex.
    b = GameBuilder(width=9, height=9).terrain((4, 8), "fortress")
    for n in from_offset(*TARGET, ODD_Q).neighbors():
        cell = to_offset(n, ODD_Q)
        if cell != LANDING:
            b.terrain(cell, "sea")
    for k, col in enumerate((2, 3, 5, 6)):
        b.unit(f"jp_{k}", "JP", at=(col, 2))
    b.unit("cw_bde", "CW", at=TARGET)
    return b.at_phase(Phase.MOVEMENT).build()


def test_hard_gathers_only_the_regiments_that_fit_beside_the_target() -> None:
    # given the brigade (estimated defense 6.2) with one land hex beside it, where two regiments fit
    game = _a_brigade_on_a_spit_of_land()
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP)
    # when the JP plans its assaults to 3:1, counting room (R4.1) and not counting it
    blind = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0)
    room = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0, room=True)
    # then without room it commits three regiments (24 : 6.2) that could never attack together,
    # and with room two, each given the one land hex, at the odds they can really make (16 : 6.2)
    assert len(blind) == 1 and len(blind[0].units) == 3 and blind[0].odds >= 3.0
    assert len(room) == 1 and len(room[0].units) == 2 and 2.5 < room[0].odds < 3.0
    assert {h for _u, h in room[0].spots} == {game.hex(*LANDING)}
    assert level("hard").has(Behaviour.ROOM_FOR_ASSAULTS)
    assert not level("baseline").has(Behaviour.ROOM_FOR_ASSAULTS)



def _a_regiment_beside_the_road_south_and_a_brigade_off_it() -> Game:
    # Two JP regiments on a north-south road from a JP supply source to Singapore (far south); a CW
    # brigade two hexes east of the road, which its zone of control does not reach (R6.4).
    b = (GameBuilder(width=9, height=16).terrain((4, 15), "fortress").siam((4, 0))
         .place("Bangkok", (4, 0), supply_source="JP").road(*[(4, r) for r in range(16)]))
    b.unit("jp_a", "JP", at=(5, 7)).unit("jp_b", "JP", at=(4, 8)).unit("cw_bde", "CW", at=(7, 5))
    return b.at_phase(Phase.MOVEMENT).build()


def test_hard_sends_a_committed_regiment_to_its_attack_rather_than_on_down_the_road() -> None:
    # given the regiments gathered against the brigade (16 : 6.2, R12.3) and the open road south
    game = _a_regiment_beside_the_road_south_and_a_brigade_off_it()
    target = game.hex(7, 5)
    hard = level("hard")
    pushing = replace(hard.without(Behaviour.JOIN_ASSAULTS), name="pushing")
    picks = {}
    for lvl in (hard, pushing):
        ctx = move_context(game.gd, game.state, lvl, lambda _note: None)
        assert ctx.assault.get("jp_a") == target
        routes = reachable(game.gd, game.state, "jp_a")
        picks[lvl.name] = best_destination(game.gd, game.state, ctx, lvl, "jp_a", routes, {})
    # when the first regiment chooses where to end its move
    # then without the pull it walks on down the road, away from the attack it was counted in; with
    # the pull (hard) it ends beside the brigade, so the attack is made at the odds it was planned for
    assert picks["hard"] is not None and picks["hard"].distance(target) == 1
    assert picks["hard"] is not None and picks[pushing.name] is not None and picks[pushing.name].distance(target) > 1
    assert hard.has(Behaviour.JOIN_ASSAULTS) and not level("baseline").has(Behaviour.JOIN_ASSAULTS)


def test_hard_does_not_count_on_a_regiment_staying_to_repair_a_bridge_of_its_supply_road() -> None:
    # given three regiments near a CW brigade off the road; one stands at a demolished bridge of the
    # supply road from the JP source, which it repairs by staying there (R7.7)
    b = (GameBuilder(width=9, height=12).terrain((4, 11), "fortress").siam(*[(4, r) for r in range(6)])
         .place("Bangkok", (4, 0), supply_source="JP").road(*[(4, r) for r in range(12)]))
    b.unit("jp_a", "JP", at=(4, 5)).unit("jp_b", "JP", at=(3, 4)).unit("jp_c", "JP", at=(5, 4))
    game = b.unit("cw_bde", "CW", at=(6, 6)).at_phase(Phase.MOVEMENT).build()
    state = replace(game.state, demolished=frozenset({edge(game.hex(4, 5), game.hex(4, 6))}))
    # when the JP plans its assaults with and without room planning
    blind = move_context(game.gd, state, level("hard").without(Behaviour.ROOM_FOR_ASSAULTS), lambda _note: None)
    room = move_context(game.gd, state, level("hard"), lambda _note: None)
    # then only the blind plan counts the repairing regiment, which will not come
    assert set(blind.assault) == {"jp_a", "jp_b", "jp_c"}
    assert set(room.assault) == {"jp_b", "jp_c"}
