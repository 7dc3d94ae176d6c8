"""JP supply guard (issue 18, blunder 3): keep the supply line open against the CW's next move.

The JP spearhead used to run ahead along the road and leave it empty behind: a CW stack it had
passed then stepped onto the road (taking the hex back, R13.2) or beside it (its ZOC blocks supply
through a hex no JP unit holds, R6.4) and the whole spearhead was Unsupplied at the next Supply
phase (R10.4). The guard looks one CW move ahead: every hex a known CW stack could reach next turn
(its movement allowance by terrain and road, stopping in JP zones of control, R6.2) and the zone of control it
would exert from there is assumed blocked unless a JP unit stands in it. Against that pessimistic
supply line the movement scorer

- charges ``RISK_COST`` for ending where supply could be cut next turn, and
- pays ``GUARD_PER_UNIT`` for each JP unit whose line a unit keeps open by standing on the road
  at the edge of the threatened stretch or on the CW's way to it (a rear guard: the CW can neither
  enter its hex nor move on through its zone of control, and supply passes a JP-held hex).

and, before the JP attacks, :func:`pushed_cut` counts the units a CW stack its zones of control now keep
from the road could cut off once the attack pushes it back (R12.8): the combat search charges each
``CUT_PER_UNIT`` on every result the survivors retreat (issue 25: a pursuit off the axis cut its own road).

Only the picture of the CW stacks the JP may see is used (R2.5); everything is counted work.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from malaya.ai.knowledge import EnemyPicture, EnemyStack
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    Side,
    UnitType,
    memoized,
    mp_scale,
    occupied_hexes,
    overland_feeders,
    road_links,
    steps_from,
    supply_sources,
    zoc_of,
)

RISK_COST = 1.5
"""The movement score lost by ending where a CW move next turn could cut the unit's supply."""
GUARD_PER_UNIT = 0.8
"""The movement score of keeping one other JP unit's supply line open against the next CW move."""
GUARD_MOST = 4
"""At most this many units count toward one guard post."""
CUT_PER_UNIT = 0.4
"""The combat worth (in steps) lost per JP unit a defender pushed back by the attack could cut off next turn."""
CUT_MOST = 9
"""At most this many units count toward one combat's cut risk."""


def stack_reach(gd: GameDef, state: GameState, stack: EnemyStack, jp: frozenset[Hex],
                jp_zoc: frozenset[Hex], starts: frozenset[Hex] = frozenset()) -> frozenset[Hex]:
    """Hexes a known CW stack could enter next turn with its movement allowance (R7.1, roads at ½ MP, R5.2),
    never a JP-held hex (R7.2) and stopping in a JP zone of control (R6.2); from its hex, or from any of
    ``starts`` (where a JP attack this turn may push it first, :func:`retreat_ends`)."""
    unit_type = UnitType.ARMOR if stack.armor else UnitType.INFANTRY
    budget = max(1, stack.ma) * mp_scale(gd)
    origins = starts | {stack.hex}
    best = dict.fromkeys(origins, 0)
    heap = [(0, h) for h in sorted(origins)]
    while heap:
        spent, h = heapq.heappop(heap)
        if spent > best[h] or (h in jp_zoc and h not in origins):
            continue  # a unit entering an enemy ZOC stops there (R6.2); it may leave the one it starts in
        for step in steps_from(gd, unit_type, state.demolished, h):
            cost = spent + step.cost
            if step.whole_ma or step.to in jp or cost > budget or cost >= best.get(step.to, budget + 1):
                continue
            best[step.to] = cost
            heapq.heappush(heap, (cost, step.to))
    return frozenset(best)


def retreat_ends(gd: GameDef, state: GameState, stack: EnemyStack, jp: frozenset[Hex]) -> frozenset[Hex]:
    """Where a known CW stack beside a JP unit may stand after a JP attack this turn pushes it back: up to the
    CRT's longest defender retreat away, never onto or through a JP-held hex (R12.8); none if no JP unit is beside
    it (the guard looks at the CW's next move from where the JP's own combat may leave it)."""
    if not any(n in jp for n in gd.adjacent[stack.hex]):
        return frozenset()
    length = max((r.defender_retreat for r in gd.scenario.ruleset.combat.crt.results.values()), default=0)
    unit_type = UnitType.ARMOR if stack.armor else UnitType.INFANTRY
    seen = {stack.hex}
    frontier = [stack.hex]
    for _ in range(length):
        frontier = [s.to for h in frontier for s in steps_from(gd, unit_type, state.demolished, h)
                    if s.to not in jp and s.to not in seen]
        seen.update(frontier)
    return frozenset(seen - {stack.hex})


