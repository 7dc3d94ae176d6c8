"""The short historical scenarios beside the campaign (issue 14): they load, start where history
stood on their first turn (R1.2, R13, R17), and play to their end with the computer on both sides."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

from malaya.ai import make_ai
from malaya.content.scenario_loader import ScenarioError, load_scenario
from malaya.engine import rules
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import edge
from malaya.engine.placement import resolve_at
from malaya.engine.scenario import Difficulty
from malaya.engine.sides import Side
from malaya.engine.start_position import island_of
from malaya.engine.state import ForceZStatus, Location, Phase
from malaya.resources import scenarios_dir
from malaya.session.match import Match
from tests.bundled import bundled_game
from tests.content.words import player_text, rules_text
from tests.scenario.conftest import SCENARIO_TOML

SHORT = ("jitra", "kampar", "muar", "singapore")


@lru_cache(maxsize=8)
def game_def(name: str) -> GameDef:
    """A bundled scenario's game definition (loaded once)."""
    return bundled_game(name)


def test_four_short_scenarios_are_bundled_beside_the_campaign() -> None:
    # given the scenarios folder / then it holds the campaign and the four short scenarios
    bundled = {p.parent.name for p in scenarios_dir().glob("*/scenario.toml")}
    assert {"malaya1941", *SHORT} <= bundled


@pytest.mark.parametrize("name", ("malaya1941", *SHORT))
def test_every_scenario_loads_passes_its_checks_and_has_a_briefing(name: str) -> None:
    # given a bundled scenario / when it is loaded (load_game_def runs the set-up checks, R4.1, R17)
    gd = game_def(name)
    # then its id is its folder's name (saves find it by id), and it carries a briefing and a difficulty
    assert gd.scenario.id == name
    briefing = gd.scenario.briefing
    assert briefing is not None and isinstance(gd.scenario.difficulty, Difficulty)
    for text in (briefing.summary, briefing.situation, briefing.japanese, briefing.commonwealth,
                 briefing.victory, briefing.watch_for, briefing.length):
        assert len(text.split()) >= 5 and "\\" not in text


@pytest.mark.parametrize("name", ("malaya1941", *SHORT))
def test_short_scenarios_share_the_campaign_map_and_ruleset(name: str) -> None:
    # given a scenario and the campaign / then both use the same board and the same rules
    gd, campaign = game_def(name), game_def("malaya1941")
    assert gd.board.terrain == campaign.board.terrain
    assert gd.scenario.ruleset == campaign.scenario.ruleset


@pytest.mark.parametrize(("name", "first", "last"), [("jitra", 1, 4), ("kampar", 8, 12), ("muar", 15, 20),
                                                     ("singapore", 21, 24)])
def test_a_short_scenario_begins_on_its_campaign_turn_R1_2(name: str, first: int, last: int) -> None:
    # given a short scenario / when a new game starts (options chosen in game, R16.1)
    gd = game_def(name)
    match = Match.new(gd, seed=1, options=None)
    while match.state.phase is Phase.OPTIONS:
        assert match.submit(make_ai("normal", match.state.side, 1)(gd, match.state)) is None
    # then play begins on the scenario's first game-turn and ends after its last
    assert (match.state.turn, gd.last_turn) == (first, last)


def test_the_kampar_front_line_is_held_where_history_put_it_R13() -> None:
    # given Kampar and Slim River, which starts on 29 December 1941 (turn 8)
    gd = game_def("kampar")
    state = Match.new(gd, seed=1).state
    hex_of = {p.name: p.hex for p in gd.board.places}
    # then the north is Japanese and the centre still Commonwealth
    assert all(state.controller(hex_of[n]) is Side.JP for n in ("Alor Star", "Penang", "Ipoh", "Kota Bharu"))
    assert all(state.controller(hex_of[n]) is Side.CW for n in ("Kampar", "Slim River", "Kuala Lumpur", "Kuantan"))
    # and Force Z is gone, West-coast shipping open (R9.3, R9.7), reduced brigades at one step (R2.2)
    assert state.force_z is ForceZStatus.GONE and state.west_shipping_turn == 6 and state.penang_rolled
    kampar = [u for u in state.units if u.hex == hex_of["Kampar"]]
    assert kampar and all(u.steps == 1 for u in kampar)


def test_singapore_island_is_the_commonwealths_and_the_mainland_japanese_R13() -> None:
    # given the battle for Singapore island
    gd = game_def("singapore")
    state = Match.new(gd, seed=1).state
    island = island_of(gd.board, gd.board.place("Singapore").hex)
    # then every island hex is CW, Johore Bahru across the strait JP, and every CW unit is on the island
    assert len(island) > 1 and not island & state.jp_control
    assert state.controller(gd.board.place("Johore Bahru").hex) is Side.JP
    cw = [u for u in state.units if gd.side_of(u.id) is Side.CW]
    assert cw and all(u.location is Location.MAP and u.hex in island for u in cw)


