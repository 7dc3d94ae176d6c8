"""Resolving a rolled combat (R12.6-R12.9, R12.10 step 6): the die, then a queue of steps.

The die's outcome gives the CRT result; it becomes a queue of steps kept in
``Combat.queue`` so that a random step loss can pause the resolution (a
``loss_pick`` chance node) and resume where it stopped. The steps are the records
of :mod:`malaya.engine.combat_steps`:

* :class:`ReadDie` — read the CRT;
* :class:`Eliminate` — DE;
* :class:`LoseSteps` — n steps among these units, one at a time (R12.7);
* :class:`PickLoss` — the chance node's candidates: the outcome loses one step;
* :class:`Retreat` — one group retreats (R12.8), then pays its extra losses.

When the queue is empty the advance sub-phase begins if the defender's hex was
vacated and an attacker can enter it; otherwise the combat ends.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from malaya.engine.chance_context import LossCandidates
from malaya.engine.combat.advance import can_advance, end_combat
from malaya.engine.combat.common import is_alive, open_combat, replace_combat, unit_of
from malaya.engine.combat.events import DiceRolled
from malaya.engine.combat.losses import eliminate, lose_step, loss_candidates
from malaya.engine.combat.odds import crt_of
from malaya.engine.combat.retreat import retreat_group
from malaya.engine.combat_steps import CombatStep, Eliminate, LoseSteps, PickLoss, ReadDie, Retreat
from malaya.engine.control import update_control
from malaya.engine.crt import crt_result, result_def, roll_range
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.registry import ChanceResolver
from malaya.engine.state import ChanceKind, CombatStage, GameState, Location, Pending

LOSS_PICK = ChanceKind.LOSS_PICK
"""Chance-node kind of a random step loss within a group (outcome = index into the candidates)."""


def result_steps(gd: GameDef, state: GameState, code: str) -> tuple[CombatStep, ...]:
    """The resolution steps of a result code: losses (defenders, then attackers), then retreats."""
    combat = open_combat(state)
    meaning = result_def(crt_of(gd), code)
    steps: list[CombatStep] = []
    if meaning.defender_eliminated:
        steps.append(Eliminate(combat.defenders))
    if meaning.defender_steps:
        steps.append(LoseSteps(meaning.defender_steps, combat.defenders))
    if meaning.attacker_steps:
        steps.append(LoseSteps(meaning.attacker_steps, combat.attackers))
    if meaning.defender_retreat and combat.defenders:
        steps.append(Retreat(meaning.defender_retreat, combat.defenders))
    if meaning.attacker_retreat:
        steps += [Retreat(meaning.attacker_retreat, group) for group in _attacker_groups(gd, state)]
    return tuple(steps)


def _attacker_groups(gd: GameDef, state: GameState) -> list[tuple[str, ...]]:
    """Participating attackers on map hexes, one group per hex in hex order (R12.8).

    Units in a landing zone do not retreat: having failed to take the port, they
    go back to their box when the combat ends (R12.9).
    """
    by_hex: dict[Hex, list[str]] = {}
    for uid in open_combat(state).attackers:
        unit = unit_of(gd, state, uid)
        if unit.location is Location.MAP and unit.hex is not None:
            by_hex.setdefault(unit.hex, []).append(uid)
    return [tuple(by_hex[h]) for h in sorted(by_hex)]


def resolve_die(gd: GameDef, state: GameState, die: int) -> tuple[GameState, list[Event]]:
    """The combat die came up ``die``: read the CRT, report it, then resolve the result (R12.6)."""
    combat = open_combat(state)
    step, rest = combat.queue[0], combat.queue[1:]
    assert isinstance(step, ReadDie), f"the combat die is read with the first step, not {step!r}"
    low, high = roll_range(crt_of(gd))
    modified = min(max(die + step.modifier, low), high)
    code = crt_result(crt_of(gd), step.column, modified)
    hexes = sorted({u.hex for u in (unit_of(gd, state, a) for a in combat.attackers)
                    if u.hex is not None and u.location is Location.MAP})
    event = DiceRolled(
        turn=state.turn, side=state.side, attacker_hexes=tuple(hexes), defender_hex=combat.defender_hex,
        attack=str(step.attack), defense=str(step.defense), column=step.column, die=die, modifier=step.modifier,
        modified_roll=modified, result=code, attack_air=step.attack_air, defense_air=step.defense_air,
    )
    state = replace_combat(state, result=code, queue=rest)
    state = replace_combat(state, queue=result_steps(gd, state, code) + rest)
    return run_queue(gd, state, [event])


def resolve_loss_pick(gd: GameDef, state: GameState, index: int) -> tuple[GameState, list[Event]]:
    """The random pick of a step loss came up ``index``: that candidate loses a step (R12.7)."""
    combat = open_combat(state)
    step, rest = combat.queue[0], combat.queue[1:]
    assert isinstance(step, PickLoss), f"a random step loss picks from the first step, not {step!r}"
    state = replace_combat(state, queue=rest)
    state, events = lose_step(gd, state, step.candidates[index])
    return run_queue(gd, state, events)


def _lose(
    gd: GameDef, state: GameState, step: LoseSteps, rest: tuple[CombatStep, ...]
) -> tuple[GameState, list[Event], bool]:
    """One step of loss among a group; True if a chance node now waits (R12.7)."""
    candidates = loss_candidates(gd, state, step.units) if step.count > 0 else ()
    if not candidates:
        return replace_combat(state, queue=rest), [], False
    after: tuple[CombatStep, ...] = (LoseSteps(step.count - 1, step.units), *rest)
    if len(candidates) == 1:
        state = replace_combat(state, queue=after)
        state, events = lose_step(gd, state, candidates[0])
        return state, events, False
    state = replace_combat(state, queue=(PickLoss(candidates), *after))
    node = Pending(LOSS_PICK, tuple(range(len(candidates))), LossCandidates(candidates))
    return replace(state, pending=node), [], True


def _retreat(
    gd: GameDef, state: GameState, step: Retreat, rest: tuple[CombatStep, ...]
) -> tuple[GameState, list[Event]]:
    """One group retreats (or cannot), then owes its retreat losses first (R12.8)."""
    group = tuple(u for u in step.units if unit_of(gd, state, u).location is Location.MAP)
    if not group:
        return replace_combat(state, queue=rest), []
    state, events, owed = retreat_group(gd, state, group, open_combat(state).defender_hex, step.length)
    state, more = update_control(gd, state)
    losses: tuple[CombatStep, ...] = (LoseSteps(owed, group),) if owed else ()
    return replace_combat(state, queue=losses + rest), events + more


def run_queue(gd: GameDef, state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Work through the resolution steps until a chance node waits or the queue is empty."""
    while True:
        combat = open_combat(state)
        if not combat.queue:
            return finish_resolution(gd, state, events)
        step, rest = combat.queue[0], combat.queue[1:]
        match step:
            case Eliminate():
                state = replace_combat(state, queue=rest)
                state, more = eliminate(gd, state, step.units)
            case LoseSteps():
                state, more, waiting = _lose(gd, state, step, rest)
                if waiting:
                    return state, events + more
            case Retreat():
                state, more = _retreat(gd, state, step, rest)
            case ReadDie() | PickLoss():  # pragma: no cover - each is taken off by its chance resolver
                raise AssertionError(f"combat step {step!r} waits for a chance outcome")
            case _:  # pragma: no cover
                assert_never(step)
        events = events + more


def finish_resolution(gd: GameDef, state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """After losses and retreats: the advance sub-phase if the hex was vacated, else the end (R12.9)."""
    combat = open_combat(state)
    vacated = not state.units_at(combat.defender_hex)
    state = replace_combat(state, stage=CombatStage.ADVANCING)
    if vacated and any(is_alive(unit_of(gd, state, u)) and can_advance(gd, state, u) for u in combat.attackers):
        return state, events
    return end_combat(gd, state, events)


CHANCE: dict[ChanceKind, ChanceResolver] = {ChanceKind.COMBAT_DIE: resolve_die, LOSS_PICK: resolve_loss_pick}
"""Resolvers of the combat chance nodes."""