@dataclass(frozen=True, slots=True)
class GuardView:
    """The supply picture after the CW's next move, for one moving JP unit (the unit itself taken off its hex)."""

    held: frozenset[Hex]  # hexes other JP units hold: no CW unit enters them, supply passes them (R6.4)
    reaches: tuple[tuple[EnemyStack, frozenset[Hex]], ...]  # each known CW stack and where it could move
    danger: frozenset[Hex]  # hexes supply may not pass after the CW's next move unless a JP unit holds them
    paths: frozenset[Hex]  # hexes some CW stack could move through or into next turn
    network: frozenset[Hex]
    at_risk: tuple[tuple[UnitType, Hex], ...]  # other JP units the next CW move could cut off

    def blocked(self, h: Hex) -> bool:
        """Supply may not pass ``h`` after the CW's next move."""
        return h in self.danger and h not in self.held


def guard_view(gd: GameDef, state: GameState, picture: EnemyPicture, mover: str) -> GuardView:
    """The supply line as it would be after the CW's next move, for ``mover``'s choice (memoised per position)."""
    return memoized(gd, state, ("ai", "supply_guard", mover), lambda: _build(gd, state, picture, mover))


def _build(gd: GameDef, state: GameState, picture: EnemyPicture, mover: str) -> GuardView:
    here = state.units[gd.unit_index[mover]].hex
    others = [u for u in state.units if u.location is Location.MAP and u.hex is not None and u.id != mover
              and gd.side_of(u.id) is Side.JP]
    held = frozenset(u.hex for u in others if u.hex is not None)
    jp = occupied_hexes(gd, state, Side.JP)
    jp_zoc = zoc_of(gd, jp)
    reaches = tuple((s, stack_reach(gd, state, s, jp, jp_zoc)) for s in sorted(picture.stacks.values(),
                                                                                key=lambda s: s.hex))
    paths = frozenset().union(*(r - {s.hex} for s, r in reaches))
    danger = _danger(gd, [r for _s, r in reaches])
    network = _network(gd, state, lambda h: h in danger and h not in held)
    at_risk = tuple((gd.unit_def(u.id).type, u.hex) for u in others
                    if u.hex is not None and u.hex != here
                    and not traces(gd, state, gd.unit_def(u.id).type, u.hex, network.__contains__,
                                   lambda h: h in danger and h not in held))
    return GuardView(held, reaches, danger, paths, frozenset(network), at_risk)


def _danger(gd: GameDef, reaches: list[frozenset[Hex]]) -> frozenset[Hex]:
    """Where CW stacks could stand next turn and the zone of control they would exert from there (R6.1)."""
    reach = frozenset().union(*reaches)
    return reach | zoc_of(gd, reach)


def _network(gd: GameDef, state: GameState, blocked: Callable[[Hex], bool]) -> set[Hex]:
    """The JP road network from its supply sources through open, JP-controlled road/rail hexes (R10.4)."""
    start = [h for h in sorted(supply_sources(gd, state, Side.JP)) if not blocked(h)]
    return _spread(state, road_links(gd, state.demolished), set(start), start, blocked)


def _spread(state: GameState, links: dict[Hex, tuple[Hex, ...]], seen: set[Hex], frontier: list[Hex],
            blocked: Callable[[Hex], bool]) -> set[Hex]:
    """Grow a JP road network from ``frontier`` along open, JP-controlled road/rail hexes (R10.4)."""
    while frontier:
        nxt = []
        for h in frontier:
            for n in links.get(h, ()):
                if n in seen or blocked(n) or state.controller(n) is not Side.JP:
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return seen


