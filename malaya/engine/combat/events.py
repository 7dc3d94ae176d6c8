"""Events of combat (R12): declaration, the die, losses, retreats, advances."""

from __future__ import annotations

from malaya.engine.events import Event
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side


class CombatDeclared(Event):
    """A combat against the enemy stack in a hex is under declaration (R12.10 step 2)."""

    defender: Hex


class AttackerAdded(Event):
    """A unit joined the combat under declaration (R12.10 step 3)."""

    unit: str


class AttackerRemoved(Event):
    """A unit left the combat under declaration (R12.10 step 3)."""

    unit: str


class CombatAirSet(Event):
    """The attack air points committed to the declared combat changed (R11.3)."""

    air_points: int


class CombatCancelled(Event):
    """The combat under declaration was cancelled; nothing happened (R12.10 step 3)."""

    defender: Hex


class UnitsRevealed(Event):
    """Units involved in a combat were revealed to both sides (R2.5)."""

    units: tuple[str, ...]


class DiceRolled(Event):
    """A combat was resolved by a die roll (R12.10 step 5); the dice ledger is built from these."""

    turn: int
    side: Side
    attacker_hexes: tuple[Hex, ...]
    defender_hex: Hex
    attack: str
    defense: str
    column: str
    die: int
    modifier: int
    modified_roll: int
    result: str
    attack_air: int
    defense_air: int


class StepLost(Event):
    """A unit lost one step (R12.7); ``steps_left`` 0 means it was eliminated."""

    unit: str
    steps_left: int


class UnitEliminated(Event):
    """A unit lost its last step (R2.3) or its whole stack was eliminated (DE)."""

    unit: str


class UnitRetreated(Event):
    """A unit retreated after combat along ``path``, entering ``ezoc_hexes`` enemy-ZOC hexes (R12.8)."""

    unit: str
    path: tuple[Hex, ...]
    ezoc_hexes: int = 0


class RetreatBlocked(Event):
    """A stack could not retreat; it stays and loses steps instead (R12.8)."""

    units: tuple[str, ...]
    hex: Hex


class UnitAdvanced(Event):
    """An attacker advanced into the vacated defender's hex (R12.9)."""

    unit: str
    to: Hex


class AdvanceCancelled(Event):
    """An advance was taken back (R12.10 step 7)."""

    unit: str


class AmphibiousAssaultFailed(Event):
    """A landed unit that did not advance lost a step and went back to its box (R12.9)."""

    unit: str


class CombatEnded(Event):
    """The combat against a hex is over (R12.10 step 7)."""

    defender: Hex
