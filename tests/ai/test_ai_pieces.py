"""Unit tests of the AI's behaviour pieces on small built positions (issue 5)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai import make_ai
from malaya.ai.combat import choose_combat
from malaya.ai.demolition import next_demolition
from malaya.ai.explain import AIExplanation, Alternative, CombatChoice
from malaya.ai.knowledge import enemy_picture, map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.ai.move_setup import FINAL_STAND_MP
from malaya.ai.naval import jp_front, jp_main_front
from malaya.ai.supply_outlook import supply_steps
from malaya.engine import rules
from malaya.engine.actions import DemolishBridge, EndPhase, MoveUnit
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from malaya.engine.supply_lines import blocked_hexes
from malaya.engine.unitdefs import UnitType
from malaya.session.words.ai_words import explanation_text
from malaya.session.words.catalog import say
from tests.builder import GameBuilder


def _with_pool(state, side: Side, attack: int):
    return replace(state, attack_pool=set_pool(state.attack_pool, side, attack))


def test_combat_chooser_prefers_good_odds_with_air_points_over_a_1_to_1() -> None:
    # given two JP regiments, each next to a different CW stack: a weak battalion and a strong brigade
    game = (GameBuilder(width=8, height=6).terrain((7, 5), "fortress")
            .place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(2, 2)).unit("jp_b", "JP", at=(5, 2))
            .unit("cw_weak", "CW", at=(2, 3), defense=3, stacking=1, steps=1)
            .unit("cw_strong", "CW", at=(5, 3), defense=8)
            .at_phase(Phase.COMBAT).build())
    state = _with_pool(game.state, Side.JP, 3)
    # when the baseline AI (which charges a cost per AP) picks its combat
    plan = choose_combat(game.gd, state, map_knowledge(game.gd), level("baseline"))
    # then it attacks the weak stack, adds air points, and lists the 1:1 as an alternative it weighed
    assert plan is not None and plan.target == game.hex(2, 3)
    assert plan.air_points > 0 and plan.chosen.column in ("2:1", "3:1")
    assert any(alt.target != plan.chosen.target for alt in plan.alternatives)
    assert plan.chosen.score > max(a.score for a in plan.alternatives if a.target != plan.chosen.target)


def test_phase_plan_spends_the_air_points_where_they_raise_the_odds_most() -> None:
    # given the same two combats and 3 attack AP that lapse unused at the end of the turn (R11.2)
    game = (GameBuilder(width=8, height=6).terrain((7, 5), "fortress")
            .place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(2, 2)).unit("jp_b", "JP", at=(5, 2))
            .unit("cw_weak", "CW", at=(2, 3), defense=3, stacking=1, steps=1)
            .unit("cw_strong", "CW", at=(5, 3), defense=8)
            .at_phase(Phase.COMBAT).build())
    know = map_knowledge(game.gd)
    # when the normal AI plans the phase with the AP as one budget over both combats
    first = choose_combat(game.gd, _with_pool(game.state, Side.JP, 3), know, level("normal"))
    then = choose_combat(game.gd, _with_pool(game.state, Side.JP, 0), know, level("normal"))
    # then all 3 AP go to the 1:1, where +3 to the die makes every result hurt the brigade (R11.3)
    # and the exact distribution pays, and the weak stack is still attacked without air at 2:1 or better
    assert first is not None and first.target == game.hex(5, 3) and first.air_points == 3
    assert first.chosen.column == "1:1" and first.chosen.p_defender_hurt == 1.0
    assert then is not None and then.target == game.hex(2, 3) and then.air_points == 0


def test_cw_demolishes_the_bridge_in_front_of_a_jp_unit() -> None:
    # given a road bridge over a river between a CW unit and an approaching JP unit
    game = (GameBuilder(width=8, height=8).terrain((4, 7), "fortress")
            .road((4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 7))
            .hexside((4, 2), (4, 3), "river_major")
            .unit("jp_a", "JP", at=(4, 0))
            .unit("cw_a", "CW", at=(4, 5))
            .at_phase(Phase.MOVEMENT, side="CW").build())
    picture = enemy_picture(game.gd, game.state, Side.CW)
    # when the CW looks for a demolition
    blow = next_demolition(game.gd, game.state, map_knowledge(game.gd), picture)
    # then it blows that bridge
    assert isinstance(blow, DemolishBridge)
    assert {blow.a, blow.b} == {game.hex(4, 2), game.hex(4, 3)}


def test_cw_keeps_a_bridge_its_own_unit_still_needs() -> None:
    game = (GameBuilder(width=8, height=8).terrain((4, 7), "fortress")
            .road((4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 7))
            .hexside((4, 2), (4, 3), "river_major")
            .unit("jp_a", "JP", at=(1, 0))
            .unit("cw_out", "CW", at=(4, 1))
            .at_phase(Phase.MOVEMENT, side="CW").build())
    picture = enemy_picture(game.gd, game.state, Side.CW)
    assert next_demolition(game.gd, game.state, map_knowledge(game.gd), picture) is None


def test_jp_armor_moves_along_the_road() -> None:
    # given a JP tank regiment, a road south through plantation, Singapore at the far end
    # (a CW battalion beyond the tank's reach, so no attack draws it off the road)
    b = GameBuilder(width=5, height=24).siam((2, 0)).terrain((2, 23), "fortress")
    for r in range(1, 23):
        for c in range(5):
            b.terrain((c, r), "plantation")
    b.road(*[(2, r) for r in range(0, 24)])
    game = b.unit("jp_tank", "JP", at=(2, 0), type="armor", attack=8, defense=4, movement=10) \
        .unit("cw_far", "CW", at=(0, 23), stacking=1, steps=1, defense=1).at_phase(Phase.MOVEMENT).build()
    ai = make_ai("normal", Side.JP, seed=1)
    # when the AI moves it
    action = ai(game.gd, game.state)
    # then it drives down the road
    assert isinstance(action, MoveUnit) and action.unit == "jp_tank"
    col, row = game.hex(2, 0), action.to
    assert action.to in map_knowledge(game.gd).roads and row.distance(col) >= 4


def test_every_ai_call_returns_a_legal_action_in_a_built_position() -> None:
    game = (GameBuilder(width=6, height=6).terrain((5, 5), "fortress")
            .unit("jp_a", "JP", at=(1, 1)).unit("cw_a", "CW", at=(1, 3)).at_phase(Phase.MOVEMENT).build())
    for lvl in ("easy", "normal", "hard"):
        action = make_ai(lvl, Side.JP, seed=3)(game.gd, game.state)
        assert rules.check(game.gd, game.state, action) is None


def test_explanations_render_the_choice_and_its_alternatives() -> None:
    log = AIExplanation()
    best = Alternative("Jitra (10,12)", ("a", "b"), "3:1", 2, 0.9, 0.1, 1.4, "Jitra")
    other = Alternative("Kroh (18,18)", ("c",), "1:1", 0, 0.4, 0.5, -0.3, "near Kroh")
    log.turn_log(3, "JP").combats.append(CombatChoice(best, (best, other)))
    text = explanation_text(log)
    assert "Attack 1: Jitra: 2 units at 3:1 with 2 air points" in text and "also weighed" in text
    assert "near Kroh: 1 unit at 1:1" in text and "90% chance to hurt the defender" in text
    assert "(10,12)" not in text, "the player reads place names, not the AI's hex keys"


def test_levels_differ_in_what_they_consider() -> None:
    easy, normal, hard = level("easy"), level("normal"), level("hard")
    assert easy.noise > 0 and not easy.has(Behaviour.AIR_SUPPORT) and normal.has(Behaviour.AIR_SUPPORT)
    assert hard.has(Behaviour.SHARE_ATTACKERS) and hard.has(Behaviour.WEIGH_BLOCKED_RETREATS)
    assert not normal.has(Behaviour.SHARE_ATTACKERS)
    assert hard.reach > normal.reach
    assert hard.has(Behaviour.LAND_FROM_MAP_PORTS) and not normal.has(Behaviour.LAND_FROM_MAP_PORTS)
    assert normal.gather_odds > 0 == easy.gather_odds and hard.has(Behaviour.GATHER_COUNTERATTACKS)
    assert not normal.has(Behaviour.GATHER_COUNTERATTACKS)


def test_cw_judges_the_threat_by_the_jp_main_body_not_a_lone_landing() -> None:
    # given three JP regiments far north and one regiment landed next to the Singapore fortress
    game = (GameBuilder(width=6, height=14).terrain((3, 13), "fortress")
            .unit("jp_a", "JP", at=(1, 0)).unit("jp_b", "JP", at=(2, 0)).unit("jp_c", "JP", at=(3, 0))
            .unit("jp_landed", "JP", at=(3, 11))
            .unit("cw_a", "CW", at=(2, 6)).at_phase(Phase.MOVEMENT, side="CW").build())
    know = map_knowledge(game.gd)
    # when the CW measures the JP front
    main, foremost = jp_main_front(game.gd, game.state, know), jp_front(game.gd, game.state, know)
    # then the main body is far away, so the lone landing does not send everyone back to the island
    assert foremost <= 3 < FINAL_STAND_MP < main
    assert not make_ai("normal", Side.CW, seed=1)._final_stand(game.gd, game.state, know)


def test_jp_supply_estimate_stops_at_the_overland_reach_and_at_an_enemy_zoc() -> None:
    # given a JP road hex (the network) and a CW unit a few hexes south of it
    game = (GameBuilder(width=3, height=14).terrain((1, 13), "fortress")
            .unit("jp_a", "JP", at=(1, 0)).unit("cw_a", "CW", at=(1, 4))
            .at_phase(Phase.MOVEMENT).build())
    gd, state = game.gd, game.state
    blocked = blocked_hexes(gd, state, Side.JP)
    # when the JP estimates where an infantry unit would still be supplied
    steps = supply_steps(gd, state, UnitType.INFANTRY, {game.hex(1, 0)}, blocked)
    # then it reaches N overland hexes, the ZOC hex in front of the CW unit ends a line, and nothing past it counts
    reach = gd.scenario.ruleset.supply.overland_hexes
    assert max(steps.values()) <= reach and game.hex(1, 0) in steps
    assert game.hex(1, 3) in steps and game.hex(1, 3) in blocked
    assert game.hex(1, 5) not in steps


def test_when_the_phase_cannot_end_the_ai_takes_a_move_back_rather_than_wander_R3_2_R7_6() -> None:
    # given three JP regiments (2 points each) that all moved into one clear hex (6 > 4 points)
    game = (GameBuilder(width=6, height=6).terrain((5, 5), "fortress")
            .unit("jp_a", "JP", at=(1, 1)).unit("jp_b", "JP", at=(2, 1)).unit("jp_c", "JP", at=(3, 1))
            .at_phase(Phase.MOVEMENT).build())
    state = game.state
    for u in ("jp_a", "jp_b", "jp_c"):
        state = rules.apply(game.gd, state, MoveUnit(side=Side.JP, unit=u, to=game.hex(2, 2))).state
    assert rules.check(game.gd, state, EndPhase(side=Side.JP)) is not None
    # when the AI's plan is stale and it falls back on a safe legal action
    action = make_ai("normal", Side.JP, seed=1)._fallback(game.gd, state)
    # then it takes a move back (R7.6), which leads toward a position where the phase may end
    assert action.type == "undo_move"


def test_an_alternative_rated_above_the_chosen_attack_comes_with_the_reason() -> None:
    """Given an attack chosen although another was rated higher alone (the plan shares air points, R11.3), when the
    explanation is read, then it says why; a list with nothing rated higher says nothing more."""
    log = AIExplanation()
    chosen = Alternative("Jitra (10,12)", ("a",), "2:1", 1, 0.7, 0.2, 0.8, "Jitra")
    higher = Alternative("Jitra (10,12)", ("a", "b"), "3:1", 3, 0.9, 0.1, 1.4, "Jitra")
    lower = Alternative("Kroh (18,18)", ("c",), "1:1", 0, 0.4, 0.5, -0.3, "near Kroh")
    log.turn_log(3, "JP").combats.append(CombatChoice(chosen, (higher, chosen, lower)))
    why_higher = say("ai_explain.also_weighed_higher")  # "also weighed (a rating above the chosen attack's is …):"
    assert why_higher in explanation_text(log)
    plain = AIExplanation()
    plain.turn_log(3, "JP").combats.append(CombatChoice(higher, (higher, lower)))
    assert why_higher not in explanation_text(plain) and "also weighed:" in explanation_text(plain)
