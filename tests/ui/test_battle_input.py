"""The input handlers' combat clicks (R12.10), Demolish mode (R7.7) and the map's input state, against a scripted
stand-in for the client."""

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
    MapInput,
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
    available: frozenset[str] = frozenset()
    human: bool = True

    def available_units(self) -> frozenset[str]:
        return self.available

    def is_human_turn(self) -> bool:
        return self.human

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

    def bridges_left(self) -> bool:
        return bool(self.client.bridges)  # type: ignore[attr-defined]


@dataclass
class _BridgeClient(_Client):
    bridges: tuple[str, ...] = ()


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


def test_the_demolish_button_arms_the_mode_from_any_selection_and_a_second_press_leaves_it_R7_7() -> None:
    # given nothing selected, or a unit selected, when Demolish is pressed, then the mode is armed
    assert isinstance(Idle().demolish(), Demolishing)
    assert isinstance(UnitSelected("jp_a").demolish(), Demolishing)
    # when it is pressed again, then the mode is left
    assert isinstance(Demolishing().demolish(), Idle)


def test_demolish_mode_ends_by_itself_on_the_players_turn_once_no_bridge_is_left_R7_7() -> None:
    # given Demolish mode with a bridge left, then it stays armed
    mode = Demolishing()
    assert mode.settle(_ctx(_BridgeClient(bridges=("Perak",)))) is mode
    # given no bridge left during the other side's turn, then it waits for the player's turn
    assert mode.settle(_ctx(_BridgeClient(human=False))) is mode
    # given no bridge left on the player's turn, then the mode ends
    assert isinstance(mode.settle(_ctx(_BridgeClient())), Idle)


def test_a_selected_unit_is_let_go_once_it_can_no_longer_act_and_idle_stays_idle() -> None:
    # given a selected unit that can still act, then it stays selected
    selected = UnitSelected("jp_a")
    assert selected.settle(_ctx(_Client(available=frozenset({"jp_a"})))) is selected
    # when it can act no more (it moved, the phase ended), then nothing is selected
    assert isinstance(selected.settle(_ctx(_Client())), Idle)
    idle = Idle()
    assert idle.settle(_ctx(_Client())) is idle
    # and Review selects a unit left to act, whatever was selected
    assert Demolishing().focus("jp_a") == UnitSelected("jp_a")


def test_the_map_input_keeps_the_selection_and_the_map_shown_apart_R18_1() -> None:
    # given the opening input: nothing selected, the Tactical Map
    start = MapInput()
    assert isinstance(start.handler, Idle) and not start.strategic and start.selected is None
    # when the Strategic Map is shown and a unit is selected there, then both hold
    shown = start.toggled_map().then(UnitSelected("jp_a"))
    assert shown.strategic and shown.selected == "jp_a"
    # when the game moves on under the player, then the selection goes and the map stays
    dropped = shown.dropped()
    assert dropped.strategic and isinstance(dropped.handler, Idle)
    # and the Tactical Map is shown again, keeping the selection
    assert shown.on_tactical() == MapInput(UnitSelected("jp_a"), strategic=False)
    assert start.on_strategic().strategic and not start.on_strategic().toggled_map().strategic
