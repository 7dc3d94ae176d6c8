"""Ground movement: each unit's reachable hexes (the engine's :func:`movement.reachable`) scored,
the best one picked (R7).

- JP (:func:`score_jp`): progress toward Singapore along its MP-distance field (armor reads the
  armor field, so it keeps to roads), attack posture (being adjacent to a CW stack where the
  attackers gathered so far would get good odds), objectives, staying in supply.
- CW (:func:`score_cw`): hold a line just in front of the JP spearheads on defensible ground
  (terrain multiplier, rivers for the levels that weigh them, cities and objectives), stay out
  of hexes the JP could hit at crushing odds, never be cut off, and garrison Singapore.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from malaya.ai.air_contact import CONTACT_WEIGHT, contact_value
from malaya.ai.assault_moves import ASSAULT_PULL, assault_value, join_share, room_cost, staging_value
from malaya.ai.bridge_repair import is_repairing, repair_scorer
from malaya.ai.knowledge import EnemyStack, MapKnowledge, units_by_hex
from malaya.ai.landing_assault import hold_bonus
from malaya.ai.levels import Behaviour, Level
from malaya.ai.move_context import MoveContext, SupplyOutlook
from malaya.ai.pickets import PICKET_BONUS, picket_hexes
from malaya.ai.redoubt_path import strand_cost, unsupplied_near
from malaya.ai.redoubt_room import anchor_value
from malaya.ai.redoubt_shore import guard_value
from malaya.ai.strand_return import crowding_cost, is_stranded, return_value
from malaya.ai.supply_guard import guard_score, guard_view
from malaya.ai.supply_outlook import effective_network, jp_supply_outlook
from malaya.engine import (
    RIVERS,
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    UnitType,
    road_links,
    usable_connections,
)

UNSUPPLIED_COST = 6.0
"""JP: the score lost by ending a move where no supply line can be traced next Supply phase."""
EXPOSURE_RELIEF = 0.4
"""CW (``Behaviour.ACCEPT_EXPOSURE``): the share taken off the cost of the steps a stack could lose where it ends."""


def unit_factors(gd: GameDef, state: GameState, unit_id: str) -> tuple[int, int, int]:
    """(attack, defense, movement) of a unit now."""
    f = gd.unit_def(unit_id).factors(state.units[gd.unit_index[unit_id]].steps)
    return f.attack, f.defense, f.movement


def stack_points(gd: GameDef, state: GameState) -> dict[Hex, int]:
    """Stacking points on each hex (both sides)."""
    out: dict[Hex, int] = {}
    for u in state.units:
        if u.location is Location.MAP and u.hex is not None:
            out[u.hex] = out.get(u.hex, 0) + gd.stacking_value(u.id)
    return out


def odds_value(odds: float) -> float:
    """How promising an attack at these (estimated) odds is, 0…1."""
    if odds < 1.0:
        return 0.0
    return min(1.0, (odds - 1.0) / 3.0)


def attack_posture(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex,
                   gathered: dict[Hex, float]) -> float:
    """How much this unit standing on ``d`` would add to an attack on an adjacent enemy stack."""
    armor = gd.unit_def(unit_id).type is UnitType.ARMOR
    return posture(gd, state, ctx, armor, unit_factors(gd, state, unit_id)[0], d, gathered)


def posture(gd: GameDef, state: GameState, ctx: MoveContext, armor: bool, attack: int, d: Hex,
            gathered: dict[Hex, float]) -> float:
    """:func:`attack_posture` of a unit of ``attack`` factors (armor or not) on ``d``."""
    best = 0.0
    for n in gd.adjacent[d]:
        stack = ctx.picture.stacks.get(n)
        if stack is None:
            continue
        if armor and not usable_connections(gd, d, n, state.demolished):
            continue
        side_kind = gd.board.hexside(d, n)
        mult = 0.5 if side_kind is not None and not usable_connections(gd, d, n, state.demolished) else 1.0
        defense = max(0.5, stack.defense * ctx.know.defense_mult.get(n, 1.0))
        before = gathered.get(n, 0.0)
        after = before + attack * mult
        gain = odds_value(after / defense) - odds_value(before / defense)
        worth = 1.0 + 0.5 * ctx.know.objectives.get(n, 0) + (1.0 if n in ctx.know.fortress else 0.0)
        best = max(best, gain * worth * 3.0)
    return best


def gathered_attack(gd: GameDef, state: GameState, ctx: MoveContext, skip: str) -> dict[Hex, float]:
    """Own attack already adjacent to each enemy stack (units other than ``skip``)."""
    out: dict[Hex, float] = {}
    for u in state.units:
        if u.location is not Location.MAP or u.hex is None or u.id == skip or gd.side_of(u.id) is not ctx.side:
            continue
        attack = unit_factors(gd, state, u.id)[0]
        for n in gd.adjacent[u.hex]:
            if n in ctx.picture.stacks:
                out[n] = out.get(n, 0.0) + attack
    return out


def score_jp(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, d: Hex,
             gathered: dict[Hex, float], supply: SupplyOutlook,
             supplied: bool) -> float:
    """The value of JP unit ``unit_id`` ending its move on ``d`` (``supplied``: :func:`supplied_next` there)."""
    return jp_scorer(gd, state, ctx, unit_id, gathered, supply)(d, supplied)


def jp_scorer(gd: GameDef, state: GameState, ctx: MoveContext, unit_id: str, gathered: dict[Hex, float],
              supply: SupplyOutlook) -> Callable[[Hex, bool], float]:
    """:func:`score_jp` for one unit, with what does not depend on the destination worked out once."""
    unit = state.units[gd.unit_index[unit_id]]
    kind = gd.unit_def(unit_id).type
    armor = kind is UnitType.ARMOR
    attack = unit_factors(gd, state, unit_id)[0]
    know = ctx.know
    here = know.dist(unit.hex, armor)
    network, _steps, ring = supply
    links = road_links(gd, state.demolished)
    repair = repair_scorer(gd, state, ctx, unit_id, network)

    def score_at(d: Hex, supplied: bool) -> float:
        progress = here - know.dist(d, armor)
        score = 0.35 * progress
        score += posture(gd, state, ctx, armor, attack, d, gathered)
        if state.controller(d) is Side.CW:
            score += 0.3 + 1.5 * know.objectives.get(d, 0)
            if d in links and d not in network and any(n in network for n in links[d]) and d not in ctx.blocked:
                score += 2.2 + 0.1 * progress  # extends the supply road (R10.4, R13.2)
        elif d in ctx.blocked and d in links and d not in network and any(n in network for n in links[d]):
            score += 2.6  # a unit standing in the CW ZOC on the road reopens the supply line (R6.4)
        score += repair(d)
        score += assault_value(gd, state, ctx, unit_id, d)
        score += staging_value(gd, state, ctx, unit_id, d)
        score -= room_cost(gd, state, ctx, unit_id, d)
        if not supplied:
            score -= UNSUPPLIED_COST + 0.7 * ring.get(d, 20)  # ends cut off at the next Supply phase (R10)
        if armor:
            score += 0.4 if d in know.roads else -0.6
        return score

    return score_at


def supplied_next(gd: GameDef, state: GameState, supply: SupplyOutlook,
                  d: Hex) -> bool:
    """JP: a unit ending on ``d`` traces supply at the next Supply phase, as things stand (R10.4)."""
    network, steps, _ring = supply
    links = road_links(gd, state.demolished)
    return d in steps or (d in links and any(n in network for n in links[d]))


def river_cover(gd: GameDef, state: GameState, d: Hex, know: MapKnowledge) -> float:
    """Fraction of the hexsides facing the enemy (toward the north) that are unbridged rivers."""
    facing = [n for n in gd.adjacent[d] if know.dist(n) > know.dist(d)]
    if not facing:
        return 0.0
    covered = sum(1 for n in facing
                  if gd.board.hexside(d, n) in RIVERS and not usable_connections(gd, d, n, state.demolished))
    return covered / len(facing)


def loss_risk(odds: float) -> float:
    """Rough expected steps a stack loses when attacked at these odds (this CRT's shape)."""
    for limit, risk in ((0.5, 0.0), (1.0, 0.15), (1.5, 0.4), (2.0, 0.7), (3.0, 1.0), (4.0, 1.4)):
        if odds < limit:
            return risk
    return 1.8


def local_front(ctx: MoveContext, h: Hex | None) -> tuple[float, list[EnemyStack]]:
    """The MP distance of the JP stacks near ``h`` (the global front if none) and those stacks."""
    near = ctx.picture.near(h, 14) if h is not None else []
    return min((ctx.know.dist(s.hex) for s in near), default=ctx.front), near


def score_cw(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str, d: Hex,
             local: tuple[float, list[EnemyStack]]) -> float:
    """The value of CW unit ``unit_id`` ending its move on ``d``."""
    return cw_scorer(gd, state, ctx, lvl, unit_id, local)(d)


def cw_scorer(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str,
              local: tuple[float, list[EnemyStack]]) -> Callable[[Hex], float]:
    """:func:`score_cw` for one unit, with what does not depend on the destination worked out once."""
    know = ctx.know
    unit = state.units[gd.unit_index[unit_id]]
    if lvl.has(Behaviour.RETURN_STRANDED) and is_stranded(gd, state, know, unit_id):
        return lambda d: return_value(gd, state, ctx, unit_id, d)  # back across the strait to supply first (issue 18)
    if unit_id in ctx.garrison or ctx.final_stand:
        return _garrison_scorer(gd, state, ctx, lvl, unit_id)
    defense = unit_factors(gd, state, unit_id)[1]
    by_hex = units_by_hex(gd, state)
    rivers = lvl.has(Behaviour.LINE_BEHIND_RIVERS)
    relief = EXPOSURE_RELIEF if lvl.has(Behaviour.ACCEPT_EXPOSURE) else 0.0
    exposure = -1.2 * (1.0 - relief)
    here = know.dist(unit.hex)
    front, near = local
    near_at = [(know.dist(s.hex), s.hex) for s in near]
    supplied = ctx.supplied.get(gd.unit_def(unit_id).type, frozenset())
    contest = lvl.has(Behaviour.CONTEST_FIRST_LANDING)

    def score_at(d: Hex) -> float:
        crowd = crowding_cost(gd, state, ctx, unit_id, d)  # room for the stranded units coming home
        own_def = sum(unit_factors(gd, state, u.id)[1] for u in by_hex.get(d, ())
                      if u.id != unit_id and gd.side_of(u.id) is Side.CW)
        mult = know.defense_mult.get(d, 1.0)
        if rivers:
            mult *= 1.0 + 0.9 * river_cover(gd, state, d, know)
        total = (own_def + defense) * mult
        threat = ctx.threat.get(d, 0.0)
        odds = threat / max(total, 0.5)
        dist = know.dist(d)
        score = exposure * loss_risk(odds) * unit.steps / 2
        if threat > 0 and odds < 2.5:
            score += 0.8  # in contact at odds the JP will not like: it delays them
        score += 1.0 * (mult - 1.0)
        if near:  # space is time: every MP given up costs
            score += 0.15 * (dist - here)
        else:  # quiet sector: stay
            score -= 0.05 * abs(dist - here)
        if dist > front - 1:  # level with or behind the JP front: about to be cut off
            score -= 0.6 * (dist - front + 1)
        score += 0.5 * know.objectives.get(d, 0) * (1 if threat < total * 2 else 0)
        if d in know.roads:
            score += 0.3
        if own_def:
            score += 0.2
        if d not in supplied:
            score -= 2.5
        score -= strand_cost(gd, state, ctx, lvl, unit_id, d)  # its way back to the island can be cut next turn
        if contest:
            score += hold_bonus(gd, state, unit_id, d, lvl.caution)  # a scripted landing port on turns 1-2 (issue 18)
        if any(sd < dist - 2 and sh.distance(d) <= 4 for sd, sh in near_at):  # a JP stack behind
            score -= 1.5
        return score + assault_value(gd, state, ctx, unit_id, d) - crowd  # hard: a gathered counterattack

    return score_at


def _garrison_scorer(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level,
                     unit_id: str) -> Callable[[Hex], float]:
    """CW: the score of a Singapore garrison unit (or any unit in the final stand) ending on each hex."""
    know = ctx.know
    shore = lvl.has(Behaviour.GUARD_REDOUBT_SHORE)
    room = lvl.has(Behaviour.KEEP_RETREAT_ROOM)
    anchor = lvl.has(Behaviour.ARMOR_ANCHOR)

    def score_at(d: Hex) -> float:
        crowd = crowding_cost(gd, state, ctx, unit_id, d)  # room for the stranded units coming home
        guard = guard_value(gd, state, know, ctx.threat, unit_id, d, room) if shore else 0.0
        guard -= unsupplied_near(gd, state, ctx, lvl, unit_id, d)  # not out into the swamp (issue 18)
        if anchor:  # armor in front: its stack is never pushed off the redoubt (issue 18)
            guard += anchor_value(gd, know, ctx.threat, unit_id, d)
        return -know.dist(d) * 2.0 + (3.0 if d in know.fortress else 0.0) + guard - crowd  # shore first

    return score_at


def destination_score(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level,
                      unit_id: str) -> Callable[[Hex], float] | None:
    """How the unit ending its move on each hex is rated (None: a JP unit that stays to repair a bridge)."""
    unit = state.units[gd.unit_index[unit_id]]
    here = unit.hex
    assert here is not None
    if ctx.side is Side.CW:
        return cw_scorer(gd, state, ctx, lvl, unit_id, local_front(ctx, here))
    gathered = gathered_attack(gd, state, ctx, unit_id)
    network = effective_network(gd, state, ctx)
    if is_repairing(gd, state, ctx, unit_id, network):
        return None
    kind = gd.unit_def(unit_id).type
    supply = jp_supply_outlook(gd, state, ctx, kind, network)
    guard = (picket_hexes(gd, state, ctx.know, ctx.picture, unit_id, network)  # road pickets (issue 18)
             if lvl.has(Behaviour.PICKET_SUPPLY_ROAD) and unit_id not in ctx.assault else frozenset())
    view = guard_view(gd, state, ctx.picture, unit_id) if lvl.has(Behaviour.GUARD_SUPPLY_ROAD) else None  # next CW move
    attack = float(unit_factors(gd, state, unit_id)[0])
    rate = jp_scorer(gd, state, ctx, unit_id, gathered, supply)

    def score(d: Hex) -> float:
        supplied = supplied_next(gd, state, supply, d)
        s = rate(d, supplied) + (PICKET_BONUS if d in guard else 0.0)
        if view is not None:
            s += guard_score(gd, state, view, kind, d, supplied)
        if lvl.has(Behaviour.SEEK_AIR_CONTACT):
            s += contact_value(gd, state, ctx, attack, kind is UnitType.ARMOR, d, gathered, CONTACT_WEIGHT)
        if lvl.has(Behaviour.JOIN_ASSAULTS):  # a committed unit joins its attack rather than pushing on (issue 18)
            s += ASSAULT_PULL * join_share(gd, state, ctx, unit_id, d)
        return s

    return score


def best_destination(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, unit_id: str,
                     routes: Mapping[Hex, object], noise: dict[Hex, float]) -> Hex | None:
    """The best hex for the unit (None: stay where it is)."""
    rate = destination_score(gd, state, ctx, lvl, unit_id)
    if rate is None:
        return None
    here = state.units[gd.unit_index[unit_id]].hex
    assert here is not None
    points = stack_points(gd, state)
    value = gd.stacking_value(unit_id)
    best, best_score = None, rate(here) + noise.get(here, 0.0) + 0.05  # a small bias to stay put
    for d in sorted(routes):
        if d == here or points.get(d, 0) + value > gd.stacking_limit(d, state):
            continue
        s = rate(d) + noise.get(d, 0.0)
        if s > best_score:
            best, best_score = d, s
    return best
