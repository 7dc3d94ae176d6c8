"""Reinforcements (R14) and optional units (R16.1, R16.3)."""

from __future__ import annotations

from malaya.engine import rules
from malaya.engine.actions import (
    AcceptOptionalUnit,
    DeclineOptionalUnit,
    EndPhase,
    PlaceReinforcement,
    UndoPlacement,
)
from malaya.engine.gamedef import initial_units
from malaya.engine.reinforcement import placement_hexes
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game

ENTRY = (0, 0)


def _jp(turn: int = 3, **units: str) -> Game:
    """A JP reinforcement phase about to begin on ``turn``, with north-edge entries at (0, 0) and (2, 0)."""
    builder = (GameBuilder().place("edge west", ENTRY, entry=True).place("edge east", (2, 0), entry=True)
               .unit("jp_here", "JP", at=(3, 3)).at_phase(Phase.SUPPLY, side="JP", turn=turn))
    for unit_id, where in units.items():
        builder.reinforcement(unit_id, "JP", turn=3, where=where)
    return builder.build()


def _started(game: Game) -> GameState:
    state = rules.start(game.gd, game.state).state
    assert state.phase is Phase.REINFORCEMENT
    return state


def _unit(game: Game, state: GameState, unit_id: str):  # type: ignore[no-untyped-def]
    return state.units[game.gd.unit_index[unit_id]]


def test_a_reinforcement_arrives_in_its_owners_reinforcement_phase_of_its_turn_R14_1() -> None:
    # given a JP unit scheduled for turn 3
    game = _jp(turn=3, jp_new="north_edge")
    assert _unit(game, game.state, "jp_new").location is Location.PENDING
    # when the JP turn-3 Reinforcement phase begins
    state = _started(game)
    # then it may be placed
    assert _unit(game, state, "jp_new").location is Location.ARRIVING


def test_a_reinforcement_does_not_arrive_before_its_turn_R14_5() -> None:
    game = _jp(turn=2, jp_new="north_edge")
    assert _unit(game, _started(game), "jp_new").location is Location.PENDING


def test_north_edge_units_are_placed_on_the_map_entry_hexes_not_enemy_occupied_R14_2_R14_3() -> None:
    # given a CW unit on one of the two entry hexes
    game = _jp(jp_new="north_edge")
    builder_game = (GameBuilder().place("edge west", ENTRY, entry=True).place("edge east", (2, 0), entry=True)
                    .unit("cw", "CW", at=(2, 0)).reinforcement("jp_new", "JP", turn=3, where="north_edge")
                    .at_phase(Phase.SUPPLY, side="JP", turn=3).build())
    # then the engine offers exactly the free entry hex(es)
    assert placement_hexes(game.gd, _started(game), "jp_new") == sorted([game.hex(*ENTRY), game.hex(2, 0)])
    state = _started(builder_game)
    assert placement_hexes(builder_game.gd, state, "jp_new") == [builder_game.hex(*ENTRY)]
    assert rules.legal_actions(builder_game.gd, state)[:1] == [
        PlaceReinforcement(side=Side.JP, unit="jp_new", to=builder_game.hex(*ENTRY))]


def test_placing_a_reinforcement_puts_it_on_the_map_supplied_and_used_R14_2_R10_5() -> None:
    game = _jp(jp_new="north_edge")
    state = rules.apply(
        game.gd, _started(game), PlaceReinforcement(side=Side.JP, unit="jp_new", to=game.hex(*ENTRY))
    ).state
    unit = _unit(game, state, "jp_new")
    assert (unit.location, unit.hex, unit.supplied, unit.used) == (Location.MAP, game.hex(*ENTRY), True, True)


def test_a_reinforcement_cannot_be_placed_anywhere_else_R14_3() -> None:
    game = _jp(jp_new="north_edge")
    rejection = rules.check(game.gd, _started(game), PlaceReinforcement(side=Side.JP, unit="jp_new", to=game.hex(3, 3)))
    assert rejection is not None and rejection.code == "bad_placement"


