"""Candidate actions of the Movement phase, Wesnoth-RCA style: each candidate proposes moves scored by the
one evaluation (:mod:`malaya.ai.evaluate`); the controller runs the best proposal above zero, then asks
again. What no candidate claims is left to the per-unit destination scorer (:mod:`malaya.ai.movement`).

- ``take``: a unit ends on an objective (or hinted target) the side does not hold, within this phase's reach;
  before the last turns (``END_HORIZON``) only one that no known enemy could reach within two player-turns
  (:func:`take_free`).
- ``march``: the nearest spare unit heads for such a place beyond this phase's reach, if it arrives in time.
- ``keep``: a unit stays on a held objective or fortress hex whose hold at the end it decides.
- ``hold``: a unit joins the defenders of a held objective the enemy can reach before the end, or marches
  there, for the chance of holding it to the end that it adds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from malaya.ai.evaluate import Terms, avoided, held_by, hold_chance, terms
from malaya.ai.knowledge import distance_to
from malaya.ai.move_context import MoveContext
from malaya.ai.told import Told, Topic, told
from malaya.ai.world import reach_threat, sampled_threat
from malaya.engine import GameDef, GameState, Hex, Location, Side, UnitState, memoized, reachable, stack_points

KEEP_LEAST = 1.0
"""VP of hold-at-the-end a unit must add to a hex before ``keep`` holds it there instead of moving on."""

WORLDS = 3
"""Worlds of the enemy's hidden forces the hold chances are averaged over (:mod:`malaya.ai.world`)."""

STAY_ON_TASK = 0.5
"""VP a unit already marching on a place is preferred by, so the task is not handed round unit to unit."""

END_HORIZON = 6
"""Enemy player-turns left within which holding places to the end decides a unit's move: further from the end
the fight decides it (measured: candidates acting from the campaign's first turn pulled the CW's line apart)."""

ASSAULT_COST = 1.5
"""VP a unit committed to a gathered assault is worth where it is going (``take``/``march`` pay it)."""


@dataclass(frozen=True, slots=True)
class Proposal:
    """One candidate's proposal: move ``unit`` to ``to`` (its own hex: stay), worth ``score`` VP."""

    candidate: str
    unit: str
    to: Hex
    target: Hex  # the place the proposal is about (a march ends short of it)
    score: float
    why: Told  # what it sends the unit to do (``marches on Kampar``)


@dataclass(frozen=True, slots=True)
class MoveWorld:
    """What the candidates read: the position, the phase's picture and the victory terms."""

    gd: GameDef
    state: GameState
    ctx: MoveContext
    terms: Terms
    marching: dict[Hex, str]  # target → the unit that marched on it last phase (it keeps the task)
    threat: dict[Hex, float]  # enemy attack strength that could reach each hex next enemy player-turn

    def spare(self) -> list[UnitState]:
        """The side's units on the map, not in the island garrison."""
        return [u for u in self.state.units if u.location is Location.MAP and u.hex is not None
                and self.gd.side_of(u.id) is self.ctx.side
                and u.id not in self.ctx.garrison]

    def defense(self, h: Hex, without: str | None = None, plus: UnitState | None = None) -> float:
        """Own defense strength on ``h`` (terrain counted), leaving out ``without`` and adding ``plus``."""
        here = [u for u in self.state.units if u.location is Location.MAP and u.hex == h
                and self.gd.side_of(u.id) is self.ctx.side and u.id != without]
        if plus is not None:
            here.append(plus)
        mult = self.ctx.know.defense_mult.get(h, 1.0)
        return sum(self.gd.unit_def(u.id).factors(u.steps).defense for u in here) * mult

    def leaving_cost(self, u: UnitState) -> float:
        """What moving ``u`` away costs: the hold it gives its own hex, and its part in a gathered assault."""
        assert u.hex is not None
        cost = ASSAULT_COST if u.id in self.ctx.assault else 0.0
        worth = self.terms.worth.get(u.hex, 0.0)
        if worth and held_by(self.state, u.hex, self.ctx.side):
            threat, turns = self.threat.get(u.hex, 0.0), self.terms.enemy_turns_left
            cost += worth * (hold_chance(turns, threat, self.defense(u.hex))
                             - hold_chance(turns, threat, self.defense(u.hex, without=u.id)))
        return cost

    def fits(self, u: UnitState, h: Hex) -> bool:
        """True if ``u`` can end on ``h`` within its stacking limit (R4.1): a phase cannot end overstacked (R3.2)."""
        if u.hex == h:
            return True
        points = memoized_points(self.gd, self.state)
        return points.get(h, 0) + self.gd.stacking_value(u.id) <= self.gd.stacking_limit(h, self.state)

    def reach_threat(self, h: Hex) -> float:
        """Enemy attack strength the side sees that could reach ``h`` before the game ends (enemies ignored)."""
        return reach_threat(self.gd, self.ctx.picture, h, self.terms.enemy_turns_left)

    def held_targets(self) -> list[Hex]:
        """Worth hexes the side holds, in a fixed order."""
        return sorted(h for h in self.terms.worth if held_by(self.state, h, self.ctx.side))

    def open_targets(self) -> list[Hex]:
        """Worth hexes the side does not hold and no known enemy stands on, in a fixed order."""
        avoid = avoided(self.gd, self.ctx.side)
        return sorted(h for h in self.terms.worth if h not in avoid
                      and not held_by(self.state, h, self.ctx.side) and h not in self.ctx.picture.stacks)


