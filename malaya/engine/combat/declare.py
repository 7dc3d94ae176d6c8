"""Declaring a combat and rolling the die (R12.10 steps 2-5, R11.3, R11.4).

Declare a defender's hex, add or remove eligible attackers, set attack AP, then
Roll Dice (no undo) or Cancel (nothing happens). Roll Dice marks the attackers and
the hex as attacked, reveals the units involved (R2.5), spends the attack AP and
the defending AP the game commits, and leaves a ``combat_die`` chance node.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import (
    AddAttacker,
    CancelCombat,
    DeclareCombat,
    Rejection,
    RemoveAttacker,
    RollDice,
    SetCombatAir,
)
from malaya.engine.air import in_air_range
from malaya.engine.combat.common import known_unit, name_of, open_combat, replace_combat, unit_of
from malaya.engine.combat.eligibility import (
    eligible_attackers,
    is_attackable,
    landing_units_missing,
    may_attack,
)
from malaya.engine.combat.events import (
    AttackerAdded,
    AttackerRemoved,
    CombatAirSet,
    CombatCancelled,
    CombatDeclared,
    UnitsRevealed,
)
from malaya.engine.combat.odds import attack_air_limit, lowest_column
from malaya.engine.combat.preview import CombatPreview, preview
from malaya.engine.combat_steps import ReadDie
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.naval_ports import penang_hex
from malaya.engine.refusal import Refusal
from malaya.engine.registry import Handler, reject
from malaya.engine.sides import Side
from malaya.engine.state import (
    ChanceKind,
    Combat,
    CombatStage,
    GameState,
    Location,
    Pending,
    UnitState,
    set_pool,
)

COMBAT_DIE = ChanceKind.COMBAT_DIE
"""Chance-node kind of the combat die (outcomes 1..die_sides)."""


def _declaring(state: GameState) -> Rejection | None:
    """Refusal unless a combat is under declaration."""
    if state.combat is None:
        return reject(Refusal.NO_COMBAT)
    if state.combat.stage is not CombatStage.DECLARING:
        return reject(Refusal.COMBAT_RESOLVED)
    return None


def _check_declare(gd: GameDef, state: GameState, action: DeclareCombat) -> Rejection | None:
    if state.combat is not None:
        return reject(Refusal.COMBAT_IN_PROGRESS)
    target = action.defender
    if not gd.board.on_map(target):  # no off-map hex is ever attacked or holds a unit
        return reject(Refusal.NO_ENEMY_OFF_MAP)
    where = gd.describe_hex(target)
    if target in state.attacked_hexes:
        return reject(Refusal.ALREADY_ATTACKED, where=where)
    if any(u.attacked for u in state.units_at(target) if gd.side_of(u.id) is state.side.enemy):
        return reject(Refusal.HOLDS_ATTACKED_UNIT, where=where)
    if not is_attackable(gd, state, target):
        return reject(Refusal.NO_ENEMY, where=where)
    if not eligible_attackers(gd, state, target):
        return reject(_why_no_attackers(gd, state, target), where=where)
    return None


def _why_no_attackers(gd: GameDef, state: GameState, target: Hex) -> Refusal:
    """Why no unit may attack ``target``: none adjacent, all adjacent already attacked, or none could enter it."""
    near = set(gd.adjacent.get(target, ()))
    own = [u for u in state.units if u.hex in near and u.on_map and gd.side_of(u.id) is state.side]
    if not own:
        return Refusal.NONE_ADJACENT
    if all(u.attacked for u in own):
        return Refusal.ALL_ADJACENT_ATTACKED
    return Refusal.ADJACENT_CANNOT_ENTER


def _apply_declare(gd: GameDef, state: GameState, action: DeclareCombat) -> tuple[GameState, list[Event]]:
    return replace(state, combat=Combat(defender_hex=action.defender)), [CombatDeclared(defender=action.defender)]


def _check_add(gd: GameDef, state: GameState, action: AddAttacker) -> Rejection | None:
    problem = _declaring(state)
    if problem is not None:
        return problem
    if not known_unit(gd, action.unit):
        return reject(Refusal.UNKNOWN_UNIT, unit=repr(action.unit))
    combat = open_combat(state)
    if action.unit in combat.attackers:
        return reject(Refusal.ALREADY_ATTACKING, unit=name_of(gd, action.unit))
    unit = unit_of(gd, state, action.unit)
    if not may_attack(gd, state, unit, combat.defender_hex):
        return reject(_why_not_eligible(unit, combat.defender_hex), unit=name_of(gd, action.unit),
                      where=gd.describe_hex(combat.defender_hex))
    return None


def _why_not_eligible(unit: UnitState, target: Hex) -> Refusal:
    """Why one unit may not join the attack on ``target``: already attacked, not adjacent, or cannot enter it."""
    if unit.attacked:
        return Refusal.UNIT_ALREADY_ATTACKED
    if unit.hex is None or unit.hex.distance(target) != 1 or unit.location is Location.LANDING:
        return Refusal.UNIT_NOT_ADJACENT
    return Refusal.UNIT_CANNOT_ENTER


def _apply_add(gd: GameDef, state: GameState, action: AddAttacker) -> tuple[GameState, list[Event]]:
    combat = open_combat(state)
    attackers = tuple(sorted(combat.attackers + (action.unit,), key=gd.unit_index.__getitem__))
    return replace_combat(state, attackers=attackers), [AttackerAdded(unit=action.unit)]


def _check_remove(gd: GameDef, state: GameState, action: RemoveAttacker) -> Rejection | None:
    problem = _declaring(state)
    if problem is not None:
        return problem
    if action.unit not in open_combat(state).attackers:
        return reject(Refusal.NOT_ATTACKING)
    return None


def _apply_remove(gd: GameDef, state: GameState, action: RemoveAttacker) -> tuple[GameState, list[Event]]:
    attackers = tuple(u for u in open_combat(state).attackers if u != action.unit)
    return replace_combat(state, attackers=attackers), [AttackerRemoved(unit=action.unit)]


def _check_air(gd: GameDef, state: GameState, action: SetCombatAir) -> Rejection | None:
    problem = _declaring(state)
    if problem is not None:
        return problem
    if action.air_points == 0:
        return None
    target = open_combat(state).defender_hex
    if not in_air_range(gd, state, state.side, target):
        return reject(Refusal.OUT_OF_AIR_RANGE, where=gd.describe_hex(target))
    most = gd.scenario.ruleset.air.max_attack_per_combat
    if action.air_points > most:
        return reject(Refusal.TOO_MANY_AIR_POINTS, most=most)
    if action.air_points > attack_air_limit(gd, state, target):
        return reject(Refusal.NOT_ENOUGH_AIR_POINTS, pool=state.pool("attack", state.side))
    return None


def _apply_air(gd: GameDef, state: GameState, action: SetCombatAir) -> tuple[GameState, list[Event]]:
    return replace_combat(state, air_points=action.air_points), [CombatAirSet(air_points=action.air_points)]


def _check_cancel(gd: GameDef, state: GameState, action: CancelCombat) -> Rejection | None:
    return _declaring(state)


def _apply_cancel(gd: GameDef, state: GameState, action: CancelCombat) -> tuple[GameState, list[Event]]:
    target = open_combat(state).defender_hex
    return replace(state, combat=None), [CombatCancelled(defender=target)]


def _check_roll(gd: GameDef, state: GameState, action: RollDice) -> Rejection | None:
    problem = _declaring(state)
    if problem is not None:
        return problem
    combat = open_combat(state)
    if not combat.attackers:
        return reject(Refusal.NO_ATTACKERS)
    missing = landing_units_missing(gd, state, combat.defender_hex, combat.attackers)
    if missing:
        return reject(Refusal.LANDED_MUST_JOIN, units=", ".join(name_of(gd, u) for u in missing))
    shown = preview(gd, state)
    if not shown.resolvable:  # it has attackers: the odds are below the table (R12.4)
        return reject(Refusal.ODDS_TOO_LOW, column=lowest_column(gd))
    return None


def roll_step(shown: CombatPreview) -> ReadDie:
    """The first resolution step of a rolled combat: everything the die is read with."""
    assert shown.column is not None, "a combat below the first column is refused by _check_roll (R12.4)"
    return ReadDie(shown.column, shown.modifier, shown.attack, shown.defense, shown.attack_air, shown.defense_air)


def _apply_roll(gd: GameDef, state: GameState, action: RollDice) -> tuple[GameState, list[Event]]:
    combat = open_combat(state)
    shown = preview(gd, state)
    target = combat.defender_hex
    marked = {gd.unit_index[u]: replace(unit_of(gd, state, u), attacked=True, used=True) for u in combat.attackers}
    # a defender is marked too: no unit is attacked more than once per Combat phase (R12.2)
    marked.update({gd.unit_index[u]: replace(unit_of(gd, state, u), attacked=True) for u in shown.defenders})
    state = state.with_units(marked)
    attacker, defender = state.side, state.side.enemy
    involved = combat.attackers + shown.defenders
    state = replace(
        state,
        attacked_hexes=state.attacked_hexes | {target},
        revealed=state.revealed | frozenset(involved),
        attack_pool=set_pool(state.attack_pool, attacker, state.pool("attack", attacker) - shown.attack_air),
        defense_pool=set_pool(state.defense_pool, defender, state.pool("defense", defender) - shown.defense_air),
        penang_attacked=state.penang_attacked or (attacker is Side.JP and target == penang_hex(gd)),
        combat=replace(combat, stage=CombatStage.RESOLVING, defenders=shown.defenders, queue=(roll_step(shown),)),
        pending=Pending(COMBAT_DIE, tuple(range(1, gd.scenario.ruleset.combat.die_sides + 1))),
    )
    return state, [UnitsRevealed(units=involved)]


HANDLERS: dict[str, Handler] = {
    "declare_combat": Handler(_check_declare, _apply_declare),
    "add_attacker": Handler(_check_add, _apply_add),
    "remove_attacker": Handler(_check_remove, _apply_remove),
    "set_combat_air": Handler(_check_air, _apply_air),
    "cancel_combat": Handler(_check_cancel, _apply_cancel),
    "roll_dice": Handler(_check_roll, _apply_roll),
}
"""Handlers of the declaration actions (R12.10 steps 2-5)."""
