"""CW: keep retreat room on its redoubt (``Behaviour.KEEP_RETREAT_ROOM``, ``ARMOR_ANCHOR``; Singapore island in
the campaign; issue 18, blunder 4).

Measured over 30 seeds (baseline JP vs hard CW), 190 of 212 stranded CW unit-turns were island stacks
pushed off the island by a retreat (R12.8): a defending stack retreats two hexes together, each hex one
farther from the combat hex, and must end where it fits (R4.2), else one hex farther. Once the JP holds
Seletar and Tengah, the only island hex two hexes from Sembawang or Singapore is the fortress hex at the
east end (56,38), held at its 4 points, so the stack goes on across the strait into the swamp, where no
supply line reaches it (R10.4). The island's hexes take 4 points each and the CW brings about as many.

So a garrison unit weighs the *retreat room* its move leaves: the stacking points of the CW island
stacks the JP can attack next turn that would find no island hex to retreat to (:func:`stranded_points`).
The check follows the engine's rule closely: a two-hex path away from the combat hex, never through a
JP-held hex or over all-sea, ending on an island hex with room for the whole stack and no farther from
a CW Singapore fortress hex than one hex (a retreat prefers the end nearest supply, R12.8, and the
swamp across the strait is one hex from the east fortress hex).
"""

from __future__ import annotations

from malaya.ai.knowledge import MapKnowledge, units_by_hex
from malaya.engine import GameDef, GameState, Hex, Side, Terrain, UnitType, memoized

ROOM_COST = 2.5
"""The garrison score lost per stacking point of a threatened island stack its move leaves without room."""
ANCHOR = 6.0
"""With ``Behaviour.ARMOR_ANCHOR``: the garrison score of an armor unit on the island hex the JP can hit hardest."""


def redoubt_points(gd: GameDef, state: GameState, know: MapKnowledge) -> tuple[dict[Hex, int], frozenset[Hex]]:
    """CW stacking points on each island hex, and the hexes JP units hold (cached per position: read, never
    changed, by every scored move)."""
    def build() -> tuple[dict[Hex, int], frozenset[Hex]]:
        points: dict[Hex, int] = {}
        jp: set[Hex] = set()
        for h, units in units_by_hex(gd, state).items():
            if gd.side_of(units[0].id) is Side.JP:
                jp.add(h)
            elif h in know.redoubt:
                points[h] = sum(gd.stacking_value(u.id) for u in units)
        return points, frozenset(jp)

    return memoized(gd, state, ("ai", "redoubt_points"), build)


def has_room(gd: GameDef, state: GameState, know: MapKnowledge, points: dict[Hex, int], jp: frozenset[Hex],
             h: Hex) -> bool:
    """True if the CW stack on island hex ``h`` (``points[h]``) could retreat two hexes and stay on the island."""
    group = points.get(h, 0)
    sources = [f for f in know.fortress if f not in jp]
    for a in gd.adjacent[h]:
        if a in jp or gd.board.terrain_at(a) is Terrain.SEA:
            continue
        for b in gd.adjacent[a]:
            if b.distance(h) != 2 or b not in know.redoubt or b in jp:
                continue
            if min((b.distance(s) for s in sources), default=9) > 1:
                continue
            if points.get(b, 0) + group <= gd.stacking_limit(b, state):
                return True
    return False


def stranded_points(gd: GameDef, state: GameState, know: MapKnowledge, threat: dict[Hex, float],
                    points: dict[Hex, int], jp: frozenset[Hex]) -> int:
    """Stacking points of the CW island stacks the JP can attack next turn that have no retreat room."""
    return sum(p for h, p in points.items()
               if p and threat.get(h, 0.0) > 0 and not has_room(gd, state, know, points, jp, h))


def room_value(gd: GameDef, state: GameState, know: MapKnowledge, threat: dict[Hex, float], unit_id: str,
               d: Hex) -> float:
    """The score of CW unit ``unit_id`` ending on ``d`` for the retreat room it leaves on the island:
    :data:`ROOM_COST` per point of threatened stack it leaves without room (or gives room back)."""
    here = state.units[gd.unit_index[unit_id]].hex
    if here == d or (here not in know.redoubt and d not in know.redoubt):
        return 0.0
    points, jp = redoubt_points(gd, state, know)
    before = stranded_points(gd, state, know, threat, points, jp)
    after_points = dict(points)
    value = gd.stacking_value(unit_id)
    if here in after_points:
        after_points[here] -= value
    if d in know.redoubt:
        after_points[d] = after_points.get(d, 0) + value
    after = stranded_points(gd, state, know, threat, after_points, jp)
    return ROOM_COST * (before - after)


def retreat_ends(gd: GameDef, state: GameState, know: MapKnowledge, points: dict[Hex, int], jp: frozenset[Hex],
                 h: Hex) -> set[Hex]:
    """Where the CW stack on ``h`` could end a retreat (R12.8): two hexes away, each one farther from ``h``,
    never through a JP-held hex or into the sea; a third hex when the second has no room for it."""
    group = points.get(h, 0)
    ends: set[Hex] = set()

    def fits(e: Hex) -> bool:
        return points.get(e, 0) + group <= gd.stacking_limit(e, state)

    def extend(prev: Hex, depth: int) -> None:
        for n in gd.adjacent[prev]:
            if n.distance(h) != depth or n in jp or gd.board.terrain_at(n) is Terrain.SEA:
                continue
            if depth >= 2 and fits(n):
                ends.add(n)
            elif depth < 3:
                extend(n, depth + 1)

    extend(h, 1)
    return ends


def block_hexes(gd: GameDef, state: GameState, know: MapKnowledge, threat: dict[Hex, float]) -> dict[Hex, int]:
    """Off-island hexes where a threatened CW island stack with no island room would end its retreat, each
    with how many such stacks; a CW unit standing there keeps a full stack from ending there, so its retreat
    is blocked and it holds its hex (losing two steps, R12.8) instead of starving in the swamp."""
    points, jp = redoubt_points(gd, state, know)
    out: dict[Hex, int] = {}
    for h, p in points.items():
        if not p or not threat.get(h, 0.0) or has_room(gd, state, know, points, jp, h):
            continue
        for e in retreat_ends(gd, state, know, points, jp, h):
            if e not in know.redoubt:
                out[e] = out.get(e, 0) + 1
    return out


def anchor_value(gd: GameDef, know: MapKnowledge, threat: dict[Hex, float], unit_id: str, d: Hex) -> float:
    """The score of a CW armor unit ending on island hex ``d``: :data:`ANCHOR` times the share of the JP's reach
    onto the island that ``d`` faces (0 for infantry, off the island, or while the JP cannot attack it).

    Armor may not cross the strait (R5.2) nor enter swamp (R5.1), and a stack retreats together (R12.8), so
    a stack holding armor is never pushed across the strait into the swamp: with no island room its retreat
    is blocked, it loses two steps and holds its hex."""
    if gd.unit_def(unit_id).type is not UnitType.ARMOR or d not in know.redoubt:
        return 0.0
    most = max((threat.get(h, 0.0) for h in know.redoubt), default=0.0)
    return ANCHOR * threat.get(d, 0.0) / most if most > 0 else 0.0

