"""What a computer player does when its plan went stale or the true game refused it: a safe legal action.

If the phase cannot end (an overstacked hex, R3.2), moves are taken back (R7.6): each undo brings the phase nearer
its legal start, where picking any legal move could wander forever; with nothing left to take back, a move that
takes a unit out of an overstacked hex to one where it fits.
"""

from __future__ import annotations

from malaya import engine
from malaya.engine import (
    Action,
    CancelCombat,
    ChanceResult,
    EndCombat,
    EndPhase,
    GameDef,
    GameState,
    MoveUnit,
    RollDice,
    UndoMove,
    UndoPlacement,
    overstacked_hexes,
    stack_points,
)

SAFE_ACTIONS: tuple[type[Action], ...] = (EndPhase, RollDice, EndCombat, CancelCombat, ChanceResult, UndoMove,
                                          UndoPlacement)
"""The actions a stale plan falls back on, in order of preference."""


def safe_action(gd: GameDef, state: GameState, refused: set[Action]) -> Action:
    """A legal action that is not among ``refused`` (the game refused it, or it is a move taken back this phase),
    of the safest kind there is (see module docstring)."""
    legal = [a for a in engine.legal_actions(gd, state) if a not in refused] or engine.legal_actions(gd, state)
    if not legal:  # nothing to do on this view (the enemy placing units it cannot see): the true game decides
        return EndPhase(side=state.side)
    for kind in SAFE_ACTIONS:
        for a in legal:
            if isinstance(a, kind):
                return a
    return relieving_move(gd, state, legal) or legal[0]


def relieving_move(gd: GameDef, state: GameState, legal: list[Action]) -> MoveUnit | None:
    """A move that takes a unit out of an overstacked hex to one where it fits (R4.1), so a phase that cannot end
    (R3.2) and has no move left to take back gets nearer its end instead of wandering; None if there is none."""
    over = set(overstacked_hexes(gd, state))
    if not over:
        return None
    points = stack_points(gd, state)
    for a in legal:
        if isinstance(a, MoveUnit) and a.to not in over:
            here = state.units[gd.unit_index[a.unit]].hex
            fits = points.get(a.to, 0) + gd.stacking_value(a.unit) <= gd.stacking_limit(a.to, state)
            if here in over and fits:
                return a
    return None