def test_jp_naval_reinforcements_go_to_the_off_map_box_R14_2() -> None:
    # given a JP unit arriving by sea
    game = _jp(jp_sea="jp_box")
    state = _started(game)
    assert placement_hexes(game.gd, state, "jp_sea") == []
    bad = rules.check(game.gd, state, PlaceReinforcement(side=Side.JP, unit="jp_sea", to=game.hex(*ENTRY)))
    assert bad is not None and bad.code == "box_arrival"
    # when it is placed (to=None)
    state = rules.apply(game.gd, state, PlaceReinforcement(side=Side.JP, unit="jp_sea", to=None)).state
    # then it waits in the JP box for the Naval phase
    assert _unit(game, state, "jp_sea").location is Location.JP_BOX


def test_cw_reinforcements_arrive_only_in_cw_singapore_fortress_hexes_R14_2() -> None:
    # given two fortress hexes, one of them JP-controlled
    game = (GameBuilder().terrain((4, 4), "fortress").terrain((5, 4), "fortress").siam((5, 4))
            .unit("cw_here", "CW", at=(0, 0)).reinforcement("cw_new", "CW", turn=9, where="singapore")
            .at_phase(Phase.SUPPLY, side="CW", turn=9).build())
    # then only the CW-controlled one is offered
    assert placement_hexes(game.gd, _started(game), "cw_new") == [game.hex(4, 4)]


def test_a_placement_can_be_taken_back_within_the_phase_R14_3() -> None:
    game = _jp(jp_new="north_edge")
    placed = rules.apply(
        game.gd, _started(game), PlaceReinforcement(side=Side.JP, unit="jp_new", to=game.hex(*ENTRY))
    ).state
    assert UndoPlacement(side=Side.JP, unit="jp_new") in rules.legal_actions(game.gd, placed)
    state = rules.apply(game.gd, placed, UndoPlacement(side=Side.JP, unit="jp_new")).state
    unit = _unit(game, state, "jp_new")
    assert (unit.location, unit.hex, unit.used) == (Location.ARRIVING, None, False)


def test_units_already_on_the_map_cannot_be_taken_back_R14_3() -> None:
    game = _jp(jp_new="north_edge")
    rejection = rules.check(game.gd, _started(game), UndoPlacement(side=Side.JP, unit="jp_here"))
    assert rejection is not None and rejection.code == "not_placed_now"


def test_units_not_placed_by_the_end_of_the_phase_return_next_turn_R14_4() -> None:
    # given an arriving unit the player does not place
    game = _jp(jp_new="north_edge")
    state = rules.apply(game.gd, _started(game), EndPhase(side=Side.JP)).state
    # then it is pending again, due next turn
    unit = _unit(game, state, "jp_new")
    assert (unit.location, unit.due_turn) == (Location.PENDING, 4)


def test_a_placed_unit_stays_placed_after_the_phase_R14_1() -> None:
    game = _jp(jp_new="north_edge")
    placed = rules.apply(
        game.gd, _started(game), PlaceReinforcement(side=Side.JP, unit="jp_new", to=game.hex(*ENTRY))
    ).state
    state = rules.apply(game.gd, placed, EndPhase(side=Side.JP)).state
    unit = _unit(game, state, "jp_new")
    assert (unit.location, unit.arrival) == (Location.MAP, None)


def test_no_stacking_limit_while_placing_but_the_phase_cannot_end_overstacked_R14_3() -> None:
    # given three 2-point units arriving at one entry hex
    game = (GameBuilder().place("edge", ENTRY, entry=True).unit("jp_here", "JP", at=(3, 3))
            .reinforcement("a", "JP", 3, "north_edge").reinforcement("b", "JP", 3, "north_edge")
            .reinforcement("c", "JP", 3, "north_edge").at_phase(Phase.SUPPLY, turn=3).build())
    state = _started(game)
    for unit_id in ("a", "b", "c"):
        state = rules.apply(game.gd, state, PlaceReinforcement(side=Side.JP, unit=unit_id, to=game.hex(*ENTRY))).state
    # then the placements were allowed, and ending the phase is not
    rejection = rules.check(game.gd, state, EndPhase(side=Side.JP))
    assert rejection is not None and rejection.code == "overstacked"


