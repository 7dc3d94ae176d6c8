"""The hard AI's Movement-phase search (issue 18, item 3): plans seeded with the heuristic plan, rated by
both sides' supply, next phase's attacks and the enemy's best reply (R10, R12), played through the gate."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.ai import move_planner
from malaya.ai.controller import AIController
from malaya.ai.levels import Level, level
from malaya.ai.move_context import MoveContext
from malaya.ai.plan_eval import PlanEvaluator
from malaya.engine import rules
from malaya.engine.actions import MoveUnit
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase
from malaya.session.match import Match
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game

ROAD = tuple((2, r) for r in range(30))


def _hard(budget: int) -> Level:
    return replace(level("hard"), search_budget=budget)


@pytest.fixture(scope="module")
def first_jp_movement() -> tuple[GameDef, GameState]:
    """The campaign at the start of the JP's first Movement phase, reached by the hard AI."""
    gd = bundled_game()
    match = Match.new(gd, seed=3)
    bots = {side: AIController("hard", side, seed=3) for side in Side}
    while not (match.state.phase is Phase.MOVEMENT and match.state.side is Side.JP):
        assert match.submit(bots[match.state.side](gd, match.state)) is None
    return gd, match.state


def _phase_start(gd: GameDef, state: GameState, lvl: Level) -> tuple[MoveContext, list[str]]:
    bot = AIController("hard", state.side)
    bot.level = lvl
    ctx = bot._move_context(gd, state)
    order = sorted(u.id for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is state.side)
    return ctx, order


@pytest.mark.slow
def test_every_move_of_the_searched_plan_passes_the_legality_gate(first_jp_movement) -> None:
    gd, state = first_jp_movement
    ctx, order = _phase_start(gd, state, _hard(24))
    # when the planner searches the JP's first Movement phase
    plan = move_planner.plan_phase(gd, state, ctx, _hard(24), order, seed=7)
    # then played in the phase order, every planned move is legal where it is played (R7, R4)
    s = state
    for unit_id in order:
        dest = plan.moves[unit_id]
        if dest is not None:
            action = MoveUnit(side=Side.JP, unit=unit_id, to=dest)
            assert rules.check(gd, s, action) is None, (unit_id, dest)
            s = rules.apply(gd, s, action).state
    assert plan.rated <= 24


@pytest.mark.slow
def test_the_same_seed_gives_the_same_plan(first_jp_movement) -> None:
    gd, state = first_jp_movement
    ctx, order = _phase_start(gd, state, _hard(24))
    # when the same position is planned twice with the same seed
    first = move_planner.plan_phase(gd, state, ctx, _hard(24), order, seed=11)
    again = move_planner.plan_phase(gd, state, _phase_start(gd, state, _hard(24))[0], _hard(24), order, seed=11)
    # then the plans are the same, move for move
    assert first == again


@pytest.mark.slow
def test_with_no_budget_the_plan_is_the_heuristic_one(first_jp_movement) -> None:
    gd, state = first_jp_movement
    ctx, order = _phase_start(gd, state, _hard(0))
    # when the planner may rate no plan but the seed
    plan = move_planner.plan_phase(gd, state, ctx, _hard(0), order, seed=5)
    # then it keeps the heuristic plan unchanged: the controller plays today's hard moves
    assert plan.changed == 0
    assert tuple(plan.moves[u] for u in order) == move_planner.heuristic_seed(gd, state, ctx, _hard(0), order).plan


def test_a_hard_controller_with_no_budget_makes_no_plan(first_jp_movement) -> None:
    gd, state = first_jp_movement
    bot = AIController("hard", Side.JP, seed=3)
    bot.level = _hard(0)
    # when the controller without a search budget makes its first move
    bot(gd, state)
    # then it played the heuristic alone, as the hard level did before the search (no plan cached)
    assert bot._cache is not None and "plan" not in bot._cache.data


def _exposed() -> Game:
    # given a weak JP battalion (1 step, defence 1) on a road south toward the fortress, 3 MP a turn,
    # and a CW stack it cannot see, further south beside the road
    return (GameBuilder(width=8, height=30).terrain((2, 29), "fortress").road(*ROAD).siam(*ROAD)
            .place("JP base", (2, 0), supply_source="JP")
            .unit("jp_weak", "JP", at=(2, 2), attack=2, defense=1, steps=1, movement=3)
            .unit("cw_big", "CW", at=(4, 15), attack=24, defense=6, movement=2)
            .at_phase(Phase.MOVEMENT)).build()


def test_the_planner_keeps_a_weak_unit_out_of_the_enemy_reply_the_heuristic_walks_into() -> None:
    game = _exposed()
    ctx, order = _phase_start(game.gd, game.state, _hard(24))
    seed = move_planner.heuristic_seed(game.gd, game.state, ctx, _hard(24), order)
    heuristic = move_planner.play_out(game.gd, game.state, order, seed.plan)
    assert heuristic is not None
    evaluator = PlanEvaluator(game.gd, _hard(24), ctx.know, ctx.picture, Side.JP)
    # when the heuristic sends it as far forward as it can go, and the planner searches the phase
    plan = move_planner.plan_phase(game.gd, game.state, ctx, _hard(24), order, seed=1)
    searched = move_planner.play_out(game.gd, game.state, order, tuple(plan.moves[u] for u in order))
    assert searched is not None
    # then the heuristic's hex is one the hidden CW stack could strike next turn (R12), and the
    # planner's is not: it gives up a hex of progress for it
    assert "jp_weak" in evaluator.rate(heuristic).troubled
    assert "jp_weak" not in evaluator.rate(searched).troubled
    assert plan.moves["jp_weak"] != seed.plan[0] and plan.changed == 1


def test_a_planned_move_the_gate_now_refuses_falls_back_on_the_heuristic() -> None:
    game = _exposed()
    # given a plan made for a position that has since changed: its move for the battalion now
    # goes further than the battalion's movement allows (R7.1)
    plan = move_planner.PhasePlan({"jp_weak": game.hex(2, 20)}, rated=1, changed=0, gain=0.0)
    # when the controller asks whether to follow it
    # then it does not (the heuristic moves the unit), while a plan to stay or to a reachable hex is followed
    assert not plan.follows(game.gd, game.state, "jp_weak")
    assert move_planner.PhasePlan({"jp_weak": None}, 1, 0, 0.0).follows(game.gd, game.state, "jp_weak")
    assert move_planner.PhasePlan({"jp_weak": game.hex(2, 4)}, 1, 0, 0.0).follows(game.gd, game.state, "jp_weak")
