"""What the UI shows, as plain data: counter views (R2.1) and the phase-bar status.

The UI never reads rules; the caller turns engine state into these views with
:func:`counter_views` (or builds them directly) and the renderer only draws them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from malaya.content.counter_symbols import CounterSymbols, UnitSymbol
from malaya.engine import GameState, Hex, Location, Phase, Side, UnitDef


@dataclass(frozen=True, slots=True)
class CounterView:
    """One unit counter as drawn; factors are the *current* ones (reduced at 1 step left).

    ``side`` is the owning Side; ``nationality`` one of British, Indian, Australian,
    Malay, Army, Guards (case-insensitive); ``unit_type`` infantry/armor; ``size``
    II/III/X. ``hidden`` draws an "Unknown" counter of the side (R2.5); ``available``,
    ``selected`` and ``used`` are the display states of R2.4 (dashed, thick and dimmed
    outlines). ``unit_id`` identifies the unit for clicks (empty for hidden counters).
    """

    name: str
    side: Side
    nationality: str
    unit_type: str
    size: str
    attack: int
    defense: int
    movement: int
    stacking_value: int
    steps_left: int
    max_steps: int
    supplied: bool = True
    used: bool = False
    selected: bool = False
    hidden: bool = False
    available: bool = False
    unit_id: str = ""
    role: UnitSymbol | None = None
    """The symbol of the unit's role from the scenario's counters file; None draws its type's symbol."""


@dataclass(frozen=True, slots=True)
class PhaseStatus:
    """The phase bar's content: turn, date, phasing side, phase, End Phase state."""

    turn: int
    date: str
    side: Side
    phase: Phase
    end_phase_reason: str | None = None
    """Why the phase cannot end (R18.4); None means the End Phase button is enabled."""


def counter_view(unit: UnitDef, steps_left: int, supplied: bool, used: bool = False,
                 role: UnitSymbol | None = None) -> CounterView:
    """The view of one unit with ``steps_left`` steps (current factors per R2.2) and its ``role`` symbol."""
    factors = unit.factors(steps_left)
    return CounterView(
        name=unit.name, side=unit.side, nationality=unit.nationality.value,
        unit_type=unit.type.value, size=unit.size.value, attack=factors.attack,
        defense=factors.defense, movement=factors.movement, stacking_value=unit.stacking,
        steps_left=steps_left, max_steps=unit.steps, supplied=supplied, used=used, unit_id=unit.id,
        role=role,
    )


def counter_views(unit_defs_by_id: Mapping[str, UnitDef], state: GameState,
                  roles: CounterSymbols = MappingProxyType({})) -> dict[Hex, list[CounterView]]:
    """Counter views of every on-map unit with its ``roles`` symbol, by hex; top counter first (scenario order)."""
    out: dict[Hex, list[CounterView]] = {}
    for unit in state.units:
        if unit.location is not Location.MAP or unit.hex is None or unit.steps <= 0:
            continue
        view = counter_view(unit_defs_by_id[unit.id], unit.steps, unit.supplied, unit.used, roles.get(unit.id))
        out.setdefault(unit.hex, []).append(view)
    return out
