"""The sequence of play as a table (RULES R3).

Each :class:`PhaseSpec` says whether the phase runs by itself, what happens when
it begins and ends, what blocks ending it, which actions it accepts (and which
module handles them), and where its candidate actions come from. The engine
walks the table; no phase logic lives in a ladder of ``if``s.

Automatic phases (Supply, End) never create chance nodes; a random event that
follows from them is rolled in the next phase a player acts in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from malaya.engine import air, combat, movement, naval, options, rail, reinforcement, supply
from malaya.engine.control import update_control
from malaya.engine.events import Event, GameEnded
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.registry import Blocker, Generator, Handler, Step, UnitGenerator, never_blocked, nothing
from malaya.engine.sides import Side
from malaya.engine.stacking import overstack_rejection
from malaya.engine.state import PHASE_ORDER, GameState, Phase, UnitState, set_pool
from malaya.engine.victory import final_result, sudden_death

_PHASE_FLAGS = {"used": False, "start_hex": None, "attacked": False}


def clear_phase_marks(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Every unit is Available again at the start of a phase; per-phase marks reset (R2.4)."""
    from fractions import Fraction

    def fresh(u: UnitState) -> UnitState:
        if u.used or u.start_hex is not None or u.attacked or u.mp_used:
            return evolve(u, used=False, start_hex=None, attacked=False, mp_used=Fraction(0))
        return u

    units = tuple(fresh(u) for u in state.units)
    return evolve(state, units=units, rail_moves=0, naval_moves=(), attacked_hexes=frozenset(),
                  locked_moves=frozenset()), []