def test_reinforcements_of_a_short_scenario_arrive_on_their_campaign_turn_R14_5() -> None:
    # given Johore and the Muar line / then the 114th Regiment waits for turn 16, the 54th Brigade for turn 18
    state = Match.new(game_def("muar"), seed=1).state
    due = {u.id: u.due_turn for u in state.units if u.location is Location.PENDING}
    assert due["jp_114_inf"] == 16 and due["cw_54brit_bde"] == 18


@pytest.mark.parametrize("name", SHORT)
@pytest.mark.slow
def test_a_short_scenario_plays_to_its_end_with_the_computer_on_both_sides(name: str) -> None:
    # given a short scenario and the normal AI on both sides
    gd = game_def(name)
    match = Match.new(gd, seed=3)
    controllers = {side: make_ai("normal", side, 3 + i) for i, side in enumerate(Side)}
    # when they play it (Match.play raises on any illegal action)
    state = match.play(controllers)
    # then the game is over, on or before the last turn, with a result level of the scenario
    result = rules.result(gd, state)
    assert rules.is_terminal(state) and result is not None
    assert state.turn <= gd.last_turn
    assert result.level in {level.name for level in gd.victory.levels}


def test_a_position_string_of_a_short_scenario_names_a_map_hex() -> None:
    # given the Singapore scenario's north-west shore objective / then it resolves to an island hex
    gd = game_def("singapore")
    shore = resolve_at(gd.board, "Johore Bahru+SW+SW")
    assert shore in gd.objective_vp and shore in island_of(gd.board, gd.board.place("Tengah").hex)


def test_the_catalog_lists_the_campaign_first_then_the_scenarios_in_historical_order() -> None:
    # given the bundled scenarios folder / when New Game asks for the catalog
    from malaya.content.scenario_catalog import scenario_catalog

    entries = scenario_catalog(scenarios_dir())
    # then the campaign leads, the short ones follow by date, each with its length and difficulty
    assert [e.id for e in entries][:5] == ["malaya1941", *SHORT]
    lengths = {e.id: e.turns for e in entries}
    assert lengths["malaya1941"] == 28 and lengths["jitra"] == 4 and lengths["singapore"] == 4
    assert all(e.briefing is not None and e.path.is_file() for e in entries)


def _load_error(path: Path) -> str:
    """The one-line error of a scenario file that does not load."""
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return player_text(info.value)


def test_a_reinforcement_due_before_the_first_turn_played_is_refused_R14_5(scenario_copy: Callable[..., Path]) -> None:
    # given the campaign moved to start on turn 5, while the 3rd Guards are still due on turn 3
    text = SCENARIO_TOML.read_text(encoding="utf-8").replace("turns = 28\n", "turns = 28\nfirst_turn = 5\n", 1)
    # then loading it says which reinforcement and why
    message = _load_error(scenario_copy(text))
    assert "reinforcements[0].turn" in message and "before the first turn played (5)" in message


def test_a_unit_set_up_with_more_steps_than_it_has_is_refused_R2_2(scenario_copy: Callable[..., Path]) -> None:
    # given the Penang battalion (one step) set up with two
    text = SCENARIO_TOML.read_text(encoding="utf-8").replace(
        '{ unit = "cw_penang_bn", at = "Penang" }', '{ unit = "cw_penang_bn", at = "Penang", steps = 2 }', 1)
    # then loading it names the set-up entry and the unit
    message = _load_error(scenario_copy(text))
    assert "setup[9].steps" in message and "cw_penang_bn" in message


def test_singapore_starts_with_the_causeway_blown_R7_7() -> None:
    # given the battle for Singapore island, which starts a week after the causeway was blown
    gd = game_def("singapore")
    state = Match.new(gd, seed=1).state
    jb, seletar = gd.board.place("Johore Bahru").hex, gd.board.place("Seletar").hex
    # then the causeway hexside is demolished at the start
    assert gd.board.is_bridge(jb, seletar) and edge(jb, seletar) in state.demolished


def test_a_blown_bridge_where_there_is_none_is_reported() -> None:
    # given a [start] table naming a blown bridge between two hexes with no bridge between them
    from malaya.engine.scenario import StartPosition
    from malaya.engine.start_position import start_problems

    board = game_def("singapore").board
    start = StartPosition(demolished_bridges=(("Johore Bahru", "Johore Bahru+S"),))
    # then the content check names the entry and says why
    assert [rules_text(p) for p in start_problems(start, board)] == [
        "start.demolished_bridges[0]: there is no bridge between 'Johore Bahru' and 'Johore Bahru+S'"]


@pytest.mark.parametrize("name", ("malaya1941", *SHORT))
def test_every_bundled_scenario_names_the_side_of_each_winning_level_R15_5(name: str) -> None:
    # given a bundled scenario's result levels / then the top one is Japan's win, the bottom one the
    # Commonwealth's, a draw is nobody's, and each level's name says whose win it is in words
    levels = game_def(name).scenario.victory.levels
    assert levels[0].side is Side.JP and levels[-1].side is Side.CW
    words = {Side.JP: "Japanese ", Side.CW: "Commonwealth ", None: "Draw"}
    assert all(level.name.startswith(words[level.side]) for level in levels)
