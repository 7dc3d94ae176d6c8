"""Starting a game from the menu or the command line: who plays which side, seed, options."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Literal

from malaya.engine.sides import Side
from malaya.session.game_client import GameClient
from malaya.session.match import Controller, Match
from malaya.ui.screens import App

SideChoice = Literal["JP", "CW", "hotseat"]
CHOICES: tuple[SideChoice, ...] = ("JP", "CW", "hotseat")
CHOICE_LABELS = {"JP": "Japan vs computer", "CW": "Commonwealth vs computer", "hotseat": "Hotseat (2 players)"}


def humans_for(choice: SideChoice) -> frozenset[Side]:
    """The sides played at this computer for a menu choice."""
    return frozenset(Side) if choice == "hotseat" else frozenset({Side(choice)})


def computer_players(humans: frozenset[Side], seed: int) -> dict[Side, Controller]:
    """A controller for every side nobody plays here (a placeholder random bot until the real AI lands)."""
    from malaya.ai.random_bot import RandomBot

    return {side: RandomBot(seed=seed + i) for i, side in enumerate(Side) if side not in humans}


def new_seed() -> int:
    """A fresh seed a player can read and type (six digits)."""
    return random.SystemRandom().randrange(100_000, 1_000_000)


def start_game(app: App, choice: SideChoice, seed: int, options: Iterable[str] = ()) -> None:
    """Make the battle screen the only screen (hotseat: behind a hand-over screen for the first player)."""
    from malaya.ui.battle_screen import BattleScreen
    from malaya.ui.end_screen import HandoverScreen

    options = tuple(options)
    match = Match.new(app.gd, seed, options)
    humans = humans_for(choice)
    client = GameClient(match, humans)
    client.note(f"New game, seed {seed}; options: {', '.join(options) or 'none'}.")
    app.reset(BattleScreen(app, client, computer_players(humans, seed)))
    if len(humans) > 1:
        app.push(HandoverScreen(match.state.side, match.state.turn, client.status().date))
