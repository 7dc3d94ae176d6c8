"""The blunders of issue 25, each provoked by a small built position: an undefended objective within reach
left alone (Penang, Port Swettenham), a captured fortress hex walked out of, a far objective that decides
the result never marched on, and an optional unit bought that can never be placed (R14.4, R15, R16.3)."""

from __future__ import annotations

from dataclasses import replace

from malaya.ai.candidates import Proposal, claims
from malaya.ai.evaluate import objective_worth
from malaya.ai.knowledge import map_knowledge
from malaya.ai.levels import level
from malaya.ai.move_setup import move_context
from malaya.ai.options import accept_optional_unit
from malaya.engine.setup_check import setup_problems
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder, place_name
from tests.content.words import rules_text

NAMES = ("take", "march", "keep")


def _claims(game: Game, state: GameState | None = None) -> list[Proposal]:
    state = state or game.state
    ctx = move_context(game.gd, state, level("hard"), lambda note: None)
    return claims(game.gd, state, ctx, NAMES, {})


def _off_the_road(turn: int, turns: int = 4, width: int = 12) -> Game:
    # given a JP regiment on the road south (row 2) and an empty 2-VP town off it at (7, 6), a CW brigade
    # far to the south-west
    return (GameBuilder(width=width, height=12).siam((0, 0))
            .road((1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2))
            .objective((7, 6), 2)
            .unit("jp_a", "JP", at=(3, 2)).unit("cw_a", "CW", at=(1, 11), movement=5)
            .lasting(turns).at_phase(Phase.MOVEMENT, side="JP", turn=turn).build())


def test_an_empty_objective_within_reach_is_taken() -> None:
    # given the town four hexes from the regiment (7 MP) on the last turn
    game = _off_the_road(turn=4)
    # when the candidates weigh the JP Movement phase
    chosen = _claims(game)
    # then the regiment takes the town (R13.2, R15.2), the CW too far away to take it back
    assert [(p.candidate, p.unit, p.to) for p in chosen] == [("take", "jp_a", game.hex(7, 6))]
    assert chosen[0].score >= 2.0


def test_an_objective_beyond_one_move_is_marched_on_when_there_is_time() -> None:
    # given the regiment farther away, with two turns left
    game = _off_the_road(turn=3)
    state = replace(game.state, units=tuple(replace(u, hex=game.hex(0, 0)) if u.id == "jp_a" else u
                                           for u in game.state.units))
    chosen = _claims(game, state)
    # then it marches toward the town, ending nearer to it
    assert [(p.candidate, p.unit, p.target) for p in chosen] == [("march", "jp_a", game.hex(7, 6))]
    assert chosen[0].to.distance(game.hex(7, 6)) < game.hex(0, 0).distance(game.hex(7, 6))


def test_an_objective_that_cannot_be_reached_before_the_end_is_not_marched_on() -> None:
    # given the regiment far away on the last turn
    game = _off_the_road(turn=4)
    state = replace(game.state, units=tuple(replace(u, hex=game.hex(0, 0)) if u.id == "jp_a" else u
                                           for u in game.state.units))
    # then no candidate sends it off the road for nothing
    assert _claims(game, state) == []


def _fortress_held(cw_next_door: bool) -> Game:
    # given Singapore's fortress (two hexes): the JP stands on (5, 5), which it controls; a CW brigade
    # beside it could walk back in (R13.2) if the JP left
    builder = (GameBuilder(width=10, height=10).siam((0, 0)).terrain((5, 5), "fortress").terrain((7, 7), "fortress")
               .unit("jp_a", "JP", at=(5, 5)))
    if cw_next_door:
        builder.unit("cw_a", "CW", at=(5, 6), defense=4)
    else:
        builder.unit("cw_a", "CW", at=(9, 0), defense=4, movement=3)
    game = builder.lasting(28).at_phase(Phase.MOVEMENT, side="JP", turn=24).build()
    return replace(game, state=replace(game.state, jp_control=game.state.jp_control | {game.hex(5, 5)}))


def test_a_captured_fortress_hex_is_kept_while_the_enemy_could_walk_back_in() -> None:
    game = _fortress_held(cw_next_door=True)
    # when the candidates weigh the JP Movement phase
    chosen = _claims(game)
    # then the regiment keeps the fortress hex (R15.1: Singapore falls only when every fortress hex is JP)
    keep = [p for p in chosen if p.candidate == "keep"]
    assert [(p.unit, p.to) for p in keep] == [("jp_a", game.hex(5, 5))]


def test_a_captured_fortress_hex_no_enemy_can_reach_is_not_held_for_its_own_sake() -> None:
    game = _fortress_held(cw_next_door=False)
    # then nothing holds the regiment there: it is free to go on to the next fortress hex
    assert not [p for p in _claims(game) if p.candidate == "keep"]


