"""The log's key sentences read as a player writes them (issue 13 §3): names, places, 13½, one line per thing."""

from __future__ import annotations

from malaya.engine.air import AirAllocated
from malaya.engine.bridges import BridgeDemolished
from malaya.engine.combat.events import (
    AmphibiousAssaultFailed,
    DiceRolled,
    StepLost,
    UnitAdvanced,
    UnitEliminated,
    UnitRetreated,
)
from malaya.engine.force_z import ForceZAttacked
from malaya.engine.naval_moves import UnitShipped
from malaya.engine.numbers import number_text
from malaya.engine.sides import Side
from malaya.session.words.narration import LogLine, MessageLog, narrate
from malaya.session.words.plain_words import plain_reason
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game


def _game() -> Game:
    return (GameBuilder(width=5, height=4)
            .unit("cw_6ind_bde", "CW", at=(1, 1), name="6th Indian Bde")
            .unit("jp_5_div", "JP", at=(3, 1), name="5th Division")
            .build())


def _texts(game: Game, *events: object) -> list[str]:
    return [line.text for line in narrate(game.gd, events)]  # type: ignore[arg-type]


def test_given_a_retreat_through_a_japanese_zoc_that_cost_a_step_then_it_is_one_line_naming_both() -> None:
    """R12.8: a retreat into an enemy ZOC costs a step; the player reads one line for the retreat and its cost."""
    game = _game()
    to = game.hex(0, 1)
    lines = _texts(game, UnitRetreated(unit="cw_6ind_bde", path=(to,), ezoc_hexes=1),
                   StepLost(unit="cw_6ind_bde", steps_left=1))
    assert lines == ["6th Indian Bde retreated to cell 0.1 and lost a step in a Japanese zone of control."]


def test_given_a_retreat_through_a_zoc_that_eliminated_the_unit_then_the_line_says_so() -> None:
    """R12.8, R2.3: the last step lost in the retreat eliminates the unit, told on the retreat's line."""
    game = _game()
    lines = _texts(game, UnitRetreated(unit="cw_6ind_bde", path=(game.hex(0, 1),), ezoc_hexes=1),
                   StepLost(unit="cw_6ind_bde", steps_left=0), UnitEliminated(unit="cw_6ind_bde"))
    assert lines == ["6th Indian Bde retreated to cell 0.1 and was eliminated in a Japanese zone of control."]


def test_given_a_force_z_attack_that_sank_it_then_the_sentence_has_no_true_or_field_names() -> None:
    """R9.7: 'Force z attacked: air points 3, roll 3, sunk True' becomes a sentence."""
    game = _game()
    assert _texts(game, ForceZAttacked(air_points=3, roll=3, sunk=True)) == [
        "Japanese aircraft attacked Force Z with 3 air points: rolled 3, Force Z was sunk."]
    assert _texts(game, ForceZAttacked(air_points=1, roll=6, sunk=False)) == [
        "Japanese aircraft attacked Force Z with 1 air point: rolled 6, Force Z survived."]


def test_given_air_points_set_click_by_click_then_the_log_keeps_one_line_with_the_final_split() -> None:
    """R11.2: each click re-allocates the air points; the log shows the split once, as it ended."""
    game = _game()
    log = MessageLog([])
    for attack in (1, 2, 3):
        log.add_events(game.gd, [AirAllocated(side=Side.JP, attack=attack, defense=4 - attack)])
    assert log.texts() == ["The Japanese put 3 air points to attack and 1 to defence."]


def test_given_an_advance_after_combat_then_it_names_the_unit_and_the_place() -> None:
    """R12.9: the advance into the vacated hex."""
    game = _game()
    line = narrate(game.gd, [UnitAdvanced(unit="jp_5_div", to=game.hex(2, 1))])[0]
    assert line.text == "5th Division advanced into cell 2.1." and line.hex == game.hex(2, 1)


def test_given_steps_lost_down_to_elimination_then_one_line_tells_the_whole_loss() -> None:
    """R12.7, R2.3: two steps lost and the unit gone read as one thing; a DE elimination alone is one line."""
    game = _game()
    assert _texts(game, StepLost(unit="jp_5_div", steps_left=1), StepLost(unit="jp_5_div", steps_left=0),
                  UnitEliminated(unit="jp_5_div")) == ["5th Division lost 2 steps and was eliminated."]
    assert _texts(game, UnitEliminated(unit="cw_6ind_bde")) == ["6th Indian Bde was eliminated."]


