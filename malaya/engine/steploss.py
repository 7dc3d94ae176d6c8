"""Taking steps off a unit outside combat (attrition R10.6, Force Z interception R9.7)."""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.state import Location, UnitState


def lose_steps(unit: UnitState, steps: int) -> UnitState:
    """The unit after losing ``steps`` steps; losing its last step eliminates it (R2.3)."""
    left = unit.steps - steps
    if left > 0:
        return replace(unit, steps=left)
    return replace(unit, steps=0, location=Location.ELIMINATED, hex=None, used=True, start_hex=None)
