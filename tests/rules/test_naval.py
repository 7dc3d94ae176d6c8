"""Naval movement (RULES R9): sea areas, capacity, landings, the Penang roll and Force Z; campaign sanity."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from malaya.engine import rules
from malaya.engine.actions import Action, AttackForceZ, ChanceResult, EndPhase, NavalMove
from malaya.engine.board import SeaArea
from malaya.engine.chance_context import PercentContext
from malaya.engine.events import HexControlChanged
from malaya.engine.force_z import (
    ForceZAttacked,
    ForceZInterception,
    ForceZLeft,
    PenangShippingRolled,
)
from malaya.engine.gamedef import GameDef, new_game
from malaya.engine.naval import naval_destinations
from malaya.engine.naval_moves import UnitShipped
from malaya.engine.sides import Side
from malaya.engine.state import ForceZStatus, GameState, Location, Phase, UnitState
from malaya.session.words.plain_words import refusal_text
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game

SINGORA, PATANI, KOTA_BHARU, KUANTAN = (5, 0), (7, 0), (8, 2), (8, 5)
PENANG, LUMUT, SINGAPORE = (1, 1), (1, 5), (5, 7)
INLAND = (4, 3)


@lru_cache(maxsize=1)
def campaign() -> GameDef:
    return bundled_game()


def coast(turn: int = 1, side: str = "JP", phase: Phase = Phase.NAVAL) -> GameBuilder:
    """JP ports Singora, Patani (Siam, East); CW ports Kota Bharu, Kuantan (East), Penang, Lumut (West); Singapore."""
    return (GameBuilder(width=10, height=8).siam(SINGORA, PATANI)
            .place("Singora", SINGORA, port=True, sea_area=SeaArea.EAST)
            .place("Patani", PATANI, port=True, sea_area=SeaArea.EAST)
            .place("Kota Bharu", KOTA_BHARU, port=True, sea_area=SeaArea.EAST)
            .place("Kuantan", KUANTAN, port=True, sea_area=SeaArea.EAST)
            .place("Penang", PENANG, port=True, sea_area=SeaArea.WEST)
            .place("Lumut", LUMUT, port=True, sea_area=SeaArea.WEST)
            .place("Singapore", SINGAPORE, port=True).terrain(SINGAPORE, "fortress")
            .at_phase(phase, side=side, turn=turn))


def sail(game: Game, unit_id: str, cell: tuple[int, int], landing: bool = False, side: Side = Side.JP) -> NavalMove:
    return NavalMove(side=side, unit=unit_id, port=game.hex(*cell), landing=landing)


def unit(gd: GameDef, state: GameState, unit_id: str) -> UnitState:
    return state.units[gd.unit_index[unit_id]]


def apply(game: Game, state: GameState, *actions: Action) -> rules.Outcome:
    outcome = rules.Outcome(state, ())
    for action in actions:
        outcome = rules.apply(game.gd, outcome.state, action)
    return outcome


def refused(game: Game, state: GameState, action: Action) -> str | None:
    rejection = rules.check(game.gd, state, action)
    return None if rejection is None else rejection.code


def enter_naval_phase(game: Game) -> rules.Outcome:
    """End the Air phase of the built state, entering the Naval phase through the engine."""
    return rules.apply(game.gd, replace(game.state, phase=Phase.AIR), EndPhase(side=game.state.side))


# --- R9.1 what moves where -----------------------------------------------------------------------


def test_a_unit_moves_by_sea_from_the_jp_box_to_a_friendly_port_R9_1() -> None:
    game = coast().unit("jp", "JP", at=None).build()
    outcome = apply(game, game.state, sail(game, "jp", SINGORA))
    u = unit(game.gd, outcome.state, "jp")
    assert (u.location, u.hex) == (Location.MAP, game.hex(*SINGORA))
    assert u.sea_moved and u.used and u.ground_moved and not u.landed
    assert outcome.events == (UnitShipped(unit="jp", origin=None, port=game.hex(*SINGORA), landing=False),)


def test_a_unit_with_a_fixed_first_landing_sails_only_there_R17() -> None:
    # given the Takumi-like regiment in the JP box whose first landing is fixed at Kota Bharu
    game = coast().unit("jp", "JP", at=None).first_landing("jp", KOTA_BHARU).build()
    # when it would land at Kuantan instead / then the gate refuses and names the port (R17)
    rejection = rules.check(game.gd, game.state, sail(game, "jp", KUANTAN, landing=True))
    assert rejection is not None and rejection.code == "first_landing_fixed" and "cell 8.2" in refusal_text(rejection)
    assert naval_destinations(game.gd, game.state, "jp") == [(game.hex(*KOTA_BHARU), True)]
    # when it lands at Kota Bharu, then later sea moves from the map are free again
    state = apply(game, game.state, sail(game, "jp", KOTA_BHARU, landing=True)).state
    later = replace(state, turn=2, naval_moves=(), units=tuple(replace(u, used=False) for u in state.units))
    assert refused(game, later, sail(game, "jp", KUANTAN, landing=True)) is None


def test_the_campaigns_takumi_detachment_lands_first_at_kota_bharu_R17() -> None:
    gd = campaign()
    assert gd.first_landing == {"jp_56_inf": gd.board.place("Kota Bharu").hex}


def test_a_unit_moves_by_sea_from_port_to_port_R9_1() -> None:
    game = coast().unit("jp", "JP", at=SINGORA).build()
    state = apply(game, game.state, sail(game, "jp", PATANI)).state
    assert unit(game.gd, state, "jp").hex == game.hex(*PATANI)


def test_a_landing_at_an_empty_enemy_port_places_the_unit_and_takes_the_port_at_once_R9_6() -> None:
    game = coast().unit("jp", "JP", at=None).build()
    outcome = apply(game, game.state, sail(game, "jp", KUANTAN, landing=True))
    u = unit(game.gd, outcome.state, "jp")
    assert (u.location, u.hex, u.landed, u.sea_moved) == (Location.MAP, game.hex(*KUANTAN), True, True)
    assert outcome.state.controller(game.hex(*KUANTAN)) is Side.JP
    assert HexControlChanged(hex=game.hex(*KUANTAN), side=Side.JP) in outcome.events


def test_a_landing_at_an_occupied_enemy_port_waits_in_its_landing_zone_R9_6() -> None:
    game = coast().unit("jp", "JP", at=None).unit("cw", "CW", at=KOTA_BHARU).build()
    outcome = apply(game, game.state, sail(game, "jp", KOTA_BHARU, landing=True))
    u = unit(game.gd, outcome.state, "jp")
    assert (u.location, u.hex, u.landed) == (Location.LANDING, game.hex(*KOTA_BHARU), True)
    assert outcome.state.controller(game.hex(*KOTA_BHARU)) is Side.CW
    assert outcome.events[0].assault


def test_a_move_to_an_enemy_port_must_be_a_landing_and_a_landing_needs_an_enemy_port_R9_1() -> None:
    game = coast().unit("jp", "JP", at=None).build()
    assert refused(game, game.state, sail(game, "jp", KUANTAN)) == "port_is_enemy"
    assert refused(game, game.state, sail(game, "jp", SINGORA, landing=True)) == "landing_at_friendly_port"


def test_only_ports_are_destinations_R9_1() -> None:
    game = coast().unit("jp", "JP", at=None).build()
    assert refused(game, game.state, sail(game, "jp", INLAND)) == "not_a_port"


# --- R9.2 sea areas -----------------------------------------------------------------------------------


def test_no_move_goes_from_one_sea_area_to_the_other_R9_2() -> None:
    # given JP holds Lumut (West) and may ship on the West coast
    game = coast().siam(LUMUT).unit("jp", "JP", at=LUMUT).option("early", "JP", west_shipping_from_turn=1).build()
    assert refused(game, game.state, sail(game, "jp", KUANTAN, landing=True)) == "other_sea_area"
    assert refused(game, game.state, sail(game, "jp", PENANG, landing=True)) is None


def test_the_jp_box_connects_to_the_east_area_only_R9_2() -> None:
    game = coast().unit("jp", "JP", at=None).option("early", "JP", west_shipping_from_turn=1).build()
    assert refused(game, game.state, sail(game, "jp", PENANG, landing=True)) == "other_sea_area"


def test_singapore_belongs_to_neither_sea_area_R9_2() -> None:
    # given JP units in the box and a CW unit in Singapore
    game = coast().unit("jp", "JP", at=None).unit("cw", "CW", at=SINGAPORE).build()
    # then JP cannot sail to Singapore, and no move starts from Singapore
    assert refused(game, game.state, sail(game, "jp", SINGAPORE, landing=True)) == "other_sea_area"
    cw_turn = replace(game.state, side=Side.CW)
    assert refused(game, cw_turn, sail(game, "cw", KUANTAN, side=Side.CW)) == "no_sea_area"


def test_a_unit_must_start_in_a_friendly_port_R9_1() -> None:
    game = coast().unit("jp", "JP", at=INLAND).build()
    assert refused(game, game.state, sail(game, "jp", SINGORA)) == "not_in_port"


def test_a_unit_may_move_by_sea_once_per_naval_phase_R9_1() -> None:
    game = coast().unit("jp", "JP", at=None).build()
    state = apply(game, game.state, sail(game, "jp", SINGORA)).state
    assert refused(game, state, sail(game, "jp", PATANI)) == "already_moved"


# --- R9.3 capacity ------------------------------------------------------------------------------------


def test_jp_may_move_five_units_per_phase_on_the_east_coast_R9_3() -> None:
    b = coast()
    for i in range(6):
        b.unit(f"jp{i}", "JP", at=None, stacking=1)
    game = b.build()
    moves = [sail(game, f"jp{i}", SINGORA) for i in range(4)] + [sail(game, "jp4", PATANI)]
    state = apply(game, game.state, *moves).state
    assert refused(game, state, sail(game, "jp5", PATANI)) == "no_shipping"


def test_jp_has_no_west_coast_shipping_while_cw_controls_penang_R9_3() -> None:
    game = coast().siam(LUMUT).unit("jp", "JP", at=LUMUT).build()
    assert refused(game, game.state, sail(game, "jp", PENANG, landing=True)) == "no_shipping"


def test_taking_penang_brings_a_percentile_roll_at_the_next_jp_naval_phase_R9_3() -> None:
    # given JP controls Penang (taken without an attack) at the start of its Naval phase of turn 4
    game = coast(turn=4).siam(PENANG).unit("jp", "JP", at=PENANG).build()
    # when the phase begins
    outcome = enter_naval_phase(game)
    # then the West-coast shipping roll awaits, captured on 80% or less
    pending = outcome.state.pending
    assert pending is not None and pending.kind == "penang_shipping"
    assert pending.outcomes == tuple(range(1, 101)) and pending.context == PercentContext(80)


def test_west_coast_shipping_is_captured_on_80_percent_usable_two_turns_after_the_capture_R9_3() -> None:
    game = coast(turn=4).siam(PENANG).unit("jp", "JP", at=PENANG).build()
    state = enter_naval_phase(game).state
    outcome = rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=80))
    # Penang was taken on turn 3 (the roll comes at the next JP Naval phase): West shipping from turn 5
    assert outcome.events == (PenangShippingRolled(roll=80, percent=80, captured=True, from_turn=5),)
    assert outcome.state.west_shipping_turn == 5 and outcome.state.penang_rolled


def test_a_failed_penang_roll_is_never_made_again_R9_3() -> None:
    game = coast(turn=4).siam(PENANG).unit("jp", "JP", at=PENANG).build()
    state = enter_naval_phase(game).state
    failed = rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=81)).state
    assert failed.west_shipping_turn is None and failed.penang_rolled
    again = rules.apply(game.gd, replace(failed, phase=Phase.AIR, turn=5), EndPhase(side=Side.JP)).state
    assert again.phase is Phase.NAVAL and again.pending is None


def test_penang_taken_by_attack_captures_the_shipping_only_on_20_percent_R9_3() -> None:
    game = coast(turn=4).siam(PENANG).unit("jp", "JP", at=PENANG).build()
    game = Game(game.gd, replace(game.state, penang_attacked=True))
    state = enter_naval_phase(game).state
    assert state.pending is not None and state.pending.context == PercentContext(20)
    assert rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=21)).state.west_shipping_turn is None
    assert rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=20)).state.west_shipping_turn == 5


def test_after_the_capture_jp_moves_one_unit_per_turn_on_the_west_coast_R9_3() -> None:
    game = (coast(turn=5).siam(LUMUT, PENANG).unit("a", "JP", at=LUMUT, stacking=1)
            .unit("b", "JP", at=LUMUT, stacking=1).build())
    early = replace(game.state, west_shipping_turn=6, penang_rolled=True)
    assert refused(game, early, sail(game, "a", PENANG)) == "no_shipping"
    open_ = replace(early, turn=6)
    state = apply(game, open_, sail(game, "a", PENANG)).state
    assert refused(game, state, sail(game, "b", PENANG)) == "no_shipping"


def test_the_early_west_coast_shipping_option_gives_west_capacity_from_turn_1_R9_3_R16_2() -> None:
    game = (coast().siam(LUMUT).unit("a", "JP", at=LUMUT, stacking=1).unit("b", "JP", at=LUMUT, stacking=1)
            .option("jp_early", "JP", west_shipping_from_turn=1, west_shipping_capacity=1).build())
    state = apply(game, game.state, sail(game, "a", PENANG, landing=True)).state
    assert unit(game.gd, state, "a").hex == game.hex(*PENANG)
    assert refused(game, state, sail(game, "b", PENANG)) == "no_shipping"


def test_cw_moves_one_unit_per_coast_and_only_to_singapore_R9_3() -> None:
    game = (coast(side="CW").unit("e1", "CW", at=KUANTAN, stacking=1).unit("e2", "CW", at=KUANTAN, stacking=1)
            .unit("w1", "CW", at=PENANG, stacking=1).build())
    assert refused(game, game.state, sail(game, "e1", KOTA_BHARU, side=Side.CW)) == "cw_only_to_singapore"
    state = apply(game, game.state, sail(game, "e1", SINGAPORE, side=Side.CW)).state
    assert unit(game.gd, state, "e1").hex == game.hex(*SINGAPORE)
    assert refused(game, state, sail(game, "e2", SINGAPORE, side=Side.CW)) == "no_shipping"
    assert refused(game, state, sail(game, "w1", SINGAPORE, side=Side.CW)) is None


# --- R9.4, R9.5 -------------------------------------------------------------------------------------


def test_a_destination_that_would_be_overstacked_is_never_offered_R9_4() -> None:
    # given Singora holds 4 stacking points
    game = coast().unit("a", "JP", at=SINGORA).unit("b", "JP", at=SINGORA).unit("jp", "JP", at=None).build()
    move = sail(game, "jp", SINGORA)
    assert refused(game, game.state, move) == "destination_overstacked"
    assert move not in rules.legal_actions(game.gd, game.state)
    assert game.hex(*SINGORA) not in [h for h, _ in naval_destinations(game.gd, game.state, "jp")]


def test_a_landing_zone_takes_no_more_than_the_port_could_hold_R9_4() -> None:
    game = (coast().unit("cw", "CW", at=KOTA_BHARU).unit("a", "JP", at=None).unit("b", "JP", at=None)
            .unit("c", "JP", at=None).build())
    state = apply(game, game.state, sail(game, "a", KOTA_BHARU, True), sail(game, "b", KOTA_BHARU, True)).state
    assert refused(game, state, sail(game, "c", KOTA_BHARU, True)) == "destination_overstacked"


def test_armor_may_not_make_amphibious_landings_R9_5() -> None:
    game = coast().unit("tank", "JP", at=None, type="armor").build()
    assert refused(game, game.state, sail(game, "tank", KUANTAN, landing=True)) == "armor_cannot_land"
    assert refused(game, game.state, sail(game, "tank", SINGORA)) is None


# --- generators and the UI helper ---------------------------------------------------------------------


def test_legal_sea_moves_list_every_unit_and_destination_in_order_R9_1() -> None:
    game = coast().unit("jp", "JP", at=None).unit("cw", "CW", at=KOTA_BHARU).build()
    moves = [(a.port, a.landing) for a in rules.legal_actions(game.gd, game.state) if isinstance(a, NavalMove)]
    expected = sorted([(game.hex(*SINGORA), False), (game.hex(*PATANI), False), (game.hex(*KOTA_BHARU), True),
                       (game.hex(*KUANTAN), True)])
    assert moves == expected
    assert naval_destinations(game.gd, game.state, "jp") == expected


# --- R9.7 Force Z ---------------------------------------------------------------------------------------


def test_force_z_does_not_intercept_on_game_turn_1_R9_7() -> None:
    game = coast(turn=1).unit("jp", "JP", at=None).build()
    assert apply(game, game.state, sail(game, "jp", KUANTAN, True)).state.pending is None


def test_from_turn_2_each_jp_sea_move_on_the_east_coast_rolls_against_force_z_R9_7() -> None:
    game = coast(turn=2).unit("jp", "JP", at=None).build()
    state = apply(game, game.state, sail(game, "jp", KUANTAN, True)).state
    assert state.pending is not None and state.pending.kind == "force_z_intercept"
    assert state.pending.outcomes == (1, 2, 3, 4, 5, 6)
    # the unit waits at its origin until the die is cast
    assert unit(game.gd, state, "jp").location is Location.JP_BOX


def test_on_a_1_the_unit_is_intercepted_loses_a_step_and_stays_at_its_origin_R9_7() -> None:
    game = coast(turn=2).unit("jp", "JP", at=None).build()
    state = apply(game, game.state, sail(game, "jp", KUANTAN, True)).state
    outcome = rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=1))
    u = unit(game.gd, outcome.state, "jp")
    assert (u.location, u.steps, u.used) == (Location.JP_BOX, 1, True)
    assert outcome.state.controller(game.hex(*KUANTAN)) is Side.CW
    assert outcome.events == (ForceZInterception(unit="jp", roll=1, intercepted=True, steps_lost=1),)


def test_an_intercepted_one_step_unit_is_eliminated_R9_7_R2_3() -> None:
    game = coast(turn=2).unit("jp", "JP", at=SINGORA, steps=1).build()
    state = apply(game, game.state, sail(game, "jp", PATANI)).state
    after = rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=1)).state
    assert unit(game.gd, after, "jp").location is Location.ELIMINATED


def test_on_any_other_roll_the_sea_move_is_made_R9_7() -> None:
    game = coast(turn=2).unit("jp", "JP", at=None).build()
    state = apply(game, game.state, sail(game, "jp", KUANTAN, True)).state
    outcome = rules.apply(game.gd, state, ChanceResult(side=Side.JP, value=2))
    assert unit(game.gd, outcome.state, "jp").hex == game.hex(*KUANTAN)
    assert outcome.events[0] == ForceZInterception(unit="jp", roll=2, intercepted=False)


def test_force_z_never_threatens_the_west_coast_R9_7() -> None:
    game = (coast(turn=2).siam(LUMUT).unit("jp", "JP", at=LUMUT)
            .option("early", "JP", west_shipping_from_turn=1).build())
    assert apply(game, game.state, sail(game, "jp", PENANG, True)).state.pending is None


def jp_with_air(turn: int = 1, attack: int = 4) -> tuple[Game, GameState]:
    game = coast(turn=turn).unit("jp", "JP", at=None).build()
    return game, replace(game.state, attack_pool=((Side.JP, attack), (Side.CW, 0)))


def test_jp_attack_air_points_sink_force_z_on_a_roll_at_most_the_points_spent_R9_7() -> None:
    game, state = jp_with_air()
    attacked = apply(game, state, AttackForceZ(side=Side.JP, air_points=3)).state
    assert attacked.pool("attack", Side.JP) == 1
    assert attacked.pending is not None and attacked.pending.kind == "force_z_attack"
    sunk = rules.apply(game.gd, attacked, ChanceResult(side=Side.JP, value=3))
    assert sunk.state.force_z == "sunk" and sunk.events == (ForceZAttacked(air_points=3, roll=3, sunk=True),)
    missed = rules.apply(game.gd, attacked, ChanceResult(side=Side.JP, value=4)).state
    assert missed.force_z == "afloat"


def test_a_sunk_force_z_intercepts_nobody_R9_7() -> None:
    game = coast(turn=2).unit("jp", "JP", at=None).build()
    state = replace(game.state, force_z=ForceZStatus.SUNK)
    assert apply(game, state, sail(game, "jp", KUANTAN, True)).state.pending is None


@pytest.mark.parametrize(("air_points", "code"), [(4, "too_many_force_z_points"), (3, "force_z_points_short")])
def test_force_z_attacks_are_limited_to_three_points_from_the_attack_pool_R9_7(air_points: int, code: str) -> None:
    game, state = jp_with_air(attack=4 if code == "too_many_force_z_points" else 2)
    assert refused(game, state, AttackForceZ(side=Side.JP, air_points=air_points)) == code


def test_force_z_may_be_attacked_once_per_jp_naval_phase_R9_7() -> None:
    game, state = jp_with_air()
    attacked = apply(game, state, AttackForceZ(side=Side.JP, air_points=1), ChanceResult(side=Side.JP, value=6)).state
    assert refused(game, attacked, AttackForceZ(side=Side.JP, air_points=1)) == "force_z_already_attacked"
    offered = [a.air_points for a in rules.legal_actions(game.gd, state) if isinstance(a, AttackForceZ)]
    assert offered == [1, 2, 3]


def test_only_jp_attacks_force_z_R9_7() -> None:
    game = coast(side="CW").unit("cw", "CW", at=KUANTAN).build()
    state = replace(game.state, attack_pool=((Side.JP, 0), (Side.CW, 2)))
    assert refused(game, state, AttackForceZ(side=Side.CW, air_points=1)) == "not_jp"


def test_force_z_leaves_at_the_end_of_game_turn_3_if_not_sunk_R9_7() -> None:
    # given the JP Naval phase of turn 4 begins with Force Z still afloat
    game = coast(turn=4).unit("jp", "JP", at=None).build()
    outcome = enter_naval_phase(game)
    # then it has gone, and neither intercepts nor can be attacked
    assert outcome.state.force_z == "gone" and ForceZLeft(turn=3) in outcome.events
    state = apply(game, outcome.state, sail(game, "jp", KUANTAN, True)).state
    assert state.pending is None
    assert refused(game, replace(state, attack_pool=((Side.JP, 3), (Side.CW, 0))),
                   AttackForceZ(side=Side.JP, air_points=1)) == "force_z_not_afloat"


# --- campaign sanity ---------------------------------------------------------------------------------


def test_the_takumi_detachment_lands_at_kota_bharu_on_turn_1_and_must_attack_there_R17_R9_6() -> None:
    # given the campaign opening, in the JP Naval phase of turn 1
    gd = campaign()
    state = replace(rules.start(gd, new_game(gd, ())).state, phase=Phase.NAVAL)
    kota_bharu = gd.board.place("Kota Bharu").hex
    landing = NavalMove(side=Side.JP, unit="jp_56_inf", port=kota_bharu, landing=True)
    # then the landing is offered and, made, puts the unit in Kota Bharu's landing zone with no die roll
    assert landing in rules.legal_actions(gd, state)
    outcome = rules.apply(gd, state, landing)
    takumi = unit(gd, outcome.state, "jp_56_inf")
    assert (takumi.location, takumi.hex, takumi.landed) == (Location.LANDING, kota_bharu, True)
    assert outcome.state.pending is None
    # and it must attack there: the Combat phase cannot end before it has (R12.2, R12.9)
    combat = replace(outcome.state, phase=Phase.COMBAT)
    rejection = rules.check(gd, combat, EndPhase(side=Side.JP))
    assert rejection is not None and rejection.code == "amphibious_must_attack"
