"""The save file format: versioned JSON (never pickle), validated by pydantic on the way in.

A save holds everything needed to rebuild a game by replaying it: the scenario id
and content hash, the seed, the options, who controls each side, the full action
log (chance outcomes recorded as ``ChanceResult`` actions, and checked against the
seed when read), checkpoints and the final state digest. ``turn``/``side``/``phase``/
``finished``/``name``/``saved_at`` summarise it for the slot list; every reader
checks the summary against the replayed game (:mod:`malaya.persistence.consistency`).
Since version 3 a save also carries a :class:`Snapshot`: the state at its last checkpoint, from
which the client opens it without replaying the whole log (:mod:`malaya.persistence.quick_open`).

The header (every key but the log, the checkpoints and the final digest) comes first in
the file, within :data:`HEADER_BYTES`, so a slot list reads the header only.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from malaya.ai.levels import LEVELS
from malaya.engine import MAX_TURNS, Action, Phase, Side
from malaya.persistence.errors import SaveError, clip, printable
from malaya.persistence.migrations import FORMAT_VERSION, migrate, version_of
from malaya.session.words.catalog import say

__all__ = ["FORMAT_VERSION", "HEADER_BYTES", "MAX_SAVE_BYTES", "SAVE_KIND", "Checkpoint", "SaveFile",
           "PbemDice", "SaveHeader", "SaveSummary", "Snapshot", "dump_save", "max_actions", "read_json", "validate_raw"]

SAVE_KIND: Literal["malaya-save"] = "malaya-save"
MAX_SAVE_BYTES = 16 * 1024 * 1024
"""Larger files are refused unread ("too large"): a whole 28-turn game is well under 1 MiB."""
HEADER_BYTES = 64 * 1024
"""The header must end within this many bytes from the start of the file."""
ACTIONS_PER_PLAYER_TURN = 400
"""Far more than any player makes (a random-vs-random campaign averages 26); bounds the log."""
ITEMS_PER_ACTION = 24
"""JSON values per action allowed on average (a campaign averages 6): bounds memory before parsing."""
SNAPSHOT_CHARS = 1 << 20
"""The longest snapshot text accepted (a 28-turn campaign's state is about 15 KB)."""
SNAPSHOT_ITEMS = 1 << 16
"""JSON values (commas and brackets counted in its text) a snapshot may add to a save's bound."""
BODY_KEYS = frozenset({"actions", "log", "checkpoints", "final_digest", "snapshot", "pbem"})
"""Keys after the header: the slot list stops reading at the first of them."""

DIGEST = r"^[0-9a-f]{64}$"
Digest = Annotated[str, Field(pattern=DIGEST)]


def max_actions(turns: int) -> int:
    """The most actions a save of a ``turns``-turn scenario may hold (the options turn 0 included)."""
    return (turns + 1) * 2 * ACTIONS_PER_PLAYER_TURN


Turn = Annotated[StrictInt, Field(ge=0, le=MAX_TURNS)]
Shown = Annotated[str, AfterValidator(printable)]
"""Text a screen or terminal shows: control characters become spaces when read (a name cannot clear a screen)."""


class _Model(BaseModel):
    """Frozen; unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Checkpoint(_Model):
    """The state digest at the start of a player-turn, after ``action_index`` actions of the log."""

    action_index: StrictInt = Field(ge=0)
    turn: Turn
    side: Side
    phase: Phase
    digest: str = Field(pattern=DIGEST)


class Snapshot(_Model):
    """The state after ``action_index`` actions — a checkpoint's — as its canonical JSON (``state``).

    Trusted only if its text hashes to that checkpoint's digest (:mod:`malaya.persistence.snapshot`).
    """

    action_index: StrictInt = Field(ge=0)
    state: str = Field(max_length=SNAPSHOT_CHARS)


class PbemDice(_Model):
    """The dice of a play-by-e-mail game (docs/pbem.md), in place of a seed: its id, both sides' revealed
    master secrets, and for each chance outcome of the log, in order, the turn file whose work it resolved."""

    game_id: str = Field(pattern=r"^[0-9a-f]{16}$")
    masters: dict[Side, Digest]
    numbers: tuple[Annotated[StrictInt, Field(ge=0, le=4000)], ...]


def _from_version_1(info: ValidationInfo) -> bool:
    """True if the save being validated was migrated from version 1 (which had no digests)."""
    return isinstance(info.context, dict) and info.context.get("version") == 1


class SaveSummary(BaseModel):
    """The header of a save: what the slot list shows (other keys are ignored)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    format_version: StrictInt
    kind: Literal["malaya-save"]
    scenario_id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)
    name: Shown = Field(max_length=200)
    saved_at: Shown = Field(max_length=64)
    turn: Turn
    side: Side
    phase: Phase
    finished: StrictBool = False


