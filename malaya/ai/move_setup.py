"""The start of a side's Movement phase: what it knows (:class:`MoveContext`), the CW garrison of
Singapore, and the assaults the side gathers units for."""

from __future__ import annotations

from collections.abc import Callable

from malaya.ai import assault, combat, naval
from malaya.ai.bridge_repair import is_repairing
from malaya.ai.evaluate import enemy_turns_left
from malaya.ai.knowledge import EnemyPicture, MapKnowledge, enemy_picture, map_knowledge, threat_map
from malaya.ai.levels import Behaviour, Level, redoubt_assault
from malaya.ai.move_context import MoveContext, SupplyReach
from malaya.ai.redoubt_room import block_hexes
from malaya.ai.strand_return import room_wanted
from malaya.ai.supply_outlook import effective_network
from malaya.ai.told import Param, Told, Topic, spot, told
from malaya.ai.world import reach_threat
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    blocked_hexes,
    reachable,
    supply_network,
    supply_sources,
)

FINAL_STAND_MP = 6.0
"""CW: the JP main body this close (MP) to the redoubt sends every unit back to it."""
LATE_FINAL_STAND_MP = 4.0
"""CW (``Behaviour.LATE_FINAL_STAND``): the same, later (measured with ``ACCEPT_EXPOSURE``, docs/ai-knobs.md)."""
COUNTER_GOAL = 2.0
"""CW (``Behaviour.GATHER_COUNTERATTACKS``): the odds counterattacks are gathered for."""
COUNTER_LEAST = 1.5
"""CW (``Behaviour.GATHER_COUNTERATTACKS``): the lowest estimated odds worth gathering a counterattack for."""
EXPOSED_ODDS = 3.0
"""CW (``Behaviour.COUNTER_CLEAR_OF_MASS``): no counterattack is gathered where, from the best hex beside the target,
its attackers would face the enemy strength that can reach them next turn at these odds or worse."""
AIR_GOAL = 2.0
"""JP (``Behaviour.AIR_BACKED_ASSAULTS``): gather only to these odds where 3 AP can be added (two attacks)."""


def stand_mp(lvl: Level) -> float:
    """CW: how near (MP) the JP main body comes to the redoubt before every unit goes back to it."""
    return LATE_FINAL_STAND_MP if lvl.has(Behaviour.LATE_FINAL_STAND) else FINAL_STAND_MP


def final_stand(gd: GameDef, state: GameState, know: MapKnowledge, mp: float = FINAL_STAND_MP) -> bool:
    """CW: the JP main body is at the Johore Strait (within ``mp`` MP); everyone back to Singapore island."""
    front = naval.jp_main_front(gd, state, know)
    return state.side is Side.CW and front <= mp


def move_context(gd: GameDef, state: GameState, lvl: Level, log: Callable[[Told], None]) -> MoveContext:
    """What the side knows at the start of its Movement phase (computed once per phase), with CW's
    Singapore garrison and the assaults the side gathers for."""
    know = map_knowledge(gd)
    picture = enemy_picture(gd, state, state.side)
    threat = threat_map(gd, state, state.side, picture) if state.side is Side.CW else {}
    if state.side is Side.JP:
        front = naval.jp_front(gd, state, know)
    else:
        front = min((know.dist(s.hex) for s in picture.stacks.values()), default=500.0)
    blocked = blocked_hexes(gd, state, state.side)
    network = frozenset(supply_network(gd, state, state.side, supply_sources(gd, state, state.side), blocked))
    supplied = SupplyReach(gd, state, network, blocked)  # engine.supplied_hexes, each type when first asked
    ctx = MoveContext(state.side, know, picture, threat, supplied, front, 0, network=network, blocked=blocked)
    needless = lvl.has(Behaviour.GARRISON_IN_REACH) and not fortress_in_reach(gd, state, picture)
    if state.side is Side.CW and not needless:
        assign_garrison(gd, state, ctx, stand_mp(lvl))
        if lvl.has(Behaviour.RETURN_STRANDED):
            ctx.strand_room = room_wanted(gd, state, know, supplied)
        if lvl.has(Behaviour.STRANDED_BLOCK_RETREATS):
            ctx.strand_block = block_hexes(gd, state, know, threat)
    goal = lvl.gather_odds if state.side is Side.JP else (
        COUNTER_GOAL if lvl.has(Behaviour.GATHER_COUNTERATTACKS) else 0.0)
    ctx.make_room = lvl.has(Behaviour.SHARE_ATTACKERS)
    if goal > 0 and not ctx.final_stand:
        plan_assaults(gd, state, ctx, lvl, goal, log)
    return ctx


