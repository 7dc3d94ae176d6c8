"""Immutable game state: turn, phase, units, hex control, air pools and victory points.

A :class:`GameState` never changes; rules functions return a new one. Units are a
tuple in scenario order (the static index ``GameDef.unit_index`` finds one by id),
so a copy is cheap and the order is deterministic.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from json.encoder import encode_basestring_ascii as _quoted
from typing import Literal

from malaya.engine.chance_context import NO_CONTEXT, ChanceContext
from malaya.engine.combat_steps import CombatStep, FlatRecord
from malaya.engine.fast_replace import evolve
from malaya.engine.hexgrid import Edge, Hex
from malaya.engine.scenario import Arrival
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
    OPTIONS = "options"  # pre-game (game-turn 0): each side buys options once (R16.1)


PHASE_ORDER: tuple[Phase, ...] = tuple(p for p in Phase if p is not Phase.OPTIONS)
"""The phases of every player-turn, in order (R3.1); the options phase comes only before turn 1."""


class Location(StrEnum):
    """Where a unit is, when it is not simply on a map hex."""

    MAP = "map"  # on the hex in UnitState.hex
    JP_BOX = "jp_box"  # the JP off-map box (Indochina), R9.1
    PENDING = "pending"  # a reinforcement not yet due
    ARRIVING = "arriving"  # due: may be placed in this Reinforcement phase (R14)
    LANDING = "landing"  # waiting in the landing zone of the enemy-held port in UnitState.hex (R9.6)
    ELIMINATED = "eliminated"
    OFFERED = "offered"  # an optional unit offered to its owner this Reinforcement phase (R16.1)
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
    used: bool = False  # has acted in the current phase (R2.4 "Used")
    start_hex: Hex | None = None  # where this phase's move began; None if it has not moved (R7.6)
    mp_used: Fraction = Fraction(0)  # MP spent in the current phase
    sea_moved: bool = False  # moved by sea this player-turn (R7.3)
    landed: bool = False  # landed amphibiously this player-turn (R7.3, R12.2, R12.9)
    ground_moved: bool = False  # moved in this player-turn's Naval or Movement phase (R8.4)
    attacked: bool = False  # attacked in the current Combat phase (R12.2)
    entered: tuple[Hex, ...] = ()  # hexes passed through this phase; they change hands too (R13.2)
    due_turn: int | None = None  # PENDING/OFFERED: the game-turn it arrives (R14, R16)
    arrival: Arrival | None = None  # PENDING/ARRIVING: where it enters the map (R14.2)

    @property
    def on_map(self) -> bool:
        """True if the unit stands on a map hex."""
        return self.location is Location.MAP


class ForceZStatus(StrEnum):
    """Where Force Z is (R9.7)."""

    AFLOAT = "afloat"  # in Malayan waters: it may intercept JP sea moves on the East coast
    SUNK = "sunk"  # sunk by JP air attack
    GONE = "gone"  # left Malaya after its last game-turn


class ChanceKind(StrEnum):
    """The kinds of chance node: what random outcome the game awaits."""

    COMBAT_DIE = "combat_die"  # the combat die (R12.6)
    LOSS_PICK = "loss_pick"  # which unit of a group loses a step (R12.7)
    FORCE_Z_INTERCEPT = "force_z_intercept"  # Force Z's roll against a JP sea move (R9.7)
    FORCE_Z_ATTACK = "force_z_attack"  # JP air attack on Force Z (R9.7)
    PENANG_SHIPPING = "penang_shipping"  # the West-coast shipping roll after Penang falls (R9.3)


class CombatStage(StrEnum):
    """Where a combat stands in the R12.10 procedure."""

    DECLARING = "declaring"  # attackers and AP being chosen; Roll Dice may be clicked
    RESOLVING = "resolving"  # the die is cast; losses/retreats being applied (chance nodes)
    ADVANCING = "advancing"  # the advance sub-phase (R12.10 step 7)


@dataclass(frozen=True, slots=True)
class Combat:
    """The one combat under way in a Combat phase (R12.10)."""

    defender_hex: Hex
    attackers: tuple[str, ...] = ()
    air_points: int = 0
    stage: CombatStage = CombatStage.DECLARING
    defenders: tuple[str, ...] = ()  # units in the defender's hex when the die was rolled
    result: str | None = None  # the CRT result code once rolled
    queue: tuple[CombatStep, ...] = ()  # remaining resolution steps (R12.6-R12.9)
    advanced: tuple[str, ...] = ()  # attackers that advanced into the defender's hex


@dataclass(frozen=True, slots=True)
class Pending:
    """A chance node: the game awaits one of ``outcomes`` (each equally likely) for ``kind``.

    ``context`` carries what the resolver needs (e.g. the candidate unit ids of a
    random step loss). The match draws an outcome from its seeded RNG and applies
    a ``ChanceResult`` action; search code enumerates the outcomes instead.
    """

    kind: ChanceKind
    outcomes: tuple[int, ...]
    context: ChanceContext = NO_CONTEXT


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
    options_chosen: frozenset[Side] = frozenset()  # sides that have made their R16.1 choice
    finished: bool = False
    log_index: int = 0  # number of actions applied so far
    attacked_hexes: frozenset[Hex] = frozenset()  # hexes attacked this Combat phase (R12.2)
    combat: Combat | None = None  # the combat being declared, resolved or advanced into (R12.10)
    pending: Pending | None = None  # a chance node: a random outcome the game awaits
    rail_moves: int = 0  # rail moves made this Rail phase (R8.2)
    naval_moves: tuple[tuple[str, int], ...] = ()  # sea moves made this Naval phase per coast (R9.3)
    force_z: ForceZStatus = ForceZStatus.AFLOAT  # R9.7
    west_shipping_turn: int | None = None  # JP may ship on the West coast from this turn (R9.3)
    penang_attacked: bool = False  # Penang was taken by attack (R9.3)
    penang_rolled: bool = False  # the once-only West-coast shipping roll has been made (R9.3)
    repairs: tuple[tuple[Edge, int], ...] = ()  # JP repair progress per demolished bridge (R7.7)
    revealed: frozenset[str] = frozenset()  # units revealed by combat this player-turn (R2.5)
    locked_moves: frozenset[str] = frozenset()  # moves this phase that can no longer be undone (R7.6)

    def controller(self, h: Hex) -> Side:
        """Which side controls hex ``h`` (R13)."""
        return Side.JP if h in self.jp_control else Side.CW

    def pool(self, which: Literal["attack", "defense"], side: Side) -> int:
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
        return evolve(self, units=tuple(units))

    def units_at(self, h: Hex) -> tuple[UnitState, ...]:
        """Units standing on hex ``h``."""
        return tuple(u for u in self.units if u.location is Location.MAP and u.hex == h)

    def to_dict(self) -> dict[str, object]:
        """A canonical, JSON-ready description of the whole state (every field)."""
        return {f.name: canonical(getattr(self, f.name)) for f in fields(self)}

    def digest(self) -> str:
        """A SHA-256 hash of :meth:`canonical_json` (same state ⇒ same digest, on any machine)."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()

    def canonical_json(self) -> str:
        """The canonical text of the state, which :meth:`digest` hashes (and a save's snapshot holds).

        The text is ``json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)``, written
        field by field so that the text of each unit and frozen set is cached (see ``_json_text``).
        """
        parts = []
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if name == "units":
                text = "[" + ",".join(_unit_text(u) for u in value) + "]"
            else:
                text = _json_text(value) if isinstance(value, frozenset) else _dumps(canonical(value))
            parts.append(f"{_dumps(name)}:{text}")
        return "{" + ",".join(parts) + "}"


