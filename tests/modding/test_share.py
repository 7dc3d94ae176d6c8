"""Scenarios of one's own: ``malaya scenario new`` starts one in the user folder, ``pack`` zips it with a manifest and
a content hash, ``install`` checks a zip (caps, paths, links, hashes, checker) first (issue 27 §1, §5)."""

from __future__ import annotations

import json
import stat
import zipfile
from pathlib import Path

import pytest

from malaya.cli import main
from malaya.content.scenario_catalog import scenario_catalog
from malaya.persistence.user_scenarios import find_scenario_file, user_scenarios_dir
from malaya.resources import scenarios_dir
from malaya.runners.scenario_files import ScenarioToolError, new_scenario
from malaya.runners.scenario_pack import install, pack
from malaya.runners.tiled_project import PROJECT_FILE, project_text


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A clean per-user data folder for each test."""
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_a_new_scenario_is_listed_on_new_game_as_the_players_own() -> None:
    """Given scenario new my_kampar --from kampar, when the catalog is read, then it is playable and the player's own,
    found by its id, and its map and ruleset are named from kampar's bundled campaign."""
    folder = new_scenario("my_kampar", "kampar")
    entries = scenario_catalog(scenarios_dir(), own_folders=(user_scenarios_dir(),))
    mine = next(e for e in entries if e.id == "my_kampar")
    assert mine.playable and mine.own and mine.path == folder / "scenario.toml"
    assert find_scenario_file("my_kampar") == folder / "scenario.toml"
    text = mine.path.read_text(encoding="utf-8")
    assert 'map = "malaya1941:map.tmx"' in text and 'id = "my_kampar"' in text


@pytest.mark.parametrize(("name", "source", "words"), [("Kampar 2", "kampar", "cannot be a scenario id"),
                                                        ("jitra", "kampar", "is the id of a bundled scenario"),
                                                        ("mine", "kampr", "no bundled scenario 'kampr'")])
def test_new_refuses_a_bad_name_or_source(name: str, source: str, words: str) -> None:
    """Given a name that cannot be an id, a bundled id, or an unknown source, when new runs, then it says why."""
    with pytest.raises(ScenarioToolError, match=words):
        new_scenario(name, source)


def test_with_map_copies_the_map_its_tiles_and_a_tiled_project() -> None:
    """Given --with-map, when new runs, then the folder is whole on its own and passes the checker's file checks."""
    from malaya.content.scenario_check import check_scenario_folder

    folder = new_scenario("my_map", "jitra", with_map=True)
    assert (folder / "map.tmx").is_file() and (folder / "tiles" / "terrain.tsx").is_file()
    assert 'source="tiles/terrain.tsx"' in (folder / "map.tmx").read_text(encoding="utf-8")
    assert (folder / PROJECT_FILE).read_text(encoding="utf-8") == project_text()
    assert check_scenario_folder(folder).problems == []


def test_the_bundled_tiled_project_is_the_generated_one() -> None:
    """Given the project file beside the bundled scenarios, then it is what tiled_project writes, with both commands."""
    text = (scenarios_dir() / PROJECT_FILE).read_text(encoding="utf-8")
    assert text == project_text()
    names = [c["name"] for c in json.loads(text)["commands"]]
    assert names == ["Check in malaya", "Play in malaya"]


