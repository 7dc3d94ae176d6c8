"""Rollouts (``Behaviour.DRAW_DESTINATIONS``): a JP unit weighs a handful of its destinations, not all it can reach.

A rollout plays a whole campaign on from a position many times over (``session.analysis``), so its computer
players must be cheap, and weighing every reachable hex for every unit is most of the AI's work. The JP, whose
units reach the most hexes, weighs instead the hexes that matter most and a seeded draw of the rest (the random
part of a rollout policy, as in Monte Carlo game analysis): staying put, every hex next to an enemy stack
(contact, attacks), every objective, the hex an assault keeps for the unit, the :data:`ADVANCE` hexes nearest
the enemy's fortress, and :data:`DRAWN` more drawn by the AI's own seeded generator, so the same seed still
plays the same game. The CW weighs every hex: a drawn defence line leaks (measured in ``docs/analysis.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from malaya.ai.move_context import MoveContext
from malaya.engine.gamedef import GameDef
from malaya.engine.hexgrid import Hex
from malaya.engine.sides import Side
from malaya.engine.unitdefs import UnitType

ADVANCE = 4
"""JP: the destinations nearest the enemy's fortress always weighed (the advance)."""
DRAWN = 8
"""JP: the other destinations drawn at random and weighed."""


def weighed_routes(gd: GameDef, ctx: MoveContext, unit_id: str, routes: Mapping[Hex, object],
                   rng: random.Random) -> Mapping[Hex, object]:
    """The part of ``routes`` a unit weighs (see module docstring): all of them for the CW or when they are few."""
    if ctx.side is not Side.JP or len(routes) <= DRAWN + ADVANCE:
        return routes
    hexes = sorted(routes)
    stacks = ctx.picture.stacks
    spot = ctx.assault_spot.get(unit_id)
    contact = {n for h in stacks for n in gd.adjacent[h]}
    keep = {d for d in hexes if d == spot or d in contact or d in ctx.know.objectives}
    armor = gd.unit_def(unit_id).type is UnitType.ARMOR
    keep.update(sorted(hexes, key=lambda d: (ctx.know.dist(d, armor), d))[:ADVANCE])
    rest = [d for d in hexes if d not in keep]
    keep.update(rng.sample(rest, min(DRAWN, len(rest))))
    return {d: routes[d] for d in hexes if d in keep}
