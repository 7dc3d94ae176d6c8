"""The JP assault planner: gathering attackers around a stack no single unit can beat (R12.3, R11.3)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai import make_ai
from malaya.ai.assault import air_needed, min_odds, plan_assaults
from malaya.ai.assault_moves import STAGING_BONUS, staging_value
from malaya.ai.knowledge import enemy_picture, map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.ai.move_context import MoveContext
from malaya.ai.move_setup import COUNTER_GOAL, COUNTER_LEAST
from malaya.engine.actions import MoveUnit
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from tests.ai.routes import routes
from tests.builder import Game, GameBuilder


def _three_regiments_and_a_brigade(brigades: int = 1, airfield: bool = False):
    # Three JP regiments (attack 8) two hexes north of a CW stack in the open; Singapore far south.
    # The stack is not adjacent, so the JP sees it as "Unknown" and estimates its defense from its
    # stacking points (R2.5): 3.1 per point.
    b = GameBuilder(width=8, height=12).terrain((4, 11), "fortress")
    if airfield:
        b.place("JP field", (0, 0), airfield=True).siam((0, 0))
    b.unit("jp_a", "JP", at=(2, 1)).unit("jp_b", "JP", at=(4, 1)).unit("jp_c", "JP", at=(6, 1))
    for k in range(brigades):
        b.unit(f"cw_bde{k}", "CW", at=(4, 4))
    return b.at_phase(Phase.MOVEMENT).build()


def test_jp_gathers_enough_regiments_against_a_stack_none_can_beat_alone() -> None:
    # given a CW brigade (estimated defense 6.2) that one regiment (attack 8) attacks below 3:2
    game = _three_regiments_and_a_brigade()
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP)
    # when the JP plans its assaults for this Movement phase (R12.3 strengths, goal 3:1)
    plans = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0)
    # then it commits all three regiments to the brigade: two give only 16 : 6.2, short of 3:1
    assert len(plans) == 1 and plans[0].target == game.hex(4, 4)
    assert set(plans[0].units) == {"jp_a", "jp_b", "jp_c"} and plans[0].odds >= 3.0
    assert plans[0].air_points == 0


def test_jp_does_not_gather_against_a_stack_it_cannot_hit_at_fair_odds() -> None:
    # given the regiments against two brigades, 4 stacking points (estimated defense 12.4), no air points
    game = _three_regiments_and_a_brigade(brigades=2)
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP)
    # when the JP plans its assaults
    plans = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0)
    # then there is none: 24 against 12.4 is below the 2:1 worth gathering for without air
    assert plans == []


def test_air_points_in_range_lower_the_odds_worth_gathering_for() -> None:
    # given the same stack, a JP airfield in range and three attack AP (each +1 to the die, R11.3, R11.5)
    game = _three_regiments_and_a_brigade(brigades=2, airfield=True)
    state = replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, 3))
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, state, Side.JP)
    # when the JP plans with the air points
    plans = plan_assaults(game.gd, state, know, picture, routes(game), goal=3.0)
    # then it gathers all three regiments at about 2:1 and earmarks air points for the attack
    assert len(plans) == 1 and set(plans[0].units) == {"jp_a", "jp_b", "jp_c"}
    assert 1.5 <= plans[0].odds < 2.0 and plans[0].air_points == 2
    assert min_odds(3) < min_odds(2) < min_odds(0) and air_needed(1.2) == 3 and air_needed(2.5) == 0


def test_the_first_committed_regiment_walks_up_to_the_brigade() -> None:
    # given the three regiments and the brigade of defense 10
    game = _three_regiments_and_a_brigade()
    # when the normal JP AI makes its first move
    action = make_ai("normal", Side.JP, seed=1)(game.gd, game.state)
    # then a regiment ends next to the brigade, ready to attack with the others (R12.1)
    assert isinstance(action, MoveUnit) and action.to.distance(game.hex(4, 4)) == 1


def test_near_singapore_an_uncommitted_regiment_closes_up_on_the_island() -> None:
    # given a JP regiment two hexes from a CW brigade that stands next to the Singapore fortress hex
    game = (GameBuilder(width=6, height=8).terrain((3, 7), "fortress")
            .unit("jp_a", "JP", at=(3, 3)).unit("cw_bde", "CW", at=(3, 6))
            .at_phase(Phase.MOVEMENT).build())
    ctx = MoveContext(Side.JP, map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP), {}, {}, 0.0, 0)
    # when the JP scores ending beside the brigade against ending a hex short of it
    beside, short = game.hex(3, 5), game.hex(3, 4)
    # then standing beside the island's defenders is worth the staging bonus (it must start adjacent
    # to cross a strait, R5.2), and a unit already committed to an assault gets no such bonus
    assert staging_value(game.gd, game.state, ctx, "jp_a", beside) == STAGING_BONUS > 0
    assert staging_value(game.gd, game.state, ctx, "jp_a", short) == 0.0
    ctx.assault["jp_a"] = game.hex(3, 6)
    assert staging_value(game.gd, game.state, ctx, "jp_a", beside) == 0.0


def test_armor_gets_no_staging_bonus_across_the_johore_strait() -> None:
    # given a JP tank regiment and an infantry regiment on the mainland bank of a strait; across it a
    # CW brigade next to the Singapore fortress hex
    game = (GameBuilder(width=6, height=8).terrain((3, 7), "fortress")
            .hexside((3, 5), (3, 6), "strait")
            .unit("jp_tank", "JP", at=(3, 3), type="armor", movement=10)
            .unit("jp_inf", "JP", at=(2, 3)).unit("cw_bde", "CW", at=(3, 6))
            .at_phase(Phase.MOVEMENT).build())
    ctx = MoveContext(Side.JP, map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP), {}, {}, 0.0, 0)
    bank = game.hex(3, 5)
    # when each scores ending on the bank facing the brigade
    # then only the infantry, which may attack across a strait (R5.2), is worth staging there:
    # armor attacks only along a road or rail connection (R12.2) and would just take its room
    assert staging_value(game.gd, game.state, ctx, "jp_inf", bank) == STAGING_BONUS
    assert staging_value(game.gd, game.state, ctx, "jp_tank", bank) == 0.0


def test_the_hard_cw_gathers_a_counterattack_at_odds_the_normal_cw_passes_up() -> None:
    # given two CW brigades (attack 5 each) two hexes from a JP regiment the CW sees as "Unknown"
    # (estimated defense 6, R2.5); the CW has no air points
    game = (GameBuilder(width=8, height=12).terrain((4, 11), "fortress")
            .unit("cw_a", "CW", at=(3, 6), attack=5).unit("cw_b", "CW", at=(5, 6), attack=5)
            .unit("jp_a", "JP", at=(4, 3))
            .at_phase(Phase.MOVEMENT, side="CW").build())
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.CW)
    cw_routes = routes(game, "cw_")
    # when each level plans its counterattacks (10 against 6 is about 3:2)
    normal, hard = level("normal"), level("hard")
    plans = {"normal": plan_assaults(game.gd, game.state, know, picture, cw_routes, 2.0),
             "hard": plan_assaults(game.gd, game.state, know, picture, cw_routes, COUNTER_GOAL, least=COUNTER_LEAST)}
    # then only the hard level's lower threshold gathers both brigades against the regiment
    assert plans["normal"] == []
    assert len(plans["hard"]) == 1 and set(plans["hard"][0].units) == {"cw_a", "cw_b"}
    assert not normal.has(Behaviour.GATHER_COUNTERATTACKS) and hard.has(Behaviour.GATHER_COUNTERATTACKS)


def test_a_plan_never_earmarks_more_air_points_than_the_pool_holds() -> None:
    # given the two-brigade stack, a JP airfield in range and a single attack AP (R11.3)
    game = _three_regiments_and_a_brigade(brigades=2, airfield=True)
    state = replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, 1))
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, state, Side.JP)
    # when the JP plans (about 2:1 short of the odds worth gathering for without 2 AP)
    plans = plan_assaults(game.gd, state, know, picture, routes(game), goal=3.0)
    # then it does not gather on the strength of air points it does not have
    assert plans == [] and min_odds(-1) == min_odds(0)


def _four_regiments_two_brigades():
    # Four JP regiments (attack 8) north of two CW brigades (each estimated 6.2 defense, R2.5) in the
    # open, a JP airfield in range of both (R11.5) and 6 attack AP: two attacks' worth at 3 each (R11.3)
    b = GameBuilder(width=10, height=12).terrain((4, 11), "fortress").place("JP field", (0, 0), airfield=True)
    b.siam((0, 0))
    for k, q in enumerate((2, 4, 6, 8)):
        b.unit(f"jp_{k}", "JP", at=(q, 1))
    b.unit("cw_west", "CW", at=(3, 4)).unit("cw_east", "CW", at=(7, 4))
    game = b.at_phase(Phase.MOVEMENT).build()
    return Game(game.gd, replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, 6)))


def test_with_air_for_two_attacks_the_jp_gathers_for_two_at_2_to_1_not_one_at_3_to_1() -> None:
    # given four regiments, two brigades and 6 attack AP that lapse unused at the turn's end (R11.2)
    game = _four_regiments_two_brigades()
    know, picture = map_knowledge(game.gd), enemy_picture(game.gd, game.state, Side.JP)
    # when the JP plans its assaults to 3:1, and again counting on 3 AP for what lies above 2:1
    plain = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0)
    paired = plan_assaults(game.gd, game.state, know, picture, routes(game), goal=3.0, air_goal=2.0)
    # then the plain plan leaves one regiment to attack the second brigade at about 1:1, and the
    # air-aware plan sends two regiments against each, both at 2:1 with 3 AP each
    assert sorted(len(p.units) for p in plain) == [1, 3]
    assert sorted(len(p.units) for p in paired) == [2, 2]
    assert all(p.odds >= 2.0 and p.air_points == 3 for p in paired)
