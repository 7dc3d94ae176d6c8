"""``malaya replay --verify``: re-simulate a save headless and report the first divergence, or OK."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from malaya.engine import GameDef
from malaya.persistence.reading import read_checked
from malaya.persistence.replay import Divergence, replay_save
from malaya.session.words.catalog import say


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
            return say("save_verify.ok", actions=self.actions, checkpoints=self.checkpoints,
                       digest=(self.final_digest or "")[:12])
        if self.divergence.kind == "dice":  # its message starts with the action: "action 12: die 3, but …"
            return say("save_verify.diverged", problem=self.divergence.message)
        return say("save_verify.diverged_at_action", number=self.divergence.action, problem=self.divergence.message)


def verify_replay(path: Path, gd: GameDef | None = None) -> VerifyReport:
    """Re-simulate a save; SaveError (one line) if it cannot even be read or is for another scenario."""
    save, gd = read_checked(path, gd)
    replay = replay_save(gd, save)
    if isinstance(replay, Divergence):
        return VerifyReport(path, len(save.actions), 0, None, replay)
    return VerifyReport(path, len(save.actions), len(replay.checkpoints), replay.state.digest(),
                        replay.divergence)
