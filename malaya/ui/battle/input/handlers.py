"""Battle-map input as a state machine of small handlers (the python-tcod tutorial's pattern).

A handler turns one player gesture (a click on a hex, a unit picked in a list, Esc, the Demolish
button) into a :data:`Result`: the next handler, a :class:`Submit` of at most one legal action for
the engine's gate (with the handler to use after it), a :class:`Hint` to show, or a new
:class:`MapInput`. Handlers never submit, draw or touch the screen themselves; the battle screen
applies the result, and that is the only way its input state changes (python-tcod's rule: the
handler is the only writer of the next handler).

*Selection* (R8.6, R18.3, R12.10): :class:`Idle` ⇄ :class:`UnitSelected`; :class:`Demolishing`
is the CW's armed "demolish a bridge" mode (R7.7). Which map is shown (Tactical or Strategic,
R18.1) is the other half of the input state, :class:`MapInput`. Combat declaration and advance
are engine state (``state.combat``), so they need no handler of their own: a click is read
against the combat under way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeAlias

from malaya.engine import (
    Action,
    AddAttacker,
    Advance,
    CancelAdvance,
    CancelCombat,
    CombatStage,
    DemolishBridge,
    Edge,
    Hex,
    Phase,
    Side,
)
from malaya.render.marks import nearest_edge
from malaya.session import phase_info
from malaya.session.game_client import GameClient
from malaya.session.words import refusals
from malaya.session.words.catalog import say

BRIDGE_HINT = say("handlers.click_on_a_bridge_marked")


@dataclass
class BattleContext:
    """What handlers read: the client (state, legal actions, destinations)."""

    client: GameClient

    def own_units(self, h: Hex) -> list[str]:
        """The acting side's units on hex ``h`` (top first)."""
        gd = self.client.gd
        side: Side = self.client.state.side
        return [u for u in self.client.stacks().get(h, []) if gd.side_of(u) is side]

    def why_not_move(self, unit: str, h: Hex) -> str:
        """The gate's reason, in plain words, why ``unit`` cannot go to ``h`` now."""
        return refusals.why_not_move(self.client, unit, h)

    def why_idle(self, unit: str) -> str | None:
        """Why an own unit clicked on the map can do nothing now, or None where silence is right."""
        return refusals.why_unit_idle(self.client, unit)

    def why_not_join(self, unit: str) -> str:
        """The gate's reason, in plain words, why ``unit`` may not join the combat being declared."""
        return refusals.why_not_join(self.client, unit)

    def why_not_advance(self, unit: str) -> str:
        """The gate's reason, in plain words, why ``unit`` may not advance after this combat."""
        return refusals.why_not_advance(self.client, unit)

    def why_not_attack(self, h: Hex) -> str | None:
        """Why the enemy stack at ``h`` cannot be attacked now, or None if ``h`` holds no enemy."""
        return refusals.why_not_attack(self.client, h) if refusals.enemy_at(self.client, h) else None

    def bridges_left(self) -> bool:
        """True while the player may still demolish a bridge (R7.7)."""
        return bool(phase_info.demolitions(self.client))


class Handler(Protocol):
    """One input state of the battle map."""

    selected: str | None

    def click(self, h: Hex, ctx: BattleContext) -> Result:
        """A left click on a map hex."""
        ...

    def pick(self, unit_id: str, ctx: BattleContext) -> Result:
        """A unit chosen in the stack viewer, the off-map list or a landing zone."""
        ...

    def escape(self, ctx: BattleContext) -> Result:
        """Esc (or a right click)."""
        ...

    def demolish(self) -> Handler:
        """The Demolish button (R7.7): arm the mode, or leave it."""
        ...

    def focus(self, unit_id: str) -> Handler:
        """End Phase's Review: select a unit left to act."""
        ...

    def drop(self) -> Handler:
        """The game moved on under the player (a phase ended, the other side played): nothing stays selected."""
        ...

    def settle(self, ctx: BattleContext) -> Handler:
        """After a frame's moves: this handler, or the one to fall back to when the game left it nothing to do."""
        ...


