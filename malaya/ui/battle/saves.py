"""Saving while playing: autosaves, the finished-game save, Ctrl+S / Ctrl+L, the quit autosave.

One :class:`BattleSaves` belongs to a battle screen and keeps the game's record (a game
without one cannot be saved), following every accepted action. From its first frame the session is
marked as running (so a crash is noticed at the next start); an autosave is written at the
start of every player-turn; a finished game is kept as a slot (every finished game is a
replay); leaving the battle writes the quit autosave and marks the session ended. A failing
disk becomes a toast, never an exception.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from malaya.persistence import Autosaver, mark_session_ended, mark_session_started, save_record
from malaya.persistence.last_played import note_played
from malaya.persistence.record import GameRecord
from malaya.persistence.views import View, remember_view
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.intents import GameFiles, LoadPurpose, Push, ToLoad, ToSaveAs, Transition
from malaya.ui.app.stack import App

log = logging.getLogger(__name__)

CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
GUARD_TOASTS = {"save on quit": "battle_saves.cannot_save_on_quit",
                "mark the session": "battle_saves.cannot_mark_session"}
"""The warning each guarded disk operation shows when it fails."""


def default_save_name(client: GameClient) -> str:
    """``<scenario name>, turn N, side``, the Save dialog's suggestion (the side written out)."""
    state = client.state
    return say("battle_saves.turn", name=client.gd.scenario.name, turn=state.turn, side=SIDE_ADJECTIVES[state.side])


def finished_name(client: GameClient) -> str:
    """A finished game's slot name: ``Jitra, finished at turn 4 (seed 1234), 2026-11-28 02:31:07`` — the
    scenario's title, the turn, the seed and the time to the second, so no two replays share a name."""
    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    return say("battle_saves.finished_at_turn_seed", name=client.gd.scenario.name, turn=client.state.turn,
               seed=client.match.seed, stamp=stamp)


class BattleSaves:
    """See module docstring."""

    def __init__(self, app: App, client: GameClient, record: GameRecord | None = None,
                 folder: Path | None = None) -> None:
        if record is not None and record.match is not client.match:
            raise ValueError("the record must be of this client's match")
        self.app = app
        self.client = client
        self.record = record
        self.folder = folder  # the slots folder (None: the user's)
        self.autosaver = Autosaver(folder, opened_at=len(client.match.log)) if record is not None else None
        self.started = False
        self.left = False
        self.finished_saved = client.state.finished
        self.saved: tuple[Path, int] | None = None
        """The last slot written and how many actions of the log it holds."""
        self.view: Callable[[], View] | None = None
        """Where the map looks now (set by the battle screen): noted with every save of this game."""
        if record is not None:
            client.after_submit.append(record.sync)  # checkpoints as the game goes: a save costs no replay
        client.after_submit.append(self.after_action)

    @property
    def can_save(self) -> bool:
        """True if this game is recorded (so it can be saved)."""
        return self.record is not None

    def update(self) -> None:
        """Once per frame: start the session on the first, keep a finished game as a slot."""
        if self.left:
            return
        if not self.started and self.can_save:
            self.started = True
            self._guard("mark the session", lambda: mark_session_started(self.folder))
            self.after_action()
        if self.client.state.finished and not self.finished_saved:
            self.finished_saved = True
            name = finished_name(self.client)
            if self.save_as(name) is None:
                self.app.toast(say("battle_saves.the_finished_game_was_saved", name=name))

    def kept(self) -> Path | str:
        """The save holding the whole game as it stands (written now if none does): its path, or the problem."""
        if self.saved is not None and self.saved[1] == len(self.client.match.log):
            return self.saved[0]
        problem = self.save_as(finished_name(self.client))
        if problem is not None or self.saved is None:
            return problem or say("battle_saves.the_game_could_not_be")
        return self.saved[0]

    def files(self) -> GameFiles | None:
        """What the end page may do with this game's file (None: the game is not recorded)."""
        if not self.can_save:
            return None
        return GameFiles(self.kept, self.save_as, default_save_name(self.client), self.folder)

    def after_action(self) -> None:
        """Autosave if a player-turn has just begun."""
        record, autosaver = self.record, self.autosaver
        if self.started and not self.left and autosaver is not None and record is not None:
            self._guard("autosave", lambda: self._played(autosaver.after_action(record)))

    def _played(self, path: Path | None) -> None:
        """This game was just written to ``path`` (if any): it is the one Continue offers, unless it is over."""
        if path is not None:
            note_played(path, self.client.state.finished, self.folder)
            if self.view is not None:
                remember_view(path, self.view(), self.folder)

    def save_as(self, name: str) -> str | None:
        """Save to the slot ``name``; None if saved, else the one-line problem."""
        record = self.record
        if record is None:
            return say("battle_saves.this_game_cannot_be_saved")
        if record.unchecked is not None:  # opened trusting its log: nothing is written before its full check
            return say("battle_saves.the_save_is_still_being")
        try:
            path = save_record(record, name, self.folder)
            self._played(path)
            self.saved = (path, len(self.client.match.log))
        except Exception as exc:  # a full or read-only disk: say so, keep playing
            return say("battle_saves.cannot_save", error=getattr(exc, 'strerror', None) or exc)
        return None

    def key(self, event: pygame.event.Event) -> Transition | None:
        """Ctrl+S opens the Save dialog (or says why this game cannot be saved), Ctrl+L the Load page."""
        if event.type != pygame.KEYDOWN or not getattr(event, "mod", 0) & CTRL:
            return None
        if event.key == pygame.K_s:
            if not self.can_save:
                self.app.toast(say("battle_saves.this_game_cannot_be_saved"), warning=True)
                return None
            return Push(ToSaveAs(default_save_name(self.client), self.folder, self.save_as))
        if event.key == pygame.K_l:
            return Push(ToLoad(LoadPurpose.LOAD))
        return None

    def leave(self) -> None:
        """The battle is being left (menu, quit, another game): the quit autosave, the session ended."""
        if self.left:
            return
        self.left = True
        record = self.record
        if not self.started or record is None or self.autosaver is None:
            return
        autosaver = self.autosaver
        # if the quit autosave fails, the session stays marked as running: the next start offers Resume
        if self._guard("save on quit", lambda: self._played(autosaver.on_quit(record))):
            self._guard("mark the session", lambda: mark_session_ended(self.folder))

    def _guard(self, what: str, work: Callable[[], object]) -> bool:
        """Run a disk operation; True if it worked, else False and a warning toast."""
        try:
            work()
        except Exception as exc:  # saving must never stop the game
            log.warning("cannot %s: %s", what, exc)
            self.app.toast(say(GUARD_TOASTS[what], error=getattr(exc, 'strerror', None) or exc), warning=True)
            return False
        return True