def take(world: MoveWorld) -> list[Proposal]:
    """Units that can end on an open objective this phase, scored by the VP they would hold at the end."""
    out = []
    for h in world.open_targets():
        gain = world.terms.gain(world.terms.worth[h])
        for u in world.spare():
            if h not in reachable(world.gd, world.state, u.id) or not world.fits(u, h):
                continue
            chance = hold_chance(world.terms.enemy_turns_left, world.threat.get(h, 0.0),
                                 world.defense(h, plus=u))
            score = gain * chance - world.leaving_cost(u)
            out.append(Proposal("take", u.id, h, h, score, told(Topic.TAKES, place=world.gd.place_name(h))))
    return out


def march(world: MoveWorld) -> list[Proposal]:
    """The nearest spare unit heads for each open objective it can reach before the game ends."""
    out = []
    own_turns = world.terms.enemy_turns_left + (0 if world.ctx.side is Side.JP else 1)
    for h in world.open_targets():
        best: Proposal | None = None
        for u in world.spare():
            assert u.hex is not None
            dist = distance_to(world.gd, h, world.gd.unit_def(u.id).type)
            ma = world.gd.unit_def(u.id).factors(u.steps).movement
            turns_needed = -(-dist.get(u.hex, 999.0) // max(ma, 1))
            routes = reachable(world.gd, world.state, u.id)
            if turns_needed > own_turns or turns_needed <= 1 or not routes:
                continue
            avoid = avoided(world.gd, world.ctx.side)
            to = min((r for r in routes if r not in avoid and world.fits(u, r)), key=lambda r: (dist.get(r, 999.0), r),
                     default=u.hex)
            if dist.get(to, 999.0) >= dist.get(u.hex, 999.0):
                continue
            chance = hold_chance(world.terms.enemy_turns_left - int(turns_needed) + 1,
                                 world.threat.get(h, 0.0), world.defense(h, plus=u))
            turns = dist.get(u.hex, 999.0) / max(ma, 1)
            in_time = min(1.0, 0.5 + own_turns - turns)  # arriving on the very last turn is a gamble
            score = world.terms.gain(world.terms.worth[h]) * chance * in_time / max(1.0, turns) - world.leaving_cost(u)
            score += STAY_ON_TASK if world.marching.get(h) == u.id else 0.0
            if best is None or score > best.score:
                best = Proposal("march", u.id, to, h, score, told(Topic.MARCHES_ON, place=world.gd.place_name(h)))
        if best is not None:
            out.append(best)
    return out


def keep(world: MoveWorld) -> list[Proposal]:
    """Units whose staying on a held objective or fortress hex decides whether it is held at the end."""
    out = []
    for u in world.spare():
        assert u.hex is not None
        worth = world.terms.worth.get(u.hex, 0.0)
        if not worth or not held_by(world.state, u.hex, world.ctx.side):
            continue
        kept = world.leaving_cost(u) - (ASSAULT_COST if u.id in world.ctx.assault else 0.0)
        if kept >= KEEP_LEAST:
            out.append(Proposal("keep", u.id, u.hex, u.hex, kept, told(Topic.KEEPS, place=world.gd.place_name(u.hex))))
    return out


def hold(world: MoveWorld) -> list[Proposal]:
    """Spare units that raise the chance a held objective the enemy can reach before the end is still held then:
    by ending on it this phase, or, the one that arrives soonest, by marching on it if it arrives in time."""
    out = []
    turns = world.terms.enemy_turns_left
    own_turns = turns + (0 if world.ctx.side is Side.JP else 1)
    for h in world.held_targets():
        threat = world.reach_threat(h)
        if threat <= 0:
            continue
        worth = world.terms.gain(world.terms.worth[h])
        now = hold_chance(turns, threat, world.defense(h))
        best: Proposal | None = None
        for u in world.spare():
            assert u.hex is not None
            if u.hex == h:
                continue
            added = hold_chance(turns, threat, world.defense(h, plus=u)) - now
            if added <= 0:
                continue
            routes = reachable(world.gd, world.state, u.id)
            if h in routes and world.fits(u, h):
                to, scale = h, 1.0
            else:
                dist = distance_to(world.gd, h, world.gd.unit_def(u.id).type)
                ma = max(world.gd.unit_def(u.id).factors(u.steps).movement, 1)
                arrive = dist.get(u.hex, 999.0) / ma
                if arrive > own_turns or not routes:
                    continue
                to = min((r for r in routes if world.fits(u, r)), key=lambda r: (dist.get(r, 999.0), r), default=u.hex)
                if dist.get(to, 999.0) >= dist.get(u.hex, 999.0):
                    continue
                scale = 1.0 / max(1.0, arrive)
            score = worth * added * scale - world.leaving_cost(u)
            if best is None or score > best.score:
                best = Proposal("hold", u.id, to, h, score, told(Topic.HOLDS if to == h else Topic.MARCHES_TO_HOLD,
                                                                 place=world.gd.place_name(h)))
        if best is not None:
            out.append(best)
    return out


FREE_TURNS = 2
"""Enemy player-turns within which no known enemy may reach an objective for ``take`` to claim it before the last
turns: taken then, it is the side's for nothing."""


def take_free(world: MoveWorld) -> list[Proposal]:
    """Before the last turns: units that can end this phase on an open objective no known enemy stack could reach
    within :data:`FREE_TURNS` player-turns (an empty island behind the front), worth its VP less what leaving costs."""
    out = []
    for h in world.open_targets():
        if reach_threat(world.gd, world.ctx.picture, h, FREE_TURNS) > 0:
            continue
        gain = world.terms.gain(world.terms.worth[h])
        for u in world.spare():
            assert u.hex is not None
            ma = world.gd.unit_def(u.id).factors(u.steps).movement
            near = u.hex.distance(h) <= 2 * ma + 2  # a cheap bound before the exact reach
            if not near or h not in reachable(world.gd, world.state, u.id) or not world.fits(u, h):
                continue
            score = gain - world.leaving_cost(u)
            out.append(Proposal("take", u.id, h, h, score, told(Topic.TAKES_UNREACHED, place=world.gd.place_name(h))))
    return out


def memoized_points(gd: GameDef, state: GameState) -> dict[Hex, int]:
    """Stacking points on each hex of ``state``, worked out once per position."""
    return memoized(gd, state, ("ai", "stack_points"), lambda: stack_points(gd, state))


CANDIDATES: dict[str, Callable[[MoveWorld], list[Proposal]]] = {"take": take, "march": march, "keep": keep,
                                                                 "hold": hold}
"""The Movement-phase candidates by name; a level lists the ones it uses."""


def claims(gd: GameDef, state: GameState, ctx: MoveContext, names: tuple[str, ...],
           marching: dict[Hex, str]) -> list[Proposal]:
    """The phase's claims, best first: the best proposal above zero claims its unit and its place, then the
    best of the proposals left (other units, other places) does, until none above zero is left."""
    held_to_end = terms(gd, state, ctx.side)
    if held_to_end.enemy_turns_left > END_HORIZON:
        early = MoveWorld(gd, state, ctx, held_to_end, marching, {})
        proposals = take_free(early) if "take" in names else []
    else:
        threat = sampled_threat(gd, state, ctx.side, WORLDS)
        world = MoveWorld(gd, state, ctx, held_to_end, marching, threat)
        proposals = [p for name in names if name in CANDIDATES for p in CANDIDATES[name](world)]
    chosen: list[Proposal] = []
    while proposals:
        best = max(proposals, key=lambda p: (p.score, p.candidate, p.unit, p.to))
        if best.score <= 0:
            break
        chosen.append(best)
        proposals = [p for p in proposals if p.unit != best.unit and p.target != best.target]
    return chosen
