"""Combat as orders (play by e-mail): the attacker declares every combat of the phase in advance.

In solo and hotseat play a combat is declared, rolled and its advance chosen before the next one is
declared (R12.10). By e-mail the attacker may not see a die before committing what it resolves, so the
whole Combat phase is written down first as :class:`CombatOrder` s — target, attackers, attack air
points and which units advance if the hex is vacated — in the order they are to be fought. The
defender's program resolves them (:func:`resolve_orders`) through the same gate as any click: each
order is declared, its attackers added, its air set and its die rolled; an order the game no longer
allows (a unit was lost or retreated, the hex is empty, the odds fell below 1:2) is skipped and the
reason kept. Defending air points (R11.4), losses (R12.7) and retreats (R12.8) need no choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from malaya.engine import (
    Action,
    AddAttacker,
    Advance,
    CancelAdvance,
    CancelCombat,
    CombatStage,
    DeclareCombat,
    EndCombat,
    EndPhase,
    Hex,
    Phase,
    RemoveAttacker,
    RollDice,
    SetCombatAir,
)
from malaya.session.fog import neutral_action
from malaya.session.match import Controller, Match
from malaya.session.words.plain_words import refusal_text

MAX_CLOSING_ACTIONS = 400
"""Bound on the actions the game takes itself to close a Combat phase the orders left open."""


@dataclass(frozen=True, slots=True)
class CombatOrder:
    """One declared combat: the target hex, its attackers, attack air points and who advances."""

    defender: Hex
    attackers: tuple[str, ...]
    air_points: int = 0
    advance: tuple[str, ...] = ()


@dataclass
class AdvanceChoice:
    """Which attackers of the combat being declared stay put if its hex is vacated (R12.9: advancing is optional).

    By e-mail the attacker says it with the order, before the die: every attacker advances unless marked to stay.
    """

    stays: set[str] = field(default_factory=set)

    def toggle(self, unit: str) -> None:
        """Mark ``unit`` to stay if it was to advance, or to advance if it was to stay."""
        self.stays ^= {unit}

    def advances(self, unit: str) -> bool:
        """True if ``unit`` advances into the vacated hex."""
        return unit not in self.stays

    def advancing(self, attackers: Iterable[str]) -> tuple[str, ...]:
        """The attackers that advance, in order."""
        return tuple(u for u in attackers if u not in self.stays)

    def clear(self) -> None:
        """A new combat: every attacker advances until marked otherwise."""
        self.stays.clear()


@dataclass(frozen=True, slots=True)
class Skipped:
    """An order (by its place in the list, from 0) the game did not carry out, and why, in plain words."""

    order: int
    reason: str


def _declare(match: Match, order: CombatOrder) -> str | None:
    """Declare ``order`` through the gate (attackers, air); why it cannot be, or None."""
    side = match.state.side
    steps: list[Action] = [DeclareCombat(side=side, defender=order.defender)]
    steps += [AddAttacker(side=side, unit=u) for u in order.attackers]
    if order.air_points:
        steps.append(SetCombatAir(side=side, air_points=order.air_points))
    steps.append(RollDice(side=side))
    for step in steps:
        rejection = match.submit(step)
        if rejection is not None:
            if match.state.combat is not None and match.state.combat.stage is CombatStage.DECLARING:
                match.submit(CancelCombat(side=side))
            return refusal_text(rejection)
    return None


def _advance(match: Match, order: CombatOrder) -> None:
    """Advance the order's named units that may, then end the combat (R12.9)."""
    side = match.state.side
    combat = match.state.combat
    if combat is None or combat.stage is not CombatStage.ADVANCING:
        return
    for unit in order.advance:
        match.submit(Advance(side=side, unit=unit))  # one that may not (lost, overstacked) stays put
    match.submit(EndCombat(side=side))


def _close_phase(match: Match) -> None:
    """End the attacker's Combat phase (the game finishes what the orders left, e.g. a landing's attack)."""
    side = match.state.side
    for _ in range(MAX_CLOSING_ACTIONS):
        state = match.state
        if state.finished or state.side is not side or state.phase is not Phase.COMBAT or state.pending:
            return
        if match.submit(EndPhase(side=side)) is not None:
            match.submit(neutral_action(match.gd, state))


def resolve_orders(match: Match, orders: Iterable[CombatOrder]) -> list[Skipped]:
    """Fight ``orders`` in turn on ``match`` (its roller gives the dice), then end the Combat phase."""
    skipped: list[Skipped] = []
    for number, order in enumerate(orders):
        reason = _declare(match, order)
        if reason is not None:
            skipped.append(Skipped(number, reason))
            continue
        _advance(match, order)
    _close_phase(match)
    return skipped


def orders_of(actions: Iterable[Action]) -> list[CombatOrder]:
    """The orders a one-at-a-time Combat phase amounts to (declarations rolled, their advances kept)."""
    orders: list[CombatOrder] = []
    target: Hex | None = None
    attackers: list[str] = []
    air = 0
    for action in actions:
        if isinstance(action, DeclareCombat):
            target, attackers, air = action.defender, [], 0
        elif isinstance(action, AddAttacker):
            attackers.append(action.unit)
        elif isinstance(action, RemoveAttacker) and action.unit in attackers:
            attackers.remove(action.unit)
        elif isinstance(action, SetCombatAir):
            air = action.air_points
        elif isinstance(action, CancelCombat):
            target = None
        elif isinstance(action, RollDice) and target is not None:
            orders.append(CombatOrder(target, tuple(attackers), air))
            target = None
        elif isinstance(action, Advance) and orders:
            last = orders[-1]
            orders[-1] = CombatOrder(last.defender, last.attackers, last.air_points, (*last.advance, action.unit))
        elif isinstance(action, CancelAdvance) and orders:
            last = orders[-1]
            orders[-1] = CombatOrder(last.defender, last.attackers, last.air_points,
                                     tuple(u for u in last.advance if u != action.unit))
    return orders


def plan_orders(match: Match, controller: Controller, seed: int) -> list[CombatOrder]:
    """A computer player's orders: it fights the phase on a copy with dice of its own guessing."""
    guess = random.Random(seed)
    scratch = Match(match.gd, seed, match.state, roller=lambda outcomes: guess.choice(list(outcomes)))
    side = scratch.state.side
    taken: list[Action] = []
    for _ in range(MAX_CLOSING_ACTIONS):
        state = scratch.state
        if state.finished or state.side is not side or state.phase is not Phase.COMBAT:
            break
        action = controller(scratch.gd, state)
        if isinstance(action, EndPhase) and state.combat is None:
            break
        if scratch.submit(action) is None:
            taken.append(action)
    return orders_of(taken)