def canonical(value: object) -> object:
    """A JSON-ready canonical form: dataclasses → dicts, sets sorted, Fractions as strings."""
    if isinstance(value, StrEnum):
        return value.value
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, UnitState):
        return dict(_canonical_unit(value))
    if isinstance(value, FlatRecord):
        return list(value.row())
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: canonical(getattr(value, f.name)) for f in fields(value)}  # type: ignore[arg-type]
    if isinstance(value, frozenset):
        return list(_canonical_frozenset(value))
    if isinstance(value, set):
        return [canonical(v) for v in sorted(value, key=_member_key)]
    if isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _immutable(form: object) -> object:
    """A canonical form with its lists made tuples (the same JSON text), safe to share from a cache."""
    if isinstance(form, list | tuple):
        return tuple(_immutable(v) for v in form)
    return form


@lru_cache(maxsize=1 << 12)
def _canonical_frozenset(value: frozenset[object]) -> tuple[object, ...]:
    """The canonical form of a frozen set, cached: the same sets (control, demolished bridges) recur
    from state to state, and a frozen set keeps its hash. A hex is its own canonical form: an
    immutable ``(q, r)`` tuple, written ``[q, r]`` like ``canonical`` writes it."""
    return tuple(v if type(v) is Hex else _immutable(canonical(v)) for v in sorted(value, key=_member_key))


