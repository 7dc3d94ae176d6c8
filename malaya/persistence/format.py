"""The save file format: versioned JSON (never pickle), validated by pydantic on the way in.

A save holds everything needed to rebuild a game by replaying it: the scenario id
and content hash, the seed, the options, who controls each side, the full action
log (chance outcomes recorded as ``ChanceResult`` actions, so no RNG is needed to
replay), checkpoints and the final state digest. ``turn``/``side``/``phase``/
``name``/``saved_at`` summarise it for the slot list.

Checkpoints (see :mod:`malaya.persistence.checkpoints`) let a load or a replay
verification say *where* a game diverged, not just that it did.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from malaya.engine.actions import Action
from malaya.engine.sides import Side
from malaya.engine.state import Phase
from malaya.persistence.errors import SaveError, clip
from malaya.persistence.migrations import FORMAT_VERSION, migrate, version_of

__all__ = ["FORMAT_VERSION", "MAX_SAVE_BYTES", "SAVE_KIND", "Checkpoint", "SaveFile", "SaveSummary",
           "dump_save", "parse_save", "read_json"]

SAVE_KIND: Final = "malaya-save"
MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Larger files are refused unread ("too large"): a 28-turn game is well under 1 MiB."""

DIGEST = r"^[0-9a-f]{64}$"
CONTROLLER = r"^(human|random|ai:[a-z0-9_]{1,32})$"
Digest = Annotated[str, Field(pattern=DIGEST)]


class _Model(BaseModel):
    """Frozen; unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Checkpoint(_Model):
    """The state digest at the start of a player-turn, after ``action_index`` actions of the log."""

    action_index: int = Field(ge=0)
    turn: int = Field(ge=0)
    side: Side
    phase: Phase
    digest: str = Field(pattern=DIGEST)


class SaveSummary(BaseModel):
    """The header of a save: what the slot list shows (other keys are ignored)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    format_version: int
    kind: Literal["malaya-save"]
    scenario_id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)
    name: str = Field(max_length=200)
    saved_at: str = Field(max_length=64)
    turn: int = Field(ge=0)
    side: Side
    phase: Phase
    finished: bool = False


class SaveFile(SaveSummary):
    """A whole save; see module docstring. ``scenario_hash``/``final_digest`` are None only in migrated v1 saves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    scenario_hash: Digest | None
    seed: int = Field(ge=0, lt=2**63)
    options: tuple[str, ...] | None
    controllers: dict[Side, str]
    actions: tuple[Action, ...]
    checkpoints: tuple[Checkpoint, ...] = ()
    final_digest: Digest | None

    @field_validator("controllers")
    @classmethod
    def _both_sides(cls, value: dict[Side, str]) -> dict[Side, str]:
        """Both sides have a controller: 'human', 'random' or 'ai:<level>'."""
        if set(value) != {Side.JP, Side.CW}:
            raise ValueError("needs a controller for JP and for CW")
        for side, who in value.items():
            if not re.fullmatch(CONTROLLER, who):
                raise ValueError(f"{side.value}: expected 'human', 'random' or 'ai:<level>'")
        return value


def dump_save(save: SaveFile, *, pretty: bool = False) -> bytes:
    """The save as UTF-8 JSON bytes (``pretty``: indented, for files kept in the repository)."""
    text = save.model_dump_json(indent=1 if pretty else None)
    return (text + "\n").encode("utf-8")


def read_json(data: bytes, source: str) -> dict[str, object]:
    """Decode save bytes to a JSON object, or raise a one-line SaveError (size, encoding, syntax)."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{source}: the file is too large to be a save ({len(data) // 2**20} MiB; "
                        f"the limit is {MAX_SAVE_BYTES // 2**20} MiB)")
    if not data.strip():
        raise SaveError(f"{source}: the file is empty")
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{source}: not a malaya save (not UTF-8 text)") from None
    except (ValueError, RecursionError) as err:
        raise SaveError(f"{source}: not a malaya save, or truncated (invalid JSON: {clip(err, 120)})") from None
    if not isinstance(raw, dict):
        raise SaveError(f"{source}: not a malaya save (expected a JSON object)")
    return raw


def _validation_message(err: ValidationError) -> str:
    """The first schema problem as ``field.path: message``."""
    first = err.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    more = f" (and {err.error_count() - 1} more)" if err.error_count() > 1 else ""
    return clip(f"{where}: {first['msg']}{more}")


def validate_raw(raw: dict[str, object], source: str, model: type[SaveSummary] = SaveFile) -> SaveSummary:
    """Migrate a decoded save to the current version and validate it as ``model``."""
    version = version_of(raw, source)
    current = migrate(raw, version, source)
    try:
        return model.model_validate(current)
    except ValidationError as err:
        raise SaveError(f"{source}: not a valid malaya save: {_validation_message(err)}") from None
    except (ValueError, TypeError, RecursionError) as err:
        raise SaveError(f"{source}: not a valid malaya save: {clip(err)}") from None


def parse_save(data: bytes, source: str = "save") -> SaveFile:
    """Bytes → a current-version SaveFile (older versions migrated); one-line SaveError if bad."""
    save = validate_raw(read_json(data, source), source, SaveFile)
    assert isinstance(save, SaveFile)
    return save