# --- optional units -------------------------------------------------------------------------------


def _offer(turn: int = 16) -> Game:
    return (GameBuilder().terrain((4, 4), "fortress").unit("cw_here", "CW", at=(0, 0))
            .optional_unit("cw_opt", "CW", turn=16, where="singapore", vp=3)
            .at_phase(Phase.SUPPLY, side="CW", turn=turn).build())


def test_an_optional_unit_is_offered_on_its_turn_and_must_be_answered_R16_1() -> None:
    # given the CW turn-16 Reinforcement phase
    game = _offer()
    state = _started(game)
    # then the unit is offered, the phase cannot end, and accept/decline are the choices
    assert _unit(game, state, "cw_opt").location is Location.OFFERED
    rejection = rules.check(game.gd, state, EndPhase(side=Side.CW))
    assert rejection is not None and rejection.code == "optional_units_pending"
    assert rules.legal_actions(game.gd, state) == [
        AcceptOptionalUnit(side=Side.CW, unit="cw_opt"), DeclineOptionalUnit(side=Side.CW, unit="cw_opt")]


def test_an_optional_unit_is_not_offered_before_its_turn_R16_3() -> None:
    game = _offer(turn=15)
    assert _unit(game, _started(game), "cw_opt").location is Location.PENDING


def test_an_accepted_optional_unit_costs_its_vp_and_arrives_next_turn_R16_1_R15_4() -> None:
    # given the offer
    game = _offer()
    state = _started(game)
    before = state.vp_of(Side.CW)
    # when CW accepts it
    state = rules.apply(game.gd, state, AcceptOptionalUnit(side=Side.CW, unit="cw_opt")).state
    # then it is pending for next turn at Singapore, and CW paid 3 VP
    unit = _unit(game, state, "cw_opt")
    assert (unit.location, unit.due_turn, unit.arrival) == (Location.PENDING, 17, "singapore")
    assert state.vp_of(Side.CW) == before - 3
    # and in the CW turn-17 Reinforcement phase it arrives like any reinforcement
    state = rules.apply(game.gd, state, EndPhase(side=Side.CW)).state
    while state.phase is not Phase.REINFORCEMENT or state.side is not Side.CW:
        state = rules.apply(game.gd, state, EndPhase(side=state.side)).state
    assert state.turn == 17 and _unit(game, state, "cw_opt").location is Location.ARRIVING
    assert placement_hexes(game.gd, state, "cw_opt") == [game.hex(4, 4)]


def test_a_declined_optional_unit_is_lost_for_good_R16_1() -> None:
    game = _offer()
    state = rules.apply(game.gd, _started(game), DeclineOptionalUnit(side=Side.CW, unit="cw_opt")).state
    assert _unit(game, state, "cw_opt").location is Location.DECLINED
    assert rules.check(game.gd, state, EndPhase(side=Side.CW)) is None
    again = rules.check(game.gd, state, AcceptOptionalUnit(side=Side.CW, unit="cw_opt"))
    assert again is not None and again.code == "not_offered"


def test_the_campaign_schedules_every_reinforcement_and_offer_R14_5_R16_3() -> None:
    gd = bundled_game()
    units = {u.id: u for u in initial_units(gd)}
    assert (units["jp_3_guards"].due_turn, units["jp_3_guards"].arrival) == (3, "north_edge")
    assert (units["cw_45ind_bde"].due_turn, units["cw_45ind_bde"].arrival) == (9, "singapore")
    assert (units["jp_55_inf"].due_turn, units["jp_55_inf"].arrival) == (10, "jp_box")
    assert (units["cw_7armd_bde"].due_turn, units["cw_7armd_bde"].arrival) == (18, None)  # an offer