def test_given_a_landing_and_a_failed_assault_then_each_reads_as_a_sentence() -> None:
    """R9.6, R12.9: a landing names where from and where; a failed assault tells the step it cost."""
    game = _game()
    assert _texts(game, UnitShipped(unit="jp_5_div", origin=None, port=game.hex(4, 2), landing=True)) == [
        "5th Division landed from the Japanese off-map box at cell 4.2."]
    assert _texts(game, AmphibiousAssaultFailed(unit="jp_5_div"), StepLost(unit="jp_5_div", steps_left=1)) == [
        "5th Division failed to take the port, lost a step and went back to sea."]


def test_given_a_combat_at_fractional_strength_then_the_dice_line_writes_halves_not_slashes() -> None:
    """R12.3-R12.5: strengths are exact; the player reads 13½, the odds, the roll and the result in words."""
    game = _game()
    roll = DiceRolled(turn=1, side=Side.JP, attacker_hexes=(game.hex(3, 1),), defender_hex=game.hex(1, 1),
                      attack="27/2", defense="4", column="3:1", die=4, modifier=-1, modified_roll=3, result="DR",
                      attack_air=2, defense_air=0)
    text = _texts(game, roll)[0]
    assert text.startswith("Japanese attack on cell 1.1 with 2 air points in support: 13½ against 4 (3:1), "
                           "rolled 4, −1 = 3: ")
    assert "/" not in text and "DR" not in text


def test_numbers_are_written_with_unicode_fractions() -> None:
    """Exact MP and strengths: 27/2 → 13½, 1/2 → ½, 5 → 5, −5/4 → −1¼."""
    assert [number_text(v) for v in ("27/2", "1/2", 5, "-5/4", "7/3")] == ["13½", "½", "5", "−1¼", "2⅓"]


def test_given_bridges_blown_one_action_at_a_time_near_one_place_then_the_log_counts_them_on_one_line() -> None:
    """R7.7: each demolition is its own action; the log reads 'blew 2 bridges near …', not the same line twice."""
    gd = bundled_game()
    board = gd.board
    unnamed = [h for h in gd.adjacent if board.on_map(h) and not board.places_at(h)]
    a = next(h for h in unnamed if sum(1 for n in h.neighbors() if n in unnamed) >= 2)
    log = MessageLog([])
    for b in [n for n in a.neighbors() if n in unnamed][:2]:
        log.add_events(gd, [BridgeDemolished(a=a, b=b)])
    assert log.texts() == [f"The Commonwealth blew 2 bridges {gd.place_name(a)}."]


def test_given_a_refusal_citing_a_rule_when_noted_then_the_player_reads_it_without_the_rule_number() -> None:
    """Rule numbers appear only on the Help screen; a refusal in the log keeps its reason, not its citation."""
    assert plain_reason("End or cancel the current combat first (R12.10).") == \
        "End or cancel the current combat first."
    assert plain_reason("Kampar was attacked (R12.2); also (R9.3, R16.2).") == \
        "Kampar was attacked; also."
    assert plain_reason("Odds 3:2 stay.") == "Odds 3:2 stay."


def test_given_every_air_point_put_one_way_then_the_line_says_all_of_them_went_there() -> None:
    """R11.2: a split with nothing on one side reads "all 3 air points to defence", not "0 air points to attack"."""
    game = _game()
    assert _texts(game, AirAllocated(side=Side.CW, attack=0, defense=3)) == \
        ["The Commonwealth put all 3 air points to defence."]
    assert _texts(game, AirAllocated(side=Side.JP, attack=1, defense=0)) == ["The Japanese put 1 air point to attack."]


def test_given_the_same_thing_said_again_and_again_then_the_log_counts_it_on_one_line() -> None:
    """One line per thing: a refusal clicked three times is one line with its count; a different line starts anew."""
    log = MessageLog([])
    for _ in range(3):
        log.add(LogLine("Refused: Tank cannot enter jungle."))
    log.add(LogLine("The attack on Jitra was called off."))
    assert log.texts() == ["Refused: Tank cannot enter jungle. (3 times)", "The attack on Jitra was called off."]
