"""``malaya scenario new | pack | install``: start a scenario of one's own, share it as a zip, install a shared one.

``new NAME --from ID`` copies a bundled scenario into the user scenarios folder under a new id, its
map and ruleset still named from the bundled one (``"kampar"`` → ``"malaya1941:map.tmx"``); with
``--with-map`` the map and its tilesets are copied too, with a Tiled project to edit them in.
``pack FOLDER`` writes ``ID.zip``: the folder's files under ``ID/`` and a ``manifest.json`` (id, name,
each file's SHA-256, and one content hash over them). ``install FILE.zip`` checks the zip (size caps,
paths that stay in the folder, no links, the manifest's hashes, then ``check-scenario``) in a staging
folder, and only then moves it into the user scenarios folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from malaya import __version__
from malaya.content.safe_files import TOML_CAP, FileRefused, read_capped
from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.resources import assets_dir, scenarios_dir
from malaya.runners import tiled_project
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text

SCENARIO_FILE = "scenario.toml"
MANIFEST = "manifest.json"
PACK_FORMAT = 1
MAX_FILES = 200
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 128 * 1024 * 1024
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]{0,40}$")
_REF_LINE = re.compile(r'(?m)^(?P<key>map|ruleset|same_as)\s*=\s*"(?P<ref>[^":]+)"')


class ScenarioToolError(Exception):
    """A scenario command cannot do what was asked; ``str`` is one line saying why."""


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a pack holds: the scenario's id and name, each file's SHA-256, and the hash over them all."""

    id: str
    name: str
    files: dict[str, str]
    content_hash: str

    def to_json(self) -> str:
        """The manifest as JSON text."""
        return json.dumps({"format": PACK_FORMAT, "id": self.id, "name": self.name, "malaya": __version__,
                           "files": self.files, "content_hash": self.content_hash}, indent=2, sort_keys=True)


def content_hash(files: dict[str, str]) -> str:
    """One SHA-256 over every file's path and SHA-256, in path order."""
    lines = "".join(f"{path}\t{digest}\n" for path, digest in sorted(files.items()))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()


def _check_id(name: str) -> str:
    """``name`` if it can be a scenario id (and folder name), else ScenarioToolError saying what can."""
    if not ID_PATTERN.match(name):
        raise ScenarioToolError(say("scenario_files.not_an_id", name=name))
    if (scenarios_dir() / name / SCENARIO_FILE).exists():
        raise ScenarioToolError(say("scenario_files.bundled_id", name=name))
    return name


def new_scenario(name: str, source: str, with_map: bool = False) -> Path:
    """Copy the bundled scenario ``source`` into the user folder as ``name``; the new folder."""
    scenario_id = _check_id(name)
    origin = scenarios_dir() / source
    if not (origin / SCENARIO_FILE).is_file():
        known = ", ".join(sorted(p.parent.name for p in scenarios_dir().glob(f"*/{SCENARIO_FILE}")))
        raise ScenarioToolError(say("scenario_files.no_bundled_scenario", source=source, known=known))
    folder = user_scenarios_dir() / scenario_id
    if folder.exists():
        raise ScenarioToolError(say("scenario_files.folder_taken", folder=folder))
    folder.mkdir(parents=True)
    text = (origin / SCENARIO_FILE).read_text(encoding="utf-8")
    text = re.sub(r'(?m)^id\s*=\s*".*"$', f'id = "{scenario_id}"', text, count=1)
    text = re.sub(r'(?m)^name\s*=\s*"(.*)"$', lambda m: f'name = "{m[1]} ({scenario_id})"', text, count=1)
    text = _REF_LINE.sub(lambda m: f'{m["key"]} = "{source}:{m["ref"]}"', text)
    if with_map:
        text = re.sub(r'(?m)^map\s*=\s*".*"$', 'map = "map.tmx"', text, count=1)
        _copy_map(_bundled_map(origin), folder)
        tiled_project.write(folder)
    (folder / SCENARIO_FILE).write_text(text, encoding="utf-8")
    if (origin / "counters.toml").is_file():
        counters = (origin / "counters.toml").read_text(encoding="utf-8")
        (folder / "counters.toml").write_text(_REF_LINE.sub(lambda m: f'{m["key"]} = "{source}:{m["ref"]}"',
                                                            counters), encoding="utf-8")
    return folder


def _bundled_map(origin: Path) -> Path:
    """The map file a bundled scenario plays on."""
    ref = tomllib.loads((origin / SCENARIO_FILE).read_text(encoding="utf-8"))["map"]
    scenario_id, _, file = ref.rpartition(":")
    return (scenarios_dir() / scenario_id if scenario_id else origin) / file


def _copy_map(source: Path, folder: Path) -> None:
    """The map beside the scenario, with its tilesets in ``tiles/`` (so the folder is whole on its own)."""
    tiles = folder / "tiles"
    shutil.copytree(assets_dir() / "tiles", tiles)
    text = source.read_text(encoding="utf-8")
    (folder / "map.tmx").write_text(re.sub(r'source="[^"]*/tiles/', 'source="tiles/', text), encoding="utf-8")


def _files_of(folder: Path) -> dict[str, Path]:
    """The folder's regular files by their path inside it (links and hidden files left out)."""
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.is_symlink():
            raise ScenarioToolError(say("scenario_files.is_a_link", path=rel.as_posix()))
        if path.is_file():
            out[rel.as_posix()] = path
    if len(out) > MAX_FILES:
        raise ScenarioToolError(say("scenario_files.too_many_files", files=len(out), most=MAX_FILES))
    return out


def _scenario_head(folder: Path) -> tuple[str, str]:
    """The id and name of the scenario in ``folder`` (ScenarioToolError if there is none)."""
    try:
        data = tomllib.loads(read_capped(folder / SCENARIO_FILE, TOML_CAP).decode("utf-8"))
    except FileRefused as err:
        raise ScenarioToolError(say("scenario_files.unreadable", path=folder / SCENARIO_FILE,
                                    error=content_text(err))) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ScenarioToolError(say("scenario_files.unreadable", path=folder / SCENARIO_FILE, error=err)) from None
    scenario_id, name = data.get("id"), data.get("name")
    if not isinstance(scenario_id, str) or not isinstance(name, str):
        raise ScenarioToolError(say("scenario_files.no_id_or_name", path=folder / SCENARIO_FILE))
    return scenario_id, name


def manifest_of(folder: Path) -> tuple[Manifest, dict[str, Path]]:
    """The manifest of a scenario folder and the files it lists."""
    scenario_id, name = _scenario_head(folder)
    files = _files_of(folder)
    digests = {}
    for rel, path in files.items():
        digests[rel] = hashlib.sha256(read_capped(path, MAX_FILE_BYTES, rel)).hexdigest()
    return Manifest(scenario_id, name, digests, content_hash(digests)), files
