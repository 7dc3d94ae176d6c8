"""The AI blunders of issue 18 each provoked by a small built position: attack AP left to lapse
(R11.2) and attacks at 1:1 or worse that their exact outcome distribution does not pay for (R12.11)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from malaya.ai.combat import NOT_WORTH, at_most_even, choose_combat, evaluate
from malaya.ai.combat_plan import share_air
from malaya.ai.explain import Alternative
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase, set_pool
from tests.builder import Game, GameBuilder


def _with_attack_ap(state: GameState, points: int) -> GameState:
    return replace(state, attack_pool=set_pool(state.attack_pool, Side.JP, points))


def _even_fight() -> Game:
    # one JP regiment (attack 8) next to a CW brigade of defense 8 on clear ground: the 1:1 column
    return (GameBuilder(width=8, height=6).terrain((7, 5), "fortress")
            .place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(5, 2)).unit("cw_bde", "CW", at=(5, 3), defense=8)
            .at_phase(Phase.COMBAT).build())


def test_a_1_to_1_without_air_is_not_attacked_because_its_distribution_does_not_pay() -> None:
    # given the 1:1 and no attack AP
    game = _even_fight()
    know = map_knowledge(game.gd)
    # when the hard and the baseline AI weigh the attack
    hard = evaluate(game.gd, game.state, know, level("hard"), game.hex(5, 3), ("jp_a",), 0, 0.0)
    baseline = evaluate(game.gd, game.state, know, level("baseline"), game.hex(5, 3), ("jp_a",), 0, 0.0)
    # then the hard AI marks it not worth making (expected steps lost outweigh steps taken), the
    # baseline does not, and neither hard nor normal declares it
    assert hard is not None and hard.column == "1:1" and hard.score == NOT_WORTH
    assert baseline is not None and baseline.score > NOT_WORTH
    assert choose_combat(game.gd, game.state, know, level("hard")) is None
    assert choose_combat(game.gd, game.state, know, level("normal")) is None


def test_a_1_to_1_with_three_air_points_that_would_lapse_is_attacked_because_it_pays() -> None:
    # given the same 1:1 and 3 attack AP no other combat could use (they lapse at the turn's end, R11.2)
    game = _even_fight()
    state = _with_attack_ap(game.state, 3)
    # when the hard AI plans its combat phase
    plan = choose_combat(game.gd, state, map_knowledge(game.gd), level("hard"))
    # then it attacks with all three AP (+3 to the die, R11.3): the exact distribution now pays
    assert plan is not None and plan.target == game.hex(5, 3) and plan.air_points == 3
    assert plan.chosen.score > 0


def test_one_to_one_or_worse_counts_strengths_and_the_shifted_column() -> None:
    # given strengths and CRT columns (R12.5)
    # then even strengths, or a column shifted down to 1:1, count; a 3:2 on both does not
    assert at_most_even(F(8), F(8), "1:1") and at_most_even(F(12), F(8), "1:1")
    assert not at_most_even(F(12), F(8), "3:2") and not at_most_even(F(12), F(8), None)


def _alt(air: int, score: float) -> Alternative:
    return Alternative("t", ("u",), "2:1", air, 0.5, 0.1, score)


def test_air_points_are_shared_out_where_they_add_the_most() -> None:
    # given two combats: one gains 0.2 per AP, the other 0.6 per AP, and 3 AP for both
    slow = tuple(_alt(a, 1.0 + 0.2 * a) for a in range(4))
    fast = tuple(_alt(a, 0.5 + 0.6 * a) for a in range(4))
    # when the pool is shared out over the phase
    chosen = share_air([slow, fast], [False, False], 3, 0.1)
    # then both combats are made and all three AP go to the one they help most
    assert [c.air_points if c else None for c in chosen] == [0, 3]


def test_a_combat_below_the_threshold_is_left_out_unless_forced() -> None:
    # given one combat worth less than the declaring threshold at any AP
    poor = tuple(_alt(a, -1.0 + 0.1 * a) for a in range(4))
    # then it is left out, unless landed units must attack (R9.6), and then it takes the AP
    assert share_air([poor], [False], 3, 0.1) == [None]
    forced = share_air([poor], [True], 3, 0.1)
    assert forced[0] is not None and forced[0].air_points == 3


def test_a_1_to_1_that_two_lapsing_air_points_make_worth_it_is_declared() -> None:
    # given the 1:1 and 2 attack AP that lapse unused at the turn's end (R11.2): with +2 to the die
    # (R11.3) its exact distribution pays, but only just (charged 0.22 an AP, it stays below the threshold)
    game = _even_fight()
    state = _with_attack_ap(game.state, 2)
    know = map_knowledge(game.gd)
    # when the normal AI plans its combat phase, with and without lapsing AP counted as free
    plan = choose_combat(game.gd, state, know, level("normal"))
    charged = choose_combat(game.gd, state, know, level("normal").without(Behaviour.LAPSING_AIR_DECLARES))
    # then it attacks with both AP, where charging them as if they had another use declined the attack
    assert plan is not None and plan.target == game.hex(5, 3) and plan.air_points == 2
    assert plan.chosen.column == "1:1" and plan.chosen.score > 0
    assert charged is None
