"""Starting a game from the menu or the command line: who plays which side, seed, options."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Literal

from malaya.engine.sides import Side
from malaya.persistence.record import GameRecord
from malaya.session.controllers import computer_controllers, controller_names
from malaya.session.game_client import GameClient
from malaya.session.match import Controller
from malaya.ui.screens import App

SideChoice = Literal["JP", "CW", "hotseat"]
CHOICES: tuple[SideChoice, ...] = ("JP", "CW", "hotseat")
CHOICE_LABELS = {"JP": "Japan vs computer", "CW": "Commonwealth vs computer", "hotseat": "Hotseat (2 players)"}


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


def start_game(app: App, choice: SideChoice, seed: int, options: Iterable[str] = ()) -> None:
    """Make the battle screen the only screen (hotseat: behind a hand-over screen for the first player)."""
    from malaya.ui.battle_screen import BattleScreen
    from malaya.ui.end_screen import HandoverScreen

    options = tuple(options)
    humans = humans_for(choice)
    level = app.settings.ai_level if app.settings.ai_level in LEVELS else "normal"
    record = GameRecord.new(app.gd, seed, options, controller_names(humans, f"ai:{level}"))
    match = record.match
    client = GameClient(match, humans, record=record)
    client.note(f"New game, seed {seed}; options: {', '.join(options) or 'none'}.")
    app.reset(BattleScreen(app, client, computer_players(humans, seed, level)))
    if len(humans) > 1:
        app.push(HandoverScreen(match.state.side, match.state.turn, client.status().date))
