"""A play-by-e-mail turn file: small, versioned JSON, chained to the file before it (docs/pbem.md).

Everything a reader needs to refuse a bad file is in plain view — game, scenario, protocol, number,
the previous file's hash, the sender's revealed dice element — while the moves themselves travel
sealed (:func:`malaya.session.pbem.crypto.seal`): R2.5 hides them from the opponent's eyes.
The name says game, number, turn and side, and ends with a checksum of the bytes, so a truncated or
damaged attachment is caught before anything else is read.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from malaya.engine import Action, Hex, Side
from malaya.persistence.errors import SaveError, clip
from malaya.persistence.format import read_json
from malaya.session.pbem.orders import CombatOrder
from malaya.session.words.catalog import say

KIND: Literal["malaya-pbem-turn"] = "malaya-pbem-turn"
PROTOCOL = 1
"""The turn-file protocol this program writes and reads; a newer one is refused with a plain message."""
SUFFIX = ".pbem.json"
MAX_TURN_FILE_BYTES = 1 << 20
"""A turn file is a few KiB; anything over 1 MiB is not one."""

Hex64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
GameId = Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
NAME = re.compile(r"-([0-9a-f]{8})(?: ?\(\d+\))?\.pbem\.json$")
"""The checksum at the end of a turn file's name (a mail program's ``(1)`` tolerated)."""


class PbemError(SaveError):
    """A turn file is refused: one plain line saying which problem and what to do."""


class _Model(BaseModel):
    """Frozen; unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class OrderModel(_Model):
    """A combat order as stored (see :class:`~malaya.session.pbem.orders.CombatOrder`)."""

    defender: Hex
    attackers: tuple[Annotated[str, Field(max_length=64)], ...] = Field(max_length=16)
    air_points: StrictInt = Field(ge=0, le=9)
    advance: tuple[Annotated[str, Field(max_length=64)], ...] = Field(default=(), max_length=16)


class Payload(_Model):
    """What travels sealed: the sender's actions since the previous file and its combat orders, if any."""

    actions: tuple[Action, ...] = Field(max_length=2000)
    orders: tuple[OrderModel, ...] | None = Field(default=None, max_length=200)


class TurnFile(_Model):
    """One turn file; see module docstring."""

    kind: Literal["malaya-pbem-turn"]
    protocol: StrictInt
    program: str = Field(max_length=40)
    game_id: GameId
    scenario_id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)
    scenario_hash: Hex64
    number: StrictInt = Field(ge=0, le=4000)
    side: Side
    previous: Hex64 | None = None
    element: Hex64
    public_key: Annotated[str, Field(pattern=r"^[0-9a-f]{1,512}$")] | None = None
    turn: StrictInt = Field(ge=0, le=99)
    to_move: Side
    finished: bool = False
    dice: tuple[StrictInt, ...] = Field(default=(), max_length=4000)
    skipped: tuple[Annotated[str, Field(max_length=300)], ...] = Field(default=(), max_length=200)
    digest: Hex64
    sealed: str | None = Field(default=None, max_length=MAX_TURN_FILE_BYTES)
    tag: Hex64 | None = None
    master: Hex64 | None = None


PAYLOAD: TypeAdapter[Payload] = TypeAdapter(Payload)


def to_orders(models: tuple[OrderModel, ...]) -> list[CombatOrder]:
    """Stored orders as the session's."""
    return [CombatOrder(m.defender, m.attackers, m.air_points, m.advance) for m in models]


def from_orders(orders: list[CombatOrder]) -> tuple[OrderModel, ...]:
    """The session's orders as stored."""
    return tuple(OrderModel(defender=o.defender, attackers=o.attackers, air_points=o.air_points,
                            advance=o.advance) for o in orders)


def pack(payload: Payload) -> bytes:
    """A payload as compressed JSON bytes (before sealing)."""
    return zlib.compress(payload.model_dump_json().encode("utf-8"), 9)


def unpack(data: bytes, source: str) -> Payload:
    """A payload from unsealed bytes; PbemError if it is not one."""
    try:
        return Payload.model_validate_json(zlib.decompress(data, bufsize=1 << 16))
    except (zlib.error, ValidationError, ValueError) as err:
        raise PbemError(say("pbem_turnfile.unreadable_moves", file=source, problem=clip(err, 120))) from None


def dump(turn: TurnFile) -> bytes:
    """The file's bytes: one line of JSON, keys in a fixed order."""
    return (turn.model_dump_json(exclude_none=True) + "\n").encode("utf-8")


def file_hash(data: bytes) -> str:
    """SHA-256 of a turn file's bytes: what the next file names as its ``previous``."""
    return hashlib.sha256(data).hexdigest()


def file_name(turn: TurnFile, data: bytes) -> str:
    """``malaya-<game>-<number>-turn<t>-<side>-<checksum>.pbem.json``."""
    return (f"malaya-{turn.game_id[:8]}-{turn.number:03d}-turn{turn.turn}-{turn.side.value}-"
            f"{file_hash(data)[:8]}{SUFFIX}")


def parse(data: bytes, name: str) -> TurnFile:
    """A turn file from its bytes and name; PbemError in plain words for every kind of bad file."""
    found = NAME.search(name)
    if found is not None and file_hash(data)[:8] != found[1]:
        raise PbemError(say("pbem_turnfile.damaged", file=name))
    if len(data) > MAX_TURN_FILE_BYTES:
        raise PbemError(say("pbem_turnfile.too_large", file=name))
    try:
        raw = read_json(data, name)
    except SaveError:
        raise PbemError(say("pbem_turnfile.not_json", file=name)) from None
    if raw.get("kind") != KIND:
        raise PbemError(say("pbem_turnfile.not_a_turn_file", file=name))
    protocol = raw.get("protocol")
    if not isinstance(protocol, int) or protocol > PROTOCOL:
        raise PbemError(say("pbem_turnfile.newer", file=name, program=clip(raw.get("program"), 40),
                            protocol=clip(protocol, 20), current=PROTOCOL))
    try:
        return TurnFile.model_validate(raw)
    except ValidationError as err:
        first = err.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PbemError(say("pbem_turnfile.not_valid", file=name, field=where, problem=first["msg"])) from None


def read(path: Path) -> tuple[TurnFile, bytes]:
    """Read and parse a turn file from disk; PbemError if it cannot be."""
    try:
        data = path.read_bytes()[: MAX_TURN_FILE_BYTES + 1]
    except FileNotFoundError:
        raise PbemError(say("pbem_turnfile.not_found", file=path)) from None
    except OSError as err:
        raise PbemError(say("pbem_turnfile.cannot_read", file=path.name, reason=err.strerror or err)) from None
    return parse(data, path.name), data


def canonical_json(value: object) -> str:
    """Sorted compact JSON (for hashing plain data)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
