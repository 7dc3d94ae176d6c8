"""A place taken in combat is worth its victory points only as far as the attackers can hold it to the end
(issue 25, ``ATTACK_BY_TERMS``): the evaluation weighs the VP at stake on the hex by the chance the attacking
stack, once on it, is still there when the game ends (R15.2), against the enemy strength that can reach it; and a
fortress hex is worth its share of the capture VP only while the side could still take every one before the end
(R15.1)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.combat_search import search_phase, target_options
from malaya.ai.effort import TurnEffort
from malaya.ai.evaluate import objective_worth
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.outcomes import enemy_threat, worth_advancing
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from tests.builder import Game, GameBuilder

TURNS = 8


def _town(reserve: bool, attack: int = 4) -> Game:
    # given the JP's last player-turn of eight: a CW-held 2-VP town (4, 4) with one CW brigade in it (defense 6),
    # two JP regiments north of it (attack ``attack`` each: 8 to 6, the 1:1 column) and, with ``reserve``, three
    # CW brigades (attack 8 each) two hexes south of the town, where they can strike it in the CW's last reply
    builder = (GameBuilder(width=10, height=10).siam((0, 0)).objective((4, 4), 2)
               .unit("cw_town", "CW", at=(4, 4), defense=6)
               .unit("jp_a", "JP", at=(4, 3), attack=attack).unit("jp_b", "JP", at=(3, 3), attack=attack))
    if reserve:
        for i, cell in enumerate(((4, 6), (4, 6), (5, 6))):
            builder.unit(f"cw_reserve_{i}", "CW", at=cell, attack=8)
    return (builder.victory_terms(cw_singapore_held_vp=0).lasting(TURNS)
            .at_phase(Phase.COMBAT, side="JP", turn=TURNS).build())


def _best_worth(game: Game) -> float:
    town = game.hex(4, 4)
    options = target_options(game.gd, game.state, map_knowledge(game.gd), level("hard"), town, set(),
                             TurnEffort(10**6))
    return options[0].value


def test_a_town_the_enemy_can_retake_in_its_last_reply_is_worth_less_to_take() -> None:
    # given the same attack on the town with and without the CW reserve near it
    alone, backed = _town(reserve=False), _town(reserve=True)
    # when the hard JP weighs its best attack on the town in each
    # then the reserve, which can strike the town in the CW's last player-turn, makes taking it worth less: the
    # regiments on it would hold it to the end less often (R15.2), though the combat itself is the same
    town = alone.hex(4, 4)
    assert enemy_threat(backed.gd, backed.state)[town] > enemy_threat(alone.gd, alone.state)[town]
    assert _best_worth(backed) < _best_worth(alone) - 0.2


def test_the_jp_attacks_at_even_odds_on_its_last_turn_only_for_a_town_it_can_hold() -> None:
    # given the 1:1 attack on the town, with and without the reserve
    alone, backed = _town(reserve=False), _town(reserve=True)
    # when the hard JP searches its last combat phase
    lvl, plans = level("hard"), []
    for game in (alone, backed):
        plan, _ = search_phase(game.gd, game.state, map_knowledge(game.gd), lvl, TurnEffort(10**6))
        plans.append({o.target for o in plan})
    # then it attacks the town it could keep to the end, and leaves the one the reserve would take back (and the
    # steps it would lose there, each a CW VP, R15.3)
    assert plans[0] == {alone.hex(4, 4)}
    assert plans[1] == set()


def _fortress(turn: int) -> Game:
    # given four fortress hexes (R15.1: the game ends when the JP holds them all), the JP standing on one of them,
    # CW brigades on the other three, and the JP's player-turn of game-turn ``turn`` of eight
    builder = GameBuilder(width=10, height=10).siam((0, 0)).unit("jp_a", "JP", at=(3, 3))
    for i, cell in enumerate(((3, 3), (4, 3), (5, 3), (6, 3))):
        builder.terrain(cell, "fortress")
        if i:
            builder.unit(f"cw_{i}", "CW", at=cell)
    game = builder.lasting(TURNS).at_phase(Phase.COMBAT, side="JP", turn=turn).build()
    return Game(game.gd, replace(game.state, jp_control=game.state.jp_control | {game.hex(3, 3)}))


def test_a_fortress_hex_counts_its_share_of_the_capture_only_while_the_rest_can_still_be_taken() -> None:
    # given the JP on one of the four fortress hexes with four player-turns left, and on its last player-turn
    early, last = _fortress(5), _fortress(TURNS)
    # when the evaluation weighs what each CW-held fortress hex is worth to the JP
    early_worth = objective_worth(early.gd, early.state, Side.JP)
    last_worth = objective_worth(last.gd, last.state, Side.JP)
    # then with four player-turns left each carries its share of the capture VP (R15.2), but on the last one,
    # when three hexes cannot all fall in one player-turn, a lone fortress hex is worth nothing
    assert early_worth.get(early.hex(4, 3), 0.0) > 0.0
    assert last_worth.get(last.hex(4, 3), 0.0) == 0.0


def _vacated(reserve: bool) -> Game:
    # given the JP's last player-turn of eight: the CW brigade has just been pushed out of the 2-VP town (4, 4),
    # the two JP regiments that attacked it stand north of it and, with ``reserve``, three CW brigades (attack 8
    # each) stand two hexes south of the town, where they can strike it in the CW's last reply
    builder = (GameBuilder(width=10, height=10).siam((0, 0)).objective((4, 4), 2)
               .unit("jp_a", "JP", at=(4, 3)).unit("jp_b", "JP", at=(3, 3)))
    if reserve:
        for i, cell in enumerate(((4, 6), (4, 6), (5, 6))):
            builder.unit(f"cw_reserve_{i}", "CW", at=cell, attack=8)
    return (builder.victory_terms(cw_singapore_held_vp=0).lasting(TURNS)
            .at_phase(Phase.COMBAT, side="JP", turn=TURNS).build())


def test_the_jp_advances_into_a_town_only_where_the_steps_it_risks_there_are_worth_its_vp() -> None:
    # given the pushed-out town with and without the CW reserve near it
    alone, backed = _vacated(reserve=False), _vacated(reserve=True)
    # when the JP weighs advancing its two regiments into the town after combat (R12.9)
    movers = ["jp_a", "jp_b"]
    advance = [worth_advancing(g.gd, g.state, map_knowledge(g.gd), movers, g.hex(4, 4)) for g in (alone, backed)]
    # then it advances where nothing can strike the town before the end, and stays put where the reserve would
    # most likely retake it and take JP steps there, each a CW VP (R15.3)
    assert advance == [True, False]
