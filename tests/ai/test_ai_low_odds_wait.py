"""Hard JP waits a turn instead of attacking at 1:1 when the units near can make it 3:2 next turn
(``low_odds_wait``; issue 18; R4.1, R11.3, R12.3-R12.4)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.combat_search import CombatSearch, search_phase
from malaya.ai.effort import TurnEffort
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import Behaviour, level
from malaya.ai.low_odds_wait import better_next_turn
from malaya.engine.sides import Side
from malaya.engine.state import Phase, set_pool
from malaya.session.words.ai_words import told_text
from tests.builder import Game, GameBuilder


def _a_regiment_beside_a_brigade(followers: int) -> Game:
    # one JP regiment (attack 8) beside a CW brigade (defense 8) on clear ground, a JP airfield in range
    # (R11.5) and 3 attack AP; ``followers`` more regiments three hexes back, out of the combat
    b = (GameBuilder(width=8, height=8).place("JP field", (0, 0), airfield=True).siam((0, 0))
         .unit("jp_a", "JP", at=(5, 2)).unit("cw_bde", "CW", at=(5, 3), defense=8))
    for k in range(followers):
        b.unit(f"jp_f{k}", "JP", at=(4 + 2 * k, 1))
    game = b.at_phase(Phase.COMBAT).build()
    return Game(game.gd, replace(game.state, attack_pool=set_pool(game.state.attack_pool, Side.JP, 3)))


def test_hard_waits_for_the_regiments_coming_up_instead_of_attacking_at_1_to_1() -> None:
    # given 8 against 8 (the 1:1 column, which 3 AP make pay: EX, DR, DR, D1R, D1R, D1R) and two more
    # regiments three hexes back, with room beside the brigade for them (R4.1): 24 against 8 next turn
    game = _a_regiment_beside_a_brigade(followers=2)
    know = map_knowledge(game.gd)
    eager = replace(level("hard").without(Behaviour.WAIT_FOR_BETTER_ODDS), name="eager")
    # when the search plans the phase with and without waiting
    attacks, _ = search_phase(game.gd, game.state, know, eager, TurnEffort(10**6))
    waits, _ = search_phase(game.gd, game.state, know, level("hard"), TurnEffort(10**6))
    # then without it the regiment attacks alone at 1:1; the hard AI keeps it for next turn's 3:1
    assert [(o.alternative.column, o.air_points) for o in attacks] == [("1:1", 3)]
    assert waits == ()
    assert better_next_turn(game.gd, game.state, game.hex(5, 3), ("jp_a",))


def test_with_no_one_coming_up_hard_still_makes_the_1_to_1_its_dice_pay_for() -> None:
    # given the same 1:1 with 3 AP and no other regiment near
    game = _a_regiment_beside_a_brigade(followers=0)
    # when the hard search plans the phase
    plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), level("hard"), TurnEffort(10**6))
    # then it attacks: waiting would bring nothing but lapsed air points (R11.2)
    assert [(o.alternative.column, o.air_points) for o in plan] == [("1:1", 3)]


def test_the_explanation_says_where_the_hard_ai_waits_and_why() -> None:
    # given the 1:1 with two regiments coming up (as above)
    game = _a_regiment_beside_a_brigade(followers=2)
    search = CombatSearch()
    # when the hard AI plans its Combat phase
    choice = search.choose(game.gd, game.state, map_knowledge(game.gd), level("hard"))
    # then it declares nothing, and the W explanation names the place it waits at and says why, in plain words
    assert choice is None and search.note is not None
    note = told_text(search.note)
    assert note.startswith("Combat plan: no attack this turn. Waiting a turn at ")
    place = game.gd.place_name(game.hex(5, 3))
    assert f"Waiting a turn at {place}: the attack would go in at 1:1 or worse, and the units coming up can" \
           " make it 3:2." in note


def test_the_explanation_says_nothing_of_waiting_when_no_one_is_coming_up() -> None:
    # given the 1:1 with no one near
    game = _a_regiment_beside_a_brigade(followers=0)
    search = CombatSearch()
    # when the hard AI plans its Combat phase
    search.choose(game.gd, game.state, map_knowledge(game.gd), level("hard"))
    # then the explanation tells the attack it makes and no wait
    assert search.note is not None
    note = told_text(search.note)
    assert "Waiting" not in note and "1:1" in note
