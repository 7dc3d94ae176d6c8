"""A scenario names its map, ruleset and counters within its own folder or a bundled scenario's by id, never by
climbing out of it (issue 27 §4: self-contained and confined)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from malaya.content.campaign import load_game_def
from malaya.content.errors import ContentError
from malaya.content.scenario_loader import ScenarioError, load_scenario
from malaya.content.scenario_refs import resolve_ref
from malaya.resources import scenario_file, scenarios_dir
from tests.content.words import player_text, raises_saying

KAMPAR = scenario_file("kampar").read_text(encoding="utf-8")


def _own(tmp_path: Path, text: str) -> Path:
    """A user scenario folder holding ``text`` as its scenario.toml."""
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    return folder / "scenario.toml"


def _with(key: str, value: str) -> str:
    """Kampar's scenario with ``key = "value"``."""
    line = f"{key} = '{value}'"  # a literal string: a Windows path's backslashes stay as written
    return re.sub(rf'(?m)^{key} = ".*"$', lambda _: line, KAMPAR)


def test_a_copy_of_kampar_elsewhere_finds_the_campaign_map_by_id(tmp_path: Path) -> None:
    """Given kampar copied out of the bundled folder, when loaded, then "malaya1941:map.tmx" is the campaign's."""
    gd = load_game_def(_own(tmp_path, KAMPAR))
    assert gd.scenario.id == "kampar" and gd.board.places


def test_climbing_is_refused_with_the_new_form_as_hint(tmp_path: Path) -> None:
    """Given map = "../malaya1941/map.tmx", when loaded, then one line says it reaches out and shows the id form."""
    with pytest.raises(ScenarioError) as err:
        load_scenario(_own(tmp_path, _with("map", "../malaya1941/map.tmx")))
    assert player_text(err.value) == (
        'scenario.toml: map = "../malaya1941/map.tmx" reaches out of the scenario\'s folder; '
        'name a file in its folder, or a bundled scenario\'s file by its id, for example "malaya1941:map.tmx"')


@pytest.mark.parametrize(("key", "ref"), [("ruleset", "/dev/zero"), ("ruleset", "malaya1941:../../x.toml"),
                                          ("map", "C:\\maps\\map.tmx"), ("map", "sub/../../map.tmx")])
def test_absolute_and_climbing_references_are_refused(tmp_path: Path, key: str, ref: str) -> None:
    """Given an absolute or climbing reference, when loaded, then it is refused before any file is read."""
    with raises_saying(ScenarioError, "reaches out of the scenario's folder"):
        load_scenario(_own(tmp_path, _with(key, ref)))


def test_an_unknown_bundled_id_is_named(tmp_path: Path) -> None:
    """Given "malaya1914:map.tmx", when loaded, then the message says there is no bundled scenario of that id."""
    with raises_saying(ScenarioError, "names the bundled scenario malaya1914, and there is none of that id"):
        load_scenario(_own(tmp_path, _with("map", "malaya1914:map.tmx")))


def test_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    """Given a ruleset.toml in the folder that links to a file outside it, when loaded, then it is refused."""
    path = _own(tmp_path, _with("ruleset", "ruleset.toml"))
    outside = tmp_path / "secret.toml"
    shutil.copy(scenarios_dir() / "malaya1941" / "ruleset.toml", outside)
    (path.parent / "ruleset.toml").symlink_to(outside)
    with raises_saying(ScenarioError, "is a link to a file outside the scenario's folder"):
        load_scenario(path)


def test_a_tileset_outside_the_map_folder_and_assets_is_refused(tmp_path: Path) -> None:
    """Given a map whose tileset lies above its folder, outside the bundled assets, when loaded, it is refused."""
    folder = tmp_path / "deep" / "mine"
    folder.mkdir(parents=True)
    (tmp_path / "deep" / "terrain.tsx").write_text("<tileset/>", encoding="utf-8")
    text = (scenarios_dir() / "malaya1941" / "map.tmx").read_text(encoding="utf-8")
    (folder / "map.tmx").write_text(text.replace("../../assets/tiles/terrain.tsx", "../terrain.tsx"),
                                    encoding="utf-8")
    (folder / "scenario.toml").write_text(_with("map", "map.tmx"), encoding="utf-8")
    with raises_saying(ContentError, "tileset file '../terrain.tsx' lies outside the map's folder"):
        load_game_def(folder / "scenario.toml")


def test_resolve_ref_finds_a_file_in_a_sub_folder(tmp_path: Path) -> None:
    """Given map = "maps/big.tmx", when resolved, then it is that file below the scenario's folder."""
    path = _own(tmp_path, KAMPAR)
    assert resolve_ref(path, "map", "maps/big.tmx") == path.parent / "maps" / "big.tmx"
