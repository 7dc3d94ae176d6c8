"""The engine's public, search-friendly API: one legality gate, apply, legal actions.

- :func:`check` is the single legality gate: it returns ``None`` or a
  :class:`~malaya.engine.actions.Rejection` with a code and a sentence.
- :func:`apply` returns an :class:`Outcome` (new state + events) or raises
  :class:`~malaya.engine.actions.IllegalAction`.
- :func:`legal_actions` lists every legal action in a deterministic order.
- :func:`is_terminal` / :func:`result` tell whether and how the game ended.

Automatic phases (R3.1 Supply and End) run inside ``apply``: after any action
the state always rests in a phase where a player must act, or at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from malaya.engine.actions import Action, EndPhase, IllegalAction, Rejection
from malaya.engine.events import Event, PhaseEnded, PhaseStarted
from malaya.engine.gamedef import GameDef
from malaya.engine.phases import PHASE_TABLE, enter_phase, exit_phase, next_position
from malaya.engine.state import GameState
from malaya.engine.victory import GameResult, final_result


@dataclass(frozen=True, slots=True)
class Outcome:
    """What applying an action produced."""

    state: GameState
    events: tuple[Event, ...]


def _reject(code: str, message: str) -> Rejection:
    return Rejection(code=code, message=message)


def _common_check(state: GameState, action: Action) -> Rejection | None:
    """Checks every action must pass: game running, right side, right phase."""
    if state.finished:
        return _reject("game_over", "The game is over.")
    if action.side is not state.side:
        return _reject("not_your_turn", f"It is the {state.side.value} player-turn, not {action.side.value}'s.")
    spec = PHASE_TABLE[state.phase]
    if action.type not in spec.actions:
        return _reject("wrong_phase", f"That cannot be done in the {state.phase.value} phase.")
    return None


def _check_end_phase(gd: GameDef, state: GameState, action: EndPhase) -> Rejection | None:
    """A phase ends unless its blocker (e.g. overstacking, R3.2) says no."""
    return PHASE_TABLE[state.phase].blocker(gd, state)


def _apply_end_phase(gd: GameDef, state: GameState, action: EndPhase) -> tuple[GameState, list[Event]]:
    """End the phase and advance to the next one the players must act in."""
    return advance(gd, state)


Checker = Callable[[GameDef, GameState, Action], Rejection | None]
Applier = Callable[[GameDef, GameState, Action], tuple[GameState, list[Event]]]

HANDLERS: dict[str, tuple[Checker, Applier]] = {
    "end_phase": (_check_end_phase, _apply_end_phase),  # type: ignore[dict-item]
}


def check(gd: GameDef, state: GameState, action: Action) -> Rejection | None:
    """The legality gate: None if ``action`` is legal now, else the reason it is not."""
    rejection = _common_check(state, action)
    if rejection is not None:
        return rejection
    checker, _ = HANDLERS[action.type]
    return checker(gd, state, action)


def apply(gd: GameDef, state: GameState, action: Action) -> Outcome:
    """Apply a legal action; raise IllegalAction (with the reason) otherwise."""
    rejection = check(gd, state, action)
    if rejection is not None:
        raise IllegalAction(rejection)
    _, applier = HANDLERS[action.type]
    new_state, events = applier(gd, state, action)
    new_state = replace(new_state, log_index=state.log_index + 1)
    return Outcome(new_state, tuple(events))


def advance(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Leave the current phase and run automatic phases until a player must act (or the game ends)."""
    events: list[Event] = []
    while True:
        state, exited = exit_phase(gd, state)
        events += exited
        events.append(PhaseEnded(turn=state.turn, side=state.side, phase=state.phase))
        if state.finished:
            return state, events
        turn, side, phase = next_position(state)
        state = replace(state, turn=turn, side=side, phase=phase)
        events.append(PhaseStarted(turn=turn, side=side, phase=phase))
        state, entered = enter_phase(gd, state)
        events += entered
        if state.finished or not PHASE_TABLE[phase].automatic:
            return state, events


def start(gd: GameDef, state: GameState) -> Outcome:
    """Enter the initial phase of a fresh state, running automatic phases (the game's first events)."""
    events: list[Event] = [PhaseStarted(turn=state.turn, side=state.side, phase=state.phase)]
    state, entered = enter_phase(gd, state)
    events += entered
    if PHASE_TABLE[state.phase].automatic:
        state, more = advance(gd, state)
        events += more
    return Outcome(state, tuple(events))


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Every legal action for the phasing side, in a deterministic order."""
    if state.finished:
        return []
    candidates: list[Action] = [EndPhase(side=state.side)]
    return [a for a in candidates if check(gd, state, a) is None]


def is_terminal(state: GameState) -> bool:
    """True once the game has ended (R15.1)."""
    return state.finished


def result(gd: GameDef, state: GameState) -> GameResult | None:
    """The final result of a finished game, or None while it goes on."""
    return final_result(gd, state) if state.finished else None
