"""The rollout cache: every rollout ever played, by scenario, AI level and position digest (issue 29).

A rollout's result depends only on (scenario, level, position digest, rollout index), so results are
kept as a list per key, rollout ``i`` at place ``i``: a second run reuses them, a longer run plays only
the rollouts past the end. The file is ``analysis-cache.json`` in the user's data folder, shared by
every save (two games through the same position share its rollouts), written atomically and merged
with what another run wrote in the meantime. A damaged cache is set aside and started afresh.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from malaya.persistence.atomic import atomic_write
from malaya.persistence.data_folder import data_dir
from malaya.session.analysis.estimate import Outcome
from malaya.session.analysis.rollout import RolloutResult

log = logging.getLogger(__name__)

CACHE_NAME = "analysis-cache.json"
CACHE_KIND = "malaya-rollout-cache"
CACHE_VERSION = 1
CACHE_LIMIT = 64 * 1024 * 1024
"""A cache file larger than this is not read (it is set aside and started again)."""


def cache_key(scenario_hash: str, level: str, digest: str) -> str:
    """The key of one position's rollouts."""
    return f"{scenario_hash[:16]}/{level}/{digest}"


def _decode(entry: object) -> list[RolloutResult]:
    """A key's rollouts from their JSON form ``[["JP", 12], …]``; ValueError if misshapen."""
    if not isinstance(entry, list):
        raise ValueError("not a list")
    out = []
    for item in entry:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], int)):
            raise ValueError("a rollout is not [outcome, margin]")
        out.append(RolloutResult(Outcome(item[0]), item[1]))
    return out


@dataclass
class RolloutCache:
    """Rollout results by key, read from and written to one file."""

    path: Path
    entries: dict[str, list[RolloutResult]] = field(default_factory=dict)

    @classmethod
    def default_path(cls) -> Path:
        """The cache file in the user's data folder."""
        return data_dir() / CACHE_NAME

    @classmethod
    def open(cls, path: Path | None = None) -> RolloutCache:
        """The cache at ``path`` (default: the user's data folder); empty if there is none or it is damaged."""
        where = path if path is not None else cls.default_path()
        return cls(where, read_entries(where))

    def get(self, key: str) -> list[RolloutResult]:
        """The rollouts known for ``key``, in index order."""
        return list(self.entries.get(key, ()))

    def put(self, key: str, results: list[RolloutResult]) -> None:
        """Remember ``results`` as rollouts 0… of ``key`` (a shorter list never replaces a longer)."""
        if len(results) > len(self.entries.get(key, ())):
            self.entries[key] = list(results)

    def save(self) -> None:
        """Write the cache atomically, merged with what the file holds now."""
        for key, results in read_entries(self.path).items():
            self.put(key, results)
        data = {"kind": CACHE_KIND, "version": CACHE_VERSION,
                "rollouts": {k: [[r.outcome.value, r.margin] for r in v] for k, v in sorted(self.entries.items())}}
        atomic_write(self.path, json.dumps(data, separators=(",", ":")).encode("utf-8"), backup=False)


def read_entries(path: Path) -> dict[str, list[RolloutResult]]:
    """The entries of a cache file; {} if it is missing; a damaged file is renamed aside and {} returned."""
    try:
        if not path.is_file():
            return {}
        if path.stat().st_size > CACHE_LIMIT:
            raise ValueError("too large")
        data = json.loads(path.read_bytes())
        if not isinstance(data, dict) or data.get("kind") != CACHE_KIND or data.get("version") != CACHE_VERSION:
            raise ValueError("not a rollout cache of this version")
        rollouts = data.get("rollouts")
        if not isinstance(rollouts, dict):
            raise ValueError("no rollouts")
        return {str(k): _decode(v) for k, v in rollouts.items()}
    except (OSError, ValueError) as exc:
        aside = path.with_name(path.name + ".damaged")
        log.warning("the rollout cache %s cannot be read (%s); starting a new one", path, exc)
        if path.is_file():
            path.replace(aside)
        return {}