class _Common:
    """What every selection state answers alike: the Demolish button (but Demolishing), Review, the game moving
    on."""

    def demolish(self) -> Handler:
        """The Demolish button arms the mode (whatever was selected is let go)."""
        return Demolishing()

    def focus(self, unit_id: str) -> Handler:
        """Review selects the unit left to act."""
        return UnitSelected(unit_id)

    def drop(self) -> Handler:
        """Nothing stays selected."""
        return Idle()


@dataclass(frozen=True)
class Submit:
    """Submit ``action`` through the gate; ``then`` is the next handler whatever the gate answers."""

    action: Action
    then: Handler


@dataclass(frozen=True)
class Hint:
    """Stay in this state and tell the player why nothing happened (``warning``: shown as a warning)."""

    text: str
    warning: bool = False


@dataclass(frozen=True)
class MapInput:
    """The battle map's whole input state: the handler a click goes to and whether the Strategic Map is shown
    (R18.1). The battle screen keeps one and replaces it only with what a handler or one of these steps returns."""

    handler: Handler = field(default_factory=lambda: Idle())
    strategic: bool = False

    @property
    def selected(self) -> str | None:
        """The selected unit, if any."""
        return self.handler.selected

    def then(self, handler: Handler) -> MapInput:
        """The same map, with ``handler`` next."""
        return replace(self, handler=handler)

    def toggled_map(self) -> MapInput:
        """Show Strategic Map / Hide Strategic Map (R18.1)."""
        return replace(self, strategic=not self.strategic)

    def on_tactical(self) -> MapInput:
        """The Tactical Map shown (a place to see closely was chosen)."""
        return replace(self, strategic=False)

    def on_strategic(self) -> MapInput:
        """The Strategic Map shown."""
        return replace(self, strategic=True)

    def dropped(self) -> MapInput:
        """The game moved on under the player: nothing stays selected."""
        return self.then(self.handler.drop())

    def settled(self, ctx: BattleContext) -> MapInput:
        """After a frame's moves: unchanged, or the handler fallen back (see :meth:`Handler.settle`)."""
        handler = self.handler.settle(ctx)
        return self if handler is self.handler else self.then(handler)


Result: TypeAlias = "Handler | Submit | Hint | MapInput"


class Idle(_Common):
    """Nothing selected."""

    selected: str | None = None

    def settle(self, ctx: BattleContext) -> Handler:
        """Nothing to fall back from."""
        return self

    def click(self, h: Hex, ctx: BattleContext) -> Result:
        """Combat clicks first, then select a fresh Available unit, undo a Used one, or declare a combat.

        A unit that moved and still has MP is continued from the stack viewer (``pick``);
        on the map a click on it undoes its move, as R7.6 says.
        """
        if ctx.client.state.combat is not None:
            return combat_click(h, ctx, self)
        units = ctx.own_units(h)
        available = ctx.client.available_units()
        undos = {u: ctx.client.undo_for(u) for u in units}
        for u in units:
            if u in available and undos[u] is None:
                return UnitSelected(u)
        for u in units:
            undo = undos[u]
            if undo is not None:  # a Used unit: take its move back (R7.6, R8.6)
                return Submit(undo, self)
        declare = ctx.client.declare_at(h)
        if declare is not None:
            return Submit(declare, self)
        why = ctx.why_not_attack(h) or (ctx.why_idle(units[0]) if units else None)
        return self if not why else Hint(why, warning=True)

    def pick(self, unit_id: str, ctx: BattleContext) -> Result:
        """Select it if it may act; undo it if it is Used and undoable; combat choice if in combat."""
        if ctx.client.state.combat is not None:
            choice = ctx.client.combat_choice(unit_id)
            return self if choice is None else Submit(choice, self)
        if unit_id in ctx.client.available_units():
            return UnitSelected(unit_id)
        undo = ctx.client.undo_for(unit_id)
        return self if undo is None else Submit(undo, self)

    def escape(self, ctx: BattleContext) -> Result:
        """Esc cancels a combat under declaration (R12.10 step 3); otherwise nothing."""
        combat = ctx.client.state.combat
        if combat is not None and combat.stage is CombatStage.DECLARING:
            return Submit(CancelCombat(side=ctx.client.state.side), self)
        return self


