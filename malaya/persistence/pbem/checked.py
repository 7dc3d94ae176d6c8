"""A player's own record of how far a game's chain was checked, so a turn file opens without replaying the game.

After this program has checked and played the stored turn files of a game, it writes ``checked.json`` in the
game's folder: the hashes of the files it checked (the last is the chain head), the match they add up to
(the state as its canonical JSON, the action log) and the rest of the ledger (dice elements seen, sealing keys,
the work the last file leaves). Opening the next file then starts from that record and checks only the new
file through the rules, as before; a late campaign file opens in a fraction of a second instead of seconds.

The record is trusted only if it is this player's own (docs/pbem.md, "Checked records"):

- it carries a tag made with this player's master secret (:func:`malaya.session.pbem.crypto.record_tag`),
  which never leaves the data folder before the game ends: a record edited by hand, copied from another
  game or another player's folder, or made by someone without the secret does not verify;
- it was made by this very version of malaya and this scenario (its hash), under this protocol;
- every stored file it covers still has the hash it recorded (the chain head included), byte for byte.

Anything else — a record missing, unreadable, of another version, with a wrong tag, or covering files that
changed — is ignored, and the whole chain is checked from the start as before, then recorded anew. An
onlooker never uses a record (``malaya replay --verify`` checks a finished chain from its first file), and
``malaya pbem check GAME`` re-checks a game in progress in full.
"""

from __future__ import annotations

import hmac
import json
import logging
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from malaya import __version__
from malaya.engine import Action, GameDef, Side
from malaya.persistence.atomic import atomic_write
from malaya.persistence.pbem.ledger import Ledger, Work, no_dice
from malaya.persistence.pbem.turnfile import PROTOCOL, Hex64, OrderModel, TurnFile, from_orders, to_orders
from malaya.persistence.snapshot import SnapshotError, decode, encode
from malaya.session.match import Match
from malaya.session.pbem import crypto

log = logging.getLogger(__name__)

RECORD = "checked.json"
"""The record's name in the game's folder."""
Stored = list[tuple[TurnFile, bytes]]
"""The stored turn files of a game, in order, each with its bytes."""


class _Model(BaseModel):
    """Frozen; unknown keys are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class CheckedRecord(_Model):
    """See module docstring: the ledger after its last stored file was added."""

    kind: Literal["malaya-pbem-checked"] = "malaya-pbem-checked"
    program: str
    protocol: StrictInt
    scenario_hash: Hex64
    game_id: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    hashes: tuple[Hex64, ...]
    state: str
    log: tuple[Action, ...]
    elements: dict[Side, tuple[StrictInt, Hex64]]
    public_keys: dict[Side, str]
    masters: dict[Side, Hex64]
    work_number: StrictInt | None
    work_orders: tuple[OrderModel, ...] | None
    dice: tuple[StrictInt, ...]
    skipped: tuple[str, ...]
    resolved: bool
    numbers: tuple[StrictInt, ...]
    opponent_start: StrictInt


def record_of(ledger: Ledger) -> CheckedRecord:
    """The record of ``ledger`` as it stands (right after a file was added)."""
    assert ledger.match is not None
    work = ledger.work
    return CheckedRecord(
        program=f"malaya {__version__}", protocol=PROTOCOL, scenario_hash=ledger.scenario_hash,
        game_id=ledger.game_id, hashes=tuple(ledger.hashes), state=encode(ledger.match.state),
        log=tuple(ledger.match.log), elements=dict(ledger.elements), public_keys=dict(ledger.public_keys),
        masters=dict(ledger.masters), work_number=None if work is None else work.number,
        work_orders=None if work is None or work.orders is None else from_orders(work.orders),
        dice=tuple(ledger.dice), skipped=tuple(ledger.skipped), resolved=ledger.resolved,
        numbers=tuple(ledger.numbers), opponent_start=ledger.opponent_start)


def keep(folder: Path, ledger: Ledger) -> None:
    """Write this player's record of ``ledger`` (tagged with its master secret) into the game's folder."""
    assert ledger.master is not None
    body = record_of(ledger).model_dump_json().encode("utf-8")
    tag = crypto.record_tag(ledger.master, ledger.game_id, body)
    text = json.dumps({"tag": tag, "body": body.decode("utf-8")})
    atomic_write(folder / RECORD, text.encode("utf-8"), backup=False)


def _read(folder: Path, master: str, game_id: str) -> CheckedRecord | None:
    """The record in ``folder`` if its tag is this player's; None (and why, in the log) otherwise."""
    try:
        raw = json.loads((folder / RECORD).read_bytes())
        body, tag = raw["body"].encode("utf-8"), str(raw["tag"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        log.warning("%s: the checked record is unreadable (%s): the chain is checked in full", folder.name, err)
        return None
    if not hmac.compare_digest(crypto.record_tag(master, game_id, body), tag):
        log.warning("%s: the checked record is not this player's own: the chain is checked in full", folder.name)
        return None
    try:
        return CheckedRecord.model_validate_json(body)
    except ValidationError as err:
        log.warning("%s: the checked record is not readable (%s): the chain is checked in full", folder.name, err)
        return None


def _usable(record: CheckedRecord, ledger: Ledger, stored: Stored, hashes: list[str]) -> bool:
    """The record is of this version and scenario, and covers stored files that are still the same bytes."""
    covered = len(record.hashes)
    return (record.program == f"malaya {__version__}" and record.protocol == PROTOCOL
            and record.scenario_hash == ledger.scenario_hash and 0 < covered <= len(stored)
            and stored[0][0].game_id == record.game_id and tuple(hashes[:covered]) == record.hashes)


def restore(folder: Path, gd: GameDef, side: Side, master: str, stored: Stored, hashes: list[str]) -> Ledger | None:
    """A ledger of the first stored files as this player's record has it; None if there is no usable record.

    ``hashes`` are the SHA-256 of the stored files' bytes; the caller adds the files after the record's.
    """
    if not stored:
        return None
    record = _read(folder, master, stored[0][0].game_id)
    ledger = Ledger(gd, side, master)
    if record is None or not _usable(record, ledger, stored, hashes):
        return None
    try:
        state = decode(record.state)
    except SnapshotError as err:
        log.warning("%s: the checked record's position is unreadable (%s): checked in full", folder.name, err)
        return None
    covered = len(record.hashes)
    ledger.files = [turn for turn, _ in stored[:covered]]
    ledger.hashes = list(record.hashes)
    ledger.match = Match(gd, 0, state, list(record.log), roller=no_dice)
    ledger.elements, ledger.public_keys = dict(record.elements), dict(record.public_keys)
    ledger.masters = dict(record.masters)
    ledger.work = None if record.work_number is None else \
        Work(record.work_number, None if record.work_orders is None else to_orders(record.work_orders))
    ledger.dice, ledger.skipped, ledger.resolved = list(record.dice), list(record.skipped), record.resolved
    ledger.numbers, ledger.opponent_start = list(record.numbers), record.opponent_start
    return ledger
