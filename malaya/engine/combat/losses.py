"""Step losses and elimination (R2.3, R12.7).

Losses are taken one step at a time: units with two steps remaining first, then
one-step units; within that group the unit is chosen at random (a chance node,
made by :mod:`.resolution` when the group has more than one unit).
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.combat.common import is_alive, unit_of, with_unit
from malaya.engine.combat.events import StepLost, UnitEliminated
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.state import GameState, Location


def loss_candidates(gd: GameDef, state: GameState, unit_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The units that may take the next step loss, in scenario order (R12.7).

    Of the living units among ``unit_ids``, those with the most steps remaining
    (two before one); empty if none is left.
    """
    alive = [unit_of(gd, state, uid) for uid in unit_ids]
    alive = [u for u in alive if is_alive(u)]
    if not alive:
        return ()
    most = max(u.steps for u in alive)
    return tuple(sorted((u.id for u in alive if u.steps == most), key=gd.unit_index.__getitem__))


def lose_step(gd: GameDef, state: GameState, unit_id: str) -> tuple[GameState, list[Event]]:
    """One unit loses one step; losing its last step eliminates it (R2.3)."""
    unit = unit_of(gd, state, unit_id)
    left = unit.steps - 1
    events: list[Event] = [StepLost(unit=unit_id, steps_left=left)]
    if left > 0:
        return with_unit(gd, state, replace(unit, steps=left)), events
    gone = replace(unit, steps=0, location=Location.ELIMINATED, hex=None)
    return with_unit(gd, state, gone), events + [UnitEliminated(unit=unit_id)]


def lose_steps(gd: GameDef, state: GameState, unit_id: str, steps: int) -> tuple[GameState, list[Event]]:
    """One unit loses up to ``steps`` steps (stops once it is eliminated)."""
    events: list[Event] = []
    for _ in range(steps):
        if not is_alive(unit_of(gd, state, unit_id)):
            break
        state, more = lose_step(gd, state, unit_id)
        events += more
    return state, events


def eliminate(gd: GameDef, state: GameState, unit_ids: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """Eliminate every living unit of ``unit_ids`` at once (DE, R12.6)."""
    events: list[Event] = []
    for uid in unit_ids:
        unit = unit_of(gd, state, uid)
        if is_alive(unit):
            state = with_unit(gd, state, replace(unit, steps=0, location=Location.ELIMINATED, hex=None))
            events.append(UnitEliminated(unit=uid))
    return state, events