def _offer(full: bool) -> Game:
    # given a CW optional armoured brigade offered on turn 18, arriving at Singapore's one fortress hex
    # (R16.3, R14.2); the hex is full (three brigades, its 6 stacking points) or empty
    builder = (GameBuilder(width=8, height=8).siam((0, 0)).terrain((5, 5), "fortress")
               .optional_unit("cw_armd", "CW", turn=18, where="singapore", vp=1, type="armor", defense=4)
               .unit("jp_a", "JP", at=(1, 1)))
    for i in range(3 if full else 0):
        builder.unit(f"cw_{i}", "CW", at=(5, 5))
    return builder.at_phase(Phase.REINFORCEMENT, side="CW", turn=18).build()


def test_an_optional_unit_that_could_not_be_placed_is_not_bought() -> None:
    for full, wanted in ((True, False), (False, True)):
        game = _offer(full)
        know = map_knowledge(game.gd)
        # when the level that places what it buys weighs the offer (the JP far from Johore: worth 2 VP)
        taken = accept_optional_unit(game.gd, game.state, level("hard"), know, "cw_armd", jp_front=10.0)
        # then it pays only if the unit could be placed (R14.4: no room, it waits turn after turn)
        assert taken is wanted, f"full={full}"
    # and the frozen baseline level, which does not look, pays for it even when the island is full (the blunder)
    game = _offer(True)
    assert accept_optional_unit(game.gd, game.state, level("baseline"), map_knowledge(game.gd), "cw_armd", 10.0)


def test_a_hinted_target_is_worth_its_value_and_an_avoided_hex_is_left_alone() -> None:
    # given the town off the road, and the scenario's [ai.JP] table naming another empty hex as a target
    # and the town as a hex to avoid
    game = (GameBuilder(width=12, height=12).siam((0, 0)).objective((7, 6), 2)
            .ai_hints("JP", targets=[{"place": place_name((5, 4)), "value": 3}], avoid=[place_name((7, 6))])
            .unit("jp_a", "JP", at=(3, 2)).unit("cw_a", "CW", at=(1, 11))
            .lasting(4).at_phase(Phase.MOVEMENT, side="JP", turn=4).build())
    # then the regiment takes the target, not the avoided town
    assert [(p.candidate, p.to) for p in _claims(game)] == [("take", game.hex(5, 4))]


def test_a_hold_zone_of_the_scenario_is_kept_and_its_bottleneck_is_worth_twice() -> None:
    # given the [ai.CW] table: hold the zone of (5, 5) with the bottleneck (5, 4), 3 VP a hex
    game = (GameBuilder(width=10, height=10).siam((0, 0))
            .ai_hints("CW", hold=[{"zone": [place_name((5, 5))], "value": 3, "bottleneck": place_name((5, 4))}])
            .unit("cw_a", "CW", at=(5, 5), defense=8).unit("jp_a", "JP", at=(5, 7))
            .lasting(6).at_phase(Phase.MOVEMENT, side="CW", turn=5).build())
    worth = objective_worth(game.gd, game.state, Side.CW)
    # then the zone hex is worth its value and the way in twice that
    assert worth == {game.hex(5, 5): 3.0, game.hex(5, 4): 6.0}
    # and the CW brigade (defense 8 against the regiment's 8) keeps the zone hex the JP could walk into
    assert [(p.candidate, p.unit) for p in _claims(game) if p.candidate == "keep"] == [("keep", "cw_a")]


def test_a_hint_naming_a_place_not_on_the_map_is_reported_with_its_field() -> None:
    # given an [ai.JP] table whose target is no place of the map
    game = (GameBuilder(width=6, height=6).ai_hints("JP", targets=[{"place": "Atlantis", "value": 2}])
            .unit("jp_a", "JP", at=(1, 1)).build())
    # when the scenario is checked against its map
    problems = [p for p in map(rules_text, setup_problems(game.gd.scenario, game.gd.board)) if p.startswith("ai.")]
    # then the problem names the field and the unknown place
    assert problems == ["ai.JP.targets.Atlantis: position 'Atlantis': unknown place 'Atlantis'"]


def _cw_brigade_at(game: Game, cell: tuple[int, int]) -> GameState:
    return replace(game.state, units=tuple(replace(u, hex=game.hex(*cell)) if u.id == "cw_a" else u
                                           for u in game.state.units))


def test_an_empty_objective_no_enemy_can_reach_is_taken_long_before_the_end() -> None:
    # given the empty 2-VP town off the road within the regiment's reach on turn 2 of 28, on a wider map whose
    # far east corner holds the CW brigade, more than two turns' march away
    game = _off_the_road(turn=2, turns=28, width=26)
    state = _cw_brigade_at(game, (25, 0))
    # when the candidates weigh the JP Movement phase, long before the last turns
    chosen = _claims(game, state)
    # then the regiment takes the town: no enemy can reach it within two turns, so it is held for nothing (R15)
    assert [(p.candidate, p.unit, p.to) for p in chosen] == [("take", "jp_a", game.hex(7, 6))]


def test_an_empty_objective_an_enemy_could_reach_soon_is_left_to_the_fight_before_the_last_turns() -> None:
    # given the same town on turn 2 of 28, with the CW brigade two hexes from it
    game = _off_the_road(turn=2, turns=28)
    state = _cw_brigade_at(game, (7, 8))
    # when the candidates weigh the JP Movement phase, then no candidate claims the regiment for it
    assert _claims(game, state) == []
