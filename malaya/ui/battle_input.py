"""Battle-map input as two small state machines (the :mod:`malaya.ui.input` pattern).

*Mouse*: :class:`MouseIdle` → :class:`Pressing` → (a click, or :class:`Dragging` the map).
*Selection* (R8.6, R18.3, R12.10): :class:`Idle` ⇄ :class:`UnitSelected`; a click on a hex
is turned into at most one legal action submitted through ``ctx.submit`` (the engine's
gate). Combat declaration and advance are engine state (``state.combat``), so they need
no UI state of their own: a click is read against the combat under way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from malaya.engine.actions import Action, AddAttacker, Advance, CancelAdvance, CancelCombat
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage
from malaya.session.game_client import GameClient

CLICK_SLOP = 6
"""A press that moves less than this many pixels before release is a click, not a drag."""


@dataclass
class BattleContext:
    """What selection handlers use: the client, a submit that reports refusals, a hint line."""

    client: GameClient
    submit: Callable[[Action], bool]
    hint: Callable[[str], None]

    def own_units(self, h: Hex) -> list[str]:
        """The acting side's units on hex ``h`` (top first)."""
        gd = self.client.gd
        side: Side = self.client.state.side
        return [u for u in self.client.stacks().get(h, []) if gd.side_of(u) is side]


class Selection(Protocol):
    """One selection state."""

    selected: str | None

    def click(self, h: Hex, ctx: BattleContext) -> Selection:
        """A left click on a map hex; returns the next state."""
        ...

    def pick(self, unit_id: str, ctx: BattleContext) -> Selection:
        """A unit chosen in the stack viewer or the off-map list."""
        ...

    def escape(self, ctx: BattleContext) -> Selection:
        """Esc (or a right click)."""
        ...


class Idle:
    """Nothing selected."""

    selected: str | None = None

    def click(self, h: Hex, ctx: BattleContext) -> Selection:
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
                ctx.submit(undo)
                return self
        declare = ctx.client.declare_at(h)
        if declare is not None:
            ctx.submit(declare)
        return self

    def pick(self, unit_id: str, ctx: BattleContext) -> Selection:
        """Select it if it may act; undo it if it is Used and undoable; combat choice if in combat."""
        if ctx.client.state.combat is not None:
            choice = ctx.client.combat_choice(unit_id)
            if choice is not None:
                ctx.submit(choice)
            return self
        if unit_id in ctx.client.available_units():
            return UnitSelected(unit_id)
        undo = ctx.client.undo_for(unit_id)
        if undo is not None:
            ctx.submit(undo)
        return self

    def escape(self, ctx: BattleContext) -> Selection:
        """Esc cancels a combat under declaration (R12.10 step 3); otherwise nothing."""
        combat = ctx.client.state.combat
        if combat is not None and combat.stage is CombatStage.DECLARING:
            ctx.submit(CancelCombat(side=ctx.client.state.side))
        return self


@dataclass
class UnitSelected:
    """A unit is selected; its legal destinations are highlighted."""

    selected: str | None

    def click(self, h: Hex, ctx: BattleContext) -> Selection:
        """Move to a highlighted hex; click the unit again to deselect; another unit re-selects."""
        assert self.selected is not None
        destinations = ctx.client.destinations(self.selected)
        if h in destinations:
            ctx.submit(destinations[h])
            return Idle()
        units = ctx.own_units(h)
        if self.selected in units:
            return Idle()
        available = ctx.client.available_units()
        for u in units:
            if u in available:
                return UnitSelected(u)
        ctx.hint("Not a legal destination for the selected unit.")
        return self

    def pick(self, unit_id: str, ctx: BattleContext) -> Selection:
        """Choosing the selected unit again deselects; another Available unit is selected instead."""
        if unit_id == self.selected:
            return Idle()
        return Idle().pick(unit_id, ctx)

    def escape(self, ctx: BattleContext) -> Selection:
        """Esc deselects (R8.6)."""
        return Idle()


def combat_click(h: Hex, ctx: BattleContext, state: Selection) -> Selection:
    """A click while a combat is declared or advancing (R12.10 steps 3 and 7)."""
    client = ctx.client
    combat = client.state.combat
    assert combat is not None
    side = client.state.side
    if combat.stage is CombatStage.DECLARING and h == combat.defender_hex:
        ctx.submit(CancelCombat(side=side))
        return state
    if combat.stage is CombatStage.ADVANCING and h == combat.defender_hex:
        for u in combat.advanced:
            ctx.submit(CancelAdvance(side=side, unit=u))
            return state
    choices = [c for u in ctx.own_units(h) if (c := client.combat_choice(u)) is not None]
    choices.sort(key=lambda c: not isinstance(c, AddAttacker | Advance))  # in a stack, add before removing
    if choices:
        ctx.submit(choices[0])
        return state
    ctx.hint("No unit there can join or leave this combat.")
    return state


# --- the mouse -----------------------------------------------------------------------------------


class MouseIdle:
    """No button held."""

    def press(self, event: pygame.event.Event) -> Pressing | None:
        """A left or right press may become a click or a drag."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return Pressing(event.button, event.pos)
        return None


@dataclass
class Pressing:
    """A button is held; until it moves far enough it is a click."""

    button: int
    start: tuple[int, int]
    dragging: bool = False
    last: tuple[int, int] | None = None

    def motion(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The pan delta to apply for a mouse motion (None while still a click)."""
        if not self.dragging and abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) < CLICK_SLOP:
            return None
        self.dragging = True
        last = self.last or self.start
        self.last = pos
        return last[0] - pos[0], last[1] - pos[1]
