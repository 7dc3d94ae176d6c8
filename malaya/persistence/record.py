"""A recorded game: a match plus what its save needs besides the log (options, controllers, checkpoints).

The UI (and any driver) plays through :meth:`GameRecord.submit` so checkpoints are taken as
the game goes and a save costs no replay; :meth:`GameRecord.to_save` builds the SaveFile.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from malaya.engine import Action, GameDef, Rejection, Side
from malaya.persistence.checkpoints import CheckpointTracker
from malaya.persistence.format import FORMAT_VERSION, SAVE_KIND, SaveFile, Snapshot
from malaya.persistence.gamehash import game_def_hash
from malaya.persistence.snapshot import encode
from malaya.session.match import Match

DEFAULT_CONTROLLERS: dict[Side, str] = {Side.JP: "human", Side.CW: "ai:normal"}


def _options(options: Iterable[str] | None) -> tuple[str, ...] | None:
    """Options as stored: sorted, or None when they are chosen in-game."""
    return None if options is None else tuple(sorted(options))


@dataclass
class GameRecord:
    """See module docstring. ``options`` are those given to ``Match.new`` (None: chosen in-game)."""

    match: Match
    options: tuple[str, ...] | None
    controllers: dict[Side, str]
    tracker: CheckpointTracker = field(repr=False)
    unchecked: SaveFile | None = field(default=None, repr=False)
    """A save opened trusting its log (:func:`~malaya.persistence.quick_open.open_record`): play waits until
    :func:`~malaya.persistence.quick_open.check_opened` has checked it in full; None once checked, or if it was."""

    @classmethod
    def new(cls, gd: GameDef, seed: int, options: Iterable[str] | None = (),
            controllers: Mapping[Side, str] | None = None) -> GameRecord:
        """Start a new match and record it."""
        return cls.of(Match.new(gd, seed, options), options, controllers)

    @classmethod
    def of(cls, match: Match, options: Iterable[str] | None = (),
           controllers: Mapping[Side, str] | None = None) -> GameRecord:
        """Record an existing match started with ``options`` (replays its log once to take checkpoints).

        Raises ValueError if the replay does not reach the match's state (wrong ``options``).
        """
        tracker = CheckpointTracker.start(match.gd, options)
        for action in match.log:
            tracker.step(action)
        if tracker.state.digest() != match.state.digest():
            raise ValueError("the match's log does not replay to its state: were these its options?")
        return cls(match, _options(options), dict(controllers or DEFAULT_CONTROLLERS), tracker)

    def submit(self, action: Action) -> Rejection | None:
        """Submit an action to the match (see ``Match.submit``), taking a checkpoint if one is due."""
        rejection = self.match.submit(action)
        if rejection is None:
            self.tracker.follow(self.match)
        return rejection

    def sync(self) -> None:
        """Catch up with actions applied to the match directly (e.g. by ``Match.play``)."""
        self.tracker.follow(self.match)

    def at_player_turn_start(self) -> bool:
        """True if the match stands exactly where a checkpoint was just taken (autosave time)."""
        self.sync()
        points = self.tracker.checkpoints
        return bool(points) and points[-1].action_index == len(self.match.log)

    def to_save(self, name: str, saved_at: str | None = None) -> SaveFile:
        """The SaveFile of the game as it stands now."""
        self.sync()
        state, gd = self.match.state, self.match.gd
        now = saved_at or datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")
        return SaveFile(
            format_version=FORMAT_VERSION, kind=SAVE_KIND, scenario_id=gd.scenario.id,
            scenario_hash=game_def_hash(gd), seed=self.match.seed, options=self.options,
            controllers=self.controllers, name=name[:200], saved_at=now, turn=state.turn, side=state.side,
            phase=state.phase, finished=state.finished, actions=tuple(self.match.log),
            checkpoints=tuple(self.tracker.checkpoints), final_digest=state.digest(), snapshot=self.snapshot(),
        )

    def snapshot(self) -> Snapshot | None:
        """The state at the last checkpoint, for the save (None if the game has none, or it is not known)."""
        tracker = self.tracker
        if tracker.last_state is None or not tracker.checkpoints:
            return None
        return Snapshot(action_index=tracker.checkpoints[-1].action_index, state=encode(tracker.last_state))
