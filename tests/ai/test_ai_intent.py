"""The AI says what it intends (the W explanation): its attacks and why, its front line, the units it pulls back."""

from __future__ import annotations

import re

import pytest

from malaya.ai import make_ai
from malaya.ai.explain import Alternative, TurnLog
from malaya.ai.intent import Intent, PlannedAttack, PullBack, held_line, planned_attack, pull_back
from malaya.ai.knowledge import enemy_picture
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.session.words.ai_words import attack_sentence, explanation_text, pull_back_sentence, turn_text
from tests.builder import Game, GameBuilder, place_name
from tests.bundled import bundled_game

ID_OR_HEX = re.compile(r"\b(jp|cw)_\w+|Hex\(|\(\d+, ?\d+\)|True|None")


def contact_game() -> Game:
    """Two CW brigades facing a JP regiment: one beside it, one two hexes off."""
    return (GameBuilder(width=8, height=6)
            .unit("jp_a", "JP", at=(3, 2), name="5th Regiment")
            .unit("cw_a", "CW", at=(2, 2), name="6th Brigade").unit("cw_b", "CW", at=(5, 2), name="15th Brigade")
            .at_phase(Phase.MOVEMENT, side="CW", turn=3).build())


def test_an_attack_is_said_with_its_place_odds_air_and_chances() -> None:
    # given JP attacks the 6th Brigade from one hex with 2 air points at 2:1 (R12.4, R11.3)
    game = contact_game()
    gd, state = game.gd, game.state
    target = state.units[gd.unit_index["cw_a"]].hex
    assert target is not None
    chosen = Alternative("x", ("jp_a",), "2:1", 2, 0.83, 0.17, 1.0)
    # when the plan is said
    sentence = attack_sentence(planned_attack(gd, state, target, ("jp_a",), chosen))
    # then it names the place, the odds, the air points and the chances, as a person writes
    assert sentence == (f"Attack the enemy at {place_name((2, 2))} with 1 unit at 2:1 with 2 air points: "
                        "an 83% chance to hurt the defender, 17% to lose a step.")


def test_a_unit_moved_away_from_the_enemy_is_said_to_pull_back_and_a_move_towards_it_is_not() -> None:
    # given the 6th Brigade beside the JP regiment
    game = contact_game()
    gd, state = game.gd, game.state
    picture = enemy_picture(gd, state, Side.CW)
    # when it moves two hexes away, then that is a pull-back, said with both places
    back = pull_back(gd, state, picture, "cw_a", game.hex(0, 2))
    assert back == PullBack("6th Brigade", place_name((2, 2)), place_name((0, 2)))
    assert pull_back_sentence(back) == f"Pull 6th Brigade back from {place_name((2, 2))} to {place_name((0, 2))}."
    # and the 15th Brigade closing in is not
    assert pull_back(gd, state, picture, "cw_b", game.hex(4, 2)) is None


def test_the_front_line_is_the_places_in_contact_with_the_enemy() -> None:
    # given one CW brigade in contact and one two hexes away
    game = contact_game()
    # when the line is read, then only the brigade in contact stands on it
    assert held_line(game.gd, game.state, Side.CW, enemy_picture(game.gd, game.state, Side.CW)) == [place_name((2, 2))]


def test_the_plan_comes_first_in_the_w_explanation_in_plain_sentences() -> None:
    # given a player-turn whose plan holds a line, pulls a unit back and makes one attack
    log = TurnLog(4, "CW")
    log.intent = Intent(
        attacks=[PlannedAttack(Hex(1, 1), "Kampar", (), 3, "3:1", 0, 0.5, 0.0)],
        line=["Kampar", "Tapah", "Telok Anson"], pull_backs=[PullBack("11th Indian Division", "Ipoh", "Kampar")])
    # when it is written out
    text = turn_text(log).splitlines()
    # then the plan follows the heading, line first, in sentences with place names and no ids
    assert text[1:5] == ["  The plan:", "    Front line at Kampar, Tapah and Telok Anson.",
                         "    Pull 11th Indian Division back from Ipoh to Kampar.",
                         "    Attack the enemy at Kampar with 3 units at 3:1: a 50% chance to hurt the defender,"
                         " 0% to lose a step."]


@pytest.mark.slow
def test_a_campaign_turn_of_the_ai_explains_its_plan_without_ids() -> None:
    # given the normal AI playing JP's first turns of the campaign
    from malaya.session.match import Match

    gd = bundled_game()
    match = Match.new(gd, seed=3)
    ais = {side: make_ai("normal", side, 5 + i) for i, side in enumerate(Side)}
    while match.state.turn <= 3:
        assert match.submit(ais[match.state.side](gd, match.state)) is None
    # when its W explanation is read, then each turn says its plan, with attacks, and no id or hex number
    text = explanation_text(ais[Side.JP].explanations, last_only=False)
    assert text.count("The plan:") == 3 and "Attack the enemy" in text
    assert not ID_OR_HEX.search(text)
