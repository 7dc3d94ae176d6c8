"""Starting play: a new game (menu or command line), a loaded save, a resumed autosave, a replay's branch.

Each function returns the :data:`~malaya.ui.app.intents.Transition` that shows the game (the
battle as the only screen; hotseat: behind a hand-over page), or a :class:`Problem` saying
why a file could not be opened. Who is human and who is the computer comes from the menu
choice or the save's controllers (a game recorded with no human side continues as hotseat).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from malaya.content.errors import ContentError
from malaya.engine import GameDef, Side
from malaya.persistence import GameRecord, SaveError
from malaya.persistence.store import slot_info
from malaya.persistence.views import View, recall_view
from malaya.session.controllers import HUMAN, computer_controllers, controller_names, humans_of
from malaya.session.game_client import GameClient
from malaya.session.match import Controller
from malaya.session.words.catalog import say
from malaya.session.words.content_words import content_text
from malaya.session.words.event_words import SIDE_ADJECTIVES
from malaya.ui.app.intents import (
    Problem,
    Push,
    Reset,
    Then,
    ToBattle,
    ToHandover,
    ToReplay,
    Transition,
)
from malaya.ui.app.stack import App

SideChoice = Literal["JP", "CW", "hotseat"]
CHOICES: tuple[SideChoice, ...] = ("JP", "CW", "hotseat")
CHOICE_LABELS = {"JP": say("flow.japan_vs_computer"), "CW": say("flow.commonwealth_vs_computer"),
                 "hotseat": say("flow.hotseat_2_players")}


def humans_for(choice: SideChoice) -> frozenset[Side]:
    """The sides played at this computer for a menu choice."""
    return frozenset(Side) if choice == "hotseat" else frozenset({Side(choice)})


LEVELS = ("easy", "normal", "hard")
"""The computer player's levels offered on the New Game page (``malaya.ai.make_ai``)."""


def computer_players(humans: frozenset[Side], seed: int, level: str = "normal") -> dict[Side, Controller]:
    """A controller for every side nobody plays here (``malaya.ai.make_ai`` if present, else the random bot)."""
    return computer_controllers(controller_names(humans, f"ai:{level}"), humans, seed)


def new_seed() -> int:
    """A fresh seed a player can read and type (six digits)."""
    return random.SystemRandom().randrange(100_000, 1_000_000)


def start_game(app: App, choice: SideChoice, seed: int, options: Iterable[str] = (),
               gd: GameDef | None = None) -> Transition:
    """The battle of a new game of ``gd`` (default: the app's) as the only screen (hotseat: behind a hand-over)."""
    options = tuple(options)
    humans = humans_for(choice)
    level = app.settings.ai_level if app.settings.ai_level in LEVELS else "normal"
    record = GameRecord.new(gd or app.gd, seed, options, controller_names(humans, f"ai:{level}"))
    match = record.match
    client = GameClient(match, humans)
    names = {o.id: o.name for o in app.gd.scenario.options}
    client.note(say("flow.new_game_seed_options", seed=seed,
                    value=', '.join(names.get(o, o) for o in options) or 'none'))
    battle = Reset(ToBattle(client, computer_players(humans, seed, level), record))
    if len(humans) > 1:
        return Then((battle, Push(ToHandover(match.state.side, match.state.turn, client.status().date))))
    return battle


def start_recorded_game(record: GameRecord, note: str = "", view: View | None = None) -> Transition:
    """A battle of ``record`` as the only screen (hotseat: behind a hand-over), the map at ``view`` if given."""
    humans = humans_of(record.controllers)
    for side in humans:
        record.controllers[side] = HUMAN
    client = GameClient(record.match, humans, history_later=True)  # each action fogged as told live (R2.5)
    if record.unchecked is None:  # checked already (a branch, a save replayed in full): its history told now
        client.tell_recorded_history(record.options)  # else once the save check has run (SaveCheck)
    if note:
        client.note(note)
    seed = record.match.seed + len(record.match.log)
    battle = Reset(ToBattle(client, computer_controllers(record.controllers, humans, seed), record, view))
    state = record.match.state
    if len(humans) > 1 and not state.finished:
        return Then((battle, Push(ToHandover(state.side, state.turn, client.status().date))))
    return battle


def game_def_for_save(app: App, path: Path) -> GameDef | None:
    """The app's game definition if the save is of its scenario; None: load the save's own installed scenario."""
    return app.gd if slot_info(path).scenario == app.gd.scenario.id else None


def open_saved_game(app: App, path: Path) -> Transition | Problem:
    """Open a save (of any installed scenario) to play it on: read and checked in the save reader's process
    (issue 27), then checked in full off the frame loop (issue 16). Blocks: call it on a background thread."""
    try:
        record, save = app.reader.open_record(path, game_def_for_save(app, path))
    except SaveError as exc:
        return Problem(str(exc))
    except ContentError as exc:  # the scenario the save was made for cannot be read: what is wrong with its files
        return Problem(content_text(exc))
    except Exception as exc:  # anything unexpected in an untrusted file: a message, never a crash
        return Problem(say("flow.cannot_load", name=path.name, kind=type(exc).__name__, error=exc))
    to_play = SIDE_ADJECTIVES[save.side]
    return start_recorded_game(record, say("flow.loaded_turn_to_play", name=save.name, turn=save.turn, to_play=to_play),
                               recall_view(path))


def open_replay(app: App, path: Path) -> Transition | Problem:
    """Open a save in the replay viewer (read and indexed in the save reader's process); the way into it, else
    the one-line reason. Blocks: call it on a background thread."""
    try:
        log = app.reader.replay_log(path, game_def_for_save(app, path))
    except SaveError as exc:
        return Problem(str(exc))
    except ContentError as exc:  # the scenario the save was made for cannot be read: what is wrong with its files
        return Problem(content_text(exc))
    except Exception as exc:  # an untrusted file must never crash the client
        return Problem(say("flow.cannot_replay", name=path.name, kind=type(exc).__name__, error=exc))
    return Push(ToReplay(log))
