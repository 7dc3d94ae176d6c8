"""Limited intelligence (RULES R2.5): what each side may see."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from malaya.engine import rules
from malaya.engine.actions import EndPhase
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.intel import UnknownStack, is_visible, observation, visible_units
from malaya.engine.ruleset import Intel
from malaya.engine.sides import Side
from malaya.engine.state import Location, Phase
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


def two_stacks() -> Game:
    """A CW unit at (1, 2); a JP stack (2 + 1 stacking points) two hexes away at (3, 2); one JP unit in the box."""
    return (GameBuilder(width=8, height=6).unit("cw", "CW", at=(1, 2))
            .unit("jp_a", "JP", at=(3, 2)).unit("jp_b", "JP", at=(3, 2), stacking=1, steps=1)
            .unit("jp_box", "JP", at=None).at_phase(Phase.COMBAT).build())


def test_an_enemy_stack_not_adjacent_shows_only_as_unknown_with_its_stacking_value_R2_5() -> None:
    game = two_stacks()
    seen = observation(game.gd, game.state, Side.CW)
    assert seen.enemy == ()
    assert seen.unknown == (UnknownStack(hex=game.hex(3, 2), side=Side.JP, stacking=3),)
    assert not is_visible(game.gd, game.state, Side.CW, "jp_a")


def test_an_enemy_unit_adjacent_to_a_friendly_unit_is_seen_in_full_R2_5() -> None:
    # given the CW unit moves next to the JP stack
    game = two_stacks()
    pos = game.gd.unit_index["cw"]
    state = game.state.with_units({pos: replace(game.state.units[pos], hex=game.hex(2, 2))})
    seen = observation(game.gd, state, Side.CW)
    assert [u.id for u in seen.enemy] == ["jp_a", "jp_b"] and seen.unknown == ()
    assert visible_units(game.gd, state, Side.CW) == {"cw", "jp_a", "jp_b"}


def test_a_side_sees_all_its_own_units_on_and_off_the_map_R2_5() -> None:
    game = two_stacks()
    seen = observation(game.gd, game.state, Side.JP)
    assert [u.id for u in seen.own] == ["jp_a", "jp_b", "jp_box"]
    assert seen.unknown == (UnknownStack(hex=game.hex(1, 2), side=Side.CW, stacking=2),)


def test_enemy_units_off_the_map_are_hidden_entirely_R2_5() -> None:
    game = two_stacks()
    seen = observation(game.gd, game.state, Side.CW)
    hidden = {"jp_box"}
    assert hidden.isdisjoint({u.id for u in seen.enemy}) and sum(s.stacking for s in seen.unknown) == 3
    assert not is_visible(game.gd, game.state, Side.CW, "jp_box")


def test_units_revealed_by_combat_stay_visible_for_the_player_turn_R2_5() -> None:
    # given JP units revealed by a combat this player-turn, now two hexes from any CW unit
    game = two_stacks()
    state = replace(game.state, revealed=frozenset({"jp_a"}))
    seen = observation(game.gd, state, Side.CW)
    # then the revealed unit is seen in full; its unrevealed companion stays unknown
    assert [u.id for u in seen.enemy] == ["jp_a"]
    assert seen.unknown == (UnknownStack(hex=game.hex(3, 2), side=Side.JP, stacking=1),)
    # when the player-turn ends, the reveal lapses
    after = rules.apply(game.gd, state, EndPhase(side=Side.JP)).state
    assert after.side is Side.CW and not is_visible(game.gd, after, Side.CW, "jp_a")


def test_a_landing_force_is_seen_from_the_port_it_threatens_R2_5_R9_6() -> None:
    game = two_stacks()
    pos = game.gd.unit_index["jp_box"]
    landing = replace(game.state.units[pos], location=Location.LANDING, hex=game.hex(1, 2))
    state = game.state.with_units({pos: landing})
    assert is_visible(game.gd, state, Side.CW, "jp_box")


def test_a_side_sees_only_its_own_air_pools_R2_5_R11_2() -> None:
    game = two_stacks()
    state = replace(game.state, attack_pool=((Side.JP, 3), (Side.CW, 1)), defense_pool=((Side.JP, 2), (Side.CW, 0)))
    seen = observation(game.gd, state, Side.CW)
    assert (seen.attack_pool, seen.defense_pool) == (1, 0)
    assert not hasattr(seen, "enemy_attack_pool")


def test_with_limited_intelligence_off_every_unit_is_visible_R2_5() -> None:
    game = two_stacks()
    ruleset = game.gd.scenario.ruleset.model_copy(update={"intel": Intel(limited=False)})
    gd = GameDef(game.gd.board, game.gd.scenario.model_copy(update={"ruleset": ruleset}))
    seen = observation(gd, game.state, Side.CW)
    assert [u.id for u in seen.enemy] == ["jp_a", "jp_b", "jp_box"] and seen.unknown == ()
    assert is_visible(gd, game.state, Side.CW, "jp_box")


def test_the_campaign_ruleset_has_limited_intelligence_on_by_default_R2_5() -> None:
    assert campaign().scenario.ruleset.intel.limited


def test_at_the_campaign_opening_cw_sees_the_jp_landings_in_siam_only_as_unknown_stacks_R2_5() -> None:
    gd = campaign()
    state = rules.start(gd, new_game(gd, ())).state
    seen = observation(gd, state, Side.CW)
    jp_on_map = [u for u in state.units if u.on_map and gd.side_of(u.id) is Side.JP]
    assert seen.enemy == ()
    assert sum(s.stacking for s in seen.unknown) == sum(gd.stacking_value(u.id) for u in jp_on_map)
    assert observation(gd, state, Side.CW) == seen  # deterministic


def test_declaring_a_combat_reveals_the_defending_stack_R2_5() -> None:
    # given a CW stack that JP cannot see (two hexes from any JP unit)
    from dataclasses import replace as _replace

    from malaya.engine.intel import observation
    from malaya.engine.sides import Side
    from malaya.engine.state import Combat
    from tests.builder import GameBuilder

    game = GameBuilder().unit("jp_a", "JP", at=(1, 1)).unit("cw_a", "CW", at=(4, 1)).build()
    assert [u.id for u in observation(game.gd, game.state, Side.JP).enemy] == []
    # when a combat against its hex is open
    state = _replace(game.state, combat=Combat(defender_hex=game.hex(4, 1)))
    # then JP sees the defenders in full
    assert [u.id for u in observation(game.gd, state, Side.JP).enemy] == ["cw_a"]
