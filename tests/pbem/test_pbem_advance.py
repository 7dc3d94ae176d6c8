"""By e-mail the attacker's order names, unit by unit, who advances if the hex is vacated (R12.9, issue 30).

R12.9: only if the defender's hex was vacated may participating attackers advance into it; advancing is
optional. By e-mail the choice is written with the order, before the die, and the defender's program
carries it out: the units named advance, and only they.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from malaya.engine.actions import RollDice
from malaya.engine.gamedef import GameDef
from malaya.engine.sides import Side
from malaya.engine.state import CombatStage, GameState, Phase
from malaya.persistence.pbem.games import Stage, new_game, receive
from malaya.persistence.pbem.turn_keeper import TurnKeeper
from malaya.session.controllers import make_controller
from malaya.session.game_client import GameClient
from malaya.session.match import Match
from malaya.session.pbem.orders import CombatOrder, plan_orders, resolve_orders
from tests.bundled import bundled_game


@dataclass(frozen=True)
class Vacating:
    """A Combat phase position, an order of two or more attackers, and dice that make its defender leave the hex."""

    gd: GameDef
    state: GameState
    order: CombatOrder
    pick: int


def _roller(pick: int):  # type: ignore[no-untyped-def]
    return lambda outcomes: outcomes[min(pick, len(outcomes) - 1)]


def _occupants(state: GameState, order: CombatOrder) -> set[str]:
    return {u.id for u in state.units if u.hex == order.defender}


def _resolved(v: Vacating, advance: Sequence[str]) -> GameState:
    match = Match(v.gd, 0, v.state, roller=_roller(v.pick))
    assert resolve_orders(match, [CombatOrder(v.order.defender, v.order.attackers, v.order.air_points,
                                              tuple(advance))]) == []
    return match.state


@pytest.fixture(scope="module")
def vacating() -> Vacating:
    """Jitra played by the computer to the first order of two or more attackers that a die can win outright."""
    gd = bundled_game("jitra")
    match = Match.new(gd, 3, ())
    players = {side: make_controller("ai:normal", side, 5) for side in Side}
    for _ in range(5000):
        state = match.state
        if state.phase is Phase.COMBAT and state.combat is None and not state.finished:
            for order in plan_orders(match, players[state.side], 11):
                for pick in range(6) if len(order.attackers) >= 2 else ():
                    found = Vacating(gd, state, order, pick)
                    if _occupants(_resolved(found, order.attackers), order) == set(order.attackers):
                        return found
        assert match.submit(players[state.side](gd, state)) is None
    raise AssertionError("no combat of two attackers won outright")


@pytest.mark.slow
def test_only_the_attackers_the_order_names_advance_into_the_vacated_hex(vacating: Vacating) -> None:
    first, second = vacating.order.attackers[:2]
    where = {u.id: u.hex for u in vacating.state.units}
    # given an order whose defender will leave the hex (R12.9), naming different attackers to advance
    for advance in ((first,), (second,), (), vacating.order.attackers):
        # when the defender's program resolves it
        after = _resolved(vacating, advance)
        # then exactly the named attackers stand in the vacated hex, and every other attacker stayed where it was
        assert _occupants(after, vacating.order) == set(advance)
        stayed = {u.id: u.hex for u in after.units if u.id in vacating.order.attackers and u.id not in advance}
        assert stayed == {u: where[u] for u in stayed}


@pytest.mark.slow
def test_a_unit_marked_to_stay_is_left_out_of_the_order_and_the_file_carries_the_choice(tmp_path: Path) -> None:
    # given a Jitra game CW started, opened by JP, whose moves a computer player makes click by click
    _cw, invitation = new_game(tmp_path / "cw", "jitra", Side.CW)
    jp_game, _ = receive(tmp_path / "jp", invitation.path)
    client = GameClient(jp_game.match, humans=frozenset({Side.JP}), combat_by_orders=True)
    keeper = TurnKeeper(jp_game, choice=client.advance_choice)
    client.after_submit.append(keeper.follow)
    player = make_controller("ai:normal", Side.JP, 8)
    staying: dict[int, str] = {}
    for _ in range(2000):
        if keeper.sent is not None:
            break
        action = player(client.gd, client.state)
        combat = client.state.combat
        if isinstance(action, RollDice) and combat is not None and combat.stage is CombatStage.DECLARING:
            # when, before each Give Order, the player marks the first attacker to stay put
            staying[len(keeper.orders)] = combat.attackers[0]
            client.advance_choice.toggle(combat.attackers[0])
        assert client.submit(action) is None
    assert keeper.sent is not None and keeper.orders, "the computer attacked nothing"
    # then each order lets every attacker but that one advance, and says so
    for number, order in enumerate(keeper.orders):
        assert order.advance == tuple(u for u in order.attackers if u != staying[number])
    stays_name = client.gd.unit_def(staying[0]).name
    assert any(f"({stays_name} stays)" in note or "no unit advances" in note for note in keeper.notes)
    # and the Commonwealth's game reads the same choice out of the sealed file before fighting it
    cw_game, _ = receive(tmp_path / "cw", keeper.sent.path)
    assert cw_game.stage is Stage.YOUR_TURN
    work = cw_game.ledger.work
    assert work is not None and work.orders == keeper.orders
