"""Position strings ("Patani+SW+S", "jp_box") resolved on a board, and set-up checks."""

from __future__ import annotations

import tomllib

import pytest

from malaya.engine import RulesError
from malaya.engine.board import Terrain
from malaya.engine.hexgrid import DIRECTIONS, Hex
from malaya.engine.placement import parse_at
from malaya.engine.scenario import Scenario, resolve_at
from malaya.engine.setup_check import setup_problems
from tests.content.words import raises_rules, rules_text
from tests.scenario.conftest import REPO, fake_board

N, NE, SE, S, SW, NW = DIRECTIONS


def test_place_name_resolves_to_its_hex() -> None:
    # given a board with Jitra / then "Jitra" is Jitra's hex
    board = fake_board({"Jitra": Hex(1, 2)})
    assert resolve_at(board, "Jitra") == Hex(1, 2)


def test_direction_steps_walk_from_the_place() -> None:
    # given Patani at the origin / then "Patani+SW+S" is two steps away, SW then S
    board = fake_board({"Patani": Hex(0, 0), "Kota Bharu": Hex(2, -1)})
    assert resolve_at(board, "Patani+SW+S") == Hex(0, 0) + SW + S
    assert resolve_at(board, "Kota Bharu + n") == Hex(2, -1) + N
    assert resolve_at(board, "Patani+NE+SE+NW") == Hex(0, 0) + NE + SE + NW


def test_jp_box_has_no_hex() -> None:
    # given the JP off-map box / then it resolves to None
    assert resolve_at(fake_board({}), "jp_box") is None


def test_unknown_place_is_a_clear_error_with_a_suggestion() -> None:
    # given a misspelt place / then the error names it and suggests the near name
    board = fake_board({"Singora": Hex(0, 0)})
    with raises_rules(r"unknown place 'Singorra'.*did you mean 'Singora'", RulesError):
        resolve_at(board, "Singorra")


@pytest.mark.parametrize("at", ["Jitra+W", "Jitra+", "+S", "jp_box+S"])
def test_bad_direction_syntax_is_rejected(at: str) -> None:
    # given a malformed position / then it is an error naming the position
    with raises_rules("position", RulesError):
        parse_at(at)


def test_stepping_off_the_map_is_rejected() -> None:
    # given a place at the edge of a radius-1 board / then stepping outward fails
    board = fake_board({"Edge": Hex(0, -1)}, radius=1)
    with raises_rules("off the map", RulesError):
        resolve_at(board, "Edge+N")


def test_bundled_setup_on_a_fake_board_checks_places_and_stacking(scenario: Scenario) -> None:
    # given a fake board holding every place the scenario names, each on its own hex /
    # then there is no problem; with one more battalion in Singapore its 5 points overstack
    names = {p.at.split("+")[0] for p in scenario.setup if p.at != "jp_box"}
    names |= set(scenario.victory.objectives) | {"Penang", "Singapore"}
    names |= {at for o in scenario.options for at in o.effects.fortress_hexes}
    names |= {p.first_landing for p in scenario.setup if p.first_landing}
    places = {n: Hex(4 * i - 40, 0) for i, n in enumerate(sorted(names))}
    fortress = {places["Singapore"]: Terrain.FORTRESS}
    board = fake_board(places, radius=60, terrain=fortress, ports=frozenset({"Kota Bharu"}))
    assert setup_problems(scenario, board) == []
    # a fixed first landing (R17) must be at a port: the Takumi Detachment could never sail otherwise
    no_port = fake_board(places, radius=60, terrain=fortress)
    assert any("first_landing: 'Kota Bharu' is not a port" in rules_text(p) for p in setup_problems(scenario, no_port))
    # and it must name a place on the map
    unnamed = {n: h for n, h in places.items() if n != "Kota Bharu"}
    missing = fake_board(unnamed, radius=60, terrain={places["Singapore"]: Terrain.FORTRESS})
    assert any(p.startswith("setup[") and ".first_landing:" in p and "Kota Bharu" in p
               for p in map(rules_text, setup_problems(scenario, missing)))
    crowded = scenario.model_copy(update={"setup": [
        p.model_copy(update={"at": "Singapore"}) if p.unit == "cw_ssvf" else p for p in scenario.setup]})
    assert any("limit 4" in rules_text(p) for p in setup_problems(crowded, board))


def test_setup_problems_report_unknown_places(scenario: Scenario) -> None:
    # given a board without the scenario's places / then each unknown is reported by field
    problems = [rules_text(p) for p in setup_problems(scenario, fake_board({}))]
    assert any(p.startswith("setup[0].at: ") and "unknown place 'Jitra'" in p for p in problems)
    assert any(p.startswith("victory.objectives.Ipoh: ") for p in problems)


def test_scenario_place_names_exist_in_the_map_geography(scenario: Scenario) -> None:
    # given the geography the campaign map is generated from / then every place the
    # scenario names is one of its places (the full real-map check runs once map.tmx exists)
    geo = REPO / "tools" / "geography" / "malaya.toml"
    if not geo.exists():
        pytest.skip("map geography not present")
    places = set(tomllib.loads(geo.read_text(encoding="utf-8"))["places"])
    named = {p.at for p in scenario.setup} | set(scenario.victory.objectives)
    named |= {at for o in scenario.options for at in o.effects.fortress_hexes}
    named |= {scenario.ruleset.naval.penang, scenario.ruleset.naval.cw_destination}
    unknown = {parse_at(at)[0] for at in named} - places - {"jp_box"}
    assert not unknown


def test_only_a_unit_set_up_in_the_jp_box_may_have_a_fixed_first_landing_R17() -> None:
    from malaya.engine.scenario import Placement

    assert Placement(unit="jp_a", at="jp_box", first_landing="Kota Bharu").first_landing == "Kota Bharu"
    with raises_rules("only for a unit set up in the JP box"):
        Placement(unit="jp_a", at="Singora", first_landing="Kota Bharu")
