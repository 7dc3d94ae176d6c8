"""Who plays each side, as saves store it (``"human"``, ``"random"``, ``"ai:<level>"``), and the bots for them.

The computer's controller is ``malaya.ai.make_ai(level, side, seed)``, always played through
:class:`~malaya.session.fog.FoggedController` so it sees only its side's view (R2.5); ``random``
(and a level this version does not know) is the random-legal bot.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from malaya.ai import LEVELS, make_ai
from malaya.ai.random_bot import RandomBot
from malaya.engine import Side
from malaya.session.fog import FoggedController
from malaya.session.match import Controller

log = logging.getLogger(__name__)

HUMAN = "human"
RANDOM = "random"
DEFAULT_AI = "ai:normal"


def controller_names(humans: frozenset[Side], computer: str = DEFAULT_AI) -> dict[Side, str]:
    """The saved controllers of a game: ``human`` for the sides played here, ``computer`` for the rest."""
    return {side: HUMAN if side in humans else computer for side in Side}


def humans_of(names: Mapping[Side, str]) -> frozenset[Side]:
    """The sides a loaded game is played by at this computer (a computer-only game continues as hotseat)."""
    humans = frozenset(side for side, name in names.items() if name == HUMAN)
    return humans or frozenset(Side)


def make_controller(name: str, side: Side, seed: int, explain: bool = True) -> Controller:
    """The bot for a saved controller name: ``ai:<level>`` → the AI at that level (fogged), else the random bot;
    ``explain=False`` for a computer player whose reasoning nobody reads (a rollout), which plays the same.

    A level this version does not know (a save from another version) is played by the random bot.
    """
    level = name.removeprefix("ai:")
    if name.startswith("ai:"):
        if level in LEVELS:
            return FoggedController(make_ai(level, side, seed, explain=explain), side)
        log.warning("no %s computer player in this version; using the random bot", name)
    return RandomBot(seed=seed)


def computer_controllers(names: Mapping[Side, str], humans: frozenset[Side], seed: int) -> dict[Side, Controller]:
    """A controller for every side nobody plays at this computer."""
    return {side: make_controller(names.get(side, DEFAULT_AI), side, seed + i)
            for i, side in enumerate(Side) if side not in humans}
