"""Victory hexes a side leaves empty at the end of its Movement phase, and why (the ``W`` explanation).

A victory hex the side controls with none of its units on it can be walked into by the enemy outside combat
(R13.2). When its Movement phase ends, the computer player names every such hex an enemy stack it knows of
could reach in the enemy's next player-turn, with the reason it is left: where its defenders went and for
what (a candidate action's task, a gathered attack, a pull-back before odds it could not hold), or that none
of its units could get there. Hexes no known enemy can reach are not named: nothing threatens them.
"""

from __future__ import annotations

from dataclasses import dataclass

from malaya.ai.evaluate import held_by
from malaya.ai.intent import LeftEmpty
from malaya.ai.move_context import MoveContext
from malaya.ai.told import NEAR, Told, Topic, spot, told
from malaya.ai.world import reach_threat
from malaya.engine import GameDef, GameState, Hex, Location

NEXT_TURN = 1
"""Enemy player-turns within which a threat to an empty victory hex is named."""


def victory_hexes(gd: GameDef) -> frozenset[Hex]:
    """The hexes whose control scores: objectives and fortress hexes (R15)."""
    return frozenset(gd.objective_vp) | frozenset(gd.singapore_hexes)


def manned(gd: GameDef, state: GameState, ctx: MoveContext) -> dict[Hex, tuple[str, ...]]:
    """The side's units on each victory hex it holds, at the start of its Movement phase."""
    out: dict[Hex, list[str]] = {}
    wanted = victory_hexes(gd)
    for u in state.units:
        if (u.location is Location.MAP and u.hex in wanted and gd.side_of(u.id) is ctx.side
                and held_by(state, u.hex, ctx.side)):
            out.setdefault(u.hex, []).append(u.id)
    return {h: tuple(units) for h, units in out.items()}


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What the player-turn did that the reasons are read from."""

    manned: dict[Hex, tuple[str, ...]]  # victory hexes held at the start of its Movement phase → own units on them
    tasks: dict[str, Told]  # unit → what a candidate action sent it to do (``marches on Kampar``)
    moved_to: dict[str, Hex]  # own unit → where it stood when the Movement phase ended
    attacked: frozenset[Hex]  # the hexes it attacked in its Combat phase


def left_empty(gd: GameDef, state: GameState, ctx: MoveContext, turn: TurnRecord) -> list[LeftEmpty]:
    """The victory hexes the side holds, empty of its units at the end of its player-turn, that a known enemy
    stack could reach next turn, each with its reason (see module docstring)."""
    occupied = {u.hex for u in state.units if u.location is Location.MAP and gd.side_of(u.id) is ctx.side}
    out = []
    for h in sorted(victory_hexes(gd)):
        if h in occupied or not held_by(state, h, ctx.side) or reach_threat(gd, ctx.picture, h, NEXT_TURN) <= 0:
            continue
        out.append(LeftEmpty(h, gd.place_name(h), _reason(gd, state, ctx, turn, turn.manned.get(h, ()))))
    return out


def _reason(gd: GameDef, state: GameState, ctx: MoveContext, turn: TurnRecord, defenders: tuple[str, ...]) -> Told:
    """Why the hex was left: what its defenders went to do, or that it had none this player-turn."""
    if not defenders:
        return told(Topic.NONE_SPARED)
    uid = defenders[0]
    name = gd.unit_def(uid).name
    unit = state.units[gd.unit_index[uid]]
    if unit.location is not Location.MAP or unit.hex is None:
        return told(Topic.DESTROYED, unit=name)
    if unit.hex != turn.moved_to.get(uid, unit.hex):
        return (told(Topic.ADVANCED, unit=name, where=spot(gd, unit.hex)) if unit.hex in turn.attacked
                else told(Topic.PUSHED_BACK, unit=name))
    if uid in turn.tasks:
        return told(Topic.ON_TASK, unit=name, task=turn.tasks[uid])
    if uid in ctx.assault:
        return told(Topic.JOINS_ATTACK, unit=name, place=gd.place_name(ctx.assault[uid]).removeprefix(NEAR))
    return told(Topic.WORTH_MORE, unit=name, where=spot(gd, unit.hex))
