"""The engine core: legality gate, phase table and sequence of play (R3), stacking gate (R3.2, R4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from malaya.engine import rules
from malaya.engine.actions import EndPhase, IllegalAction
from malaya.engine.events import GameEnded, HexControlChanged, PhaseEnded, PhaseStarted
from malaya.engine.phases import PHASE_TABLE
from malaya.engine.sides import Side
from malaya.engine.state import PHASE_ORDER, Phase
from malaya.session.words.plain_words import refusal_text
from tests.builder import Game, GameBuilder


def _two_units() -> Game:
    return GameBuilder().unit("jp_a", "JP", at=(1, 1)).unit("cw_a", "CW", at=(4, 4)).build()


def test_phase_table_lists_the_eight_phases_of_R3_1_in_order() -> None:
    assert list(PHASE_TABLE) == list(PHASE_ORDER)
    assert [p.value for p in PHASE_ORDER] == [
        "supply", "reinforcement", "air", "naval", "movement", "rail", "combat", "end",
    ]
    assert {p for p, spec in PHASE_TABLE.items() if spec.automatic} == {Phase.SUPPLY, Phase.END}


def test_a_new_game_starts_in_the_jp_reinforcement_phase_after_automatic_supply_R3_1() -> None:
    # given a fresh game in the JP supply phase of turn 1
    game = GameBuilder().unit("jp_a", "JP", at=(1, 1)).at_phase(Phase.SUPPLY).build()
    # when it is started
    outcome = rules.start(game.gd, game.state)
    # then the automatic Supply phase ran and the JP player must act in Reinforcement
    assert (outcome.state.turn, outcome.state.side, outcome.state.phase) == (1, Side.JP, Phase.REINFORCEMENT)
    assert outcome.events[0] == PhaseStarted(turn=1, side=Side.JP, phase=Phase.SUPPLY)
    assert PhaseEnded(turn=1, side=Side.JP, phase=Phase.SUPPLY) in outcome.events


def test_ending_the_jp_combat_phase_runs_the_end_phase_and_hands_over_to_cw_R1_3() -> None:
    # given the JP combat phase
    game = _two_units()
    state = replace(game.state, phase=Phase.COMBAT)
    # when JP ends it
    outcome = rules.apply(game.gd, state, EndPhase(side=Side.JP))
    # then End and CW Supply ran by themselves and CW must place reinforcements
    assert (outcome.state.turn, outcome.state.side, outcome.state.phase) == (1, Side.CW, Phase.REINFORCEMENT)
    started = [e.phase for e in outcome.events if isinstance(e, PhaseStarted)]
    assert started == [Phase.END, Phase.SUPPLY, Phase.REINFORCEMENT]


def test_after_the_cw_player_turn_the_next_game_turn_begins_with_jp_R1_3() -> None:
    game = _two_units()
    state = replace(game.state, side=Side.CW, phase=Phase.COMBAT, turn=5)
    outcome = rules.apply(game.gd, state, EndPhase(side=Side.CW))
    assert (outcome.state.turn, outcome.state.side, outcome.state.phase) == (6, Side.JP, Phase.REINFORCEMENT)


def test_the_gate_rejects_an_action_of_the_non_phasing_side_with_a_reason() -> None:
    # given the JP movement phase
    game = _two_units()
    # when CW tries to end it
    rejection = rules.check(game.gd, game.state, EndPhase(side=Side.CW))
    # then it is refused, with a code and a sentence
    assert rejection is not None and rejection.code == "not_your_turn"
    assert "JP" in refusal_text(rejection)
    with pytest.raises(IllegalAction) as err:
        rules.apply(game.gd, game.state, EndPhase(side=Side.CW))
    assert err.value.rejection == rejection


@pytest.mark.parametrize("phase", [Phase.REINFORCEMENT, Phase.NAVAL, Phase.MOVEMENT, Phase.RAIL])
def test_a_placing_or_moving_phase_cannot_end_while_a_hex_is_overstacked_R3_2(phase: Phase) -> None:
    # given three 2-point units in one clear hex (limit 4, R4.1)
    game = (GameBuilder().unit("a", "JP", at=(2, 2)).unit("b", "JP", at=(2, 2)).unit("c", "JP", at=(2, 2))
            .at_phase(phase).build())
    # when JP tries to end the phase
    rejection = rules.check(game.gd, game.state, EndPhase(side=Side.JP))
    # then the gate refuses and names the hex
    assert rejection is not None and rejection.code == "overstacked"
    assert "(2,2)" in refusal_text(rejection)
    assert EndPhase(side=Side.JP) not in rules.legal_actions(game.gd, game.state)


def test_a_full_but_legal_stack_lets_the_phase_end_R4_1() -> None:
    game = GameBuilder().unit("a", "JP", at=(2, 2)).unit("b", "JP", at=(2, 2)).build()
    assert rules.check(game.gd, game.state, EndPhase(side=Side.JP)) is None


def test_fortress_hexes_allow_six_stacking_points_R4_1() -> None:
    game = (GameBuilder().terrain((2, 2), "fortress")
            .unit("a", "CW", at=(2, 2)).unit("b", "CW", at=(2, 2)).unit("c", "CW", at=(2, 2))
            .at_phase(Phase.MOVEMENT, side="CW").build())
    assert rules.check(game.gd, game.state, EndPhase(side=Side.CW)) is None


def test_combat_phase_is_not_blocked_by_stacking_R3_2() -> None:
    game = (GameBuilder().unit("a", "JP", at=(2, 2)).unit("b", "JP", at=(2, 2)).unit("c", "JP", at=(2, 2))
            .at_phase(Phase.COMBAT).build())
    assert rules.check(game.gd, game.state, EndPhase(side=Side.JP)) is None


def test_hex_control_passes_to_the_occupier_at_the_end_of_a_phase_R13_2_R3_3() -> None:
    # given a JP unit standing in a CW-controlled Malayan hex
    game = GameBuilder().unit("jp_a", "JP", at=(3, 3)).build()
    h = game.hex(3, 3)
    assert game.state.controller(h) is Side.CW
    # when the phase ends
    outcome = rules.apply(game.gd, game.state, EndPhase(side=Side.JP))
    # then JP controls the hex, and an event says so
    assert outcome.state.controller(h) is Side.JP
    assert HexControlChanged(hex=h, side=Side.JP) in outcome.events


def test_siam_starts_jp_controlled_and_malaya_cw_controlled_R17() -> None:
    game = GameBuilder().siam((0, 0), (1, 0)).unit("jp_a", "JP", at=(0, 0)).build()
    assert game.state.controller(game.hex(1, 0)) is Side.JP
    assert game.state.controller(game.hex(3, 3)) is Side.CW


def test_the_air_phase_gives_the_phasing_side_its_scheduled_air_points_R11_1() -> None:
    game = _two_units()
    state = replace(game.state, phase=Phase.REINFORCEMENT)
    outcome = rules.apply(game.gd, state, EndPhase(side=Side.JP))
    assert outcome.state.phase is Phase.AIR
    assert outcome.state.pool("attack", Side.JP) == 4


def test_ending_every_phase_of_28_turns_finishes_the_game_with_a_result_R15_1() -> None:
    # given a game with no combat at all
    game = _two_units()
    state = rules.start(game.gd, replace(game.state, phase=Phase.SUPPLY)).state
    # when both players just end every phase
    events = []
    while not rules.is_terminal(state):
        action = next(a for a in rules.legal_actions(game.gd, state) if isinstance(a, EndPhase))
        outcome = rules.apply(game.gd, state, action)
        state, events = outcome.state, events + list(outcome.events)
    # then the game ends after the CW player-turn of turn 28, with CW holding Singapore's VP
    assert (state.turn, state.side) == (28, Side.CW)
    result = rules.result(game.gd, state)
    assert result is not None and isinstance(events[-1], GameEnded)
    assert rules.legal_actions(game.gd, state) == []
    assert rules.check(game.gd, state, EndPhase(side=Side.CW)).code == "game_over"


def test_jp_holding_every_fortress_hex_ends_the_game_at_once_R15_1() -> None:
    # given JP standing on the only fortress hex in its combat phase
    game = (
        GameBuilder().terrain((4, 4), "fortress").unit("jp_a", "JP", at=(4, 4)).at_phase(Phase.COMBAT, turn=20).build()
    )
    # when the player-turn ends
    outcome = rules.apply(game.gd, game.state, EndPhase(side=Side.JP))
    # then the game is over with JP scoring 2 x (29 - 20) for Singapore (R15.2)
    assert rules.is_terminal(outcome.state)
    result = rules.result(game.gd, outcome.state)
    assert result is not None and result.singapore_fell_on == 20 and result.jp_vp == 18


def test_same_actions_give_the_same_state_digest() -> None:
    game = _two_units()
    a = rules.apply(game.gd, game.state, EndPhase(side=Side.JP)).state
    b = rules.apply(game.gd, game.state, EndPhase(side=Side.JP)).state
    assert a == b and a.digest() == b.digest()
    assert a.digest() != game.state.digest()


def test_johore_defences_option_hexes_stack_like_fortress_R4_1_R16_2() -> None:
    # given three CW brigades (6 points) in a clear hex that an option turns into fortress
    builder = (GameBuilder().unit("a", "CW", at=(2, 2)).unit("b", "CW", at=(2, 2)).unit("c", "CW", at=(2, 2))
               .option("johore", side="CW", chosen=False, fortress_hexes=("cell 2.2",))
               .at_phase(Phase.MOVEMENT, side="CW"))
    without = builder.build()
    with_option = replace(without.state, options=frozenset({"johore"}))
    # then without the option the hex is overstacked, with it the phase may end
    assert rules.check(without.gd, without.state, EndPhase(side=Side.CW)).code == "overstacked"
    assert rules.check(without.gd, with_option, EndPhase(side=Side.CW)) is None
