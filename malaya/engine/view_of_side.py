"""The game as one side may know it (R2.5 limited intelligence): a whole ``GameState`` a computer
player can be handed in place of the true one.

Built only from :func:`malaya.engine.intel.observation` and public data (the order of battle, the
air-point schedule), so two true states that differ only in what ``side`` cannot see give the same
view:

- the side's own units and the enemy units it sees are kept as they are;
- every enemy unit it does not see is a *stand-in*: each "Unknown" stack (hex and stacking value)
  is filled with hidden enemy units from the order of battle (those due by now first, then scenario
  order) at full strength and in supply; the hidden units left over wait off the map (pending);
- of the enemy's air pools, the attack pool shows 0 (it is spent in the enemy's own player-turn)
  and the defence pool shows :func:`estimated_defense_pool` (the one estimate the view makes).

Pure and deterministic: the same state and side always give the same view.
"""

from __future__ import annotations

from malaya.engine import intel
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.position_memo import by_inputs
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location, UnitState, set_pool
from malaya.engine.step_tables import static_value

DEFENCE_KEPT_BY_JP = 1
"""Air points JP, the attacker, is reckoned to keep back for defence out of a turn's receipt."""


def estimated_defense_pool(gd: GameDef, state: GameState, side: Side) -> int:
    """The enemy's defence pool as ``side`` may reckon it from public facts (R11.1–R11.2): what the
    enemy received at its latest Air phase — all of it for CW, the defender; for JP, the attacker,
    at most ``DEFENCE_KEPT_BY_JP``. JP plays first in a game-turn (R3.1), so while JP acts, CW's
    latest Air phase was last turn's."""
    enemy = side.enemy
    turn = state.turn - 1 if enemy is Side.CW and state.side is Side.JP else state.turn
    received = gd.air_points(enemy, turn, state.options) if turn >= 1 else 0
    return received if enemy is Side.CW else min(DEFENCE_KEPT_BY_JP, received)


def _scheduled_turn(gd: GameDef) -> dict[str, int]:
    """The game-turn every unit of the order of battle is due by (0: on the map or in the box at the start;
    cached per game definition)."""
    def build() -> dict[str, int]:
        due = {o.unit: o.turn for o in gd.scenario.optional_units}
        due.update({r.unit: r.turn for r in gd.scenario.reinforcements})
        due.update({p.unit: 0 for p in gd.scenario.setup})
        return due

    return static_value(gd, ("side_view", "scheduled_turn"), build)


def _stand_in_order(gd: GameDef, state: GameState, hidden: list[str]) -> list[str]:
    """Hidden enemy units in the order stand-ins are drawn: those due by now first, then scenario order."""
    due = _scheduled_turn(gd)
    return sorted(hidden, key=lambda uid: (due.get(uid, 0) > state.turn, gd.unit_index[uid]))


def _fill_stacks(gd: GameDef, stacks: tuple[intel.UnknownStack, ...], pool: list[str]) -> dict[str, intel.UnknownStack]:
    """Which stand-in stands in which Unknown stack: one unit in each first (so every stack is
    occupied), then more while their stacking values fit the stack's total."""
    placed: dict[str, intel.UnknownStack] = {}
    left = {s.hex: s.stacking for s in stacks}
    value = {uid: gd.stacking_value(uid) for uid in pool}
    for stack in stacks:
        if not pool:
            break
        pick = next((uid for uid in pool if value[uid] <= stack.stacking), pool[0])
        pool.remove(pick)
        placed[pick] = stack
        left[stack.hex] -= value[pick]
    for stack in stacks:
        room = left[stack.hex]
        if room <= 0:
            continue
        for uid in list(pool):
            if 0 < value[uid] <= room:
                pool.remove(uid)
                placed[uid] = stack
                room -= value[uid]
        left[stack.hex] = room
    return placed


def _stand_ins(gd: GameDef) -> dict[tuple[str, Hex | None], UnitState]:
    """Stand-ins made so far, by unit and hex (None: waiting off the map); records are immutable, so a view
    reuses them instead of building each again (cached per game definition)."""
    return static_value(gd, ("side_view", "stand_ins"), dict)


def _stand_in_units(gd: GameDef, state: GameState, hidden: tuple[str, ...],
                    unknown: tuple[intel.UnknownStack, ...]) -> tuple[tuple[int, UnitState], ...]:
    """The records of the hidden enemy units in the view, with their places in the units tuple: a stand-in in each
    Unknown stack, the others waiting off the map."""
    # a unit revealed this player-turn would show if it stood in (R2.5): it waits off the map
    drawable = [uid for uid in hidden if uid not in state.revealed]
    placed = _fill_stacks(gd, unknown, _stand_in_order(gd, state, drawable))
    made = _stand_ins(gd)
    changed = []
    for uid in hidden:
        stack = placed.get(uid)
        key = (uid, None if stack is None else stack.hex)
        unit = made.get(key)
        if unit is None:
            unit = made[key] = (UnitState(uid, Location.MAP, hex=stack.hex, steps=gd.max_steps(uid))
                                if stack is not None else UnitState(uid, Location.PENDING, steps=gd.max_steps(uid)))
        changed.append((gd.unit_index[uid], unit))
    return tuple(changed)


def side_view(gd: GameDef, state: GameState, side: Side) -> GameState:
    """``state`` as ``side`` may know it (see module docstring); ``state`` itself if intelligence is not limited."""
    if not intel.limited(gd):
        return state
    seen = intel.observation(gd, state, side)
    visible = {u.id for u in seen.own} | {u.id for u in seen.enemy}
    hidden = tuple(u.id for u in state.units if u.id not in visible)
    # the stand-ins depend on nothing else: a phase's views mostly share them
    changed = by_inputs(gd, ("side_view", hidden, state.revealed, state.turn, seen.unknown),
                        lambda: _stand_in_units(gd, state, hidden, seen.unknown))
    enemy = side.enemy
    units = list(state.units)
    for pos, unit in changed:
        units[pos] = unit
    return evolve(state, units=tuple(units), attack_pool=set_pool(state.attack_pool, enemy, 0),
                  defense_pool=set_pool(state.defense_pool, enemy, estimated_defense_pool(gd, state, side)))
