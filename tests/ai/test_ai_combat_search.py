"""The hard AI's combat-phase search over exact outcome distributions (issue 18; R11.3, R12.11)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai import make_ai
from malaya.ai.combat_search import CombatSearch, search_phase, target_options
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.engine.actions import DeclareCombat
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from malaya.session.words.ai_words import explanation_text
from tests.builder import Game, GameBuilder


def _two_combats(pool: int = 3) -> Game:
    # Two JP regiments (attack 8 each) beside a weak CW unit (defense 2): 16 : 2, the 6:1 column;
    # far east, one regiment beside a strong CW unit (defense 8): 1:1. A JP airfield has both in range.
    b = GameBuilder(width=10, height=8).place("JP field", (0, 0), airfield=True).siam((0, 0))
    b.unit("jp_a", "JP", at=(1, 2)).unit("jp_b", "JP", at=(2, 1)).unit("cw_weak", "CW", at=(2, 2), defense=2)
    b.unit("jp_c", "JP", at=(6, 2)).unit("cw_strong", "CW", at=(6, 3), defense=8)
    game = b.at_phase(Phase.COMBAT).build()
    state = replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, pool))
    return Game(game.gd, state)


def test_the_air_points_go_to_the_combat_where_they_shift_the_odds() -> None:
    # given three attack AP for the phase (R11.3: each +1 to the die, at most 3 a combat), a 6:1 attack
    # that cannot do better and a 1:1 attack that they turn from a likely step lost into a likely win
    game = _two_combats()
    know, hard = map_knowledge(game.gd), level("hard")
    # when the hard AI searches the phase
    plan, _ = search_phase(game.gd, game.state, know, hard, TurnEffort(10**6))
    # then it makes both attacks, with all three AP on the 1:1 one
    by_target = {o.target: o for o in plan}
    assert set(by_target) == {game.hex(2, 2), game.hex(6, 3)}
    assert by_target[game.hex(6, 3)].air_points == 3 and by_target[game.hex(2, 2)].air_points == 0
    # and no other split of the three AP has a better expected worth (each combat rated from its
    # exact outcome distribution, R12.11)
    effort = TurnEffort(10**6)
    weak = target_options(game.gd, game.state, know, hard, game.hex(2, 2), set(), effort)
    strong = target_options(game.gd, game.state, know, hard, game.hex(6, 3), set(), effort)
    best_split = max(a.value + b.value for a in weak for b in strong if a.air_points + b.air_points <= 3)
    assert sum(o.value for o in plan) == best_split


def test_without_air_points_the_one_to_one_attack_is_not_worth_making() -> None:
    # given the same two combats and no attack AP: at 1:1 half the rolls cost the lone regiment a step
    game = _two_combats(pool=0)
    # when the hard AI searches the phase
    plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
    # then it attacks only at 6:1
    assert [(o.target, o.air_points) for o in plan] == [(game.hex(2, 2), 0)]


def test_the_search_counts_its_work_in_previews() -> None:
    # given the two combats
    game = _two_combats()
    effort = TurnEffort(10**6)
    # when the hard AI searches the phase
    search_phase(game.gd, game.state, map_knowledge(game.gd), level("hard"), effort)
    # then it counted one unit per preview: 3 attacker sets x 4 AP counts at the weak unit, 1 x 4 at the strong
    assert effort.spent == 3 * 4 + 1 * 4


def test_past_its_budget_the_search_plays_out_its_last_plan_without_new_work() -> None:
    # given a search that has just planned the phase and spent its whole budget doing so
    game = _two_combats()
    search = CombatSearch(effort=TurnEffort(budget=0))
    know, hard = map_knowledge(game.gd), level("hard")
    first = search.choose(game.gd, game.state, know, hard)
    spent = search.effort.spent
    # when it is asked for the next combat on the same position
    second = search.choose(game.gd, game.state, know, hard)
    # then it declares the rest of the plan it had, and scores nothing more
    assert first is not None and second is not None and first.target != second.target
    assert search.effort.spent == spent


def test_same_position_same_plan() -> None:
    # given the same position twice
    know, hard = map_knowledge(_two_combats().gd), level("hard")
    plans = [search_phase(g.gd, g.state, know, hard, TurnEffort(10**6))[0] for g in (_two_combats(), _two_combats())]
    # then the search makes the same plan, and two hard AIs declare the same combat first
    assert plans[0] == plans[1]
    game = _two_combats()
    actions = [make_ai("hard", Side.JP, seed=s)(game.gd, game.state) for s in (1, 2)]
    assert actions[0] == actions[1] and isinstance(actions[0], DeclareCombat)


def test_the_explanation_says_the_phase_plan_in_plain_words() -> None:
    # given the two combats and four attack AP, one more than a combat may take (R11.3)
    game = _two_combats(pool=4)
    ai = make_ai("hard", Side.JP, seed=1)
    ai.level = ai.level.without(Behaviour.SPEND_LEFTOVER_AIR)  # the top-up spends the spare point: test_ai_air_topup.py
    # when the hard AI declares its first combat
    ai(game.gd, game.state)
    # then its W explanation names both attacks, where the air points go and the one left over
    text = explanation_text(ai.explanations)
    assert ("Combat plan, 2 attacks: cell 2.2 with 2 units at 6:1; cell 6.3 with 1 unit and 3 air points at 1:1 "
            "only because the dice pay: on average the enemy loses 0.7 steps and we lose 0.2, and the hex is taken "
            "83% of the time; 1 air point left over: no attack gains from more.") in text
