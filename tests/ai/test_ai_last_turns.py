"""The last turns play by the victory terms (issue 25): a side whose lost steps give the enemy no VP (R15.3)
attacks on its last player-turn where earlier the same attack was not worth its losses; a held objective the
enemy can reach before the end draws a defender from elsewhere (R15.2)."""

from __future__ import annotations

from malaya.ai.candidates import claims
from malaya.ai.combat_search import search_phase
from malaya.ai.effort import TurnEffort
from malaya.ai.evaluate import step_worth, terms
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.move_setup import move_context
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

TURNS = 8


def _counterattack(turn: int) -> Game:
    # given a JP regiment (defense 6) on a 2-VP town it took, two CW brigades beside it (attack 2 each: 4 to 6,
    # the 1:2 column) and the CW's own player-turn of game-turn ``turn`` of eight
    return (GameBuilder(width=8, height=8).siam((0, 0)).objective((4, 4), 2)
            .unit("jp_a", "JP", at=(4, 4)).unit("cw_a", "CW", at=(4, 5), attack=2).unit("cw_b", "CW", at=(3, 4),
                                                                                        attack=2)
            .victory_terms(cw_singapore_held_vp=0).lasting(TURNS)
            .at_phase(Phase.COMBAT, side="CW", turn=turn).build())


def _plan_targets(game: Game) -> set[object]:
    plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
    return {o.target for o in plan}


def test_a_step_is_worth_only_its_victory_points_on_the_last_player_turn() -> None:
    # given the CW's last player-turn and its third
    last, early = _counterattack(TURNS), _counterattack(3)
    # when the evaluation weighs a step lost either way (R15.3: each JP step lost is a CW VP)
    at_end = step_worth(terms(last.gd, last.state, Side.CW), 1.3, 1.0)
    before = step_worth(terms(early.gd, early.state, Side.CW), 1.3, 1.0)
    # then at the end a CW step lost costs nothing and a JP step is worth its VP, while earlier both
    # keep their worth to the fight still to come
    assert at_end.loss == 0.0 and at_end.kill >= 1.0 and at_end.fade == 0.0
    assert before.loss == 1.0 and before.fade == 1.0


def test_the_last_player_turn_attacks_where_an_earlier_one_would_not() -> None:
    # given the same 1:2 counterattack on the town
    town = _counterattack(TURNS).hex(4, 4)
    # when the hard CW searches its combat phase early in the game and on its last player-turn
    early, last = _plan_targets(_counterattack(3)), _plan_targets(_counterattack(TURNS))
    # then it holds back early (the steps it would lose matter to the fight to come) and attacks at the end,
    # when only the town and the JP steps count (R15.2, R15.3)
    assert town not in early
    assert town in last


def _must_hold() -> Game:
    # given a CW-held 3-VP town (4, 2) with a JP regiment three hexes north of it and three turns to go, an
    # empty CW town far from any JP unit, and a spare CW brigade between them
    return (GameBuilder(width=10, height=10).siam((4, 0)).objective((4, 3), 3)
            .unit("jp_a", "JP", at=(4, 0)).unit("cw_far", "CW", at=(4, 7), movement=5)
            .victory_terms(cw_singapore_held_vp=0).lasting(4)
            .at_phase(Phase.MOVEMENT, side="CW", turn=2).build())


def test_a_held_objective_the_enemy_can_reach_draws_a_defender() -> None:
    game = _must_hold()
    # when the hard CW's candidates weigh its Movement phase
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    chosen = claims(game.gd, game.state, ctx, ("take", "march", "keep", "hold"), {})
    # then the spare brigade goes to hold the town the JP regiment can reach before the end
    assert [(p.candidate, p.unit, p.target) for p in chosen] == [("hold", "cw_far", game.hex(4, 3))]
    assert chosen[0].to.distance(game.hex(4, 3)) < game.hex(4, 7).distance(game.hex(4, 3))

