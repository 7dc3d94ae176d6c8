"""A scenario's counters file gives units the NATO symbol of their role (R2.1; issue 15 §2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from malaya.content.campaign import load_game_def
from malaya.content.counter_symbols import COUNTERS_FILE, UnitSymbol, load_counter_symbols
from malaya.content.scenario_loader import ScenarioError
from malaya.persistence.gamehash import game_def_hash
from malaya.resources import assets_dir, scenario_file, scenarios_dir
from tests.content.words import raises_saying

SHORT = ("jitra", "kampar", "muar", "singapore")


@pytest.fixture
def campaign_copy(tmp_path: Path) -> Path:
    """A copy of the campaign's scenario folder (scenario, ruleset, map, counters) to spoil."""
    folder = tmp_path / "scenarios" / "malaya1941"
    shutil.copytree(scenarios_dir() / "malaya1941", folder)
    (tmp_path / "assets").symlink_to(assets_dir())  # the map's tileset
    return folder / "scenario.toml"


def test_the_campaign_gives_machine_guns_volunteers_and_fortress_garrisons_their_symbols() -> None:
    symbols = load_counter_symbols(scenario_file())
    assert symbols["cw_2_4aus_mg"] is UnitSymbol.MACHINE_GUN
    assert symbols["cw_ssvf"] is UnitSymbol.VOLUNTEERS
    assert symbols["cw_penang_bn"] is UnitSymbol.FORTRESS
    assert "cw_6ind_bde" not in symbols  # a plain brigade shows its type's symbol


@pytest.mark.parametrize("scenario", SHORT)
def test_a_short_scenario_points_at_the_campaigns_file_instead_of_copying_it(scenario: str) -> None:
    own = (scenarios_dir() / scenario / COUNTERS_FILE).read_text(encoding="utf-8")
    assert "[symbols]" not in own and 'same_as = "malaya1941:counters.toml"' in own
    assert load_counter_symbols(scenario_file(scenario)) == load_counter_symbols(scenario_file())


def test_an_unknown_symbol_name_refuses_the_scenario_with_a_plain_message(campaign_copy: Path) -> None:
    (campaign_copy.parent / COUNTERS_FILE).write_text('[symbols]\ncw_ssvf = "cavalry"\n', encoding="utf-8")
    with raises_saying(ScenarioError, 'cw_ssvf has the symbol "cavalry", which is not one of "infantry"'):
        load_game_def(campaign_copy)


def test_an_unknown_unit_id_refuses_the_scenario_with_a_plain_message(campaign_copy: Path) -> None:
    (campaign_copy.parent / COUNTERS_FILE).write_text('[symbols]\ncw_nobody = "fortress"\n', encoding="utf-8")
    with raises_saying(ScenarioError, "counters.toml: cw_nobody is not a unit of the scenario"):
        load_game_def(campaign_copy)


def test_a_folder_without_a_counters_file_has_no_roles(campaign_copy: Path) -> None:
    (campaign_copy.parent / COUNTERS_FILE).unlink()
    assert load_counter_symbols(campaign_copy) == {}


@pytest.mark.slow
def test_the_counters_file_is_not_part_of_the_game_definitions_fingerprint(campaign_copy: Path) -> None:
    # given the campaign with and without its counters file, then a save's fingerprint is the same
    with_roles = game_def_hash(load_game_def(campaign_copy))
    (campaign_copy.parent / COUNTERS_FILE).unlink()
    assert game_def_hash(load_game_def(campaign_copy)) == with_roles
