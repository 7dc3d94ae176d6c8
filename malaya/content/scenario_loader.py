"""Load a scenario (and its ruleset) from TOML into validated engine data.

Every problem becomes a :class:`ScenarioError` whose text is one line naming
the file and the field path, e.g.
``scenario.toml: units[3].attack: Input should be a valid integer``.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from malaya.content.errors import ContentError
from malaya.content.safe_files import FileRefused, read_capped
from malaya.content.scenario_refs import RefError, resolve_ref
from malaya.engine import Ruleset, Scenario

M = TypeVar("M", bound=BaseModel)

_INNER_PATH = re.compile(r"^(\S+): (.*)$")


class ScenarioError(ContentError):
    """A scenario or ruleset file is missing or invalid; ``str`` is one line."""


_PARSED: dict[bytes, dict[str, Any]] = {}
"""Parsed TOML by the SHA-256 of the file's bytes: the campaign's files are named by every short scenario, and New
Game reads them all. The parsed data is never changed by its readers."""
_PARSED_MAX = 64


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file (each content parsed once), turning I/O and syntax errors into one-line ScenarioErrors."""
    try:
        raw = read_capped(path)
    except FileRefused as err:
        raise ScenarioError(str(err)) from None
    key = hashlib.sha256(raw).digest()
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = _parse_toml(path.name, raw)
    return _PARSED[key]


def _parse_toml(name: str, raw: bytes) -> dict[str, Any]:
    """Parse the bytes of the TOML file ``name``, turning syntax errors into one-line ScenarioErrors."""
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScenarioError(f"{name}: invalid TOML: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(f"{name}: invalid TOML: {err}") from None
    except RecursionError:  # e.g. a 50,000-deep array: the parser gives up, so do we, in one line
        raise ScenarioError(f"{name}: invalid TOML: nested too deeply") from None


def _join(loc: tuple[Any, ...]) -> str:
    """A pydantic location as a field path: ``('units', 3, 'attack')`` → ``units[3].attack``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _label(data: Any, loc: tuple[Any, ...]) -> str:
    """`` (unit 'x')`` when the error lies inside a list item that has an id, else ''."""
    node, label = data, ""
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, int) and isinstance(node, dict):
            key = "id" if "id" in node else "unit"
            if isinstance(node.get(key), str):
                label = f" ({key} {node[key]!r})"
    return label


def format_validation_error(file: str, err: ValidationError, data: Any = None) -> str:
    """The first error of a validation failure as one line: ``file: field.path: message``."""
    errors = err.errors(include_url=False)
    # an unknown key (often a typo) explains the "Field required" that comes with it
    first = min(errors, key=lambda e: e["type"] != "extra_forbidden")
    loc = tuple(first["loc"])
    msg = str(first["msg"]).removeprefix("Value error, ")
    key_error = bool(loc) and loc[-1] == "[key]"
    if key_error:
        loc = loc[:-1]
    inner = _INNER_PATH.match(msg) if first["type"] == "value_error" and not key_error else None
    if inner:
        sep = "" if inner.group(1).startswith("[") or not loc else "."
        loc_text = _join(loc) + sep + inner.group(1)
        msg = inner.group(2)
    else:
        loc_text = _join(loc)
    if first["type"] == "extra_forbidden":
        msg = "unknown key (not allowed here)"
    if first["type"] == "dict_type":
        msg = "should be a table (a [section] or { key = value, … })"
    if key_error:
        msg = f"invalid key: {msg}"
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    where = f"{loc_text}: " if loc_text else ""
    return f"{file}: {where}{msg}{_label(data, loc)}{more}"


def _validate(model: type[M], data: Any, file: str) -> M:
    """Validate ``data`` as ``model``, raising a one-line ScenarioError naming ``file``."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ScenarioError(format_validation_error(file, err, data)) from None
    except RecursionError:
        raise ScenarioError(f"{file}: nested too deeply to be a scenario") from None


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and validate a ruleset TOML file."""
    path = Path(path)
    return _validate(Ruleset, read_toml(path), path.name)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario TOML file; ``ruleset = "file.toml"`` is loaded beside it."""
    path = Path(path)
    data = read_toml(path)
    ref = data.get("ruleset")
    if isinstance(ref, str):
        data = {**data, "ruleset": load_ruleset(_resolved(path, "ruleset", ref))}
    scenario = _validate(Scenario, data, path.name)
    _resolved(path, "map", scenario.map)
    return scenario


def _resolved(path: Path, key: str, ref: str) -> Path:
    """The file a reference names (scenario_refs), a ScenarioError if it may not be named."""
    try:
        return resolve_ref(path, key, ref)
    except RefError as err:
        raise ScenarioError(str(err)) from None


def scenario_map_path(scenario_path: str | Path, scenario: Scenario) -> Path:
    """The scenario's map file: in its folder, or a bundled scenario's (``"malaya1941:map.tmx"``)."""
    return _resolved(Path(scenario_path), "map", scenario.map)
