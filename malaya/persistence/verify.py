"""``malaya replay --verify``: re-simulate a save headless and report the first divergence, or OK."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from malaya.engine import GameDef
from malaya.persistence.reading import read_checked
from malaya.persistence.replay import Divergence, replay_save


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """The verdict on one save: counts, the final digest reached, and the first divergence if any."""

    path: Path
    actions: int
    checkpoints: int
    final_digest: str | None
    divergence: Divergence | None

    @property
    def ok(self) -> bool:
        """True if the replay matched the save everywhere."""
        return self.divergence is None

    def line(self) -> str:
        """The one-line report printed by the command line."""
        if self.divergence is None:
            return (f"OK: {self.actions} actions, {self.checkpoints} checkpoints, "
                    f"final state {(self.final_digest or '')[:12]}")
        where = f"action {self.divergence.action}"
        message = self.divergence.message
        return f"DIVERGED at {message}" if message.startswith(f"{where}:") else f"DIVERGED at {where}: {message}"


def verify_replay(path: Path, gd: GameDef | None = None) -> VerifyReport:
    """Re-simulate a save; SaveError (one line) if it cannot even be read or is for another scenario."""
    save, gd = read_checked(path, gd)
    replay = replay_save(gd, save)
    if isinstance(replay, Divergence):
        return VerifyReport(path, len(save.actions), 0, None, replay)
    return VerifyReport(path, len(save.actions), len(replay.checkpoints), replay.state.digest(),
                        replay.divergence)
