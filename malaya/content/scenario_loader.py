"""Load a scenario (and its ruleset) from TOML into validated engine data.

Every problem becomes a :class:`ScenarioError` saying what is wrong as data (naming the file and the field
path); its sentence reads e.g. ``scenario.toml: units[3].attack: Input should be a valid integer``.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from malaya.content.errors import ContentError
from malaya.content.safe_files import FileRefused, read_capped
from malaya.content.said import Flaw, Said, in_file, said
from malaya.content.scenario_refs import RefError, resolve_ref
from malaya.engine import Finding, RulesError, Ruleset, Scenario

M = TypeVar("M", bound=BaseModel)


class ScenarioError(ContentError):
    """A scenario or ruleset file is missing or invalid: what is wrong, as data."""


_PARSED: dict[bytes, dict[str, Any]] = {}
"""Parsed TOML by the SHA-256 of the file's bytes: the campaign's files are named by every short scenario, and New
Game reads them all. The parsed data is never changed by its readers."""
_PARSED_MAX = 64


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file (each content parsed once), turning I/O and syntax errors into one-line ScenarioErrors."""
    try:
        raw = read_capped(path)
    except FileRefused as err:
        raise ScenarioError(err.said) from None
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
        raise ScenarioError(in_file(name, said(Flaw.TOML_NOT_UTF8))) from None
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(in_file(name, said(Flaw.INVALID_TOML, why=str(err)))) from None
    except RecursionError:  # e.g. a 50,000-deep array: the parser gives up, so do we, in one line
        raise ScenarioError(in_file(name, said(Flaw.TOML_TOO_DEEP))) from None


def _join(loc: tuple[Any, ...]) -> str:
    """A pydantic location as a field path: ``('units', 3, 'attack')`` → ``units[3].attack``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _labelled(reason: Said | str, data: Any, loc: tuple[Any, ...]) -> Said | str:
    """``reason (unit 'x')`` when the error lies inside a list item that has an id, else ``reason``."""
    node, label = data, reason
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(part, int) and isinstance(node, dict):
            key = "id" if "id" in node else "unit"
            if isinstance(node.get(key), str):
                label = said(Flaw.IN_ITEM, reason=reason, key=key, id=repr(node[key]))
    return label


def format_validation_error(file: str, err: ValidationError, data: Any = None) -> Said:
    """The first error of a validation failure, framed by its file: ``file: field.path: message``."""
    return in_file(file, validation_reason(err, data))


def validation_reason(err: ValidationError, data: Any = None) -> Said | str:
    """The first error of a validation failure: ``field.path: message`` (the message of the schema as it is)."""
    errors = err.errors(include_url=False)
    # an unknown key (often a typo) explains the "Field required" that comes with it
    first = min(errors, key=lambda e: e["type"] != "extra_forbidden")
    loc = tuple(first["loc"])
    key_error = bool(loc) and loc[-1] == "[key]"
    if key_error:
        loc = loc[:-1]
    found = _rules_finding(first)
    loc_text = _join(loc)
    msg: Said | str = str(first["msg"]).removeprefix("Value error, ")  # pydantic's prefix to a validator's words
    if found is not None and key_error:
        msg = rules_said(found)
    elif found is not None:
        loc_text += ("" if found.at.startswith("[") or not loc or not found.at else ".") + found.at
        msg = said(Flaw.RULES_SAY, finding=found)
    if first["type"] == "extra_forbidden":
        msg = said(Flaw.UNKNOWN_KEY)
    if first["type"] == "dict_type":
        msg = said(Flaw.SHOULD_BE_TABLE)
    if key_error:
        msg = said(Flaw.INVALID_KEY, why=msg)
    reason = _labelled(msg, data, loc)
    if len(errors) > 1:
        reason = said(Flaw.AND_MORE_PLUS, reason=reason, more=len(errors) - 1)
    return said(Flaw.AT_FIELD, field=loc_text, reason=reason) if loc_text else reason


def _rules_finding(error: Any) -> Finding | None:
    """The mistake the rules found behind a validator's error (pydantic keeps the exception raised), if any."""
    raised = error.get("ctx", {}).get("error") if error["type"] == "value_error" else None
    return raised.found if isinstance(raised, RulesError) else None


def rules_said(found: Finding) -> Said:
    """A mistake the rules found, as content says it: ``field.path: …`` when it names its field."""
    reason = said(Flaw.RULES_SAY, finding=found)
    return said(Flaw.AT_FIELD, field=found.at, reason=reason) if found.at else reason


def _validate(model: type[M], data: Any, file: str) -> M:
    """Validate ``data`` as ``model``, raising a one-line ScenarioError naming ``file``."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise ScenarioError(format_validation_error(file, err, data)) from None
    except RecursionError:
        raise ScenarioError(in_file(file, said(Flaw.TOO_DEEP))) from None


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
        raise ScenarioError(err.said) from None


def scenario_map_path(scenario_path: str | Path, scenario: Scenario) -> Path:
    """The scenario's map file: in its folder, or a bundled scenario's (``"malaya1941:map.tmx"``)."""
    return _resolved(Path(scenario_path), "map", scenario.map)
