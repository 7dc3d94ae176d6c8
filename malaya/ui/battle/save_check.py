"""The full check of a save opened trusting its log (issue 16), run off the frame loop.

The Load page opens a save with :func:`~malaya.persistence.quick_open.open_record`, so the map shows
before its log has been checked action by action. The battle screen then owns a :class:`SaveCheck`:
after the first frame is drawn it checks the save in full on a thread
(:func:`~malaya.persistence.quick_open.check_opened_record`, a replay of the whole log from the opening,
even when the save was opened from its snapshot). Until that is done the game waits: the client
refuses every action with a plain note, the computer does not move and nothing is autosaved. The check
also sets the dice where the whole game left them and hands over the events a snapshot skipped; the same
thread then tells the game's history into the message log (also left out of the first frame), each
action's events as each side was told them live, fogged with the state right after it (R2.5,
``session.told_history``). If the save does not check out, the player is told why and taken back to
the menu; the file is not touched.
"""

from __future__ import annotations

from malaya.engine import Side
from malaya.persistence.quick_open import check_opened_record
from malaya.persistence.record import GameRecord
from malaya.session.game_client import GameClient
from malaya.session.words.catalog import say
from malaya.session.words.narration import MessageLog
from malaya.ui.app.background import Background
from malaya.ui.app.intents import Push, Reset, Then, ToMenu, ToText, Transition

CHECKING = say("save_check.checking_the_save_a_moment")
START_AFTER_FRAMES = 1
"""The check starts once this many frames have been drawn, so it does not slow the first one."""


Verdict = tuple[str | None, dict[Side | None, MessageLog], list[str]]
"""The check's first problem (None: it checks out), and the history's log lines and dice lines."""


class SaveCheck:
    """See module docstring. ``busy`` while the game must wait (checking, or the save did not check out)."""

    def __init__(self, client: GameClient, record: GameRecord | None) -> None:
        self.client = client
        self.record = record if record is not None and record.unchecked is not None else None
        self.frames = 0
        self.work: Background[Verdict] | None = None
        self.problem: str | None = None
        if self.record is not None:
            client.hold = CHECKING
            client.note(CHECKING)

    @property
    def busy(self) -> bool:
        """True while the game waits for the check (or cannot go on: it failed)."""
        return self.record is not None

    def update(self) -> Transition | None:
        """Once per frame while busy: start the check, pick up its verdict; the way out if it failed."""
        record = self.record
        if record is None or record.unchecked is None:
            return None
        save = record.unchecked
        if self.work is None:
            self.frames += 1
            if self.frames > START_AFTER_FRAMES:
                self.work = Background(lambda: self._verdict(record), "check-save").start()
            return None
        if not self.work.done:
            return None
        self.problem, logs, dice = self.work.result()
        if self.problem is None:
            record.unchecked, self.record, self.client.hold = None, None, None
            self.client.tell_history(logs, dice)
            self.client.note(say("save_check.the_save_checks_out_play"))
            return None
        return self.refused(save.name, self.problem)

    def _verdict(self, record: GameRecord) -> Verdict:
        """The thread's work: check the save in full, then tell its history if it checks out."""
        teller = self.client.history_teller(record.options)  # each action's events fogged as told live (R2.5)
        problem, earlier = check_opened_record(record, teller.step)
        if problem is not None:
            return problem, {}, []
        self.client.prepend_events(earlier)  # play is held: nothing else touches the match's events now
        return (None, *teller.told())

    @staticmethod
    def refused(name: str, problem: str) -> Transition:
        """Back to the menu, with a page saying why the save cannot be played on."""
        lines = [say("save_check.does_not_play_back_as", name=name, problem=problem),
                 say("save_check.the_game_cannot_go_on")]
        return Then((Reset(ToMenu()), Push(ToText(say("save_check.this_save_cannot_be_played"), lines))))

    def join(self, timeout: float | None = None) -> None:
        """Wait for the check's thread (tests)."""
        if self.work is not None:
            self.work.join(timeout)
