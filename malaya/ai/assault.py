"""Assault planning: gather attackers around enemy stacks worth attacking this player-turn (R12).

A unit scored on its own never walks up to a stack it cannot beat alone, so a greedy mover
seldom brings enough strength together for a real attack. At the start of its Movement
phase the side therefore picks targets: for every known enemy stack it adds up the attack
that the units able to reach an adjacent hex could bring (exact strengths from the engine,
R12.3: supply, rivers and straits), divides by the stack's estimated defense times its
terrain, and commits the units of the most valuable stacks it can hit at good odds. The
movement scorer then gives each committed unit a bonus for ending next to its target.
Air points lower the odds worth attacking at: each one adds 1 to the die (R11.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from malaya.ai.assault_room import Room, room_for
from malaya.ai.knowledge import EnemyPicture, MapKnowledge
from malaya.engine import (
    GameDef,
    GameState,
    Hex,
    Location,
    attacker_strength,
    could_enter_to_attack,
    evolve,
    in_air_range,
)

# Odds (estimated attack ÷ defense) worth gathering for, by the attack AP that can be spent on it.
MIN_ODDS_BY_AIR = ((3, 1.0), (2, 1.5), (0, 2.0))


@dataclass(frozen=True, slots=True)
class Assault:
    """A planned attack: the target, the units committed to it and the odds they should reach."""

    target: Hex
    units: tuple[str, ...]
    odds: float
    air_points: int
    spots: tuple[tuple[str, Hex], ...] = ()  # with room: the hex each unit attacks from (ai.assault_room)


def attack_from(gd: GameDef, state: GameState, unit_id: str, frm: Hex, target: Hex) -> Fraction | None:
    """The unit's attack on ``target`` if it stood on ``frm`` (None: it could not attack from there)."""
    if frm.distance(target) != 1 or not could_enter_to_attack(gd, state, unit_id, frm, target):
        return None
    unit = state.units[gd.unit_index[unit_id]]
    value, _lines = attacker_strength(gd, state, evolve(unit, hex=frm, location=Location.MAP), target)
    return value


def attack_hexes(gd: GameDef, state: GameState, picture: EnemyPicture,
                 routes: dict[str, set[Hex]]) -> dict[Hex, dict[str, dict[Hex, float]]]:
    """For each enemy stack: each unit's attack on it from every hex it can reach beside it."""
    enemy_hexes = set(picture.stacks)
    out: dict[Hex, dict[str, dict[Hex, float]]] = {}
    for unit_id, hexes in sorted(routes.items()):
        for frm in hexes:
            if frm in enemy_hexes:
                continue
            for target in gd.adjacent[frm]:
                if target not in enemy_hexes:
                    continue
                value = attack_from(gd, state, unit_id, frm, target)
                if value is not None:
                    out.setdefault(target, {}).setdefault(unit_id, {})[frm] = float(value)
    return out


def best_attacks(by_hex: dict[Hex, dict[str, dict[Hex, float]]]) -> dict[Hex, dict[str, float]]:
    """For each enemy stack: the best attack each unit could bring from a hex it can reach."""
    return {t: {u: max(spots.values()) for u, spots in row.items()} for t, row in by_hex.items()}


def min_odds(air: int) -> float:
    """The lowest estimated odds worth gathering for with ``air`` attack AP to spend."""
    return next((odds for need, odds in MIN_ODDS_BY_AIR if air >= need), MIN_ODDS_BY_AIR[-1][1])


def air_needed(odds: float) -> int:
    """The attack AP an attack at these estimated odds should be given (0 if it needs none)."""
    return next((need for need, at_least in reversed(MIN_ODDS_BY_AIR) if odds >= at_least), MIN_ODDS_BY_AIR[0][0])


def target_worth(know: MapKnowledge, target: Hex, cutters: frozenset[Hex], redoubt_value: float = 0.0) -> float:
    """What dislodging the stack on ``target`` is worth (objectives, fortress, supply road, a foothold
    on the enemy's redoubt)."""
    worth = 1.0 + 0.5 * know.objectives.get(target, 0)
    if target in know.redoubt:
        worth += redoubt_value
    if target in know.fortress:
        worth += 1.0
    if target in cutters:
        worth += 1.2
    return worth


def plan_assaults(gd: GameDef, state: GameState, know: MapKnowledge, picture: EnemyPicture,
                  routes: dict[str, set[Hex]], goal: float, cutters: frozenset[Hex] = frozenset(),
                  least: float | None = None, redoubt_least: float = 0.0, redoubt_value: float = 0.0,
                  air_goal: float = 0.0, room: bool = False) -> list[Assault]:
    """The attacks to gather for this phase, best first, each unit committed at most once
    (``least``: gather at these odds even without air points; ``redoubt_least``: the odds worth
    gathering for against the enemy's redoubt with the most AP a combat may take; ``air_goal``: when a
    target can still be given the most AP a combat may take, gather only to these odds and count on
    the AP for the rest, so the units left over can make a second attack for the other AP, R11.3;
    ``room``: count only the units that fit beside the target, R4.1, :mod:`malaya.ai.assault_room`)."""
    if goal <= 0:
        return []
    by_hex = attack_hexes(gd, state, picture, routes)
    table = best_attacks(by_hex)
    space = room_for(gd, state, by_hex) if room else None
    air_left = state.pool("attack", state.side)
    max_air = gd.scenario.ruleset.air.max_attack_per_combat
    free = set(routes)
    plans: list[Assault] = []
    while True:
        best: tuple[float, Assault] | None = None
        for target, row in sorted(table.items()):
            stack = picture.stacks[target]
            defense = max(0.5, stack.defense * know.defense_mult.get(target, 1.0))
            usable = sorted(((v, u) for u, v in row.items() if u in free), reverse=True)
            if space is not None:
                usable = [(p.attack, p.unit) for p in space.fill(target, [u for _v, u in usable])]
            potential = sum(v for v, _u in usable)
            air = min(air_left, max_air) if in_air_range(gd, state, state.side, target) else 0
            floor = min_odds(air) if least is None else min(least, min_odds(air))
            if redoubt_least and target in know.redoubt and air >= max_air:
                floor = min(floor, redoubt_least)
            if potential / defense < floor:
                continue
            with_air = bool(air_goal) and air >= max_air
            aim = min(goal, air_goal) if with_air else goal
            chosen, total = [], 0.0
            for v, u in usable:
                if total / defense >= aim:
                    break
                chosen.append(u)
                total += v
            odds = total / defense
            score = target_worth(know, target, cutters, redoubt_value) * min(odds, aim) / aim
            spots = _spots(space, target, chosen)
            plan = Assault(target, tuple(chosen), odds, air if with_air else min(air, air_needed(odds)), spots)
            if best is None or score > best[0]:
                best = (score, plan)
        if best is None:
            return plans
        plan = best[1]
        plans.append(plan)
        if space is not None:
            space.reserve_spots(plan.spots)
        free -= set(plan.units)
        air_left -= plan.air_points
        del table[plan.target]


def _spots(space: Room | None, target: Hex, chosen: list[str]) -> tuple[tuple[str, Hex], ...]:
    """Where each chosen unit attacks from (room planning only)."""
    if space is None:
        return ()
    return tuple((p.unit, p.frm) for p in space.fill(target, chosen))


def assignments(plans: list[Assault]) -> dict[str, Hex]:
    """Unit id → the target it is committed to."""
    return {u: p.target for p in plans for u in p.units}

