"""The ruleset tables as data (pure: stdlib + pydantic).

Every number of a [design] rule lives in the ruleset file (``ruleset.toml``),
never in code, so balance can be tuned without code changes. Numeric fields
therefore have no defaults here, except neutral ones (×1, +0, off).
"""

from __future__ import annotations

import math
from fractions import Fraction

from pydantic import Field, model_validator

from malaya.engine.board import Hexside, Terrain
from malaya.engine.crt import Crt
from malaya.engine.datatypes import ExactFraction, FrozenModel, MoveCost, Side
from malaya.engine.mistakes import Mistake, mistake


class TerrainEffect(FrozenModel):
    """Cost to enter and defender multiplier of one terrain (R5.1); cost None = prohibited."""

    infantry_mp: MoveCost
    armor_mp: MoveCost
    defense: ExactFraction = Fraction(1)


class HexsideEffect(FrozenModel):
    """Movement/combat effects of a hexside feature (R5.2); bridges waive them where stated."""

    prohibited: bool = False
    extra_mp: ExactFraction = Fraction(0)
    armor_needs_bridge: bool = False
    infantry_only: bool = False
    whole_ma: bool = False
    attack: ExactFraction = Fraction(1)
    blocks_zoc: bool = False
    blocks_supply: bool = False
    demolished_as: Hexside | None = None


class MaModifier(FrozenModel):
    """An MA multiplier (rounded down) with a floor (R7.3)."""

    multiplier: ExactFraction
    minimum: int = Field(ge=0)


class Movement(FrozenModel):
    """Connection costs and MA modifiers (R5.2, R7.3, R7.7)."""

    road_mp: ExactFraction
    rail_mp: ExactFraction
    unsupplied: MaModifier
    moved_by_sea: MaModifier
    landed_ma: int = Field(ge=0)
    bridge_repair_turns: int = Field(ge=1)


class Stacking(FrozenModel):
    """Stacking points allowed per hex (R4.1); the JP off-map box is unlimited."""

    limit: int = Field(ge=1)
    terrain_limits: dict[Terrain, int] = Field(default_factory=dict)


class Rail(FrozenModel):
    """Rail movement capacity per phase and range (R8.2, R8.3)."""

    capacity: dict[Side, int]
    max_hexes: int = Field(ge=1)

    @model_validator(mode="after")
    def _both_sides(self) -> Rail:
        """Both sides need a capacity."""
        missing = [s.value for s in Side if s not in self.capacity]
        if missing:
            raise mistake(Mistake.MISSING_SIDES, "capacity", sides=tuple(missing))
        return self


class Naval(FrozenModel):
    """Naval capacities and the Penang shipping roll (R9.3)."""

    jp_east_capacity: int = Field(ge=0)
    jp_west_capacity: int = Field(ge=0)
    cw_capacity_per_coast: int = Field(ge=0)
    cw_destination: str
    penang: str
    west_capture_percent: int = Field(ge=0, le=100)
    west_capture_percent_if_attacked: int = Field(ge=0, le=100)
    west_capacity_after_capture: int = Field(ge=0)
    west_capture_delay_turns: int = Field(ge=0)


class ForceZ(FrozenModel):
    """Force Z interception and sinking (R9.7)."""

    first_turn: int = Field(ge=1)
    leaves_after_turn: int = Field(ge=1)
    intercept_roll: int = Field(ge=0)
    intercept_steps: int = Field(ge=0)
    max_air_points: int = Field(ge=0)


class Supply(FrozenModel):
    """Supply line length, attrition and unsupplied strength (R10.2, R10.4, R10.6)."""

    overland_hexes: int = Field(ge=0)
    attrition_turns: int = Field(ge=1)
    attrition_steps: int = Field(ge=0)
    unsupplied_attack: ExactFraction
    unsupplied_defense: ExactFraction


class DefensePolicy(FrozenModel):
    """How many defending AP the game commits (R11.4)."""

    high_need: int = Field(ge=0)
    high_columns: tuple[str, ...]
    high_terrain: tuple[Terrain, ...]
    high_if_objective: bool
    mid_need: int = Field(ge=0)
    mid_columns: tuple[str, ...]
    max_committed: int = Field(ge=0)


