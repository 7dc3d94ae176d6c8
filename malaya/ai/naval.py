"""Naval moves (R9): JP sails its box units and lands behind the CW front on the East coast
(West too once open); CW evacuates units about to be cut off to Singapore."""

from __future__ import annotations

from malaya.ai.knowledge import EnemyPicture, MapKnowledge
from malaya.ai.landing_assault import historical_landing_score
from malaya.ai.levels import Behaviour, Level
from malaya.engine import GameDef, GameState, Hex, Location, NavalMove, Side, naval_destinations, observation

MAP_LANDINGS = 1
"""JP (``Behaviour.LAND_FROM_MAP_PORTS``): sea moves a phase may make from map ports (turn 3 on)."""


def landing_odds(
    gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture, port: Hex, attack: float
) -> float:
    """Estimated assault odds against an enemy-held port (amphibious: a column worse, R12.5)."""
    stack = picture.stacks.get(port)
    if stack is None:
        return 99.0
    return attack / max(0.5, stack.defense * know.defense_mult.get(port, 1.0))


def jp_front(gd: GameDef, state: GameState, know: MapKnowledge) -> float:
    """The foremost JP unit's MP distance to Singapore."""
    return min((know.dist(u.hex) for u in state.units
                if u.location is Location.MAP and gd.side_of(u.id) is Side.JP), default=500.0)


BODY_POINTS_PER_UNIT = 2
"""Stacking points of a typical JP unit (a regiment, R2.1): the main body is counted in points."""


def jp_main_front(gd: GameDef, state: GameState, know: MapKnowledge, body: int = 3) -> float:
    """The MP distance to Singapore reached by the JP main body as the side to act sees it (R2.5):
    where the foremost ``body`` units' worth of stacking points stand (a lone landing ahead of the
    army does not count). CW counts the JP units it sees and the points of every "Unknown" stack."""
    seen = observation(gd, state, state.side)
    jp = seen.own if state.side is Side.JP else seen.enemy
    stacks = [(know.dist(u.hex), gd.stacking_value(u.id)) for u in jp if u.location is Location.MAP]
    if state.side is Side.CW:
        stacks += [(know.dist(s.hex), s.stacking) for s in seen.unknown]
    if not stacks:
        return 500.0
    stacks.sort()
    need = min(body * BODY_POINTS_PER_UNIT, sum(points for _, points in stacks))
    counted = 0
    for dist, points in stacks:
        counted += points
        if counted >= need:
            return dist
    return stacks[-1][0]


MAP_LANDING_GAIN = 8.0
"""MP toward Singapore a JP unit already ashore must gain by re-embarking to land elsewhere."""


def score_jp_port(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, picture: EnemyPicture,
                  unit_id: str, port: Hex, landing: bool, front: float) -> float | None:
    """Value of sailing ``unit_id`` to ``port`` (None: never)."""
    unit = state.units[gd.unit_index[unit_id]]
    dist = know.dist(port)
    near_friend = any(u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is Side.JP
                      and u.hex.distance(port) <= 6 for u in state.units)
    if landing:
        if unit.location is Location.MAP and (dist > know.dist(unit.hex) - MAP_LANDING_GAIN
                                              or dist < jp_main_front(gd, state, know) - lvl.reach):
            return None  # a unit already ashore re-embarks only to land well ahead, near the main body
        if dist < front - lvl.reach and not near_friend:
            return None  # too deep: an isolated landing far beyond air cover and support
        if lvl.has(Behaviour.SCRIPTED_FIRST_LANDING) and gd.first_landing.get(unit_id) == port:
            return historical_landing_score(gd, state, unit_id, port, lvl.caution)  # R17, issue 18
        attack = gd.unit_def(unit_id).factors(unit.steps).attack
        odds = landing_odds(gd, state, know, picture, port, attack)
        if odds < 2.5:
            return None
        value = 3.0 + 0.08 * max(0.0, front - dist) + 1.0 * know.objectives.get(port, 0)
        return value - (0.0 if odds > 50 else 1.0)
    if unit.location is Location.JP_BOX:
        return 1.0 - 0.02 * abs(dist - front)
    return None  # on-map units sail only to land


def jp_naval_move(gd: GameDef, state: GameState, know: MapKnowledge, lvl: Level, picture: EnemyPicture
                  ) -> NavalMove | None:
    """The next JP sea move worth making, or None."""
    front = jp_front(gd, state, know)
    best: tuple[float, NavalMove] | None = None
    # JP sea moves already made this phase (box units count too: they are on the map once shipped)
    shipped = sum(1 for u in state.units
                  if u.location is not Location.JP_BOX and u.sea_moved and gd.side_of(u.id) is Side.JP)
    for u in state.units:
        if gd.side_of(u.id) is not Side.JP or u.used:
            continue
        from_map = (u.location is Location.MAP and state.turn >= 3 and lvl.has(Behaviour.LAND_FROM_MAP_PORTS)
                    and shipped < MAP_LANDINGS
                    and u.hex in know.ports and state.controller(u.hex) is Side.JP)
        if u.location is not Location.JP_BOX and not from_map:
            continue
        if u.location is Location.MAP and u.hex is not None and any(s.hex.distance(u.hex) <= 2
                                                                     for s in picture.stacks.values()):
            continue  # in contact: it fights where it is
        for port, landing in naval_destinations(gd, state, u.id):
            s = score_jp_port(gd, state, know, lvl, picture, u.id, port, landing, front)
            if s is not None and (best is None or s > best[0]):
                best = (s, NavalMove(side=Side.JP, unit=u.id, port=port, landing=landing))
    return best[1] if best else None


def cw_naval_move(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture, final_stand: bool
                  ) -> NavalMove | None:
    """Evacuate the most valuable CW unit in a port that is cut off or about to be (R9.3)."""
    best: tuple[float, NavalMove] | None = None
    for u in state.units:
        if gd.side_of(u.id) is not Side.CW or u.used or u.location is not Location.MAP or u.hex is None:
            continue
        if u.hex in know.fortress:
            continue
        dist = know.dist(u.hex)
        behind = [s for s in picture.stacks.values() if know.dist(s.hex) < dist - 3 and s.hex.distance(u.hex) <= 12]
        close = any(s.hex.distance(u.hex) <= 3 for s in behind)
        if not (final_stand or not u.supplied or (close and u.hex not in know.objectives)):
            continue
        for port, _landing in naval_destinations(gd, state, u.id):
            value = u.steps + (1.0 if not u.supplied else 0.0)
            if best is None or value > best[0]:
                best = (value, NavalMove(side=Side.CW, unit=u.id, port=port, landing=False))
    return best[1] if best else None
