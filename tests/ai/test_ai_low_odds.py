"""The hard JP's combat search attacks at 1:1 or worse only when the exact outcome distribution
pays (issue 18, blunder 2; R11.3, R12.11, R15.3), and says why in its W explanation."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai import make_ai
from malaya.ai.combat_search import search_phase, target_options
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from malaya.session.words.ai_words import explanation_text, told_text
from tests.builder import Game, GameBuilder


def _lone_regiment_against(defense: int, air: int = 3) -> Game:
    # one JP regiment (attack 8) beside a CW brigade on clear ground, a JP airfield in range (R11.5)
    game = (GameBuilder(width=8, height=6).place("JP field", (0, 0), airfield=True).siam((0, 0))
            .unit("jp_a", "JP", at=(5, 2)).unit("cw_bde", "CW", at=(5, 3), defense=defense)
            .at_phase(Phase.COMBAT).build())
    return Game(game.gd, replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, air)))


def test_a_1_to_2_that_the_dice_do_not_pay_for_is_not_attacked_even_with_lapsing_air() -> None:
    # given 8 against 12, the 1:2 column, and 3 attack AP that lapse at the turn's end unless used (R11.2):
    # +3 to the die still leaves a lost step (A1, AR, EX) on half the rolls and the hex seldom taken
    game = _lone_regiment_against(12)
    know = map_knowledge(game.gd)
    without_rule = level("hard").without(Behaviour.LOW_ODDS_RULE)
    # when the search plans the phase with and without the low-odds rule
    plain, _ = search_phase(game.gd, game.state, know, without_rule, TurnEffort(10**6))
    ruled, _ = search_phase(game.gd, game.state, know, level("hard"), TurnEffort(10**6))
    # then without it the road and retreat bonuses carry the attack, and the hard AI makes none
    assert [(o.alternative.column, o.air_points) for o in plain] == [("1:2", 3)]
    assert ruled == ()


def test_a_1_to_1_with_three_air_points_is_attacked_because_the_dice_pay() -> None:
    # given 8 against 8, the 1:1 column, and 3 attack AP: with +3 the rolls give EX, DR, DR, D1R, D1R, D1R
    game = _lone_regiment_against(8)
    # when the hard search rates the attack at each AP count
    options = target_options(game.gd, game.state, map_knowledge(game.gd), level("hard"), game.hex(5, 3), set(),
                             TurnEffort(10**6))
    # then only the attack with all three AP pays on its exact distribution, and it says why
    paying = [o for o in options if o.value > 0]
    assert [o.air_points for o in paying] == [3]
    assert told_text(paying[0].why).startswith("at 1:1 only because the dice pay: on average the enemy loses 0.7 steps")


def test_the_explanation_says_why_a_1_to_1_attack_is_made() -> None:
    # given the 1:1 with 3 attack AP
    game = _lone_regiment_against(8)
    ai = make_ai("hard", Side.JP, seed=1)
    # when the hard AI declares its combat
    ai(game.gd, game.state)
    # then its W explanation gives the exact expectation in plain words
    text = explanation_text(ai.explanations)
    assert ("cell 5.3 with 1 unit and 3 air points at 1:1 only because the dice pay: on average the enemy "
            "loses 0.7 steps and we lose 0.2, and the hex is taken 83% of the time.") in text
