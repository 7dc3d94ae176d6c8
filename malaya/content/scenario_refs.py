"""How a scenario names the files it uses: within its own folder, or a bundled scenario's file by id.

``map = "map.tmx"`` is the map in the scenario's own folder (sub-folders allowed);
``map = "malaya1941:map.tmx"`` is the map of the bundled scenario ``malaya1941``. A name never climbs
out of its folder (``../``), is never absolute, and never reaches outside through a link: nothing but
the scenario's folder, the bundled scenarios and the bundled assets can be read (issue 27 §4).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath, PureWindowsPath

from malaya.content.errors import ContentError
from malaya.content.said import Flaw, Said, in_file, said
from malaya.resources import assets_dir, scenarios_dir

_BUNDLED = re.compile(r"^(?P<id>[A-Za-z0-9_-]{2,}):(?P<file>.+)$")


class RefError(ContentError):
    """A file reference a scenario may not make: the file it is in and why (saying how to write it)."""

    def __init__(self, file: str, reason: Said) -> None:
        self.file = file
        self.reason = reason
        super().__init__(in_file(file, reason))


def _plain_relative(text: str) -> bool:
    """True for a relative path that stays below its folder (no ``..``, no drive, no root)."""
    posix, windows = PurePosixPath(text), PureWindowsPath(text)
    return (bool(text) and not posix.is_absolute() and not windows.drive and not windows.root
            and ".." not in posix.parts and ".." not in windows.parts)


def _inside(path: Path, folder: Path) -> bool:
    """True when ``path``, links followed, lies inside ``folder`` (links followed too)."""
    return path.resolve().is_relative_to(folder.resolve())


def resolve_ref(scenario_path: Path, key: str, ref: str, file: str | None = None) -> Path:
    """The file ``ref`` names for the scenario file ``scenario_path`` (RefError saying why it may not be named).

    ``key`` is the TOML key (``map``, ``ruleset``, ``same_as``) and ``file`` the file it is in (for messages).
    """
    where = file if file is not None else scenario_path.name
    match = _BUNDLED.match(ref)
    if match is not None:
        folder, name = scenarios_dir() / match["id"], match["file"]
        if not (folder / "scenario.toml").exists():
            raise RefError(where, said(Flaw.NO_BUNDLED, key=key, ref=ref, id=match["id"]))
    else:
        folder, name = scenario_path.parent, ref
    if not _plain_relative(name):
        raise RefError(where, said(Flaw.REACHES_OUT, key=key, ref=ref, example=_example(name)))
    path = folder / name
    if not _inside(path, folder):
        raise RefError(where, said(Flaw.LINK_OUTSIDE, key=key, ref=ref))
    return path


def _example(name: str) -> str:
    """How to name a climbing path's file: ``kampar:map.tmx`` for a path into a bundled scenario's folder."""
    parts = [p for p in PurePosixPath(name.replace("\\", "/")).parts if p not in ("..", ".", "/")]
    if len(parts) >= 2 and (scenarios_dir() / parts[0] / "scenario.toml").exists():
        return f"{parts[0]}:{'/'.join(parts[1:])}"
    return "malaya1941:map.tmx"


def check_tileset_confined(map_path: Path, source: str) -> Said | None:
    """Why the tileset ``source`` of the map ``map_path`` may not be read, or None: it must lie in the map's
    folder, the bundled scenarios or the bundled assets."""
    target = map_path.parent / source
    roots = (map_path.parent, scenarios_dir(), assets_dir())
    if any(_inside(target, root) for root in roots):
        return None
    return said(Flaw.TILESET_OUTSIDE, source=source)
