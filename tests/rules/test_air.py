"""Air points (RULES R11.1, R11.2, R11.5): receipt, allocation, lapsing pools, air range."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from malaya.engine import rules
from malaya.engine.actions import AllocateAir, EndPhase
from malaya.engine.air import AirAllocated, AirPointsReceived, in_air_range
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game

JP_AP = 4  # the builder's schedule: JP 4 AP, CW 2 AP every turn


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


def at_air_phase(side: str = "JP", turn: int = 1) -> tuple[Game, GameState]:
    """A game that has just entered the Air phase of ``side`` (via the engine)."""
    game = (GameBuilder().unit("jp", "JP", at=(1, 1)).unit("cw", "CW", at=(4, 4))
            .at_phase(Phase.REINFORCEMENT, side=side, turn=turn).build())
    outcome = rules.apply(game.gd, game.state, EndPhase(side=Side(side)))
    assert outcome.state.phase is Phase.AIR
    return game, outcome.state


def pools(state: GameState, side: Side) -> tuple[int, int]:
    return state.pool("attack", side), state.pool("defense", side)


def test_entering_the_air_phase_the_phasing_side_receives_its_air_points_R11_1() -> None:
    _, state = at_air_phase()
    assert pools(state, Side.JP) == (JP_AP, 0)
    _, cw_state = at_air_phase(side="CW")
    assert pools(cw_state, Side.CW) == (2, 0)


def test_air_points_received_is_reported_as_an_event_R11_1() -> None:
    game = GameBuilder().at_phase(Phase.REINFORCEMENT).unit("jp", "JP", at=(1, 1)).build()
    outcome = rules.apply(game.gd, game.state, EndPhase(side=Side.JP))
    assert AirPointsReceived(side=Side.JP, turn=1, points=JP_AP) in outcome.events


def test_the_phasing_player_splits_his_air_points_between_attack_and_defense_R11_2() -> None:
    # given the JP Air phase with 4 AP received
    game, state = at_air_phase()
    # when JP puts 1 in attack and 3 in defense
    outcome = rules.apply(game.gd, state, AllocateAir(side=Side.JP, attack=1, defense=3))
    # then the pools hold that split
    assert pools(outcome.state, Side.JP) == (1, 3)
    assert outcome.events == (AirAllocated(side=Side.JP, attack=1, defense=3),)


def test_every_split_of_the_received_points_is_offered_R11_2() -> None:
    game, state = at_air_phase()
    splits = [(a.attack, a.defense) for a in rules.legal_actions(game.gd, state) if isinstance(a, AllocateAir)]
    # all-attack is the current split, so it is not offered again
    assert splits == [(3, 1), (2, 2), (1, 3), (0, 4)]


def test_a_split_must_use_exactly_the_points_received_R11_2() -> None:
    game, state = at_air_phase()
    for attack, defense in ((1, 1), (4, 1)):
        rejection = rules.check(game.gd, state, AllocateAir(side=Side.JP, attack=attack, defense=defense))
        assert rejection is not None and rejection.code == "air_points_mismatch"


def test_the_split_may_be_changed_until_the_air_phase_ends_R11_2() -> None:
    game, state = at_air_phase()
    first = rules.apply(game.gd, state, AllocateAir(side=Side.JP, attack=0, defense=4)).state
    second = rules.apply(game.gd, first, AllocateAir(side=Side.JP, attack=3, defense=1)).state
    assert pools(second, Side.JP) == (3, 1)
    same = rules.check(game.gd, second, AllocateAir(side=Side.JP, attack=3, defense=1))
    assert same is not None and same.code == "allocation_unchanged"


def test_ending_the_air_phase_without_allocating_keeps_every_point_in_attack_R11_2() -> None:
    game, state = at_air_phase()
    after = rules.apply(game.gd, state, EndPhase(side=Side.JP)).state
    assert after.phase is Phase.NAVAL and pools(after, Side.JP) == (JP_AP, 0)


def test_air_points_can_only_be_allocated_in_the_air_phase_R11_2() -> None:
    game, state = at_air_phase()
    rejection = rules.check(
        game.gd, replace(state, phase=Phase.MOVEMENT), AllocateAir(side=Side.JP, attack=0, defense=4)
    )
    assert rejection is not None and rejection.code == "wrong_phase"


def test_unused_attack_points_lapse_when_the_player_turn_ends_R11_2() -> None:
    # given JP kept 1 attack and 3 defense AP
    game, state = at_air_phase()
    state = rules.apply(game.gd, state, AllocateAir(side=Side.JP, attack=1, defense=3)).state
    # when the JP player-turn ends
    after = rules.apply(game.gd, replace(state, phase=Phase.COMBAT), EndPhase(side=Side.JP)).state
    # then the attack AP are gone and the defense pool is there for the CW player-turn
    assert after.side is Side.CW and pools(after, Side.JP) == (0, 3)


def test_the_defense_pool_lapses_at_the_end_of_the_enemys_following_player_turn_R11_2() -> None:
    game, state = at_air_phase()
    state = rules.apply(game.gd, state, AllocateAir(side=Side.JP, attack=1, defense=3)).state
    cw_turn = rules.apply(game.gd, replace(state, phase=Phase.COMBAT), EndPhase(side=Side.JP)).state
    # when the CW player-turn ends
    next_turn = rules.apply(game.gd, replace(cw_turn, phase=Phase.COMBAT), EndPhase(side=Side.CW)).state
    # then JP's defense pool has lapsed
    assert (next_turn.turn, next_turn.side) == (2, Side.JP) and pools(next_turn, Side.JP) == (0, 0)


def test_air_range_counts_from_a_friendly_controlled_airfield_R11_5() -> None:
    game = (GameBuilder(width=14, height=4).siam((0, 1)).place("field", (0, 1), airfield=True)
            .unit("jp", "JP", at=(0, 1)).build())
    assert in_air_range(game.gd, game.state, Side.JP, game.hex(10, 1))
    assert not in_air_range(game.gd, game.state, Side.JP, game.hex(11, 1))
    assert not in_air_range(game.gd, game.state, Side.CW, game.hex(1, 1))  # the airfield is JP's


def test_jp_counts_the_siam_airfields_of_singora_and_patani_R11_5() -> None:
    # given the campaign opening, when JP controls no airfield in Malaya
    gd = campaign()
    state = new_game(gd, ())
    singora, patani = gd.board.place("Singora"), gd.board.place("Patani")
    assert singora.airfield and patani.airfield
    assert all(state.controller(p.hex) is Side.CW for p in gd.board.places if p.airfield and p.name not in
               ("Singora", "Patani"))
    # then hexes near Singora and Patani are within JP air range
    assert in_air_range(gd, state, Side.JP, singora.hex) and in_air_range(gd, state, Side.JP, patani.hex)
    # and CW, which does not control them, has no range there
    assert not in_air_range(gd, state, Side.CW, patani.hex.neighbor(0))
