"""JP movement: end in contact with CW stacks its air points can reach, so that attack AP have a combat
to go to instead of lapsing unused at the end of the player-turn (R11.2, issue 18).

A combat may take attack AP only if the defender's hex lies within air range of an airfield the
attacker controls (R11.5), and at most 3 AP a combat (R11.3). So a unit that ends next to a CW stack
within range gives the phase somewhere to spend AP, and a second such contact when one is already
made gives the AP above the first combat's 3 a second combat. The engine's
:func:`malaya.engine.air.in_air_range` reads hex control, which changes at the end of the Movement
phase (R3.3, R13.2), so a CW airfield a JP unit enters extends the range in time for the Combat phase.
"""

from __future__ import annotations

from malaya.ai.move_context import MoveContext
from malaya.engine import GameDef, GameState, Hex, Side, in_air_range, static_value, usable_connections

CONTACT_WEIGHT = 2.5
"""JP (``Behaviour.SEEK_AIR_CONTACT``): what a contact (:func:`contact_value`) is worth in the movement score."""
SECOND_CONTACT = 2.5
"""A new contact when another CW stack in range is already in contact is worth this much more."""
AIRFIELD_SHARE = 0.5
"""Taking a CW airfield (it extends JP air range, R11.5) is worth this share of a contact."""


def air_targets(gd: GameDef, state: GameState, ctx: MoveContext) -> frozenset[Hex]:
    """The known CW stacks within JP air range this phase (computed once per phase)."""
    if ctx.air_targets is None:
        ctx.air_targets = frozenset(h for h in ctx.picture.stacks if in_air_range(gd, state, Side.JP, h))
    return ctx.air_targets


def airfield_hexes(gd: GameDef) -> frozenset[Hex]:
    """The map's airfield hexes (static, cached per game definition)."""
    return static_value(gd, ("ai", "airfields"), lambda: frozenset(p.hex for p in gd.board.places if p.airfield))


def contact_value(gd: GameDef, state: GameState, ctx: MoveContext, attack: float, armor: bool, d: Hex,
                  gathered: dict[Hex, float], weight: float) -> float:
    """What a JP unit of ``attack`` factors ending on ``d`` adds as contact with CW stacks in air range."""
    targets = air_targets(gd, state, ctx)
    contacted = sum(1 for h in targets if gathered.get(h, 0.0) > 0.0)
    best = 0.0
    for n in gd.adjacent[d]:
        if n not in targets:
            continue
        usable = usable_connections(gd, d, n, state.demolished)
        if armor and not usable:
            continue
        mult = 0.5 if gd.board.hexside(d, n) is not None and not usable else 1.0
        defense = _defense(ctx, n)
        before = gathered.get(n, 0.0)
        reach = min(1.0, (before + attack * mult) / defense)  # how near an even attack the contact gets
        new = before <= 0.0
        worth = reach * (SECOND_CONTACT if new and contacted > 0 else 1.0 if new else 0.5)
        best = max(best, worth)
    if state.controller(d) is Side.CW and d in airfield_hexes(gd):
        best += AIRFIELD_SHARE
    return weight * best


def _defense(ctx: MoveContext, h: Hex) -> float:
    """The estimated defense of the known CW stack on ``h``, terrain included."""
    return max(0.5, ctx.picture.stacks[h].defense * ctx.know.defense_mult.get(h, 1.0))