class SaveHeader(SaveSummary):
    """Everything before the log: the summary, the scenario hash, seed, options and controllers."""

    scenario_hash: Digest | None
    seed: StrictInt = Field(ge=0, lt=2**63)
    options: tuple[Annotated[str, Field(max_length=64)], ...] | None = Field(max_length=64)
    controllers: dict[Side, str]

    @field_validator("controllers")
    @classmethod
    def _both_sides(cls, value: dict[Side, str]) -> dict[Side, str]:
        """Both sides have a controller: 'human', 'random' or 'ai:<level>' of a level this program has."""
        if set(value) != {Side.JP, Side.CW}:
            raise ValueError(say("save_format.both_controllers"))
        for side, who in value.items():
            level = who.removeprefix("ai:")
            if who not in ("human", "random") and not (who.startswith("ai:") and level in LEVELS):
                raise ValueError(say("save_format.unknown_player", side=side.value, player=repr(clip(who, 40)),
                                     levels=", ".join(LEVELS)))
        return value

    @field_validator("scenario_hash")
    @classmethod
    def _hash_unless_version_1(cls, value: str | None, info: ValidationInfo) -> str | None:
        """Only a migrated version-1 save may lack the scenario hash (it never had one)."""
        if value is None and not _from_version_1(info):
            raise ValueError(say("save_format.missing_after_version_1"))
        return value


class SaveFile(SaveHeader):
    """A whole save; see module docstring. ``scenario_hash``/``final_digest`` are None only in migrated v1 saves."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actions: tuple[Action, ...]
    checkpoints: tuple[Checkpoint, ...] = ()
    final_digest: Digest | None
    snapshot: Snapshot | None = None
    pbem: PbemDice | None = None
    """A game played by e-mail: its dice come from the players' secrets, not from ``seed``."""

    @field_validator("final_digest")
    @classmethod
    def _digest_unless_version_1(cls, value: str | None, info: ValidationInfo) -> str | None:
        """Only a migrated version-1 save may lack the final digest (it never had one)."""
        if value is None and not _from_version_1(info):
            raise ValueError(say("save_format.missing_after_version_1"))
        return value

    @model_validator(mode="after")
    def _no_checkpoints_without_digest(self) -> SaveFile:
        """A save with no final digest (version 1) has no checkpoints (nor a snapshot) either."""
        if self.final_digest is None and (self.checkpoints or self.snapshot is not None):
            raise ValueError(say("save_format.checkpoints_without_digest"))
        return self


def dump_save(save: SaveFile, *, pretty: bool = False) -> bytes:
    """The save as UTF-8 JSON bytes (``pretty``: indented, for files kept in the repository)."""
    text = save.model_dump_json(indent=1 if pretty else None)
    return (text + "\n").encode("utf-8")


def no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object's pairs as a dict; ValueError on a repeated key (which one counts is ambiguous)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise ValueError(say("save_format.key_twice", key=repr(clip(twice, 40))))
    return found


def json_items(data: bytes) -> int:
    """An upper bound on the JSON values in ``data`` (commas and brackets), counted without parsing."""
    return data.count(b",") + data.count(b"[") + data.count(b"{") + 1


def read_json(data: bytes, source: str, max_items: int | None = None) -> dict[str, object]:
    """Decode save bytes to a JSON object, or raise a one-line SaveError (size, encoding, syntax, keys)."""
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(say("save_format.too_large", file=source, size=len(data) // 2**20,
                            limit=MAX_SAVE_BYTES // 2**20))
    if not data.strip():
        raise SaveError(say("save_format.empty", file=source))
    if max_items is not None and json_items(data) > max_items:
        raise SaveError(say("save_format.too_many_values", file=source, limit=f"{max_items:,}"))
    try:
        raw = json.loads(data.decode("utf-8"), object_pairs_hook=no_duplicate_keys)
    except UnicodeDecodeError:
        raise SaveError(say("save_format.not_utf8", file=source)) from None
    except RecursionError:
        raise SaveError(say("save_format.nested_too_deeply", file=source)) from None
    except ValueError as err:
        raise SaveError(say("save_format.invalid_json", file=source, problem=clip(err, 120))) from None
    if not isinstance(raw, dict):
        raise SaveError(say("save_format.not_an_object", file=source))
    return raw


def _validation_message(err: ValidationError) -> str:
    """The first schema problem as ``field.path: message``."""
    first = err.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in first["loc"]) or say("save_format.top_level")
    problem = first["msg"].removeprefix("Value error, ")
    if err.error_count() > 1:
        return clip(say("save_format.field_problem_and_more", field=where, problem=problem, more=err.error_count() - 1))
    return clip(say("save_format.field_problem", field=where, problem=problem))


def _check_log_length(raw: dict[str, object], source: str, limit: int) -> None:
    """Refuse a log longer than a game of the scenario can hold, before building any model."""
    actions = raw.get("actions")
    if isinstance(actions, list) and len(actions) > limit:
        raise SaveError(say("save_format.log_too_long", file=source, actions=f"{len(actions):,}", limit=f"{limit:,}"))


def validate_raw(raw: dict[str, object], source: str, model: type[SaveSummary] = SaveFile,
                 limit: int | None = None) -> SaveSummary:
    """Migrate a decoded save to the current version and validate it as ``model`` (log at most ``limit``)."""
    version = version_of(raw, source)
    current = migrate(raw, version, source)
    _check_log_length(current, source, limit if limit is not None else max_actions(MAX_TURNS))
    try:
        return model.model_validate(current, context={"version": version})
    except ValidationError as err:
        raise SaveError(say("save_format.not_valid", file=source, problem=_validation_message(err))) from None
    except (ValueError, TypeError, RecursionError) as err:
        raise SaveError(say("save_format.not_valid", file=source, problem=clip(err))) from None
