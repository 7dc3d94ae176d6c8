"""Sharing scenarios: ``malaya scenario pack FOLDER`` writes a zip; ``malaya scenario install FILE.zip`` checks one
and installs it into the user scenarios folder (the formats are described in ``runners/scenario_files.py``)."""

from __future__ import annotations

import hashlib
import json
import shutil
import stat
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

from malaya.persistence.user_scenarios import user_scenarios_dir
from malaya.runners.check_scenario import check
from malaya.runners.scenario_files import (
    ID_PATTERN,
    MANIFEST,
    MAX_FILE_BYTES,
    MAX_FILES,
    MAX_TOTAL_BYTES,
    ScenarioToolError,
    content_hash,
    manifest_of,
)

MAX_ZIP_BYTES = 64 * 1024 * 1024


def pack(folder: Path, out: Path | None = None) -> Path:
    """Write the scenario in ``folder`` as a zip (``ID.zip`` in the current folder by default); its path."""
    if not folder.is_dir():
        raise ScenarioToolError(f"{folder}: not a folder")
    manifest, files = manifest_of(folder)
    target = out if out is not None else Path(f"{manifest.id}.zip")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(MANIFEST, manifest.to_json())
        for rel, path in files.items():
            zf.write(path, f"{manifest.id}/{rel}")
    return target


def _safe_member(name: str, scenario_id: str) -> str:
    """The path inside the scenario folder of a zip member, or ScenarioToolError (zip-slip, odd names)."""
    path = PurePosixPath(name)
    inside = path.parts[1:] if path.parts[:1] == (scenario_id,) else ()
    if (not inside or path.is_absolute() or "\\" in name or ":" in name or any(p in ("", ".", "..") for p in inside)
            or any(p.startswith(".") for p in inside)):
        raise ScenarioToolError(f"the zip holds {name!r}, which is not a file inside {scenario_id}/: not installed")
    return "/".join(inside)


def _manifest(zf: zipfile.ZipFile) -> dict[str, object]:
    """The zip's manifest, checked to name an id and a hash for each file."""
    try:
        raw = json.loads(zf.read(MANIFEST)[:1024 * 1024])
    except KeyError:
        raise ScenarioToolError(f"the zip has no {MANIFEST}: it was not made by malaya scenario pack") from None
    except (ValueError, UnicodeDecodeError):
        raise ScenarioToolError(f"the zip's {MANIFEST} is not valid JSON") from None
    if not (isinstance(raw, dict) and isinstance(raw.get("id"), str) and ID_PATTERN.match(raw["id"])
            and isinstance(raw.get("files"), dict) and isinstance(raw.get("content_hash"), str)):
        raise ScenarioToolError(f"the zip's {MANIFEST} lacks a scenario id, its files or its content hash")
    return raw


def _members(zf: zipfile.ZipFile, scenario_id: str) -> dict[str, zipfile.ZipInfo]:
    """The zip's files by their path in the scenario folder, every cap and path checked."""
    infos = [i for i in zf.infolist() if i.filename != MANIFEST and not i.is_dir()]
    if len(infos) > MAX_FILES:
        raise ScenarioToolError(f"the zip holds {len(infos)} files; at most {MAX_FILES} are installed")
    if sum(i.file_size for i in infos) > MAX_TOTAL_BYTES:
        raise ScenarioToolError(f"the zip unpacks to more than {MAX_TOTAL_BYTES // 2**20} MB: not installed")
    out = {}
    for info in infos:
        if stat.S_ISLNK(info.external_attr >> 16):
            raise ScenarioToolError(f"the zip holds a link, {info.filename!r}: not installed")
        if info.file_size > MAX_FILE_BYTES:
            raise ScenarioToolError(f"{info.filename} unpacks to more than {MAX_FILE_BYTES // 2**20} MB")
        out[_safe_member(info.filename, scenario_id)] = info
    return out


def _unpack(zf: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], files: dict[str, object],
            folder: Path) -> None:
    """Write each member into ``folder``, reading no more than its declared size, and check its hash."""
    if set(members) != set(files):
        raise ScenarioToolError("the zip's files are not the ones its manifest lists: it was changed after packing")
    for rel, info in members.items():
        with zf.open(info) as stream:
            data = stream.read(info.file_size + 1)
        if len(data) != info.file_size or hashlib.sha256(data).hexdigest() != files[rel]:
            raise ScenarioToolError(f"{rel} is not the file the manifest lists: the zip was changed after packing")
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def install(archive: Path, replace: bool = False, play: bool = True) -> Path:
    """Check the zip and install its scenario into the user scenarios folder; the installed folder."""
    if not archive.is_file():
        raise ScenarioToolError(f"{archive}: no such file")
    if archive.stat().st_size > MAX_ZIP_BYTES:
        raise ScenarioToolError(f"{archive.name} is larger than {MAX_ZIP_BYTES // 2**20} MB: not installed")
    try:
        with zipfile.ZipFile(archive) as zf:
            raw = _manifest(zf)
            scenario_id = str(raw["id"])
            files = raw["files"]
            assert isinstance(files, dict)
            if content_hash({str(k): str(v) for k, v in files.items()}) != raw["content_hash"]:
                raise ScenarioToolError("the manifest's content hash does not match its files: not installed")
            members = _members(zf, scenario_id)
            home = user_scenarios_dir()
            home.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(prefix=f".installing-{scenario_id}-", dir=home))
            try:
                _unpack(zf, members, files, staging)
                return _settle(staging, home / scenario_id, scenario_id, replace, play)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as err:
        raise ScenarioToolError(f"{archive.name} is not a readable zip: {err}") from None


def _settle(staging: Path, target: Path, scenario_id: str, replace: bool, play: bool) -> Path:
    """Check the unpacked scenario, then move it to ``target`` (replacing an older one only when asked)."""
    problems = check(staging, play)
    if problems:
        listed = "; ".join(str(p) for p in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise ScenarioToolError(f"{scenario_id} has {len(problems)} problem(s), not installed: {listed}{more}")
    if target.exists():
        if not replace:
            raise ScenarioToolError(f"{target} is already there: add --replace to install this one over it")
        shutil.rmtree(target)
    staging.rename(target)
    return target
