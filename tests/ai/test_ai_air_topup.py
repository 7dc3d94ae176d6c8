"""Hard JP tops up its planned combats with the attack AP that would lapse (issue 18 blunder 1,
``air_topup``): unused attack AP are lost when the player-turn ends (R11.2), each AP adds +1 to the
die (R11.3, at most 3 a combat) and a higher roll is never worse for the attacker on the CRT (R12.6)."""

from __future__ import annotations

from malaya.ai import make_ai
from malaya.ai.combat_search import search_phase
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.engine.combat import preview_for
from malaya.engine.sides import Side
from malaya.session.words.ai_words import explanation_text
from tests.ai.test_ai_combat_search import _two_combats


def _plan(topup: bool) -> dict[tuple[int, int], int]:
    """Per target cell, the AP the hard JP's combat search gives it with six attack AP."""
    game = _two_combats(pool=6)
    lvl = level("hard") if topup else level("hard").without(Behaviour.SPEND_LEFTOVER_AIR)
    plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), lvl, TurnEffort(10**6))
    cells = {game.hex(2, 2): (2, 2), game.hex(6, 3): (6, 3)}
    return {cells[o.target]: o.air_points for o in plan}


def test_without_the_knob_three_of_six_attack_points_lapse_beside_a_six_to_one_attack() -> None:
    # given a 6:1 attack on a weak CW unit and a 1:1 attack on a strong one, both in air range, and 6 AP
    # when the hard JP plans the phase without topping up
    air = _plan(topup=False)
    # then the 6:1 attack goes in bare and three AP lapse at the end of the player-turn (R11.2)
    assert air == {(2, 2): 0, (6, 3): 3}


def test_with_the_knob_the_six_to_one_attack_takes_the_points_that_would_lapse() -> None:
    # given the same phase
    # when the hard JP plans it with the top-up
    air = _plan(topup=True)
    # then every AP goes to a combat, at most 3 each (R11.3)
    assert air == {(2, 2): 3, (6, 3): 3}


def test_the_points_added_make_the_six_to_one_attack_more_likely_to_destroy_the_unit() -> None:
    # given the 6:1 attack with 0 and with 3 AP (each +1 to the die, R11.3, R12.5)
    game = _two_combats(pool=6)
    target = game.hex(2, 2)
    bare, backed = (dict(preview_for(game.gd, game.state, target, ("jp_a", "jp_b"), ap).probabilities)
                    for ap in (0, 3))
    # then the exact distribution (R12.11) moves toward DE: the AP were not wasted
    assert backed.get("DE", 0) > bare.get("DE", 0)


def test_the_explanation_says_where_the_topped_up_points_go() -> None:
    # given the two combats and four attack AP, one more than the 1:1 attack may take (R11.3)
    game = _two_combats(pool=4)
    ai = make_ai("hard", Side.JP, seed=1)
    # when the hard JP declares its first combat
    ai(game.gd, game.state)
    # then its W explanation gives the spare point to the 6:1 attack and leaves none over
    text = explanation_text(ai.explanations)
    assert "cell 2.2 with 2 units and 1 air point at 6:1" in text and "left over" not in text
