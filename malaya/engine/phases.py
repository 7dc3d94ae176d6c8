"""The sequence of play as a table (RULES R3).

Each :class:`PhaseSpec` says whether the phase runs by itself, what happens when
it begins and ends, what blocks ending it, and which actions it accepts. The
engine walks the table; no phase logic lives in a ladder of ``if``s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from malaya.engine.actions import Rejection
from malaya.engine.events import Event, GameEnded, HexControlChanged
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.stacking import overstack_rejection
from malaya.engine.state import PHASE_ORDER, GameState, Phase, set_pool
from malaya.engine.victory import final_result, sudden_death

Step = Callable[[GameDef, GameState], tuple[GameState, list[Event]]]
Blocker = Callable[[GameDef, GameState], Rejection | None]


def _nothing(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """A phase step that changes nothing."""
    return state, []


def _never_blocked(gd: GameDef, state: GameState) -> Rejection | None:
    """A phase that may always end."""
    return None


def update_control(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Give every occupied hex to the side occupying it (R13.2, R3.3)."""
    jp = set(state.jp_control)
    events: list[Event] = []
    for unit in state.units:
        if not unit.on_map or unit.hex is None:
            continue
        side = gd.side_of(unit.id)
        owner = Side.JP if unit.hex in jp else Side.CW
        if owner is side:
            continue
        if side is Side.JP:
            jp.add(unit.hex)
        else:
            jp.discard(unit.hex)
        events.append(HexControlChanged(hex=unit.hex, side=side))
    if not events:
        return state, []
    return replace(state, jp_control=frozenset(jp)), events


def _clear_used(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Every unit is Available again at the start of a phase (R2.4)."""
    if not any(u.used for u in state.units):
        return state, []
    return replace(state, units=tuple(replace(u, used=False) if u.used else u for u in state.units)), []


def _receive_air_points(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """The phasing side receives this turn's air points into its attack pool (R11.1-R11.2)."""
    points = gd.air_points(state.side, state.turn, state.options)
    return replace(state, attack_pool=set_pool(state.attack_pool, state.side, points)), []


def _lose_unused_air_points(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Unused attack AP are lost when the player-turn ends; the enemy's defense pool lapses too (R11.2)."""
    attack = set_pool(state.attack_pool, state.side, 0)
    defense = set_pool(state.defense_pool, state.side.enemy, 0)
    return replace(state, attack_pool=attack, defense_pool=defense), []


def _end_of_player_turn(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Victory check at the end of a player-turn (R15.1)."""
    state, events = _lose_unused_air_points(gd, state)
    last = state.turn >= gd.last_turn and state.side is Side.CW
    if sudden_death(gd, state) or last:
        result = final_result(gd, state)
        state = replace(state, finished=True)
        events.append(GameEnded(turn=state.turn, jp_vp=result.jp_vp, cw_vp=result.cw_vp, level=result.level))
    return state, events


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One row of the phase table."""

    phase: Phase
    automatic: bool
    on_enter: Step = _nothing
    on_exit: Step = _nothing
    blocker: Blocker = _never_blocked
    actions: frozenset[str] = frozenset({"end_phase"})


PHASE_TABLE: dict[Phase, PhaseSpec] = {
    spec.phase: spec
    for spec in (
        PhaseSpec(Phase.SUPPLY, automatic=True),
        PhaseSpec(Phase.REINFORCEMENT, automatic=False, blocker=overstack_rejection),
        PhaseSpec(Phase.AIR, automatic=False, on_enter=_receive_air_points),
        PhaseSpec(Phase.NAVAL, automatic=False, blocker=overstack_rejection),
        PhaseSpec(Phase.MOVEMENT, automatic=False, blocker=overstack_rejection),
        PhaseSpec(Phase.RAIL, automatic=False, blocker=overstack_rejection),
        PhaseSpec(Phase.COMBAT, automatic=False),
        PhaseSpec(Phase.END, automatic=True, on_enter=_end_of_player_turn),
    )
}
assert tuple(PHASE_TABLE) == PHASE_ORDER, "the phase table must list every phase in order"


def next_position(state: GameState) -> tuple[int, Side, Phase]:
    """The (turn, side, phase) that follows the current phase (R1.3, R3.1)."""
    index = PHASE_ORDER.index(state.phase)
    if index + 1 < len(PHASE_ORDER):
        return state.turn, state.side, PHASE_ORDER[index + 1]
    if state.side is Side.JP:
        return state.turn, Side.CW, PHASE_ORDER[0]
    return state.turn + 1, Side.JP, PHASE_ORDER[0]


def enter_phase(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Run the entry steps of the state's current phase (control is cleared of 'used' marks first)."""
    spec = PHASE_TABLE[state.phase]
    state, events = _clear_used(gd, state)
    more_state, more = spec.on_enter(gd, state)
    return more_state, events + more


def exit_phase(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Run the exit steps of the current phase, then the control update of R3.3."""
    spec = PHASE_TABLE[state.phase]
    state, events = spec.on_exit(gd, state)
    state, more = update_control(gd, state)
    return state, events + more
