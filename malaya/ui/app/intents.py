"""Where a screen asks to go, as data: intents name a screen to build, transitions say what to do with it.

Screens return a :data:`Transition` from ``handle``/``update``; the :class:`~malaya.ui.app.stack.App`
applies it, asking :mod:`malaya.ui.app.router` (the only module that imports every screen) to build
the screen an intent names. So no screen imports another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TypeAlias

from malaya.engine import GameDef, Scenario, Side
from malaya.persistence.pbem.games import PbemGame
from malaya.persistence.pbem.turn_start import PreparedTurn
from malaya.persistence.record import GameRecord
from malaya.persistence.replay_log import ReplayLog
from malaya.persistence.views import View
from malaya.session.game_client import GameClient
from malaya.session.lesson_runner import LessonRun
from malaya.session.match import Controller
from malaya.session.phase_info import Roll


class LoadPurpose(Enum):
    """What the Load page opens a file for."""

    LOAD = "load"
    REPLAY = "replay"


@dataclass(frozen=True)
class ToMenu:
    """The main menu."""


@dataclass(frozen=True)
class ToNewGame:
    """The New Game page."""


@dataclass(frozen=True)
class ToSettings:
    """The Settings page."""


@dataclass(frozen=True)
class ToKeys:
    """The Keys page of the Settings: battle commands and their keys, rebindable."""


@dataclass(frozen=True)
class ToHelp:
    """The Help overlay."""


@dataclass(frozen=True)
class ToRules:
    """The rules reference with this game's numbers, opened at rule ``number`` (``R12.8``) if given."""

    gd: GameDef
    number: str | None = None


@dataclass(frozen=True)
class ToLoad:
    """The list of saves, to load one or to replay one."""

    purpose: LoadPurpose = LoadPurpose.LOAD


@dataclass(frozen=True)
class ToBattle:
    """The battle screen of a game; ``ai`` plays the sides nobody plays here; ``record`` keeps it for saves."""

    client: GameClient
    ai: Mapping[Side, Controller]
    record: GameRecord | None = None
    view: View | None = None
    """Where the map looks at first (a loaded game: where the player was); None: the opening view."""


@dataclass(frozen=True)
class ToHandover:
    """The hotseat hand-over page before a player-turn."""

    side: Side
    turn: int
    date: str


@dataclass(frozen=True)
class GameFiles:
    """What the end page may do with a finished game's file (issue 26 item 5)."""

    kept: Callable[[], Path | str]
    """The finished game's save, written now if it was not yet: its path, or the one-line problem."""
    save_as: Callable[[str], str | None]
    """Save to a named slot: None when saved, else the problem (the Save dialog's ``save``)."""
    default_name: str
    folder: Path | None


@dataclass(frozen=True)
class ToEnd:
    """The game-end page with the result and VP breakdown (with ``files``: Replay, Report and Save too)."""

    client: GameClient
    files: GameFiles | None = None
    record: GameRecord | None = None
    """The game, for "Analyse this game" (None: not recorded)."""


@dataclass(frozen=True)
class ToReplay:
    """The replay viewer over a recorded game; ``analyse``: with each side's chance of winning worked out."""

    log: ReplayLog
    analyse: bool = False


@dataclass(frozen=True)
class ToBranch:
    """"Continue from here": a new game from a replay's position ``index``."""

    log: ReplayLog
    index: int


@dataclass(frozen=True)
class ToSaveAs:
    """The Save-as dialog; ``save(name)`` returns None when saved, else the problem to show."""

    default_name: str
    folder: Path | None
    save: Callable[[str], str | None]


@dataclass(frozen=True)
class ToLedger:
    """The dice ledger of a game."""

    gd: GameDef
    rolls: Sequence[Roll]


@dataclass(frozen=True)
class ToConfirm:
    """A question before an irreversible step: ``on_yes`` (Enter) or ``on_no`` (Esc) is called, then it closes."""

    title: str
    lines: Sequence[str]
    yes: str
    no: str
    on_yes: Callable[[], object]
    on_no: Callable[[], object]


@dataclass(frozen=True)
class ToText:
    """A scrolling text page with a title."""

    title: str
    lines: Sequence[str]


@dataclass(frozen=True)
class ToBriefing:
    """The scenario's briefing and objectives over the battle."""

    scenario: Scenario


@dataclass(frozen=True)
class ToLessons:
    """The "Learn to play" page: the lessons, to start or resume."""


@dataclass(frozen=True)
class ToLesson:
    """A lesson: the battle of its game with the lesson card over it (``run``: the step reached)."""

    client: GameClient
    ai: Mapping[Side, Controller]
    record: GameRecord
    run: LessonRun


@dataclass(frozen=True)
class ToPbem:
    """The play-by-e-mail page: the player's games and whose turn it is; ``dropped``: a turn file to open."""

    dropped: Path | None = None


@dataclass(frozen=True)
class ToFolder:
    """The shared-folder dialog; ``choose(typed)`` returns None when chosen, else the problem to show."""

    current: str
    choose: Callable[[str], str | None]


@dataclass(frozen=True)
class ToPbemTurn:
    """The battle screen for this side's turn of a play-by-e-mail game (its Combat phase as orders); ``prepared``:
    its client, keeper and replay, made off the window's thread (None: made now)."""

    game: PbemGame
    prepared: PreparedTurn | None = None


Intent: TypeAlias = (ToMenu | ToNewGame | ToSettings | ToKeys | ToHelp | ToLoad | ToBattle | ToHandover | ToEnd
                     | ToReplay | ToBranch | ToSaveAs | ToLedger | ToText | ToConfirm | ToBriefing | ToLessons
                     | ToLesson | ToRules | ToPbem | ToPbemTurn | ToFolder)


@dataclass(frozen=True)
class Push:
    """Put the screen ``to`` names on top of the stack."""

    to: Intent


@dataclass(frozen=True)
class Reset:
    """Leave every screen, then make the one ``to`` names the only one."""

    to: Intent


@dataclass(frozen=True)
class Pop:
    """Close the top screen (quitting when none is left)."""


@dataclass(frozen=True)
class Quit:
    """Close the client at the end of this frame."""


@dataclass(frozen=True)
class Then:
    """Several transitions, applied in order (e.g. reset to a battle, then push its hand-over)."""

    steps: tuple[Transition, ...]


Transition: TypeAlias = Push | Reset | Pop | Quit | Then


@dataclass(frozen=True)
class Problem:
    """Why something could not be opened (shown to the player; nothing changed)."""

    reason: str


def transition_or_warn(opened: Transition | Problem, warn: Callable[[str], None]) -> Transition | None:
    """What a page does once a game it opened in the background is ready: go there, or ``warn`` with the reason
    it could not be opened (nothing changes)."""
    if isinstance(opened, Problem):
        warn(opened.reason)
        return None
    return opened
