"""The combat phase planned as a whole (issue 18): attackers claimed once, the AP shared as one budget."""

from __future__ import annotations

from malaya.ai.combat_plan import PhaseTarget, plan_phase
from malaya.ai.explain import Alternative
from malaya.engine.hexgrid import Hex

NORTH, SOUTH = Hex(0, 0), Hex(0, 2)


def _score(target: Hex, attackers: tuple[str, ...], air: int) -> Alternative:
    # each attacker adds 1, each AP 0.3; the north stack is worth 1 more than the south one
    worth = 1.0 if target == NORTH else 0.0
    return Alternative(str(target), attackers, "2:1", air, 0.5, 0.1, worth + len(attackers) + 0.3 * air)


def _subsets(eligible: tuple[str, ...], required: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [eligible[:k] for k in range(1, len(eligible) + 1)]


def test_a_unit_next_to_two_targets_attacks_only_the_one_worth_more() -> None:
    # given a regiment beside both stacks, one more beside each, and 6 AP (3 per combat at most, R11.3)
    targets = [PhaseTarget(SOUTH, ("shared", "south_only"), (), 3), PhaseTarget(NORTH, ("shared", "north_only"), (), 3)]
    # when the phase is planned
    plan, alternatives = plan_phase(targets, _score, _subsets, pool=6, threshold=0.1)
    # then the north combat comes first with the shared regiment, the south one goes on without it,
    # and each takes its full 3 AP (the pool lapses unused otherwise, R11.2)
    assert [p.target for p in plan] == [NORTH, SOUTH]
    assert set(plan[0].chosen.attackers) == {"shared", "north_only"}
    assert plan[1].chosen.attackers == ("south_only",)
    assert [p.chosen.air_points for p in plan] == [3, 3]
    assert len(alternatives) == 2


def test_a_short_pool_goes_to_the_combats_in_the_order_of_their_gain() -> None:
    # given the same combats and only 4 AP
    targets = [PhaseTarget(SOUTH, ("south_only",), (), 3), PhaseTarget(NORTH, ("north_only",), (), 3)]
    # when the phase is planned, then all 4 AP are spent over the two combats, none left to lapse
    plan, _ = plan_phase(targets, _score, _subsets, pool=4, threshold=0.1)
    assert sum(p.chosen.air_points for p in plan) == 4 and len(plan) == 2


def _weak(target: Hex, attackers: tuple[str, ...], air: int) -> Alternative:
    # a combat worth little on its own: each AP adds 0.1 to its expected score
    return Alternative(str(target), attackers, "2:1", air, 0.5, 0.1, -0.1 + 0.1 * air)


def test_air_points_that_would_lapse_make_a_marginal_combat_worth_declaring() -> None:
    # given one combat that clears the threshold only with 3 AP, and 6 AP that lapse unused otherwise (R11.2)
    targets = [PhaseTarget(SOUTH, ("south_only",), (), 3)]
    # when the phase is planned with the AP free (air_declares), then the combat is declared with 3 AP
    plan, _ = plan_phase(targets, _weak, _subsets, pool=6, threshold=0.1, ap_cost=0.0)
    assert [(p.target, p.chosen.air_points) for p in plan] == [(SOUTH, 3)]
    # and when each AP is charged as elsewhere, it is not (the old rule)
    plan, _ = plan_phase(targets, _weak, _subsets, pool=6, threshold=0.1, ap_cost=0.22)
    assert plan == []