def traces(gd: GameDef, state: GameState, unit_type: UnitType, start: Hex, in_network: Callable[[Hex], bool],
           blocked: Callable[[Hex], bool]) -> bool:
    """A unit on ``start`` (which it holds) traces at most N overland hexes to the network (R10.4)."""
    if in_network(start):
        return True
    feeders = overland_feeders(gd, unit_type, state.demolished)
    seen = {start}
    frontier = [start]
    for _ in range(gd.scenario.ruleset.supply.overland_hexes):
        nxt = []
        for y in frontier:
            for x in gd.adjacent[y]:
                if x in seen or y not in feeders.get(x, ()):
                    continue
                if in_network(x):
                    return True
                seen.add(x)
                if not blocked(x):
                    nxt.append(x)
        frontier = nxt
    return False


def kept_open(gd: GameDef, state: GameState, view: GuardView, d: Hex) -> int:
    """How many of the units at risk keep their supply line if the mover holds road hex ``d``: the CW can
    neither enter ``d`` nor pass its zone of control (R6.2), and supply passes a JP-held hex (R6.4)."""
    jp = occupied_hexes(gd, state, Side.JP) | {d}
    jp_zoc = zoc_of(gd, jp)
    near = {d, *gd.adjacent[d]}
    reaches = [r if not r & near else stack_reach(gd, state, s, jp, jp_zoc) for s, r in view.reaches]
    danger = _danger(gd, reaches)

    def blocked(h: Hex) -> bool:
        return h in danger and h not in view.held and h != d

    network = _network(gd, state, blocked)
    return sum(1 for t, h in view.at_risk if traces(gd, state, t, h, network.__contains__, blocked))


def guard_score(gd: GameDef, state: GameState, view: GuardView, unit_type: UnitType, d: Hex,
                supplied_now: bool) -> float:
    """The supply-guard part of the score of a JP unit of ``unit_type`` ending on ``d``: the risk of being
    cut off by the next CW move (if it would be supplied otherwise) and the units it keeps supplied."""
    links = road_links(gd, state.demolished)
    on_road = d in links and any(n in view.network for n in links[d])
    score = 0.0
    if supplied_now and not on_road and not traces(gd, state, unit_type, d, view.network.__contains__,
                                                    lambda h: h != d and view.blocked(h)):
        score -= RISK_COST
    if view.at_risk and (d in view.paths or on_road and d not in view.network):
        score += GUARD_PER_UNIT * min(kept_open(gd, state, view, d), GUARD_MOST)
    return score


def pushed_cut(gd: GameDef, state: GameState, target: Hex) -> int:
    """JP units the CW stack on ``target``, pushed back by a JP attack this turn (R12.8), could cut off from supply
    with its next move (R6.4, R10.4) that it could not cut from where it stands: a pursuit off the road must not
    drive the enemy onto the road behind it (memoised per position)."""
    return memoized(gd, state, ("ai", "pushed_cut", target), lambda: _pushed_cut(gd, state, target))


def _pushed_cut(gd: GameDef, state: GameState, target: Hex) -> int:
    defenders = [u for u in state.units_at(target) if gd.side_of(u.id) is Side.CW]
    if not defenders:
        return 0
    fastest = max(defenders, key=lambda u: (gd.unit_def(u.id).factors(u.steps).movement, u.id))
    stack = EnemyStack(target, 0, 0.0, 0.0, gd.unit_def(fastest.id).factors(fastest.steps).movement,
                       gd.unit_def(fastest.id).type is UnitType.ARMOR, True, 0)
    jp = occupied_hexes(gd, state, Side.JP)
    jp_zoc = zoc_of(gd, jp)
    ends = retreat_ends(gd, state, stack, jp)
    if not ends:
        return 0
    stays = _cut_off(gd, state, jp, _danger(gd, [stack_reach(gd, state, stack, jp, jp_zoc)]))
    pushed = _cut_off(gd, state, jp, _danger(gd, [stack_reach(gd, state, stack, jp, jp_zoc, ends)]))
    return max(0, pushed - stays)


def _cut_off(gd: GameDef, state: GameState, jp: frozenset[Hex], danger: frozenset[Hex]) -> int:
    """JP units on the map that could not trace supply if supply may not pass ``danger`` outside JP-held hexes."""
    def blocked(h: Hex) -> bool:
        return h in danger and h not in jp

    network = _network(gd, state, blocked)
    return sum(1 for u in state.units if u.location is Location.MAP and u.hex is not None
               and gd.side_of(u.id) is Side.JP
               and not traces(gd, state, gd.unit_def(u.id).type, u.hex, network.__contains__, blocked))