def fortress_in_reach(gd: GameDef, state: GameState, picture: EnemyPicture) -> bool:
    """True if the enemy could reach a fortress hex before the game ends (else a garrison holds nothing)."""
    turns = enemy_turns_left(gd, state, state.side)
    return any(reach_threat(gd, picture, h, turns) > 0 for h in gd.singapore_hexes)


def plan_assaults(gd: GameDef, state: GameState, ctx: MoveContext, lvl: Level, goal: float,
                  log: Callable[[Told], None]) -> None:
    """Commit units (not the Singapore garrison) to the enemy stacks worth gathering against (``assault``)."""
    routes: dict[str, set[Hex]] = {}
    for u in state.units:
        if (u.location is Location.MAP and u.hex is not None and gd.side_of(u.id) is state.side
                and u.id not in ctx.garrison):
            routes[u.id] = set(reachable(gd, state, u.id)) | {u.hex}
    room = lvl.has(Behaviour.ROOM_FOR_ASSAULTS) and state.side is Side.JP
    if room:  # a unit staying to repair a bridge of the supply road (R7.7) gathers for nothing
        network = effective_network(gd, state, ctx)
        routes = {u: r for u, r in routes.items() if not is_repairing(gd, state, ctx, u, network)}
    least = COUNTER_LEAST if state.side is Side.CW else None
    redoubt_value, redoubt_least = redoubt_assault(gd, lvl) if state.side is Side.JP else (0.0, 0.0)
    air_goal = AIR_GOAL if state.side is Side.JP and lvl.has(Behaviour.AIR_BACKED_ASSAULTS) else 0.0
    cutters = combat.road_cutters(gd, state)
    plans = assault.plan_assaults(gd, state, ctx.know, ctx.picture, routes, goal, cutters,
                                  least, redoubt_least, redoubt_value, air_goal, room)
    if state.side is Side.CW and lvl.has(Behaviour.COUNTER_CLEAR_OF_MASS):
        plans = [p for p in plans if not beside_the_mass(gd, state, ctx, p, routes)]
    ctx.assault = assault.assignments(plans)
    ctx.assault_spot = {u: h for p in plans for u, h in p.spots}
    ctx.assault_worth = {p.target: assault.target_worth(ctx.know, p.target, cutters, redoubt_value) for p in plans}
    for p in plans:
        facts: dict[str, Param] = {"units": len(p.units), "where": spot(gd, p.target),
                                   "odds": f"{p.odds:.1f}"}
        log(told(Topic.GATHERING_AIR, air=p.air_points, **facts) if p.air_points else told(Topic.GATHERING, **facts))


def beside_the_mass(gd: GameDef, state: GameState, ctx: MoveContext, plan: assault.Assault,
                    routes: dict[str, set[Hex]]) -> bool:
    """True if every hex beside ``plan``'s target its attackers can reach faces the enemy strength that can come
    at them next turn at ``EXPOSED_ODDS`` or worse: the attackers, whatever the dice, are then destroyed."""
    defense = sum(gd.unit_def(u.id).factors(u.steps).defense for u in state.units if u.id in plan.units)
    spots = [h for h in gd.adjacent[plan.target] if any(h in routes.get(u, ()) for u in plan.units)]
    return all(ctx.threat.get(h, 0.0) >= EXPOSED_ODDS * defense * ctx.know.defense_mult.get(h, 1.0) for h in spots)


def assign_garrison(gd: GameDef, state: GameState, ctx: MoveContext, stand_mp: float = FINAL_STAND_MP) -> None:
    """CW keeps enough steps in Singapore as the JP main body closes in (more as it gets nearer); all
    of them once it is within ``stand_mp`` MP."""
    know = ctx.know
    front = naval.jp_main_front(gd, state, know)
    ctx.final_stand = front <= stand_mp
    need = 0 if front > 45 else 4 if front > 30 else 8 if front > 15 else 12
    ctx.garrison_needed = need
    cw = [u for u in state.units if u.location is Location.MAP and u.hex is not None
          and gd.side_of(u.id) is Side.CW]
    cw.sort(key=lambda u: (know.dist(u.hex), u.id))
    steps = 0
    for u in cw:
        if steps >= need:
            break
        ctx.garrison.add(u.id)
        steps += u.steps
