"""Issue 25: a captured victory hex is not given up without a reason the W panel states. At the end of its
Movement phase the computer player names each victory hex it holds with none of its units on it that a known
enemy could walk into next turn (R13.2), and says why it left it."""

from __future__ import annotations

from dataclasses import replace

from malaya import engine
from malaya.ai import make_ai
from malaya.ai.left_empty import TurnRecord, left_empty, manned
from malaya.ai.levels import level
from malaya.ai.move_setup import move_context
from malaya.engine import EndPhase, Side
from malaya.engine.state import Phase
from malaya.session.words.ai_words import explanation_text, told_text
from tests.builder import Game, GameBuilder


def _town_held_empty(cw_at: tuple[int, int]) -> Game:
    # given a 2-VP town at (5, 5) the JP controls with none of its units on it, the JP regiment far off at
    # (0, 9) with 2 MP (it cannot get there this turn), and a CW brigade at ``cw_at``
    game = (GameBuilder(width=10, height=10).siam((0, 0)).objective((5, 5), 2)
            .unit("jp_a", "JP", at=(0, 9), movement=2).unit("cw_a", "CW", at=cw_at, defense=4)
            .lasting(8).at_phase(Phase.MOVEMENT, side="JP", turn=3).build())
    return replace(game, state=replace(game.state, jp_control=game.state.jp_control | {game.hex(5, 5)}))


def test_an_empty_victory_hex_a_known_enemy_can_reach_is_named_with_its_reason() -> None:
    game = _town_held_empty(cw_at=(5, 6))
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    # when the JP's Movement phase ends with nobody on it
    said = left_empty(game.gd, game.state, ctx, TurnRecord(manned(game.gd, game.state, ctx), {}, {}, frozenset()))
    # then the plan names the town and why it is empty
    assert [(e.hex, told_text(e.reason)) for e in said] == [
        (game.hex(5, 5), "none of the units near it could be spared to stand on it")]


def test_an_empty_victory_hex_no_known_enemy_can_reach_is_not_named() -> None:
    game = _town_held_empty(cw_at=(9, 0))
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    # when its Movement phase ends, the CW brigade being too far to walk in next turn
    said = left_empty(game.gd, game.state, ctx, TurnRecord(manned(game.gd, game.state, ctx), {}, {}, frozenset()))
    # then nothing threatens the town, and nothing is said
    assert said == []


def test_a_defender_that_left_for_a_task_is_named_with_the_task() -> None:
    game = _town_held_empty(cw_at=(5, 7))
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    # when the regiment had stood on the town at the start of the phase and went on to march on another town
    turn = TurnRecord({game.hex(5, 5): ("jp_a",)}, {"jp_a": "marches on the next town"}, {}, frozenset())
    said = left_empty(game.gd, game.state, ctx, turn)
    # then the plan gives that task as the reason
    assert len(said) == 1
    assert told_text(said[0].reason).endswith("marches on the next town, which is worth more at the end")


def test_the_w_panel_of_a_hard_ai_says_it_leaves_the_town_empty_and_why() -> None:
    game = _town_held_empty(cw_at=(5, 6))
    ai = make_ai("hard", Side.JP, seed=1)
    # when the hard JP plays its Movement and Combat phases to their end
    state = game.state
    for _ in range(40):
        action = ai(game.gd, state)
        state = engine.apply(game.gd, state, action).state
        if isinstance(action, EndPhase) and state.phase is not Phase.RAIL and state.phase is not Phase.COMBAT:
            break
    # then its plan, as the W panel shows it, names the town left empty and says why
    text = explanation_text(ai.explanations)
    assert "Leave cell 5.5 empty: none of the units near it could be spared to stand on it." in text


def test_a_defender_pushed_off_in_combat_is_named_as_such() -> None:
    game = _town_held_empty(cw_at=(5, 7))
    ctx = move_context(game.gd, game.state, level("hard"), lambda note: None)
    # when the regiment stood on the town at the start and the end of the Movement phase, and now stands elsewhere
    # without having attacked there
    turn = TurnRecord({game.hex(5, 5): ("jp_a",)}, {}, {"jp_a": game.hex(5, 5)}, frozenset())
    said = left_empty(game.gd, game.state, ctx, turn)
    # then the reason says combat pushed it back
    assert [told_text(e.reason) for e in said] == ["jp_a was pushed back in combat"]


def test_a_computer_player_nobody_reads_plays_the_same_and_leaves_the_sentence_out() -> None:
    game = _town_held_empty(cw_at=(5, 6))
    # given two hard JP players of the same seed, one explaining its turn and one not (a rollout's)
    players = {explain: make_ai("hard", Side.JP, seed=1, explain=explain) for explain in (True, False)}
    played: dict[bool, list[object]] = {True: [], False: []}
    # when each plays its Movement and Combat phases to their end
    for explain, ai in players.items():
        state = game.state
        for _ in range(40):
            action = ai(game.gd, state)
            played[explain].append(action)
            state = engine.apply(game.gd, state, action).state
            if isinstance(action, EndPhase) and state.phase is not Phase.RAIL and state.phase is not Phase.COMBAT:
                break
    # then they made the same moves, and only the explaining one names the town it leaves empty
    assert played[True] == played[False]
    assert "Leave cell 5.5 empty" in explanation_text(players[True].explanations)
    assert "Leave cell 5.5 empty" not in explanation_text(players[False].explanations)
