"""A pursuit off the road must not drive the enemy onto the road behind it (issue 25: "a Japanese pursuit off the
axis cuts its own supply road", 9 units unsupplied at once). A CW stack the JP keeps in its zones of control
cannot reach the JP road next turn (R6.2); attacked, it retreats two hexes (R12.8) and from there its next move
puts it beside the road, whose supply its zone of control then blocks (R6.4, R10.4). The hard JP weighs that
before it attacks."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.combat_search import _setting
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.outcomes import combat_option
from malaya.ai.supply_guard import CUT_PER_UNIT, pushed_cut
from malaya.engine import eligible_attackers
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

ROAD = tuple((2, r) for r in range(30))


def _pursuit(stack_at: tuple[int, int], attacker_at: tuple[int, int] | None) -> Game:
    # given the JP road down column 2 from its base, held to the south end where two regiments stand, and a slow
    # CW brigade east of the road (2 MP: alone it cannot reach the road next turn), perhaps with a JP regiment
    # beside it that could attack it in this Combat phase
    builder = (GameBuilder(width=14, height=30).road(*ROAD).siam(*ROAD)
               .place("JP base", (2, 0), supply_source="JP")
               .unit("jp_a", "JP", at=(2, 24)).unit("jp_b", "JP", at=(2, 25))
               .unit("cw_brigade", "CW", at=stack_at, movement=2, defense=2))
    if attacker_at is not None:
        builder.unit("jp_pursuer", "JP", at=attacker_at, attack=12)
    return builder.at_phase(Phase.COMBAT).build()


def test_a_stack_a_jp_attack_would_push_within_a_move_of_the_road_could_cut_the_regiments_beyond() -> None:
    game = _pursuit((6, 12), attacker_at=(7, 12))
    # when the JP weighs attacking the brigade, then pushed two hexes back it could step beside the road next
    # turn and cut the two regiments south of it off from supply
    assert pushed_cut(game.gd, game.state, game.hex(6, 12)) == 2


def test_no_cut_risk_when_no_jp_unit_can_attack_or_the_road_is_out_of_reach_even_after_a_retreat() -> None:
    # given the same brigade with no JP unit beside it (no attack, no retreat this turn)
    alone = _pursuit((6, 12), attacker_at=None)
    # or a brigade so far east that two hexes of retreat and its move still leave it short of the road
    far = _pursuit((11, 12), attacker_at=(12, 12))
    # then attacking it risks no JP unit's supply
    assert pushed_cut(alone.gd, alone.state, alone.hex(6, 12)) == 0
    assert pushed_cut(far.gd, far.state, far.hex(11, 12)) == 0


def test_the_hard_jp_counts_the_cut_risk_in_the_attack_and_the_frozen_baseline_does_not() -> None:
    game = _pursuit((6, 12), attacker_at=(7, 12))
    target = game.hex(6, 12)
    know = map_knowledge(game.gd)
    eligible = eligible_attackers(game.gd, game.state, target)
    hard, baseline = level("hard"), level("baseline")
    # when each level sets up the attack
    hard_setting = _setting(game.gd, game.state, know, hard, target, eligible)
    base_setting = _setting(game.gd, game.state, know, baseline, target, eligible)
    # then the hard JP charges each regiment the retreat could cut off, on every result the survivors retreat
    assert hard_setting.cut_risk == 2 * CUT_PER_UNIT and base_setting.cut_risk == 0.0
    with_risk = combat_option(game.gd, game.state, hard, hard_setting, eligible, 0)
    without = combat_option(game.gd, game.state, hard, replace(hard_setting, cut_risk=0.0), eligible, 0)
    assert with_risk is not None and without is not None and with_risk.value < without.value
