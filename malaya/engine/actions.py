"""Actions: what a player (human or AI) asks the engine to do, in the imperative.

Every action names the side that submits it; the legality gate
(:func:`malaya.engine.rules.check`) rejects it with a reason when it may not be
done now. Actions are frozen pydantic models so that they serialize into action
logs (saves, replays) and validate when read back. ``type`` is the
discriminator; :data:`Action` is the union of them all.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from malaya.engine.facts import facts_text
from malaya.engine.hexgrid import Hex
from malaya.engine.refusal import Param, Refusal
from malaya.engine.sides import Side

_new, _set = object.__new__, object.__setattr__  # MoveUnit.of_typed builds an action without validation


class _Action(BaseModel):
    """Common base: frozen, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    side: Side


# --- every phase -------------------------------------------------------------------------------


class EndPhase(_Action):
    """End the current phase of the phasing player's player-turn (R3)."""

    type: Literal["end_phase"] = "end_phase"


class ChanceResult(_Action):
    """The outcome of the pending chance node (a die, a random pick); supplied by the match's RNG."""

    type: Literal["chance"] = "chance"
    value: int


# --- game start and reinforcements (R14, R16) -----------------------------------------------------


class ChooseOptions(_Action):
    """Buy game options at the start, once per side (R16.1); an empty tuple buys none."""

    type: Literal["choose_options"] = "choose_options"
    options: tuple[str, ...] = ()


class PlaceReinforcement(_Action):
    """Place an arriving unit on a legal hex, or in the JP off-map box with ``to=None`` (R14)."""

    type: Literal["place_reinforcement"] = "place_reinforcement"
    unit: str
    to: Hex | None


class UndoPlacement(_Action):
    """Take back a reinforcement placed in this phase (R14.3)."""

    type: Literal["undo_placement"] = "undo_placement"
    unit: str


class AcceptOptionalUnit(_Action):
    """Take an offered optional unit; it arrives next turn and costs its VP (R16.1)."""

    type: Literal["accept_optional_unit"] = "accept_optional_unit"
    unit: str


class DeclineOptionalUnit(_Action):
    """Decline an offered optional unit; it is lost for good (R16.1)."""

    type: Literal["decline_optional_unit"] = "decline_optional_unit"
    unit: str


# --- air (R11) -----------------------------------------------------------------------------------


class AllocateAir(_Action):
    """Split this turn's air points between the attack and defense pools (R11.2)."""

    type: Literal["allocate_air"] = "allocate_air"
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)


# --- naval (R9) ------------------------------------------------------------------------------------


class NavalMove(_Action):
    """Move a unit by sea to a port (``landing=False``) or land at an enemy port (``landing=True``)."""

    type: Literal["naval_move"] = "naval_move"
    unit: str
    port: Hex
    landing: bool = False


class AttackForceZ(_Action):
    """Spend attack air points against Force Z (R9.7)."""

    type: Literal["attack_force_z"] = "attack_force_z"
    air_points: int = Field(ge=1)


# --- movement (R7) and rail (R8) -------------------------------------------------------------------


class MoveUnit(_Action):
    """Move a unit to a hex it can reach, along its cheapest legal path (R7)."""

    type: Literal["move_unit"] = "move_unit"
    unit: str
    to: Hex

    @classmethod
    def of_typed(cls, side: Side, unit: str, to: Hex) -> MoveUnit:
        """The action for values already of their field types (a ``Side``, a unit id, a ``Hex``), without
        pydantic's validation: the same fields, field order and fields-set as ``MoveUnit(side=, unit=, to=)``
        (equal, same hash, same JSON). Only the legal-move generator uses it; the gate still checks each."""
        action = _new(cls)
        _set(action, "__dict__", {"side": side, "type": "move_unit", "unit": unit, "to": to})
        _set(action, "__pydantic_fields_set__", {"side", "unit", "to"})
        _set(action, "__pydantic_extra__", None)
        _set(action, "__pydantic_private__", None)
        return action



class UndoMove(_Action):
    """Return a unit that moved this phase to its start hex, refunding its MP (R7.6, R8.6)."""

    type: Literal["undo_move"] = "undo_move"
    unit: str


class DemolishBridge(_Action):
    """CW demolishes the bridge or causeway on the hexside between two hexes (R7.7)."""

    type: Literal["demolish_bridge"] = "demolish_bridge"
    a: Hex
    b: Hex


class RailMove(_Action):
    """Move a unit by rail to a reachable rail hex (R8)."""

    type: Literal["rail_move"] = "rail_move"
    unit: str
    to: Hex


# --- combat (R12.10) -------------------------------------------------------------------------------


class DeclareCombat(_Action):
    """Declare a combat against the enemy stack in a hex (R12.10 step 2)."""

    type: Literal["declare_combat"] = "declare_combat"
    defender: Hex


class AddAttacker(_Action):
    """Add an eligible unit to the declared combat (R12.10 step 3)."""

    type: Literal["add_attacker"] = "add_attacker"
    unit: str


class RemoveAttacker(_Action):
    """Remove a unit from the declared combat (R12.10 step 3)."""

    type: Literal["remove_attacker"] = "remove_attacker"
    unit: str


class SetCombatAir(_Action):
    """Set the attack air points committed to the declared combat (R11.3, R12.10 step 4)."""

    type: Literal["set_combat_air"] = "set_combat_air"
    air_points: int = Field(ge=0)


class CancelCombat(_Action):
    """Cancel the combat under declaration (R12.10 step 3)."""

    type: Literal["cancel_combat"] = "cancel_combat"


class RollDice(_Action):
    """Resolve the declared combat (R12.10 step 5); no undo."""

    type: Literal["roll_dice"] = "roll_dice"


class Advance(_Action):
    """Advance a participating attacker into the vacated defender's hex (R12.9)."""

    type: Literal["advance"] = "advance"
    unit: str


class CancelAdvance(_Action):
    """Take back an advance made in this advance sub-phase (R12.10 step 7)."""

    type: Literal["cancel_advance"] = "cancel_advance"
    unit: str


class EndCombat(_Action):
    """End the current combat's advance sub-phase (the End / Cancel Current Combat button)."""

    type: Literal["end_combat"] = "end_combat"


Action = Annotated[
    EndPhase | ChanceResult | ChooseOptions | PlaceReinforcement | UndoPlacement | AcceptOptionalUnit
    | DeclineOptionalUnit | AllocateAir | NavalMove | AttackForceZ | MoveUnit | UndoMove
    | DemolishBridge | RailMove | DeclareCombat | AddAttacker | RemoveAttacker | SetCombatAir
    | CancelCombat | RollDice | Advance | CancelAdvance | EndCombat,
    Field(discriminator="type"),
]
"""Any action; a discriminated union on ``type``."""

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
"""Validates/serializes any action (``ACTION_ADAPTER.validate_python({...})``)."""


class Rejection(BaseModel):
    """Why an action was refused: a stable code, one per reason, and the named facts its sentence needs.

    The session writes the sentence a player reads (``malaya.session.words.plain_words.refusal_text``);
    ``str()`` is for developers only (an exception's message, a log): the code and its facts.
    """

    model_config = ConfigDict(frozen=True)

    code: Refusal
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def values(self) -> dict[str, Param]:
        """The named facts as a mapping (``{"unit": "5th Division", "where": "Jitra (10,7)"}``)."""
        return dict(self.params)

    def __str__(self) -> str:
        return facts_text(self.code, self.params)


class IllegalAction(Exception):
    """Raised by ``apply`` when the gate rejects an action."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(str(rejection))
        self.rejection = rejection
