"""Loading a save: read, check the scenario, replay every action, check every checkpoint and die.

Nothing is written. Every problem is a one-line :class:`SaveError`.
"""

from __future__ import annotations

import random
from pathlib import Path

from malaya.engine import GameDef
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.errors import SaveError
from malaya.persistence.format import SaveFile
from malaya.persistence.reading import read_checked
from malaya.persistence.record import GameRecord
from malaya.persistence.replay import Divergence, Replay, replay_save
from malaya.session.match import Match
from malaya.session.words.catalog import say


def replay_or_fail(gd: GameDef, save: SaveFile, source: str) -> Replay:
    """Replay a save; a SaveError naming the first divergence if it does not replay exactly."""
    replay = replay_save(gd, save)
    divergence = replay if isinstance(replay, Divergence) else replay.divergence
    if divergence is not None:
        raise SaveError(say("save_loading.does_not_replay", file=source, problem=divergence.message))
    assert isinstance(replay, Replay)
    return replay


def match_of(gd: GameDef, save: SaveFile, replay: Replay) -> Match:
    """A live match at the replayed position whose dice continue exactly where the saved game's left off."""
    match = Match(gd, save.seed, replay.state, log=list(save.actions), events=list(replay.events))
    position_dice(match, replay.draws)
    return match


def position_dice(match: Match, draws: list[int]) -> None:
    """Set a match's dice where they stand after chance nodes of ``draws`` outcomes each, from its seed."""
    match._dice = random.Random(match.seed)
    for outcomes in draws:  # Match.resolve_chance draws randrange(len(outcomes)) per chance node
        match._dice.randrange(outcomes)


def load_record(path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
    """Load and fully check a save; the recorded game (ready to continue) and the save."""
    path = Path(path)
    save, gd = read_checked(path, gd)
    replay = replay_or_fail(gd, save, path.name)
    tracker: CheckpointTracker = replay.tracker
    record = GameRecord(match_of(gd, save, replay), save.options, dict(save.controllers), tracker)
    return record, save


def load_match(path: str | Path, gd: GameDef | None = None) -> tuple[Match, SaveFile]:
    """Load and fully check a save; the match (ready to continue) and the save."""
    record, save = load_record(path, gd)
    return record.match, save
