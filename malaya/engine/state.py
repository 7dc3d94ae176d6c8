"""Immutable game state: turn, phase, units, hex control, air pools and victory points.

A :class:`GameState` never changes; rules functions return a new one. Units are a
tuple in scenario order (the static index ``GameDef.unit_index`` finds one by id),
so a copy is cheap and the order is deterministic.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from enum import StrEnum

from malaya.engine.hexgrid import Edge, Hex
from malaya.engine.sides import Side


class Phase(StrEnum):
    """The phases of a player-turn, in order (RULES R3.1)."""

    SUPPLY = "supply"
    REINFORCEMENT = "reinforcement"
    AIR = "air"
    NAVAL = "naval"
    MOVEMENT = "movement"
    RAIL = "rail"
    COMBAT = "combat"
    END = "end"


PHASE_ORDER: tuple[Phase, ...] = tuple(Phase)


class Location(StrEnum):
    """Where a unit is, when it is not simply on a map hex."""

    MAP = "map"  # on the hex in UnitState.hex
    JP_BOX = "jp_box"  # the JP off-map box (Indochina), R9.1
    PENDING = "pending"  # a reinforcement not yet due
    ARRIVING = "arriving"  # due: may be placed in this Reinforcement phase (R14)
    ELIMINATED = "eliminated"
    DECLINED = "declined"  # an optional unit its owner turned down (R16.1)


@dataclass(frozen=True, slots=True)
class UnitState:
    """What changes about one unit during the game."""

    id: str
    location: Location
    hex: Hex | None = None
    steps: int = 2
    supplied: bool = True
    unsupplied_turns: int = 0
    used: bool = False  # moved or fought in the current phase (R2.4)

    @property
    def on_map(self) -> bool:
        """True if the unit stands on a map hex."""
        return self.location is Location.MAP


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game position; see module docstring."""

    turn: int
    side: Side
    phase: Phase
    units: tuple[UnitState, ...]
    jp_control: frozenset[Hex]
    attack_pool: tuple[tuple[Side, int], ...] = ((Side.JP, 0), (Side.CW, 0))
    defense_pool: tuple[tuple[Side, int], ...] = ((Side.JP, 0), (Side.CW, 0))
    vp: tuple[tuple[Side, int], ...] = ((Side.JP, 0), (Side.CW, 0))
    demolished: frozenset[Edge] = frozenset()
    options: frozenset[str] = frozenset()
    finished: bool = False
    log_index: int = 0  # number of actions applied so far
    extra: tuple[tuple[str, str], ...] = field(default=())

    def controller(self, h: Hex) -> Side:
        """Which side controls hex ``h`` (R13)."""
        return Side.JP if h in self.jp_control else Side.CW

    def pool(self, which: str, side: Side) -> int:
        """Air points in ``which`` pool ('attack' or 'defense') of ``side``."""
        pools = self.attack_pool if which == "attack" else self.defense_pool
        return dict(pools)[side]

    def vp_of(self, side: Side) -> int:
        """Victory points scored so far by ``side``."""
        return dict(self.vp)[side]

    def with_units(self, changed: dict[int, UnitState]) -> GameState:
        """A copy with the units at the given tuple positions replaced."""
        units = list(self.units)
        for pos, unit in changed.items():
            units[pos] = unit
        return replace(self, units=tuple(units))

    def units_at(self, h: Hex) -> tuple[UnitState, ...]:
        """Units standing on hex ``h``."""
        return tuple(u for u in self.units if u.location is Location.MAP and u.hex == h)

    def to_dict(self) -> dict[str, object]:
        """A canonical, JSON-ready description of the state."""
        return {
            "turn": self.turn,
            "side": self.side.value,
            "phase": self.phase.value,
            "units": [
                [u.id, u.location.value, None if u.hex is None else list(u.hex), u.steps,
                 u.supplied, u.unsupplied_turns, u.used]
                for u in self.units
            ],
            "jp_control": sorted([list(h) for h in self.jp_control]),
            "attack_pool": [[s.value, n] for s, n in self.attack_pool],
            "defense_pool": [[s.value, n] for s, n in self.defense_pool],
            "vp": [[s.value, n] for s, n in self.vp],
            "demolished": sorted([[list(a), list(b)] for a, b in self.demolished]),
            "options": sorted(self.options),
            "finished": self.finished,
            "log_index": self.log_index,
            "extra": [list(kv) for kv in self.extra],
        }

    def digest(self) -> str:
        """A SHA-256 hash of the canonical state (same state ⇒ same digest, on any machine)."""
        text = json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()


def set_pool(pools: tuple[tuple[Side, int], ...], side: Side, value: int) -> tuple[tuple[Side, int], ...]:
    """A copy of a per-side tuple with ``side``'s value replaced."""
    return tuple((s, value if s is side else n) for s, n in pools)
