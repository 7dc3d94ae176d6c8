"""The engine's public, search-friendly API: one legality gate, apply, legal actions, chance.

- :func:`check` is the single legality gate: it returns ``None`` or a
  :class:`~malaya.engine.actions.Rejection` with a code and a sentence.
- :func:`apply` returns an :class:`Outcome` (new state + events) or raises
  :class:`~malaya.engine.actions.IllegalAction`.
- :func:`legal_actions` lists every legal action in a deterministic order;
  :func:`legal_actions_for` only those naming one unit (their union is :func:`legal_actions`).
- :func:`is_chance_node` / :func:`chance_outcomes`: when the game awaits a die
  or a random pick, the only legal actions are ``ChanceResult`` values, each
  with its exact probability; the match draws one from its seeded RNG.
- :func:`is_terminal` / :func:`result` tell whether and how the game ended.

Automatic phases (R3.1 Supply and End) run inside ``apply``: after any action
the state rests in a phase where a player must act, at a chance node, or at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from malaya.engine import movement
from malaya.engine.actions import Action, ChanceResult, EndPhase, IllegalAction, MoveUnit, Rejection
from malaya.engine.events import Event, PhaseEnded, PhaseStarted
from malaya.engine.fast_replace import evolve
from malaya.engine.gamedef import GameDef
from malaya.engine.phases import CHANCE_RESOLVERS, enter_phase, exit_phase, next_position, spec_of
from malaya.engine.position_memo import memoized, remembered
from malaya.engine.refusal import Refusal
from malaya.engine.registry import ContextResolver, reject
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Phase
from malaya.engine.victory import GameResult, final_result


@dataclass(frozen=True, slots=True)
class Outcome:
    """What applying an action produced."""

    state: GameState
    events: tuple[Event, ...]


def _common_check(state: GameState, action: Action) -> Rejection | None:
    """Checks every action must pass: game running, chance node, right side, right phase.

    Action kinds are told apart by ``type(action) is``: actions are final models (never subclassed),
    and ``isinstance`` on a pydantic model class costs a metaclass call on every check.
    """
    if state.finished:
        return reject(Refusal.GAME_OVER)
    if state.pending is not None:
        if type(action) is ChanceResult:
            if action.value not in state.pending.outcomes:
                return reject(Refusal.BAD_CHANCE, value=action.value, kind=state.pending.kind.value)
            return None
        return reject(Refusal.AWAITING_CHANCE)
    if type(action) is ChanceResult:
        return reject(Refusal.NO_CHANCE)
    if action.side is not state.side:
        return reject(Refusal.NOT_YOUR_TURN, side=state.side.value, actor=action.side.value)
    if type(action) is EndPhase:
        return None
    handlers = spec_of(state.phase).handlers or {}
    if action.type not in handlers:
        return reject(Refusal.WRONG_PHASE, phase=state.phase.value)
    return None


def check(gd: GameDef, state: GameState, action: Action) -> Rejection | None:
    """The legality gate: None if ``action`` is legal now, else the reason it is not. The verdict on one action
    object is kept for this position, so the same action checked again (a computer player's answer is checked on
    the true state, then submitted, then applied) costs a look-up."""
    key = ("rules.check", id(action))
    seen = remembered(gd, state, key)
    if isinstance(seen, _Verdict) and seen.action is action:
        return seen.rejection
    rejection = _check(gd, state, action)
    memoized(gd, state, key, lambda: _Verdict(action, rejection))
    return rejection


@dataclass(frozen=True, slots=True)
class _Verdict:
    """The gate's verdict on one action object (held with it, so its id is not reused while the verdict is kept)."""

    action: Action
    rejection: Rejection | None


def _check(gd: GameDef, state: GameState, action: Action) -> Rejection | None:
    """:func:`check` without the kept verdicts."""
    kind = type(action)
    if (kind is not ChanceResult and kind is not EndPhase and state.pending is None and not state.finished
            and action.side is state.side):  # the common checks pass but for the phase: one look-up
        handler = (spec_of(state.phase).handlers or {}).get(action.type)
        if handler is not None:
            return handler.check(gd, state, action)
    rejection = _common_check(state, action)
    if rejection is not None:
        return rejection
    if type(action) is ChanceResult:
        return None
    if type(action) is EndPhase:
        return spec_of(state.phase).blocker(gd, state)
    return (spec_of(state.phase).handlers or {})[action.type].check(gd, state, action)


def apply(gd: GameDef, state: GameState, action: Action) -> Outcome:
    """Apply a legal action; raise IllegalAction (with the reason) otherwise."""
    rejection = check(gd, state, action)
    if rejection is not None:
        raise IllegalAction(rejection)
    return apply_unchecked(gd, state, action)


def apply_unchecked(gd: GameDef, state: GameState, action: Action) -> Outcome:
    """Apply an action without the legality gate: only for a log whose every action is checked separately."""
    if type(action) is ChanceResult:
        new_state, events = _resolve_chance(gd, state, action.value)
    elif type(action) is EndPhase:
        new_state, events = advance(gd, state)
    else:
        new_state, events = (spec_of(state.phase).handlers or {})[action.type].apply(gd, state, action)
    return Outcome(evolve(new_state, log_index=state.log_index + 1), tuple(events))


