"""Rollouts (``Behaviour.DRAW_DESTINATIONS``): a JP unit weighs a handful of its destinations, not all it can reach.

A rollout plays a whole campaign on from a position many times over (``session.analysis``), so its computer
players should be cheap, and weighing every reachable hex for every unit is much of the AI's work. The JP, whose
units reach the most hexes, weighs instead the hexes that matter most and a seeded draw of the rest (the random
part of a rollout policy, as in Monte Carlo game analysis): staying put, every hex next to an enemy stack
(contact, attacks), every objective, the hex an assault keeps for the unit, and :data:`DRAWN` more drawn by the
AI's own seeded generator, so the same seed still plays the same game. The CW weighs every hex: a drawn defence
line leaks. Always weighing the hexes nearest the enemy's fortress as well made the JP win 81 % of the games from
the opening against normal's 45 % (``docs/analysis.md``), so they are drawn like the rest.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from malaya.ai.move_context import MoveContext
from malaya.engine import GameDef, Hex, Side

DRAWN = 8
"""JP: the destinations drawn at random and weighed besides the key ones."""


def weighed_routes(gd: GameDef, ctx: MoveContext, unit_id: str, routes: Mapping[Hex, object],
                   rng: random.Random) -> Mapping[Hex, object]:
    """The part of ``routes`` a unit weighs (see module docstring): all of them for the CW or when they are few."""
    if ctx.side is not Side.JP or len(routes) <= DRAWN:
        return routes
    hexes = sorted(routes)
    stacks = ctx.picture.stacks
    spot = ctx.assault_spot.get(unit_id)
    contact = {n for h in stacks for n in gd.adjacent[h]}
    keep = {d for d in hexes if d == spot or d in contact or d in ctx.know.objectives}
    rest = [d for d in hexes if d not in keep]
    keep.update(rng.sample(rest, min(DRAWN, len(rest))))
    return {d: routes[d] for d in hexes if d in keep}