@lru_cache(maxsize=1 << 12)
def _canonical_unit(unit: UnitState) -> dict[str, object]:
    """The canonical form of a unit, cached (most units are unchanged between two digests); callers copy it."""
    return {f.name: _immutable(canonical(getattr(unit, f.name))) for f in fields(unit)}


@lru_cache(maxsize=1 << 16, typed=True)
def _member_key(value: object) -> str:
    """The order of a set member in the canonical form: its canonical JSON text (cached, since set
    members are immutable and the same hexes recur in every state)."""
    if type(value) is Hex:
        return f"[{value[0]}, {value[1]}]"  # json.dumps of [q, r], written directly
    return json.dumps(canonical(value), sort_keys=True)


def _dumps(form: object) -> str:
    """The digest's JSON text of a canonical form."""
    return json.dumps(form, separators=(",", ":"), sort_keys=True)


@lru_cache(maxsize=1 << 12)
def _json_text(value: UnitState | frozenset[object]) -> str:
    """The digest's JSON text of a unit or a frozen set, cached by value (both immutable)."""
    if isinstance(value, frozenset):
        return "[" + ",".join(_leaf_text(v) for v in sorted(value, key=_member_key)) + "]"
    return _dumps(canonical(value))


@lru_cache(maxsize=1 << 12)
def _unit_text(unit: UnitState) -> str:
    """The digest's JSON text of a unit (``_dumps(canonical(unit))``), written field by field, cached."""
    return "{" + ",".join(f'"{name}":{_leaf_text(getattr(unit, name))}' for name in _UNIT_FIELD_NAMES) + "}"


def _leaf_text(value: object) -> str:
    """``_dumps(canonical(value))`` for a unit field or a set member, written directly for the plain kinds
    (None, bool, int, str and its enums, Fraction, Hex, tuples of them)."""
    kind = type(value)
    if kind is Hex:
        return f"[{value[0]},{value[1]}]"  # type: ignore[index]
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if isinstance(value, str):  # StrEnums too: the text of their value
        return _quoted(value)
    if kind is Fraction:
        return _quoted(str(value))
    if kind is tuple:
        return "[" + ",".join(_leaf_text(v) for v in value) + "]"  # type: ignore[attr-defined]
    return _dumps(canonical(value))


_UNIT_FIELD_NAMES: tuple[str, ...] = tuple(sorted(f.name for f in fields(UnitState)))


_FIELD_NAMES: tuple[str, ...] = tuple(sorted(f.name for f in fields(GameState)))


def set_pool(pools: tuple[tuple[Side, int], ...], side: Side, value: int) -> tuple[tuple[Side, int], ...]:
    """A copy of a per-side tuple with ``side``'s value replaced."""
    return tuple((s, value if s is side else n) for s, n in pools)
