"""The input handlers' combat clicks (R12.10), against a scripted stand-in for the client."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from malaya.engine.actions import (
    Action,
    AddAttacker,
    CancelCombat,
    DeclareCombat,
    DemolishBridge,
    MoveUnit,
    RemoveAttacker,
)
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.state import Combat, CombatStage, Phase
from malaya.render.counters import render_counter
from malaya.render.marks import edge_midpoint
from malaya.session.views import CounterView
from malaya.ui.battle.input.handlers import (
    BRIDGE_HINT,
    BattleContext,
    Demolishing,
    Hint,
    Idle,
    Result,
    Submit,
    UnitSelected,
)

DEFENDER, FRIEND = Hex(5, 5), Hex(4, 5)


@dataclass
class _State:
    side: Side = Side.JP
    combat: Combat | None = None
    phase: Phase = Phase.MOVEMENT


@dataclass
class _Client:
    """Answers the questions the handlers ask, as a gate allowing a fixed set of actions would."""

    state: _State = field(default_factory=_State)
    units: dict[Hex, list[str]] = field(default_factory=lambda: {FRIEND: ["jp_a"]})
    attackers: tuple[str, ...] = ()

    def available_units(self) -> frozenset[str]:
        return frozenset()

    def undo_for(self, unit: str) -> None:
        return None

    def declare_at(self, h: Hex) -> Action | None:
        return DeclareCombat(side=Side.JP, defender=h) if h == DEFENDER and self.state.combat is None else None

    def destinations(self, unit: str) -> dict[Hex, Action]:
        return {DEFENDER: MoveUnit(side=Side.JP, unit=unit, to=DEFENDER)}

    def combat_choice(self, unit: str) -> Action | None:
        if unit in self.attackers:
            return RemoveAttacker(side=Side.JP, unit=unit)
        return AddAttacker(side=Side.JP, unit=unit)


class _Ctx(BattleContext):
    def own_units(self, h: Hex) -> list[str]:
        return self.client.units.get(h, [])  # type: ignore[attr-defined]

    def why_not_move(self, unit: str, h: Hex) -> str:
        return f"{unit} cannot reach {h}: it needs 3 MP and has 1 MP left."

    def why_not_attack(self, h: Hex) -> str | None:
        return None

    def why_idle(self, unit: str) -> str | None:
        return None


def _ctx(client: _Client) -> _Ctx:
    return _Ctx(client)  # type: ignore[arg-type]


def _sent(*results: Result) -> list[Action]:
    """The actions the handlers' answers ask the screen to submit, in order."""
    return [r.action for r in results if isinstance(r, Submit)]


def test_clicking_an_attackable_enemy_stack_declares_a_combat() -> None:
    # given no combat, when the enemy hex is clicked, then DeclareCombat is submitted
    result = Idle().click(DEFENDER, _ctx(_Client()))
    assert _sent(result) == [DeclareCombat(side=Side.JP, defender=DEFENDER)]


def test_while_declaring_clicks_add_and_remove_attackers_and_the_defender_cancels() -> None:
    # given a combat under declaration
    client = _Client(state=_State(combat=Combat(defender_hex=DEFENDER)))
    ctx = _ctx(client)
    # when a friendly hex is clicked, then its unit is added
    add = Idle().click(FRIEND, ctx)
    # when clicked again once it attacks, then it is removed
    client.attackers = ("jp_a",)
    remove = Idle().click(FRIEND, ctx)
    # when the defender is clicked, and when Esc is pressed, then the combat is cancelled
    cancel = Idle().click(DEFENDER, ctx)
    escape = Idle().escape(ctx)
    assert _sent(add, remove, cancel, escape) == [
        AddAttacker(side=Side.JP, unit="jp_a"), RemoveAttacker(side=Side.JP, unit="jp_a"),
        CancelCombat(side=Side.JP), CancelCombat(side=Side.JP),
    ]


def test_esc_after_the_roll_does_not_cancel_anything() -> None:
    # given a combat in its advance sub-phase, when Esc is pressed, then nothing is submitted
    advancing = Combat(defender_hex=DEFENDER, stage=CombatStage.ADVANCING)
    result = Idle().escape(_ctx(_Client(state=_State(combat=advancing))))
    assert _sent(result) == []


def test_a_selected_unit_moves_to_a_destination_and_the_selection_ends_whatever_the_gate_says() -> None:
    """R8.6: a click on a highlighted hex submits the move; the next handler is Idle."""
    result = UnitSelected("jp_a").click(DEFENDER, _ctx(_Client()))
    assert isinstance(result, Submit) and isinstance(result.then, Idle)
    assert result.action == MoveUnit(side=Side.JP, unit="jp_a", to=DEFENDER)


def test_a_click_that_is_no_destination_says_why_and_keeps_the_selection() -> None:
    # given a selected unit, when an empty hex that is no destination is clicked, then the gate's reason is shown
    result = UnitSelected("jp_a").click(Hex(9, 9), _ctx(_Client()))
    assert result == Hint(f"jp_a cannot reach {Hex(9, 9)}: it needs 3 MP and has 1 MP left.", warning=True)
    # and clicking the unit's own hex deselects it
    assert isinstance(UnitSelected("jp_a").click(FRIEND, _ctx(_Client())), Idle)


def test_demolish_mode_demolishes_the_ringed_bridge_nearest_the_click_and_stays_armed_R7_7() -> None:
    # given Demolish mode and one demolishable bridge
    bridge = (FRIEND, DEFENDER)
    demolish = DemolishBridge(side=Side.CW, a=FRIEND, b=DEFENDER)
    mode = Demolishing()
    # when the player clicks on the bridge, then it is demolished and the mode stays armed
    result = mode.click_at(edge_midpoint(bridge), _ctx(_Client()), {bridge: demolish})
    assert result == Submit(demolish, mode)
    # when the click is far from any ringed bridge, then a hint says where to click
    assert mode.click_at((-5000.0, -5000.0), _ctx(_Client()), {bridge: demolish}) == Hint(BRIDGE_HINT, warning=True)
    # and Esc leaves the mode
    assert isinstance(mode.escape(_ctx(_Client())), Idle)


def _counter(**flags: bool) -> CounterView:
    return CounterView("X", "CW", "Indian", "infantry", "X", 5, 6, 5, 2, 2, 2, **flags)


def test_available_selected_and_used_counters_differ_in_shape_not_only_colour(display: pygame.Surface) -> None:
    # given the same unit in each display state (R2.4)
    plain, available, selected, used = (render_counter(_counter(**f), 48) for f in
                                        ({}, {"available": True}, {"selected": True}, {"used": True}))
    # then each looks different, and the differences survive conversion to grey
    def grey(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGB")

    images = {grey(s) for s in (plain, available, selected, used)}
    assert len(images) == 4
