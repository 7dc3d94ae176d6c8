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
from malaya.session.words.catalog import say
from malaya.session.words.content_words import problem_text

MAX_ZIP_BYTES = 64 * 1024 * 1024


def pack(folder: Path, out: Path | None = None) -> Path:
    """Write the scenario in ``folder`` as a zip (``ID.zip`` in the current folder by default); its path."""
    if not folder.is_dir():
        raise ScenarioToolError(say("scenario_pack.not_a_folder", folder=folder))
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
        raise ScenarioToolError(say("scenario_pack.outside_the_folder", name=name, scenario=scenario_id))
    return "/".join(inside)


def _manifest(zf: zipfile.ZipFile) -> dict[str, object]:
    """The zip's manifest, checked to name an id and a hash for each file."""
    try:
        raw = json.loads(zf.read(MANIFEST)[:1024 * 1024])
    except KeyError:
        raise ScenarioToolError(say("scenario_pack.no_manifest", manifest=MANIFEST)) from None
    except (ValueError, UnicodeDecodeError):
        raise ScenarioToolError(say("scenario_pack.manifest_not_json", manifest=MANIFEST)) from None
    if not (isinstance(raw, dict) and isinstance(raw.get("id"), str) and ID_PATTERN.match(raw["id"])
            and isinstance(raw.get("files"), dict) and isinstance(raw.get("content_hash"), str)):
        raise ScenarioToolError(say("scenario_pack.manifest_lacks", manifest=MANIFEST))
    return raw


def _members(zf: zipfile.ZipFile, scenario_id: str) -> dict[str, zipfile.ZipInfo]:
    """The zip's files by their path in the scenario folder, every cap and path checked."""
    infos = [i for i in zf.infolist() if i.filename != MANIFEST and not i.is_dir()]
    if len(infos) > MAX_FILES:
        raise ScenarioToolError(say("scenario_pack.too_many_files", files=len(infos), most=MAX_FILES))
    if sum(i.file_size for i in infos) > MAX_TOTAL_BYTES:
        raise ScenarioToolError(say("scenario_pack.unpacks_too_large", mb=MAX_TOTAL_BYTES // 2**20))
    out = {}
    for info in infos:
        if stat.S_ISLNK(info.external_attr >> 16):
            raise ScenarioToolError(say("scenario_pack.holds_a_link", name=info.filename))
        if info.file_size > MAX_FILE_BYTES:
            raise ScenarioToolError(say("scenario_pack.file_unpacks_too_large", name=info.filename,
                                        mb=MAX_FILE_BYTES // 2**20))
        out[_safe_member(info.filename, scenario_id)] = info
    return out


def _unpack(zf: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], files: dict[str, object],
            folder: Path) -> None:
    """Write each member into ``folder``, reading no more than its declared size, and check its hash."""
    if set(members) != set(files):
        raise ScenarioToolError(say("scenario_pack.files_not_listed"))
    for rel, info in members.items():
        with zf.open(info) as stream:
            data = stream.read(info.file_size + 1)
        if len(data) != info.file_size or hashlib.sha256(data).hexdigest() != files[rel]:
            raise ScenarioToolError(say("scenario_pack.file_changed", path=rel))
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def install(archive: Path, replace: bool = False, play: bool = True) -> Path:
    """Check the zip and install its scenario into the user scenarios folder; the installed folder."""
    if not archive.is_file():
        raise ScenarioToolError(say("scenario_pack.no_such_file", path=archive))
    if archive.stat().st_size > MAX_ZIP_BYTES:
        raise ScenarioToolError(say("scenario_pack.zip_too_large", name=archive.name, mb=MAX_ZIP_BYTES // 2**20))
    try:
        with zipfile.ZipFile(archive) as zf:
            raw = _manifest(zf)
            scenario_id = str(raw["id"])
            files = raw["files"]
            assert isinstance(files, dict)
            if content_hash({str(k): str(v) for k, v in files.items()}) != raw["content_hash"]:
                raise ScenarioToolError(say("scenario_pack.hash_mismatch"))
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
        raise ScenarioToolError(say("scenario_pack.not_a_zip", name=archive.name, error=err)) from None


def _settle(staging: Path, target: Path, scenario_id: str, replace: bool, play: bool) -> Path:
    """Check the unpacked scenario, then move it to ``target`` (replacing an older one only when asked)."""
    problems = check(staging, play)
    if problems:
        listed = "; ".join(problem_text(p) for p in problems[:5])
        key = "scenario_pack.problems_and_more" if len(problems) > 5 else "scenario_pack.problems"
        raise ScenarioToolError(say(key, scenario=scenario_id, problems=len(problems), listed=listed,
                                    more=len(problems) - 5))
    if target.exists():
        if not replace:
            raise ScenarioToolError(say("scenario_pack.already_there", path=target))
        shutil.rmtree(target)
    staging.rename(target)
    return target
