"""Bridge demolition by CW and repair by JP (RULES R7.7).

Demolition: in his Movement phase the CW player may demolish a bridge (a road or
rail connection across a river hexside) or the causeway when both hexes beside it
are CW-controlled and neither lies in a JP zone of control.

Repair ("a JP unit adjacent to it, not in an EZOC, for one whole JP
player-turn") is checked at the two ends of every JP player-turn, see
docs/rules-notes.md (R7.7): a JP unit must stand in one of the two hexes that
share the hexside, outside every CW ZOC, when the CW player-turn before ends
(that is, when the JP player-turn starts) and again when the JP player-turn ends,
and the unit there at the end must not have moved by land or sea in between.
``state.repairs`` counts the whole JP player-turns held so far per bridge; after
``ruleset.movement.bridge_repair_turns`` of them the bridge is repaired.
"""

from __future__ import annotations

from dataclasses import replace

from malaya.engine.actions import Action, DemolishBridge, Rejection
from malaya.engine.events import Event
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Edge, Hex, edge
from malaya.engine.refusal import Refusal
from malaya.engine.registry import Handler, reject
from malaya.engine.sides import Side
from malaya.engine.state import GameState, Location
from malaya.engine.step_tables import static_value
from malaya.engine.zoc import zoc_hexes


class BridgeDemolished(Event):
    """CW demolished the bridge (or causeway) on the hexside between ``a`` and ``b`` (R7.7)."""

    a: Hex
    b: Hex


class BridgeRepaired(Event):
    """JP repaired the demolished bridge between ``a`` and ``b`` (R7.7)."""

    a: Hex
    b: Hex


def bridge_edges(gd: GameDef) -> list[Edge]:
    """Every bridge and causeway hexside of the map, sorted (static)."""
    return static_value(gd, "bridges", lambda: sorted(gd.board.bridges()))


def _check_demolish(gd: GameDef, state: GameState, action: DemolishBridge) -> Rejection | None:
    """CW may demolish a bridge whose two hexes it controls, outside JP ZOC (R7.7)."""
    a, b = action.a, action.b
    if action.side is not Side.CW:
        return reject(Refusal.CW_ONLY)
    if a.direction_to(b) is None or not gd.board.on_map(a) or not gd.board.on_map(b):
        return reject(Refusal.NOT_ADJACENT)
    one, other = gd.describe_hex(a), gd.describe_hex(b)
    if not gd.board.is_bridge(a, b):
        return reject(Refusal.NOT_A_BRIDGE, a=one, b=other)
    if edge(a, b) in state.demolished:
        return reject(Refusal.ALREADY_DEMOLISHED, a=one, b=other)
    if state.controller(a) is not Side.CW or state.controller(b) is not Side.CW:
        return reject(Refusal.NOT_CW_CONTROLLED, a=one, b=other)
    jp_zoc = zoc_hexes(gd, state, Side.JP)
    if a in jp_zoc or b in jp_zoc:
        return reject(Refusal.IN_ENEMY_ZOC, a=one, b=other)
    return None


def _apply_demolish(gd: GameDef, state: GameState, action: DemolishBridge) -> tuple[GameState, list[Event]]:
    """The hexside stops counting as a bridge for movement and combat (R7.7)."""
    e = edge(action.a, action.b)
    repairs = tuple((r, n) for r, n in state.repairs if r != e)
    new = replace(state, demolished=state.demolished | {e}, repairs=repairs)
    return new, [BridgeDemolished(a=e[0], b=e[1])]


DEMOLISH = Handler(check=_check_demolish, apply=_apply_demolish)
"""The DemolishBridge handler (Movement phase)."""


def demolition_candidates(gd: GameDef, state: GameState) -> list[Action]:
    """DemolishBridge for every standing bridge, CW only (the gate filters the rest)."""
    if state.side is not Side.CW:
        return []
    return [DemolishBridge(side=Side.CW, a=a, b=b) for a, b in bridge_edges(gd) if (a, b) not in state.demolished]


def _held(gd: GameDef, state: GameState, e: Edge, cw_zoc: frozenset[Hex], stayed: bool) -> bool:
    """True if a JP unit stands beside the hexside outside CW ZOC (and, if ``stayed``, did not move)."""
    for unit in state.units:
        if unit.location is not Location.MAP or unit.hex not in e or unit.hex in cw_zoc:
            continue
        if gd.side_of(unit.id) is not Side.JP:
            continue
        if not stayed or not (unit.ground_moved or unit.sea_moved):
            return True
    return False


def on_end_of_player_turn(gd: GameDef, state: GameState) -> tuple[GameState, list[Event]]:
    """Advance JP repairs of demolished bridges at the end of each player-turn (R7.7; see module docstring)."""
    if not state.demolished:
        return state, []
    cw_zoc = zoc_hexes(gd, state, Side.CW)
    progress = dict(state.repairs)
    needed = gd.scenario.ruleset.movement.bridge_repair_turns
    repaired: list[Edge] = []
    for e in sorted(state.demolished):
        if state.side is Side.CW:  # the JP player-turn begins next
            if _held(gd, state, e, cw_zoc, stayed=False):
                progress.setdefault(e, 0)
            else:
                progress.pop(e, None)
        elif e in progress and _held(gd, state, e, cw_zoc, stayed=True):
            progress[e] += 1
            if progress[e] >= needed:
                repaired.append(e)
                del progress[e]
        else:
            progress.pop(e, None)
    new = replace(state, demolished=state.demolished - set(repaired), repairs=tuple(sorted(progress.items())))
    return new, [BridgeRepaired(a=a, b=b) for a, b in repaired]