class Air(FrozenModel):
    """Air point limits, range and the defensive policy (R11.3-R11.5)."""

    max_attack_per_combat: int = Field(ge=0)
    range_hexes: int = Field(ge=0)
    defense_policy: DefensePolicy


class DieModifiers(FrozenModel):
    """Die-roll modifiers and their cap (R12.5)."""

    per_attack_ap: int
    per_defense_ap: int
    armor_bonus: int
    armor_terrain: tuple[Terrain, ...]
    amphibious: int
    net_cap: int = Field(ge=0)


class Retreat(FrozenModel):
    """Retreat penalties (R12.8); the retreat length itself is in each result code."""

    extra_hexes_if_overstacked: int = Field(ge=0)
    blocked_steps: int = Field(ge=0)
    ezoc_steps: int = Field(ge=0)


class Combat(FrozenModel):
    """The CRT, die, modifiers and retreat/amphibious penalties (R12)."""

    die_sides: int = Field(ge=1)
    crt: Crt
    modifiers: DieModifiers
    retreat: Retreat
    amphibious_extra_steps: int = Field(ge=0)


class Intel(FrozenModel):
    """Limited intelligence (R2.5): an option, on by default in the campaign ruleset."""

    limited: bool


class Ruleset(FrozenModel):
    """All ruleset tables."""

    terrain: dict[Terrain, TerrainEffect]
    hexsides: dict[Hexside, HexsideEffect]
    movement: Movement
    stacking: Stacking
    rail: Rail
    naval: Naval
    force_z: ForceZ
    supply: Supply
    air: Air
    combat: Combat
    intel: Intel

    @model_validator(mode="after")
    def _complete(self) -> Ruleset:
        """Every terrain and hexside has an entry; policy columns exist in the CRT."""
        for label, enum, table in (
            ("terrain", Terrain, self.terrain),
            ("hexsides", Hexside, self.hexsides),
        ):
            missing = [t.value for t in enum if t not in table]
            if missing:
                raise mistake(Mistake.MISSING_ENTRIES, label, entries=tuple(missing))
        policy = self.air.defense_policy
        for field, cols in (
            ("high_columns", policy.high_columns),
            ("mid_columns", policy.mid_columns),
        ):
            unknown = [c for c in cols if c not in self.combat.crt.columns]
            if unknown:
                raise mistake(Mistake.NOT_CRT_COLUMNS, f"air.defense_policy.{field}", columns=tuple(unknown))
        return self


def stacking_limit(stacking: Stacking, terrain: Terrain) -> int:
    """Stacking points allowed in a hex of this terrain (R4.1)."""
    return stacking.terrain_limits.get(terrain, stacking.limit)


def modified_ma(
    movement: Movement,
    printed: int,
    *,
    supplied: bool = True,
    moved_by_sea: bool = False,
    landed: bool = False,
) -> int:
    """Movement allowance after supply and naval effects (R7.3): product rounded down, floors applied."""
    if landed:
        return movement.landed_ma
    mods = ([] if supplied else [movement.unsupplied]) + (
        [movement.moved_by_sea] if moved_by_sea else []
    )
    if not mods:
        return printed
    value = Fraction(printed)
    for mod in mods:
        value *= mod.multiplier
    return max(math.floor(value), *(mod.minimum for mod in mods))


def die_modifier(
    mods: DieModifiers,
    *,
    attack_ap: int = 0,
    defense_ap: int = 0,
    armor_bonus: bool = False,
    amphibious: bool = False,
) -> int:
    """Net die-roll modifier, capped at ±``net_cap`` (R12.5)."""
    net = attack_ap * mods.per_attack_ap + defense_ap * mods.per_defense_ap
    net += mods.armor_bonus if armor_bonus else 0
    net += mods.amphibious if amphibious else 0
    return max(-mods.net_cap, min(mods.net_cap, net))


def defending_air_points(
    policy: DefensePolicy, column: str, terrain: Terrain, objective: bool, pool: int
) -> int:
    """Defending AP the game commits for a combat (R11.4): min(need, pool, max)."""
    if (
        column in policy.high_columns
        or terrain in policy.high_terrain
        or (objective and policy.high_if_objective)
    ):
        need = policy.high_need
    elif column in policy.mid_columns:
        need = policy.mid_need
    else:
        need = 0
    return max(0, min(need, pool, policy.max_committed))
