"""The message log respects limited intelligence (R2.5, issue 13 §3): a player never reads of enemy units
their side cannot see — a move out of sight is not told, a move into sight is."""

from __future__ import annotations

import pytest

from malaya.ai import make_ai
from malaya.engine import rules
from malaya.engine.actions import AddAttacker, DeclareCombat, MoveUnit, RollDice
from malaya.engine.air import AirAllocated
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.engine.supply import SupplyDetermined
from malaya.session.game_client import GameClient
from malaya.session.log_fog import hidden_enemies, seen_event, seen_events, seen_lines
from malaya.session.match import Match
from tests.builder import Game, GameBuilder
from tests.bundled import bundled_game


def _cw_moving(humans: frozenset[Side]) -> GameClient:
    """CW's Movement phase on a long strip: a JP unit at the west end, two CW units far east."""
    game = (GameBuilder(width=12, height=3).unit("jp", "JP", at=(0, 1), name="5th Div")
            .unit("cw_far", "CW", at=(10, 1), name="Far Bde").unit("cw_near", "CW", at=(8, 1), name="Near Bde")
            .at_phase(Phase.MOVEMENT, side="CW").build())
    return GameClient(Match(game.gd, 1, game.state), humans)


def _move(client: GameClient, unit: str, col: int) -> None:
    game = Game(client.gd, client.state)
    assert client.submit(MoveUnit(side=Side.CW, unit=unit, to=game.hex(col, 1))) is None


def test_given_a_jp_player_when_a_cw_unit_moves_out_of_sight_then_the_jp_log_does_not_name_it_R2_5() -> None:
    # given JP played here against a CW computer
    client = _cw_moving(frozenset({Side.JP}))
    # when the far CW unit moves, still far from every JP unit
    _move(client, "cw_far", 11)
    # then the JP player's log does not tell it
    assert not any("Far Bde" in line for line in client.messages)


def test_given_a_jp_player_when_a_cw_unit_moves_next_to_a_jp_unit_then_the_jp_log_tells_it_R2_5() -> None:
    # given JP played here
    client = _cw_moving(frozenset({Side.JP}))
    # when a CW unit moves next to the JP unit (where JP sees it)
    _move(client, "cw_near", 1)
    # then the move is told, with the unit's name
    assert any(line.startswith("Near Bde moved") for line in client.messages)


def test_given_hotseat_each_side_reads_its_own_log_and_the_mover_reads_every_own_move_R2_5() -> None:
    # given a hotseat game: both sides played here
    client = _cw_moving(frozenset(Side))
    # when CW moves its far unit out of JP's sight
    _move(client, "cw_far", 11)
    # then CW's log tells the move and JP's does not
    assert any(line.startswith("Far Bde moved") for line in client.logs[Side.CW].texts())
    assert not any("Far Bde" in line for line in client.logs[Side.JP].texts())


def test_given_a_computer_only_game_the_log_tells_everything() -> None:
    client = _cw_moving(frozenset())
    _move(client, "cw_far", 11)
    assert any(line.startswith("Far Bde moved") for line in client.messages)


def test_a_supply_line_keeps_only_the_units_the_viewer_sees_R2_5() -> None:
    # given JP's view, where the far CW unit is hidden and the near one is not
    client = _cw_moving(frozenset({Side.JP}))
    _move(client, "cw_near", 1)
    hidden = hidden_enemies(client.gd, client.state, Side.JP)
    assert hidden == {"cw_far"}
    # when both CW units run out of supply
    event = SupplyDetermined(turn=1, side=Side.CW, became_unsupplied=("cw_far", "cw_near"))
    # then JP reads only of the near one; a line about the far one alone is left out
    assert seen_event(client.gd, event, hidden) == event.model_copy(update={"became_unsupplied": ("cw_near",)})
    assert seen_event(client.gd, SupplyDetermined(turn=1, side=Side.CW, became_unsupplied=("cw_far",)),
                      hidden) is None


@pytest.mark.slow
def test_given_a_campaign_against_the_computer_the_jp_log_never_names_a_cw_unit_it_cannot_see_R2_5() -> None:
    # given the campaign, JP played here, both sides' moves chosen by the computer for three game-turns
    gd = bundled_game()
    client = GameClient(Match.new(gd, 7), frozenset({Side.JP}))
    ais = {Side.JP: make_ai("normal", Side.JP, 1), Side.CW: make_ai("normal", Side.CW, 2)}
    told_hidden: list[str] = []
    everything = 0
    while not rules.is_terminal(client.state) and client.state.turn <= 3:
        before = len(client.log.lines)
        assert client.submit(ais[client.state.side](gd, client.state)) is None
        hidden = {gd.unit_def(u).name for u in hidden_enemies(gd, client.state, Side.JP)}
        new = client.messages[before:]
        told_hidden += [line for line in new for name in hidden if line.startswith(name + " ")]
        everything += sum(1 for line in new if " moved " in line)
    # then no line of the JP log tells of a CW unit hidden from JP when it was written
    assert told_hidden == []
    assert everything, "the JP log told no move at all"


def test_a_fight_reveals_to_each_side_only_the_enemy_units_R2_5() -> None:
    # given a JP unit next to a CW unit in the JP Combat phase, both sides played here
    game = (GameBuilder(width=4, height=1).unit("jp", "JP", at=(0, 0), name="5th Div")
            .unit("cw", "CW", at=(1, 0), name="Near Bde").at_phase(Phase.COMBAT).build())
    client = GameClient(Match(game.gd, 1, game.state), frozenset(Side))
    # when the JP player attacks the CW unit and rolls (both sides' units are revealed)
    for action in (DeclareCombat(side=Side.JP, defender=game.hex(1, 0)), AddAttacker(side=Side.JP, unit="jp"),
                   RollDice(side=Side.JP)):
        assert client.submit(action) is None
    # then each side's log names only the units it did not know: JP reads of the CW unit, not of its own
    jp_reveals = [line for line in client.logs[Side.JP].texts() if line.startswith("Revealed")]
    cw_reveals = [line for line in client.logs[Side.CW].texts() if line.startswith("Revealed")]
    assert jp_reveals == ["Revealed in the fight: Near Bde."] and cw_reveals == ["Revealed in the fight: 5th Div."]


def test_the_computers_explanation_keeps_no_line_naming_a_unit_the_player_cannot_see_R2_5() -> None:
    # given JP played here, the far CW unit hidden from it and the near one next to the JP unit
    client = _cw_moving(frozenset({Side.JP}))
    _move(client, "cw_near", 1)
    lines = ["Turn 1, Commonwealth:", "  Moved Far Bde to the coast.", "  Moved Near Bde to the front."]
    # when the CW computer's explanation is shown to the JP player
    shown = seen_lines(client.gd, client.state, Side.JP, lines)
    # then the line about the hidden unit is left out, the others kept
    assert shown == ["Turn 1, Commonwealth:", "  Moved Near Bde to the front."]


def test_the_enemys_air_points_are_not_told_R2_5() -> None:
    # given JP played here
    client = _cw_moving(frozenset({Side.JP}))
    # when the CW split its air points and JP its own, then JP reads only of its own
    events = [AirAllocated(side=Side.CW, attack=1, defense=2), AirAllocated(side=Side.JP, attack=3, defense=0)]
    assert seen_events(client.gd, client.state, Side.JP, events) == events[1:]