@pytest.mark.slow
def test_pack_then_install_into_a_clean_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Given a packed scenario, when installed into another data folder, then the files are the same ones."""
    folder = new_scenario("my_kampar", "kampar")
    archive = pack(folder, tmp_path / "my_kampar.zip")
    manifest = json.loads(zipfile.ZipFile(archive).read("manifest.json"))
    assert manifest["id"] == "my_kampar" and set(manifest["files"]) == {"scenario.toml", "counters.toml"}
    assert len(manifest["content_hash"]) == 64
    monkeypatch.setenv("MALAYA_DATA_DIR", str(tmp_path / "clean"))
    installed = install(archive, play=False)
    assert installed == tmp_path / "clean" / "scenarios" / "my_kampar"
    assert (installed / "scenario.toml").read_bytes() == (folder / "scenario.toml").read_bytes()
    with pytest.raises(ScenarioToolError, match="already there: add --replace"):
        install(archive, play=False)
    assert install(archive, replace=True, play=False) == installed


def _zip(path: Path, members: dict[str, bytes], manifest: dict[str, object] | None = None,
         links: tuple[str, ...] = ()) -> Path:
    """A zip holding ``members`` (and a manifest, and links)."""
    with zipfile.ZipFile(path, "w") as zf:
        if manifest is not None:
            zf.writestr("manifest.json", json.dumps(manifest))
        for name, data in members.items():
            zf.writestr(name, data)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, "/etc/passwd")
    return path


def _packed(tmp_path: Path) -> tuple[dict[str, bytes], dict[str, object]]:
    """The members and manifest of a good pack of my_kampar."""
    archive = pack(new_scenario("my_kampar", "kampar"), tmp_path / "good.zip")
    with zipfile.ZipFile(archive) as zf:
        members = {n: zf.read(n) for n in zf.namelist() if n != "manifest.json"}
        return members, json.loads(zf.read("manifest.json"))


@pytest.mark.parametrize(("kind", "words"), [
    ("zip slip", "not a file inside my_kampar/"), ("absolute", "not a file inside my_kampar/"),
    ("link", "holds a link"), ("changed file", "not the file the manifest lists"),
    ("extra file", "not the ones its manifest lists"), ("no manifest", "has no manifest.json"),
    ("bad hash", "content hash does not match"), ("not a zip", "not a readable zip"),
])
def test_install_refuses_a_hostile_or_damaged_zip(tmp_path: Path, kind: str, words: str) -> None:
    """Given a zip with a path out of its folder, a link, a changed file, or no manifest, when installed, then it is
    refused with a reason and nothing is left in the user folder."""
    members, manifest = _packed(tmp_path)
    path = tmp_path / "hostile.zip"
    if kind == "zip slip":
        _zip(path, {**members, "my_kampar/../../evil.toml": b"x"}, manifest)
    elif kind == "absolute":
        _zip(path, {**members, "/tmp/evil.toml": b"x"}, manifest)
    elif kind == "link":
        _zip(path, members, manifest, links=("my_kampar/map.tmx",))
    elif kind == "changed file":
        _zip(path, {**members, "my_kampar/scenario.toml": members["my_kampar/scenario.toml"] + b"# more\n"}, manifest)
    elif kind == "extra file":
        _zip(path, {**members, "my_kampar/notes.md": b"hello"}, manifest)
    elif kind == "no manifest":
        _zip(path, members)
    elif kind == "bad hash":
        _zip(path, members, {**manifest, "content_hash": "0" * 64})
    else:
        path.write_bytes(b"PK\x03\x04 not really")
    before = sorted(p.name for p in user_scenarios_dir().iterdir())
    with pytest.raises(ScenarioToolError, match=words):
        install(path, replace=True, play=False)
    assert sorted(p.name for p in user_scenarios_dir().iterdir()) == before
    assert not (tmp_path / "evil.toml").exists()


def test_install_refuses_a_scenario_the_checker_finds_broken(tmp_path: Path) -> None:
    """Given a well-made pack of a broken scenario, when installed, then the checker's problems are named."""
    folder = new_scenario("my_kampar", "kampar")
    text = (folder / "scenario.toml").read_text(encoding="utf-8").replace('at = "Tapah"', 'at = "Tapahh"')
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    archive = pack(folder, tmp_path / "broken.zip")
    with pytest.raises(ScenarioToolError, match="1 problem.*did you mean 'Tapah'"):
        install(archive, replace=True, play=False)


def test_the_commands_say_what_they_did(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Given the command line, when new, list and pack run, then each says what it did in one line."""
    assert main(["scenario", "new", "my_jitra", "--from", "jitra"]) == 0
    assert main(["scenario", "list"]) == 0
    assert main(["scenario", "pack", str(user_scenarios_dir() / "my_jitra"), "--out", str(tmp_path / "j.zip")]) == 0
    assert main(["scenario", "new", "my_jitra"]) == 1
    out, err = capsys.readouterr()
    assert "made " in out and "my_jitra             Jitra and Kedah (my_jitra) — ok" in out and "wrote " in out
    assert "is already there" in err
