"""Loading a save: read, check the scenario, replay every action, check every checkpoint.

Nothing is written. Every problem is a one-line :class:`SaveError`.
"""

from __future__ import annotations

from pathlib import Path

from malaya.content.campaign import load_game_def
from malaya.engine.gamedef import GameDef
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.errors import SaveError
from malaya.persistence.format import SaveFile
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.record import GameRecord
from malaya.persistence.replay import Divergence, Replay, replay_save
from malaya.persistence.store import read_save
from malaya.resources import scenario_file
from malaya.session.match import Match


def game_def_for(save: SaveFile, source: str, gd: GameDef | None = None) -> GameDef:
    """The game definition a save needs: ``gd`` if it is that scenario's, else the installed one."""
    if gd is None:
        path = scenario_file(save.scenario_id)
        if not path.is_file():
            raise SaveError(f"{source}: made for scenario {save.scenario_id}, which is not installed")
        gd = load_game_def(path)
    if gd.scenario.id != save.scenario_id:
        raise SaveError(f"{source}: made for scenario {save.scenario_id}, not {gd.scenario.id}")
    if save.scenario_hash is not None and save.scenario_hash != game_def_hash(gd):
        raise SaveError(f"{source}: made with a different version of the scenario {save.scenario_id} "
                        f"(its map or scenario file has changed since)")
    return gd


def replay_or_fail(gd: GameDef, save: SaveFile, source: str) -> Replay:
    """Replay a save; a SaveError naming the first divergence if it does not replay exactly."""
    replay = replay_save(gd, save)
    divergence = replay if isinstance(replay, Divergence) else replay.divergence
    if divergence is not None:
        raise SaveError(f"{source}: {divergence.message}")
    assert isinstance(replay, Replay)
    return replay


def _match_of(gd: GameDef, save: SaveFile, replay: Replay) -> Match:
    """A live match at the replayed position whose dice continue exactly where the saved game's left off."""
    match = Match(gd, save.seed, replay.state, log=list(save.actions), events=list(replay.events))
    for outcomes in replay.draws:  # Match.resolve_chance draws randrange(len(outcomes)) per chance node
        match._dice.randrange(outcomes)
    return match


def load_record(path: str | Path, gd: GameDef | None = None) -> tuple[GameRecord, SaveFile]:
    """Load and fully check a save; the recorded game (ready to continue) and the save."""
    path = Path(path)
    save = read_save(path)
    gd = game_def_for(save, path.name, gd)
    replay = replay_or_fail(gd, save, path.name)
    tracker: CheckpointTracker = replay.tracker
    record = GameRecord(_match_of(gd, save, replay), save.options, dict(save.controllers), tracker)
    return record, save


def load_match(path: str | Path, gd: GameDef | None = None) -> tuple[Match, SaveFile]:
    """Load and fully check a save; the match (ready to continue) and the save."""
    record, save = load_record(path, gd)
    return record.match, save