@dataclass
class UnitSelected(_Common):
    """A unit is selected; its legal destinations are highlighted."""

    selected: str | None

    def settle(self, ctx: BattleContext) -> Handler:
        """A unit that can no longer act (it moved, the phase ended) is let go."""
        return Idle() if self.selected not in ctx.client.available_units() else self

    def click(self, h: Hex, ctx: BattleContext) -> Result:
        """Move to a highlighted hex; click the unit again to deselect; another unit re-selects."""
        assert self.selected is not None
        destinations = ctx.client.destinations(self.selected)
        if h in destinations:
            return Submit(destinations[h], Idle())
        units = ctx.own_units(h)
        if self.selected in units:
            return Idle()
        available = ctx.client.available_units()
        for u in units:
            if u in available:
                return UnitSelected(u)
        if ctx.client.state.phase is Phase.COMBAT and ctx.client.state.combat is None:
            return Idle().click(h, ctx)  # declare a combat there, or say why not
        return Hint(ctx.why_not_move(self.selected, h), warning=True)

    def pick(self, unit_id: str, ctx: BattleContext) -> Result:
        """Choosing the selected unit again deselects; another Available unit is selected instead."""
        if unit_id == self.selected:
            return Idle()
        return Idle().pick(unit_id, ctx)

    def escape(self, ctx: BattleContext) -> Result:
        """Esc deselects (R8.6)."""
        return Idle()


class Demolishing(_Common):
    """The CW's Demolish mode (R7.7): a click near a ringed bridge demolishes it; Esc leaves the mode."""

    selected: str | None = None

    def demolish(self) -> Handler:
        """The Demolish button again leaves the mode."""
        return Idle()

    def settle(self, ctx: BattleContext) -> Handler:
        """The mode ends on the player's turn once no bridge is left to demolish."""
        return Idle() if ctx.client.is_human_turn() and not ctx.bridges_left() else self

    def click(self, h: Hex, ctx: BattleContext) -> Result:
        """A hex click in this mode names no bridge: say where to click."""
        return Hint(BRIDGE_HINT, warning=True)

    def click_at(self, world: tuple[float, float], ctx: BattleContext, candidates: Mapping[Edge, DemolishBridge]
                 ) -> Result:
        """A click at a world point: demolish the nearest marked bridge (:meth:`settle` ends the mode once none is
        left)."""
        e = nearest_edge(world, candidates)
        if e is None:
            return Hint(BRIDGE_HINT, warning=True)
        return Submit(candidates[e], self)

    def pick(self, unit_id: str, ctx: BattleContext) -> Result:
        """Picking a unit leaves the mode and handles the pick as usual."""
        return Idle().pick(unit_id, ctx)

    def escape(self, ctx: BattleContext) -> Result:
        """Esc leaves the mode."""
        return Idle()


def combat_click(h: Hex, ctx: BattleContext, state: Handler) -> Result:
    """A click while a combat is declared or advancing (R12.10 steps 3 and 7)."""
    client = ctx.client
    combat = client.state.combat
    assert combat is not None
    side = client.state.side
    if combat.stage is CombatStage.DECLARING and h == combat.defender_hex:
        return Submit(CancelCombat(side=side), state)
    if combat.stage is CombatStage.ADVANCING and h == combat.defender_hex:
        for u in combat.advanced:
            return Submit(CancelAdvance(side=side, unit=u), state)
    choices = [c for u in ctx.own_units(h) if (c := client.combat_choice(u)) is not None]
    choices.sort(key=lambda c: not isinstance(c, AddAttacker | Advance))  # in a stack, add before removing
    if choices:
        return Submit(choices[0], state)
    units = ctx.own_units(h)
    if units and combat.stage is CombatStage.DECLARING:
        return Hint(ctx.why_not_join(units[0]), warning=True)
    if units and combat.stage is CombatStage.ADVANCING:
        return Hint(ctx.why_not_advance(units[0]), warning=True)
    why_not = None if units else ctx.why_not_attack(h)  # another enemy stack: finish this combat first
    if why_not:
        return Hint(why_not, warning=True)
    return Hint(say("handlers.no_unit_there_can_join"), warning=bool(units))
