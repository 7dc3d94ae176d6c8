"""Save format versions and the migrations that bring an old save up to date.

Version history:

- **1** (the first release): ``{"version": 1, "game": "malaya", "scenario", "seed", "options",
  "players", "title", "saved", "turn", "side", "phase", "log"}`` — no scenario hash, no
  checkpoints, no final digest; a loaded v1 game is checked by replaying its log alone.
- **2**: ``format_version``/``kind``, ``scenario_id`` + ``scenario_hash``,
  ``controllers``, ``name``/``saved_at``, ``actions``, ``checkpoints``, ``final_digest``.
- **3** (current): version 2 plus ``snapshot`` (after ``final_digest``): the state at the last
  checkpoint as its canonical JSON, or null. A migrated version-2 save has none and opens by replay.

Every old version ``n`` has ``MIGRATIONS[n]`` turning a decoded version-``n`` object into a
version-``n+1`` one; ``saves/v1-opening.json`` proves a real version-1 save still loads, and
``tests/persistence/test_snapshot.py`` a version-2 one (a version-3 file without its snapshot).
"""

from __future__ import annotations

from collections.abc import Callable

from malaya.persistence.errors import SaveError, clip
from malaya.session.words.catalog import say

FORMAT_VERSION = 3
"""The version this program writes."""

Raw = dict[str, object]


def migrate_1_to_2(raw: Raw) -> Raw:
    """Version 1 → 2: rename keys, add the kind; the hash and digests v1 never had stay None."""
    return {
        "format_version": 2,
        "kind": "malaya-save",
        "scenario_id": raw["scenario"],
        "scenario_hash": None,
        "seed": raw["seed"],
        "options": raw["options"],
        "controllers": raw["players"],
        "name": raw["title"],
        "saved_at": raw["saved"],
        "turn": raw["turn"],
        "side": raw["side"],
        "phase": raw["phase"],
        "finished": False,
        "actions": raw["log"],
        "checkpoints": [],
        "final_digest": None,
    }


def migrate_2_to_3(raw: Raw) -> Raw:
    """Version 2 → 3: no snapshot (the save opens by replaying its log, as version 2 did)."""
    if "snapshot" in raw:
        raise ValueError(say("save_migrations.snapshot_in_version_2"))
    return {**raw, "format_version": 3, "snapshot": None}


MIGRATIONS: dict[int, Callable[[Raw], Raw]] = {1: migrate_1_to_2, 2: migrate_2_to_3}
"""``MIGRATIONS[n]`` upgrades a version-``n`` save to version ``n + 1``."""


def version_of(raw: Raw, source: str) -> int:
    """The format version a decoded save declares (v1 called it ``version``)."""
    version = raw.get("format_version", raw.get("version"))
    if type(version) is not int:
        raise SaveError(say("save_migrations.no_version", file=source))
    if version > FORMAT_VERSION:
        raise SaveError(say("save_migrations.newer", file=source, version=version, current=FORMAT_VERSION))
    if version < 1:
        raise SaveError(say("save_migrations.unknown_version", file=source, version=version))
    return version


def _check_kind(raw: Raw, version: int, source: str) -> None:
    """Refuse JSON that does not claim to be a malaya save."""
    kind = raw.get("game") if version == 1 else raw.get("kind")
    if kind not in ("malaya", "malaya-save"):
        raise SaveError(say("save_migrations.other_json", file=source))


def migrate(raw: Raw, version: int, source: str) -> Raw:
    """Apply migrations from ``version`` up to FORMAT_VERSION; one-line SaveError if the old file is damaged."""
    _check_kind(raw, version, source)
    while version < FORMAT_VERSION:
        try:
            raw = MIGRATIONS[version](raw)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise SaveError(say("save_migrations.damaged", file=source, version=version,
                                problem=clip(err, 80))) from None
        version += 1
    return raw