def clear_turn_marks(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Per-player-turn marks reset when a player-turn ends (sea moves, landings, reveals)."""

    def fresh(u: UnitState) -> UnitState:
        if u.sea_moved or u.landed or u.ground_moved:
            return evolve(u, sea_moved=False, landed=False, ground_moved=False)
        return u

    return evolve(state, units=tuple(fresh(u) for u in state.units), revealed=frozenset()), []


def _lose_unused_air_points(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Unused attack AP lapse when the player-turn ends; so does the enemy's defense pool (R11.2)."""
    attack = set_pool(state.attack_pool, state.side, 0)
    defense = set_pool(state.defense_pool, state.side.enemy, 0)
    return evolve(state, attack_pool=attack, defense_pool=defense), []


def end_of_player_turn(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """End phase: bridge repairs, lapsing AP, turn marks, then the victory check (R7.7, R11.2, R15.1)."""
    events: list[Event] = []
    for step in (movement.on_end_of_player_turn, _lose_unused_air_points, clear_turn_marks, update_control):
        state, more = step(gd, state)
        events += more
    last = state.turn >= gd.last_turn and state.side is Side.CW
    if sudden_death(gd, state) or last:
        result = final_result(gd, state)
        state = evolve(state, finished=True)
        events.append(GameEnded(turn=state.turn, jp_vp=result.jp_vp, cw_vp=result.cw_vp, level=result.level))
    return state, events


def _moving_phase_blocker(gd: GameDef, state: GameState):  # type: ignore[no-untyped-def]
    """Placing/moving phases cannot end while a hex is overstacked (R3.2)."""
    return overstack_rejection(gd, state)


def _reinforcement_blocker(gd: GameDef, state: GameState):  # type: ignore[no-untyped-def]
    """Reinforcement: optional-unit offers answered (R16.1) and no hex overstacked (R3.2)."""
    return reinforcement.blocker(gd, state) or overstack_rejection(gd, state)


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One row of the phase table."""

    phase: Phase
    automatic: bool
    on_enter: Step = nothing
    on_exit: Step = nothing
    blocker: Blocker = never_blocked
    handlers: Mapping[str, Handler] | None = None
    generators: tuple[Generator, ...] = ()
    unit_generator: UnitGenerator | None = None
    """The generators' candidates one unit at a time (the union is theirs), where that is cheaper to ask."""


PHASE_TABLE: dict[Phase, PhaseSpec] = {
    spec.phase: spec
    for spec in (
        PhaseSpec(Phase.SUPPLY, automatic=True, on_enter=supply.on_supply_phase),
        PhaseSpec(Phase.REINFORCEMENT, automatic=False, on_enter=reinforcement.on_enter,
                  on_exit=reinforcement.on_exit, blocker=_reinforcement_blocker,
                  handlers=reinforcement.HANDLERS, generators=(reinforcement.legal_actions,)),
        PhaseSpec(Phase.AIR, automatic=False, on_enter=air.on_enter, handlers=air.HANDLERS,
                  generators=(air.legal_actions,)),
        PhaseSpec(Phase.NAVAL, automatic=False, on_enter=naval.on_enter, blocker=_moving_phase_blocker,
                  handlers=naval.HANDLERS, generators=(naval.legal_actions,)),
        PhaseSpec(Phase.MOVEMENT, automatic=False, blocker=_moving_phase_blocker,
                  handlers=movement.HANDLERS, generators=(movement.legal_actions,),
                  unit_generator=movement.unit_candidates),
        PhaseSpec(Phase.RAIL, automatic=False, on_enter=rail.on_enter, blocker=_moving_phase_blocker,
                  handlers=rail.HANDLERS, generators=(rail.legal_actions,)),
        PhaseSpec(Phase.COMBAT, automatic=False, on_enter=combat.on_enter, on_exit=combat.on_exit,
                  blocker=combat.blocker,
                  handlers=combat.HANDLERS, generators=(combat.legal_actions,)),
        PhaseSpec(Phase.END, automatic=True, on_enter=end_of_player_turn),
    )
}
assert tuple(PHASE_TABLE) == PHASE_ORDER, "the phase table must list every phase of R3.1 in order"

OPTIONS_PHASE = PhaseSpec(Phase.OPTIONS, automatic=False, handlers=options.HANDLERS,
                          generators=(options.legal_actions,), blocker=options.blocker)
"""The pre-game phase (game-turn 0) in which each side buys options once (R16.1)."""

CHANCE_RESOLVERS = {**naval.CHANCE, **combat.CHANCE, **supply.CHANCE, **reinforcement.CHANCE,
                    **movement.CHANCE, **rail.CHANCE, **air.CHANCE, **options.CHANCE}
"""Every chance-node kind and the function that applies its outcome."""


def spec_of(phase: Phase) -> PhaseSpec:
    """The table row of a phase (the options phase included)."""
    return OPTIONS_PHASE if phase is Phase.OPTIONS else PHASE_TABLE[phase]


def next_position(state: GameState, first_turn: int = 1) -> tuple[int, Side, Phase]:
    """The (turn, side, phase) after the current phase; the options lead to ``first_turn`` (R1.3, R3.1, R16.1)."""
    if state.phase is Phase.OPTIONS:
        if state.side is Side.JP:
            return 0, Side.CW, Phase.OPTIONS
        return first_turn, Side.JP, PHASE_ORDER[0]
    index = PHASE_ORDER.index(state.phase)
    if index + 1 < len(PHASE_ORDER):
        return state.turn, state.side, PHASE_ORDER[index + 1]
    if state.side is Side.JP:
        return state.turn, Side.CW, PHASE_ORDER[0]
    return state.turn + 1, Side.JP, PHASE_ORDER[0]


def enter_phase(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Reset per-phase marks, then run the entry hook of the state's current phase."""
    state, events = clear_phase_marks(gd, state)
    more_state, more = spec_of(state.phase).on_enter(gd, state)
    return more_state, events + more


def exit_phase(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Run the exit hook of the current phase, then the control update of R3.3."""
    state, events = spec_of(state.phase).on_exit(gd, state)
    state, more = update_control(gd, state)
    return state, events + more
