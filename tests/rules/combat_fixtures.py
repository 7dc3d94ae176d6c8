"""Helpers for the combat tests (R12): a table that drives the engine through its public API."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from malaya.engine import rules
from malaya.engine.actions import (
    Action,
    AddAttacker,
    ChanceResult,
    DeclareCombat,
    Rejection,
    RollDice,
    SetCombatAir,
)
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import DIRECTION_NAMES, ODD_Q, Hex, from_offset, to_offset
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, Phase, UnitState
from tests.builder import Cell, Game, GameBuilder


def hx(cell: Cell) -> Hex:
    """The axial hex of a Tiled cell."""
    return from_offset(*cell, ODD_Q)


def toward(cell: Cell, *directions: str) -> Cell:
    """The cell reached from ``cell`` by stepping in these compass directions (N, NE, SE, S, SW, NW)."""
    h = hx(cell)
    for name in directions:
        h = h.neighbor(DIRECTION_NAMES.index(name))
    return to_offset(h, ODD_Q)


def combat_builder(width: int = 9, height: int = 9, side: str = "JP") -> GameBuilder:
    """A builder whose game starts in ``side``'s Combat phase."""
    return GameBuilder(width=width, height=height).at_phase(Phase.COMBAT, side=side)


@dataclass
class Table:
    """A game in progress driven through ``rules.check/apply``; remembers every event."""

    gd: GameDef
    state: GameState
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, **state_changes: Any) -> Table:
        """A table from a built game, with optional state fields replaced."""
        return cls(game.gd, replace(game.state, **state_changes))

    @property
    def side(self) -> Side:
        """The phasing side."""
        return self.state.side

    def unit(self, unit_id: str) -> UnitState:
        """A unit's current state."""
        return self.state.units[self.gd.unit_index[unit_id]]

    def set_unit(self, unit_id: str, **changes: Any) -> Table:
        """Change a unit's state directly (set-up for a test)."""
        index = self.gd.unit_index[unit_id]
        self.state = self.state.with_units({index: replace(self.state.units[index], **changes)})
        return self

    def land(self, unit_id: str, port: Cell) -> Table:
        """Put a unit in the landing zone of an enemy port, as a naval landing would (R9.6)."""
        return self.set_unit(unit_id, location=Location.LANDING, hex=hx(port), landed=True, sea_moved=True)

    def check(self, action: Action) -> Rejection | None:
        """The gate's verdict on an action."""
        return rules.check(self.gd, self.state, action)

    def do(self, action: Action) -> list[Event]:
        """Apply a legal action; returns its events."""
        outcome = rules.apply(self.gd, self.state, action)
        self.state = outcome.state
        self.events += outcome.events
        return list(outcome.events)

    def chance(self, value: int) -> list[Event]:
        """Supply the outcome of the pending chance node."""
        return self.do(ChanceResult(side=self.side, value=value))

    def declare(self, defender: Cell, *attackers: str, air: int = 0) -> Table:
        """Declare a combat, add the attackers and set the attack AP."""
        self.do(DeclareCombat(side=self.side, defender=hx(defender)))
        for uid in attackers:
            self.do(AddAttacker(side=self.side, unit=uid))
        if air:
            self.do(SetCombatAir(side=self.side, air_points=air))
        return self

    def roll(self, die: int, picks: tuple[int, ...] = ()) -> list[Event]:
        """Roll Dice, the die shows ``die``; random step losses take ``picks`` in order (then 0)."""
        seen = len(self.events)
        self.do(RollDice(side=self.side))
        self.chance(die)
        queue = list(picks)
        while self.state.pending is not None and self.state.pending.kind == "loss_pick":
            self.chance(queue.pop(0) if queue else 0)
        return self.events[seen:]

    def attack(
        self, defender: Cell, *attackers: str, die: int, air: int = 0, picks: tuple[int, ...] = ()
    ) -> list[Event]:
        """Declare and resolve a whole combat; returns the events from Roll Dice on."""
        self.declare(defender, *attackers, air=air)
        return self.roll(die, picks)

    def of_type(self, kind: type) -> list[Any]:
        """Every recorded event of one class."""
        return [e for e in self.events if isinstance(e, kind)]


D: Cell = (4, 4)
"""The defender's hex of most combat tests: the middle of a 9×9 map."""


def pools(jp_attack: int = 0, cw_attack: int = 0, jp_defense: int = 0, cw_defense: int = 0) -> dict[str, Any]:
    """State fields setting the air pools (R11.2)."""
    return {
        "attack_pool": ((Side.JP, jp_attack), (Side.CW, cw_attack)),
        "defense_pool": ((Side.JP, jp_defense), (Side.CW, cw_defense)),
    }