def _resolve_chance(gd: GameDef, state: GameState, value: int) -> tuple[GameState, list[Event]]:
    """Apply the outcome of the pending chance node via its kind's resolver."""
    pending = state.pending
    assert pending is not None
    resolver = CHANCE_RESOLVERS[pending.kind]
    if isinstance(resolver, ContextResolver):
        return resolver.fn(gd, evolve(state, pending=None), value, pending.context)
    return resolver(gd, evolve(state, pending=None), value)


def advance(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Leave the current phase and run automatic phases until a player must act (or the game ends)."""
    events: list[Event] = []
    while True:
        state, exited = exit_phase(gd, state)
        events += exited
        events.append(PhaseEnded(turn=state.turn, side=state.side, phase=state.phase))
        if state.finished:
            return state, events
        turn, side, phase = next_position(state, gd.scenario.first_turn)
        state = evolve(state, turn=turn, side=side, phase=phase)
        events.append(PhaseStarted(turn=turn, side=side, phase=phase))
        state, entered = enter_phase(gd, state)
        events += entered
        if state.finished or state.pending is not None or not spec_of(phase).automatic:
            return state, events


def start(gd: GameDef, state: GameState) -> Outcome:
    """Enter the initial phase of a fresh state, running automatic phases (the game's first events)."""
    events: list[Event] = [PhaseStarted(turn=state.turn, side=state.side, phase=state.phase)]
    state, entered = enter_phase(gd, state)
    events += entered
    if spec_of(state.phase).automatic and state.pending is None:
        state, more = advance(gd, state)
        events += more
    return Outcome(state, tuple(events))


def is_chance_node(state: GameState) -> bool:
    """True when the game awaits a random outcome (a die roll, a random pick)."""
    return state.pending is not None and not state.finished


def chance_outcomes(state: GameState) -> list[tuple[ChanceResult, Fraction]]:
    """Each possible outcome of the pending chance node with its exact probability."""
    if state.pending is None:
        return []
    outcomes = state.pending.outcomes
    p = Fraction(1, len(outcomes))
    return [(ChanceResult(side=state.side, value=v), p) for v in outcomes]


def legal_actions(gd: GameDef, state: GameState) -> list[Action]:
    """Every legal action for the phasing side (or every chance outcome), in a deterministic order."""
    if state.finished:
        return []
    if state.pending is not None:
        return [a for a, _ in chance_outcomes(state)]
    candidates: list[Action] = []
    for generate in spec_of(state.phase).generators:
        candidates += generate(gd, state)
    candidates.append(EndPhase(side=state.side))
    return [a for a in candidates if check(gd, state, a) is None]


def builds_per_unit(state: GameState) -> bool:
    """True when :func:`legal_actions_for` builds one unit's actions alone (else it filters the whole list)."""
    return not state.finished and state.pending is None and spec_of(state.phase).unit_generator is not None


def iter_legal_actions_for(gd: GameDef, state: GameState, unit_id: str | None) -> Iterator[Action]:
    """The legal actions naming ``unit_id`` (None: naming no unit), in ``legal_actions`` order, checked as read."""
    generate = spec_of(state.phase).unit_generator
    if not builds_per_unit(state) or generate is None:
        yield from (a for a in legal_actions(gd, state) if getattr(a, "unit", None) == unit_id)
        return
    yield from (a for a in generate(gd, state, unit_id) if check(gd, state, a) is None)
    if unit_id is None and check(gd, state, end := EndPhase(side=state.side)) is None:
        yield end


def unit_may_move(gd: GameDef, state: GameState, unit_id: str) -> bool:
    """True if a legal ``MoveUnit`` names this unit now; in Movement decided without listing its moves."""
    if builds_per_unit(state) and state.phase is Phase.MOVEMENT:
        return gd.side_of(unit_id) is state.side and bool(movement.reachable(gd, state, unit_id))
    return any(isinstance(a, MoveUnit) for a in iter_legal_actions_for(gd, state, unit_id))


def legal_actions_for(gd: GameDef, state: GameState, unit_id: str | None) -> list[Action]:
    """The legal actions naming ``unit_id`` (None: naming no unit): ``legal_actions`` filtered, built alone."""
    return list(iter_legal_actions_for(gd, state, unit_id))


def is_terminal(state: GameState) -> bool:
    """True once the game has ended (R15.1)."""
    return state.finished


def result(gd: GameDef, state: GameState) -> GameResult | None:
    """The final result of a finished game, or None while it goes on."""
    return final_result(gd, state) if state.finished else None


def returns(gd: GameDef, state: GameState, side: Side) -> int:
    """The game's return to ``side``: 1 if its result level favours the side, -1 if the enemy, else 0 (R15.5)."""
    final = result(gd, state)
    if final is None:
        return 0
    winner = gd.victory.result_side(final.margin)
    if winner is None:
        return 0
    return 1 if winner is side else -1
